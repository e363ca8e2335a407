package mjcf

import (
	"math"
	"strconv"
	"strings"

	"github.com/physconv/physconv/convert"
)

// targetCtrl returns the ctrl of the "drive_targets" keyframe, and whether
// that key is the only content of every <keyframe> (then nothing else of
// the keyframes needs keeping).
func targetCtrl(top *Element) (ctrl []float64, only bool) {
	only = true
	for _, c := range top.Children {
		if c.Name != "keyframe" {
			continue
		}
		for _, k := range c.Children {
			if k.Name == "key" && k.AttrOr("name", "") == targetKey {
				ctrl, _ = floatsOf(k.AttrOr("ctrl", ""))
				continue
			}
			only = false
		}
	}
	return ctrl, only
}

// actuators reads the actuators of one <actuator> section that are drives
// (or a motor) on a one-axis joint; the rest are kept for MJCF output.
// next is the index of the section's first actuator among all of them.
func (p *parser) actuators(sec *Element, ctrl []float64, next *int, groupsOff map[int64]bool) error {
	var kept []*Element
	for _, ch := range sec.Children {
		i := *next
		*next++
		target := 0.0
		if i < len(ctrl) {
			target = ctrl[i]
		}
		p.actIndex = i
		a, shared := p.resolvedActuator(ch)
		a = p.inheritRange(a)
		if known, err := p.transmissionKnown(a); err != nil || !known {
			if err != nil {
				return err
			}
			continue
		}
		if !p.actuator(a, target) {
			if shared {
				ch = a // the <general> MuJoCo's one default makes of it
			}
			kept = append(kept, ch)
			p.keptActuatorOrder(ch, i)
			if actsAtRest(a, groupsOff) {
				p.diags.Add(convert.CodeActuatorKept, convert.DocumentSubject(), p.path(ch), "<%s> pushes even at zero control and has no Graph form; it is kept for MJCF output only, and other formats move its joint freely", ch.Name)
			}
		}
	}
	if len(kept) > 0 {
		p.keepSection(&Element{Name: sec.Name, Attrs: sec.Attrs, Children: kept, Line: sec.Line, File: sec.File})
	}
	return nil
}

// transmissionKnown checks that the joint, tendon, site or body an
// actuator drives is in the model, as MuJoCo does ("unknown transmission
// target"): a motor on a joint no element makes was kept, then dropped
// as one "the output does not have". false, with a warning, when the name
// may be one a dropped <composite> would have made.
func (p *parser) transmissionKnown(a *Element) (bool, error) {
	for _, t := range []struct {
		attr  string
		known func(string) bool
	}{
		{"joint", func(n string) bool { return p.jointNames[n] }},
		{"jointinparent", func(n string) bool { return p.jointNames[n] }},
		{"tendon", func(n string) bool { _, ok := p.tendonByName[n]; return ok }},
		{"site", func(n string) bool { _, ok := p.siteByName[n]; return ok }},
		{"body", func(n string) bool { _, ok := p.bodyByName[n]; return ok }},
	} {
		name, ok := a.Attr(t.attr)
		if !ok || t.known(name) {
			continue
		}
		if p.droppedWithMaker(a, name) {
			return false, nil
		}
		return false, p.unknownName(a, "unknown transmission target %s=%q", t.attr, name)
	}
	return true, nil
}

// actsAtRest reports an actuator that applies a force at zero control: a
// servo (position, velocity, intvelocity), a damper, or a general
// actuator with a bias, unless its group is disabled.
func actsAtRest(a *Element, groupsOff map[int64]bool) bool {
	if g, err := strconv.ParseInt(a.AttrOr("group", "0"), 10, 64); err == nil && groupsOff[g] {
		return false
	}
	switch a.Name {
	case "position", "velocity", "intvelocity", "damper":
		return true
	case "general":
		b := a.AttrOr("biastype", "none")
		return b != "none"
	}
	return false
}

// actuatorGroupsOff reads <option actuatorgroupdisable>: the actuator
// groups MuJoCo 3 leaves without force.
func actuatorGroupsOff(top *Element) map[int64]bool {
	off := map[int64]bool{}
	for _, c := range top.Children {
		if c.Name != "option" {
			continue
		}
		for _, f := range strings.Fields(c.AttrOr("actuatorgroupdisable", "")) {
			if g, err := strconv.ParseInt(f, 10, 64); err == nil {
				off[g] = true
			}
		}
	}
	return off
}

// actuatorAttrs lists, per actuator, the attributes a drive (or the
// Actuator interface) holds; an actuator with any other stays MJCF-only.
var actuatorAttrs = map[string][]string{
	"position": {"kp", "kv"},
	"velocity": {"kv"},
	"general":  {"gaintype", "gainprm", "biastype", "biasprm", "dyntype"},
	"motor":    {},
}

