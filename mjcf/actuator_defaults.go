package mjcf

import (
	"strconv"
	"strings"
)

// MuJoCo keeps one actuator default per class: <general>, <motor>,
// <position> and <velocity> in a <default> all write to it, in order,
// each as its shortcut sets gains and biases (a <velocity kv="5"> after a
// <position kp="10"> leaves a gain of 5, which a <position> without kp
// then takes as its kp), and an actuator starts from it whatever its own
// element. The reader kept a default per element name, so a ctrlrange a
// class gave through <motor> was lost on its <position> actuators (MuJoCo
// refused the output: "invalid control range"), and a gear or gain came
// from the wrong element.

// isActuatorElement reports whether name is one of MuJoCo's actuator
// elements, all of which write the one actuator default.
func isActuatorElement(name string) bool {
	switch name {
	case "general", "motor", "position", "velocity", "intvelocity", "damper", "cylinder", "muscle", "adhesion", "plugin":
		return true
	}
	return false
}

// shortcutOwn are the attributes a shortcut turns into gains, biases and
// dynamics; every other attribute is the actuator's own (ranges, gear …).
// Its elements are those whose effect on the shared default the reader
// follows; others (intvelocity, damper, cylinder, muscle, adhesion,
// plugin) keep the reading by element name.
var shortcutOwn = map[string]map[string]bool{
	"general":  {"gaintype": true, "gainprm": true, "biastype": true, "biasprm": true, "dyntype": true},
	"motor":    {},
	"position": {"kp": true, "kv": true, "dampratio": true, "timeconst": true, "inheritrange": true},
	"velocity": {"kv": true},
}

// actuatorState is MuJoCo's actuator default as the shortcuts leave it.
type actuatorState struct {
	attrs                       map[string]string // the actuator's own attributes
	gaintype, biastype, dyntype string
	gain, bias                  [10]float64
	opaque                      bool // a shortcut or attribute the reader does not follow
}

// newActuatorState is MuJoCo's default actuator: a unit fixed gain, no
// bias, no dynamics.
func newActuatorState() *actuatorState {
	s := &actuatorState{attrs: map[string]string{}, gaintype: "fixed", biastype: "none", dyntype: "none"}
	s.gain[0] = 1
	return s
}

// apply reads one actuator element (in a <default> or the <actuator>
// section) over the state, as MuJoCo's reader does.
func (s *actuatorState) apply(name string, attrs []Attr) {
	own := shortcutOwn[name]
	if own == nil {
		s.opaque = true
		return
	}
	vals := map[string]string{}
	for _, a := range attrs {
		if own[a.Name] {
			vals[a.Name] = a.Value
		} else if a.Name != "class" {
			s.attrs[a.Name] = a.Value
		}
	}
	num := func(key string, def float64) (float64, bool) {
		v, ok := vals[key]
		if !ok {
			return def, false
		}
		f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		if err != nil {
			s.opaque = true
			return def, false
		}
		return f, true
	}
	switch name {
	case "general":
		for _, k := range []struct {
			key string
			dst *string
		}{{"gaintype", &s.gaintype}, {"biastype", &s.biastype}, {"dyntype", &s.dyntype}} {
			if v, ok := vals[k.key]; ok {
				*k.dst = v
			}
		}
		for _, k := range []struct {
			key string
			dst *[10]float64
		}{{"gainprm", &s.gain}, {"biasprm", &s.bias}} {
			if v, ok := vals[k.key]; ok {
				fs, good := floatsOf(v)
				if !good || len(fs) > len(k.dst) {
					s.opaque = true
					continue
				}
				copy(k.dst[:], fs)
			}
		}
	case "motor":
		s.gain[0] = 1
		s.gaintype, s.biastype, s.dyntype = "fixed", "none", "none"
	case "position":
		if _, ok := vals["dampratio"]; ok {
			s.opaque = true
		}
		if _, ok := vals["timeconst"]; ok {
			s.opaque = true
		}
		if _, ok := vals["inheritrange"]; ok {
			s.opaque = true
		}
		kp, _ := num("kp", s.gain[0])
		s.gain[0], s.bias[1] = kp, -kp
		if kv, ok := num("kv", 0); ok {
			s.bias[2] = -kv
		}
		s.gaintype, s.biastype = "fixed", "affine"
	case "velocity":
		kv, _ := num("kv", s.gain[0])
		s.bias = [10]float64{}
		s.gain[0], s.bias[2] = kv, -kv
		s.gaintype, s.biastype, s.dyntype = "fixed", "affine", "none"
	}
}

// clone copies the state.
func (s *actuatorState) clone() *actuatorState {
	c := *s
	c.attrs = make(map[string]string, len(s.attrs))
	for k, v := range s.attrs {
		c.attrs[k] = v
	}
	return &c
}

// element writes the state as the <general> actuator it is, with the
// transmission and name of e.
func (s *actuatorState) element(e *Element) *Element {
	g := &Element{Name: "general", Line: e.Line, File: e.File}
	for _, k := range sortedKeys(s.attrs) {
		g.Attrs = append(g.Attrs, Attr{Name: k, Value: s.attrs[k]})
	}
	g.Attrs = append(g.Attrs,
		Attr{Name: "gaintype", Value: s.gaintype}, Attr{Name: "gainprm", Value: prmText(s.gain[:], 1)},
		Attr{Name: "biastype", Value: s.biastype}, Attr{Name: "biasprm", Value: prmText(s.bias[:], 3)},
		Attr{Name: "dyntype", Value: s.dyntype})
	g.Children = e.Children
	return g
}

// prmText writes parameters without trailing zeros, at least least of
// them.
func prmText(v []float64, least int) string {
	n := len(v)
	for n > least && v[n-1] == 0 {
		n--
	}
	parts := make([]string, n)
	for i, x := range v[:n] {
		parts[i] = strconv.FormatFloat(x, 'g', -1, 64)
	}
	return strings.Join(parts, " ")
}

// resolvedActuator is actuator e with its class's defaults applied as
// MuJoCo applies them: where the class gives defaults through other
// actuator elements than e's own, the one default they make (the
// <general> e then is; shared true); otherwise, and where the reader does
// not follow an element of the chain, e's own element's defaults.
func (p *parser) resolvedActuator(e *Element) (a *Element, shared bool) {
	c := p.classes[e.AttrOr("class", "main")]
	if _, followed := shortcutOwn[e.Name]; c == nil || !followed {
		return p.resolvedCopy(e, "actuator"), false
	}
	mixed := false
	for _, d := range c.actuators {
		mixed = mixed || d.Name != e.Name
	}
	if !mixed {
		return p.resolvedCopy(e, "actuator"), false
	}
	s := newActuatorState()
	for _, d := range c.actuators {
		s.apply(d.Name, d.Attrs)
	}
	s.apply(e.Name, e.Attrs)
	if s.opaque {
		return p.resolvedCopy(e, "actuator"), false
	}
	return s.element(e), true
}
