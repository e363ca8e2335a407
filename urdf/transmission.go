package urdf

import (
	"math"
	"strings"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/kin"
	"github.com/physconv/physconv/internal/xmlx"
)

// Transmissions. A simple transmission (ROS 1 <transmission> with one
// joint, or a joint of a ros2_control <ros2_control> block) says which
// command interface drives a joint: position, velocity or effort. Parse
// records it as the joint's Actuator; the element itself stays in Extras
// so a URDF round trip writes it back unchanged. The mechanical reduction
// maps motor to joint and does not change the joint-space actuator, so it
// is not read. Emit writes a ROS 1 simple transmission for every joint
// whose Actuator or Drives no kept element already covers.

// isActuation reports whether a top-level element declares actuation.
func isActuation(e *xmlElement) bool { return e.Name == "transmission" || e.Name == "ros2_control" }

// interfaceKind maps a hardware or command interface name
// ("hardware_interface/PositionJointInterface", "position") to a
// Joint.Actuator value, "" when it names none of the three.
func interfaceKind(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	if i := strings.LastIndexByte(s, '/'); i >= 0 {
		s = s[i+1:]
	}
	switch {
	case strings.HasPrefix(s, "position"):
		return convert.ActuatePosition
	case strings.HasPrefix(s, "velocity"):
		return convert.ActuateVelocity
	case strings.HasPrefix(s, "effort"):
		return convert.ActuateEffort
	}
	return ""
}

// childText is the trimmed text of the first child element called name.
func childText(e *xmlElement, name string) string {
	if c := e.Child(name); c != nil {
		return strings.TrimSpace(c.Text())
	}
	return ""
}

// transmissionJoints returns, for one actuation element, the joints it
// drives and the interface of each ("" when the element names none). ok
// is false for a transmission that is not simple (several joints, or a
// differential / four-bar type), which only URDF output keeps.
func transmissionJoints(e *xmlElement) (joints []string, kinds []string, ok bool) {
	switch e.Name {
	case "transmission":
		typ := childText(e, "type")
		if typ == "" {
			typ = e.AttrOr("type", "")
		}
		var js []*xmlElement
		for _, c := range e.Elements() {
			if c.Name == "joint" {
				js = append(js, c)
			}
		}
		if len(js) != 1 || (typ != "" && !strings.HasSuffix(typ, "SimpleTransmission")) {
			return nil, nil, false
		}
		kind := interfaceKind(childText(js[0], "hardwareInterface"))
		if kind == "" {
			if a := e.Child("actuator"); a != nil {
				kind = interfaceKind(childText(a, "hardwareInterface"))
			}
		}
		return []string{js[0].AttrOr("name", "")}, []string{kind}, true
	case "ros2_control":
		for _, c := range e.Elements() {
			if c.Name != "joint" {
				continue
			}
			kind := ""
			for _, ci := range c.Elements() {
				if ci.Name == "command_interface" {
					if kind = interfaceKind(ci.AttrOr("name", "")); kind != "" {
						break
					}
				}
			}
			joints, kinds = append(joints, c.AttrOr("name", "")), append(kinds, kind)
		}
		return joints, kinds, true
	}
	return nil, nil, false
}

// transmissions reads the robot's simple transmissions and ros2_control
// joints into Joint.Actuator. A transmission without an interface (the
// old PR2 form) drives effort, as ROS 1 controllers of that era did.
func (p *parser) transmissions() {
	list, _ := p.g.Extras[extraElements].([]*xmlElement)
	for _, e := range list {
		if !isActuation(e) {
			continue
		}
		path := "robot/" + e.Name + "[" + e.AttrOr("name", "") + "]"
		joints, kinds, ok := transmissionJoints(e)
		if !ok {
			p.diags.Add(convert.CodeTransmissionKept, convert.SourceSubject(-1), path, "only simple transmissions (one joint) become actuators; this one is kept for URDF output only").AtLine(e.Line)
			continue
		}
		for k, name := range joints {
			kind := kinds[k]
			if kind == "" {
				kind = convert.ActuateEffort
			}
			n, found := p.jointNode[name]
			if !found {
				p.diags.Add(convert.CodeTransmissionKept, convert.SourceSubject(-1), path, "joint %q is not a joint of a moving link; its transmission is kept for URDF output only", name).AtLine(e.Line)
				continue
			}
			j := p.g.Nodes[n].Joint
			if c := kin.Classify(j); c.Kind == kin.KindFixed || c.Kind == kin.KindFree {
				p.diags.Add(convert.CodeTransmissionKept, convert.JointSubject(n), path, "joint %q is %s and cannot be actuated; its transmission is kept for URDF output only", name, c.Kind).AtLine(e.Line).WithSeverity(convert.Info)
				continue
			}
			j.Actuator = kind
			if refl, ok, err := reflectedInertia(e); err != nil {
				p.diags.Add(convert.CodeFieldDropped, convert.JointSubject(n), path, "%v; the joint's reflected inertia is not read", err).AtLine(e.Line).Affecting(convert.QJointParam)
			} else if ok && len(joints) == 1 {
				j.Armature += refl
				p.diags.Add(convert.CodeDrakeReflectedInertia, convert.JointSubject(n), path, "Drake's reflected inertia of joint %q (rotor inertia × gear ratio²) is read as its armature, %s kg·m²", name, xmlx.Num(refl)).AtLine(e.Line)
			}
		}
	}
}