// actuator turns one resolved actuator into a drive or an Actuator
// interface on its joint; false when it is not of a form that maps back
// exactly.
func (p *parser) actuator(a *Element, target float64) bool {
	own, known := actuatorAttrs[a.Name]
	if !known {
		return false
	}
	m := map[string]string{}
	for _, at := range a.Attrs {
		switch at.Name {
		case "name", "joint", "gear", "forcerange", "forcelimited", "ctrlrange", "ctrllimited":
		default:
			found := false
			for _, o := range own {
				found = found || o == at.Name
			}
			if !found {
				return false
			}
		}
		m[at.Name] = at.Value
	}
	ref, ok := p.joints[m["joint"]]
	if !ok || !ref.single {
		return false
	}
	j := p.g.Nodes[ref.node].Joint
	key := ""
	names, _ := j.Extras[extraJointNames].(map[string]string)
	for k, n := range names {
		if n == m["joint"] {
			key = k
		}
	}
	if key == "" || key == "angular" {
		return false
	}
	if g, ok := m["gear"]; ok {
		v, good := floatsOf(g)
		if !good || len(v) == 0 || v[0] != 1 {
			return false
		}
		for _, x := range v[1:] {
			if x != 0 {
				return false
			}
		}
	}
	// ranges: whether MuJoCo limits a force or control, as it does a
	// joint (limited): limited="true", or "auto" (the default) under
	// compiler autolimits with a range whose ends are in order, a range
	// being 0 0 when absent (a range MuJoCo refuses without limited is
	// read as no limit); ok is false for what cannot be read
	ranges := func(rangeAttr, limitedAttr string) (v []float64, limited, ok bool) {
		v = []float64{0, 0}
		if r, has := m[rangeAttr]; has {
			if v, ok = floatsOf(r); !ok || len(v) != 2 {
				return nil, false, false
			}
		}
		switch m[limitedAttr] {
		case "true":
			return v, true, true
		case "", "auto":
			return v, p.comp.autolimits && v[0] < v[1], true
		case "false":
			return v, false, true
		}
		return nil, false, false
	}
	// limit is the bound of a symmetric limited range (+Inf: none);
	// false for another range, which no drive holds
	limit := func(rangeAttr, limitedAttr string) (float64, bool) {
		v, limited, ok := ranges(rangeAttr, limitedAttr)
		switch {
		case !ok:
			return 0, false
		case !limited:
			return math.Inf(1), true
		case v[0] != -v[1] || v[1] <= 0:
			return 0, false
		}
		return v[1], true
	}
	maxForce, ok := limit("forcerange", "forcelimited")
	if !ok {
		return false
	}
	// MuJoCo clamps a limited control to its range before the actuator
	// sees it: a servo whose range leaves out 0 holds its joint at the
	// nearer end from the start, not at 0
	if v, limited, ok := ranges("ctrlrange", "ctrllimited"); ok && limited && v[0] <= v[1] {
		target = math.Min(math.Max(target, v[0]), v[1])
	}
	num := func(name string, def float64) float64 {
		if s, ok := m[name]; ok {
			v, good := floatsOf(s)
			if !good || len(v) != 1 {
				return math.NaN()
			}
			return v[0]
		}
		return def
	}
	axis, _ := strconv.Atoi(key[len(key)-1:])
	d := convert.Drive{Type: strings.TrimRight(key, "012"), Mode: "force", Axis: axis, MaxForce: maxForce}
	switch a.Name {
	case "position":
		d.Stiffness, d.Damping = num("kp", 1), num("kv", 0)
		d.PositionTarget = convert.Ptr(target)
		if d.Damping != 0 {
			d.VelocityTarget = convert.Ptr(0.0)
		}
	case "velocity":
		d.Damping = num("kv", 1)
		d.VelocityTarget = convert.Ptr(target)
	case "general":
		var good bool
		if d, good = generalDrive(m, d, target); !good {
			return false
		}
	case "motor":
		effort, ok := limit("ctrlrange", "ctrllimited")
		if !ok || !math.IsInf(maxForce, 1) && !math.IsInf(effort, 1) && effort != maxForce ||
			j.Actuator != "" || j.Effort != 0 {
			return false
		}
		if math.IsInf(effort, 1) {
			effort = maxForce
		}
		if !math.IsInf(effort, 1) {
			j.Effort = effort
		}
		j.Actuator = convert.ActuateEffort
		as := []Attr{{Name: actuatorOrderAttr, Value: strconv.Itoa(p.actIndex)}}
		if n, ok := m["name"]; ok {
			as = append(as, Attr{Name: "name", Value: n})
		}
		j.Extras[extraMotor] = as
		return true
	}
	if math.IsNaN(d.Stiffness) || math.IsNaN(d.Damping) || d.Stiffness < 0 || d.Damping < 0 {
		return false
	}
	if signs, _ := j.Extras[extraJointSigns].(map[string]float64); signs[key] < 0 {
		// the targets are the MJCF joint's, whose axis the Graph's reverses
		if d.PositionTarget != nil {
			d.PositionTarget = convert.Ptr(-*d.PositionTarget)
		}
		if d.VelocityTarget != nil {
			d.VelocityTarget = convert.Ptr(-*d.VelocityTarget)
		}
	}
	if refs, _ := j.Extras[extraJointRefs].(map[string]float64); d.PositionTarget != nil && refs[key] != 0 {
		// measured from the pose in the file, as the joint's range is
		d.PositionTarget = convert.Ptr(*d.PositionTarget - refs[key])
	}
	back := []Attr{{Name: actuatorOrderAttr, Value: strconv.Itoa(p.actIndex)}}
	for _, n := range []string{"name", "ctrllimited", "ctrlrange"} {
		if v, ok := m[n]; ok {
			back = append(back, Attr{Name: n, Value: v})
		}
	}
	// recorded even when empty: it marks the drive as an actuator, which
	// Emit keeps an actuator even where a joint spring would do
	all, _ := j.Extras[extraActuators].(map[int][]Attr)
	c := map[int][]Attr{}
	for k, v := range all {
		c[k] = v
	}
	c[len(j.Drives)] = append([]Attr{}, back...)
	j.Extras[extraActuators] = c
	j.Drives = append(j.Drives, d)
	return true
}

// generalDrive reads a <general> actuator of the drive forms Emit writes:
// fixed gain g with affine bias "b0 -g -kv" (a position drive; b0 = kv ×
// velocity target) or "0 0 -g" (a velocity drive), and no dynamics.
func generalDrive(m map[string]string, d convert.Drive, target float64) (convert.Drive, bool) {
	if m["gaintype"] != "" && m["gaintype"] != "fixed" || m["biastype"] != "affine" || m["dyntype"] != "" && m["dyntype"] != "none" {
		return d, false
	}
	gain, ok1 := floatsOf(m["gainprm"])
	bias, ok2 := floatsOf(m["biasprm"])
	if !ok1 || !ok2 || len(gain) == 0 || len(bias) < 3 || gain[0] <= 0 {
		return d, false
	}
	for _, x := range append(append([]float64(nil), gain[1:]...), bias[3:]...) {
		if x != 0 {
			return d, false
		}
	}
	g := gain[0]
	switch {
	case bias[1] == -g && bias[2] <= 0:
		d.Stiffness, d.Damping = g, -bias[2]
		d.PositionTarget = convert.Ptr(target)
		switch {
		case d.Damping != 0:
			d.VelocityTarget = convert.Ptr(bias[0] / d.Damping)
		case bias[0] != 0:
			return d, false
		}
	case bias[1] == 0 && bias[2] == -g && bias[0] == 0:
		d.Damping = g
		d.VelocityTarget = convert.Ptr(target)
	default:
		return d, false
	}
	return d, true
}

// actuatorOrderAttr marks, among the attributes kept with a drive read
// from an actuator, the actuator's place among the file's actuators:
// controllers, policies and keyframes index the controls by it, so MJCF
// output writes the actuators back in that order. It is never written.
const actuatorOrderAttr = "physconv:order"

// keptActuatorOrder records the place among the file's actuators of an
// actuator kept as MJCF (the graph's extraActuatorOrder).
func (p *parser) keptActuatorOrder(el *Element, i int) {
	order, _ := p.g.Extras[extraActuatorOrder].(map[*Element]int)
	if order == nil {
		order = map[*Element]int{}
		p.g.Extras[extraActuatorOrder] = order
	}
	order[el] = i
}

// inheritRange returns a resolved actuator whose inheritrange (MuJoCo 3)
// is written as the control range it stands for: its joint's range,
// scaled about the middle. An actuator without one, or whose target is no
// limited joint, is returned as it is.
func (p *parser) inheritRange(a *Element) *Element {
	v, ok := a.Attr("inheritrange")
	f, good := floatsOf(v)
	ref, known := p.joints[a.AttrOr("joint", "")]
	if !ok || !good || len(f) != 1 || f[0] <= 0 || !known || !ref.limited {
		return a
	}
	out := *a
	out.Attrs = withoutAttrs(a.Attrs, "inheritrange", "ctrlrange", "ctrllimited")
	mid, half := (ref.lo+ref.hi)/2, f[0]*(ref.hi-ref.lo)/2
	out.Attrs = append(out.Attrs, Attr{Name: "ctrlrange", Value: fmtFloats(mid-half, mid+half)}, Attr{Name: "ctrllimited", Value: "true"})
	return &out
}