// reflectedInertia is what a simple transmission's actuator adds to its
// joint's inertia in Drake: <drake:rotor_inertia value> times the square
// of <drake:gear_ratio value> (1 when absent); ok is false when the
// actuator gives no rotor inertia.
func reflectedInertia(t *xmlElement) (refl float64, ok bool, err error) {
	a := t.Child("actuator")
	if a == nil {
		return 0, false, nil
	}
	value := func(name string, def float64) (float64, error) {
		c := a.Child(name)
		if c == nil {
			return def, nil
		}
		v, err := numberAttr(c, "value", math.NaN())
		if err == nil && (math.IsNaN(v) || v < 0) {
			err = convert.ErrorAtLine(c.Line, "<%s> needs a value of at least 0", name)
		}
		return v, err
	}
	rotor, err := value("drake:rotor_inertia", -1)
	if err != nil || rotor < 0 {
		return 0, false, err
	}
	gear, err := value("drake:gear_ratio", 1)
	if err != nil {
		return 0, false, err
	}
	return rotor * gear * gear, true, nil
}

// keptActuation returns the joints a kept transmission or ros2_control
// block already actuates, so Emit does not write a second one.
func keptActuation(list []*xmlElement) map[string]bool {
	m := map[string]bool{}
	for _, e := range list {
		if isActuation(e) {
			joints, _, _ := transmissionJoints(e)
			for _, j := range joints {
				m[j] = true
			}
			for _, c := range e.Elements() {
				if c.Name == "joint" {
					m[c.AttrOr("name", "")] = true
				}
			}
		}
	}
	return m
}

// driveInterface is the command interface closest to a drive: position
// when it has a stiffness, else velocity.
func driveInterface(d convert.Drive) string {
	if d.Stiffness != 0 {
		return convert.ActuatePosition
	}
	return convert.ActuateVelocity
}

// transmission returns a ROS 1 simple transmission for a joint written
// under name, from its Actuator or its first drive, and reports what URDF
// cannot hold of the drives. nil when the joint is not actuated or a kept
// element already actuates it.
func (e *emitter) transmission(src *convert.Joint, subj convert.Subject, name, path string, kept map[string]bool) *xmlElement {
	kind := src.Actuator
	if kind == "" && len(src.Drives) > 0 {
		kind = driveInterface(src.Drives[0])
	}
	if kind == "" || kept[name] {
		return nil
	}
	for _, d := range src.Drives {
		var lost []string
		if d.Stiffness != 0 {
			lost = append(lost, "stiffness "+xmlx.Num(d.Stiffness))
		}
		if d.Damping != 0 {
			lost = append(lost, "damping "+xmlx.Num(d.Damping))
		}
		// a target of 0 is a target too (a motor held at rest: a brake);
		// +0 spells -0 as 0
		if d.PositionTarget != nil {
			lost = append(lost, "position target "+xmlx.Num(*d.PositionTarget+0))
		}
		if d.VelocityTarget != nil {
			lost = append(lost, "velocity target "+xmlx.Num(*d.VelocityTarget+0))
		}
		if len(lost) > 0 {
			e.diags.Add(convert.CodeDriveGainsDropped, subj, path, "URDF transmissions have no gains or targets; the %s drive of joint %q becomes a %s transmission and its %s are dropped (its force limit becomes the effort limit)",
				d.Type, name, kind, strings.Join(lost, ", "))
		}
	}
	iface := map[string]string{convert.ActuatePosition: "PositionJointInterface", convert.ActuateVelocity: "VelocityJointInterface",
		convert.ActuateEffort: "EffortJointInterface"}[kind]
	if iface == "" {
		return nil
	}
	iface = "hardware_interface/" + iface
	t := &xmlElement{Name: "transmission", Attrs: []xmlx.Attr{{Name: "name", Value: name + "_transmission"}}}
	t.AddChild("type").Append(&xmlElement{Kind: xmlx.TextNode, Data: "transmission_interface/SimpleTransmission"})
	t.AddChild("joint", "name", name).AddChild("hardwareInterface").Append(&xmlElement{Kind: xmlx.TextNode, Data: iface})
	a := t.AddChild("actuator", "name", name+"_motor")
	a.AddChild("hardwareInterface").Append(&xmlElement{Kind: xmlx.TextNode, Data: iface})
	a.AddChild("mechanicalReduction").Append(&xmlElement{Kind: xmlx.TextNode, Data: "1"})
	if src.Armature != 0 {
		// Drake reads it back as the joint's reflected inertia
		a.AddChild("drake:rotor_inertia", "value", xmlx.Num(src.Armature))
		a.AddChild("drake:gear_ratio", "value", "1")
		e.r.drakeNS = true
	}
	return t
}

// armatureKept reports whether URDF output keeps joint src's armature
// (written under name): as the reflected inertia of a kept transmission
// of the joint's (Drake's rotor inertia and gear ratio, as a Drake source
// gave it), or of the transmission written for it.
func (e *emitter) armatureKept(src *convert.Joint, name string) bool {
	if !e.keptAct[name] {
		kind := src.Actuator
		if kind == "" && len(src.Drives) > 0 {
			kind = driveInterface(src.Drives[0])
		}
		return kind != ""
	}
	total, found := 0.0, false
	for _, x := range e.r.extras {
		if x.Name != "transmission" {
			continue
		}
		joints, _, ok := transmissionJoints(x)
		if !ok || len(joints) != 1 || joints[0] != name {
			continue
		}
		if refl, ok, err := reflectedInertia(x); ok && err == nil {
			total, found = total+refl, true
		}
	}
	return found && math.Abs(total-src.Armature) <= 1e-12*math.Max(1, math.Abs(src.Armature))
}
