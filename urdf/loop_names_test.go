package urdf

import (
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/kin"
)

// TestLoopJointCalled: a loop-closing joint URDF drops is named in the
// diagnostic by its name, or, without one (an MJCF weld or connect), by
// the two bodies it joins, never as joint "".
func TestLoopJointCalled(t *testing.T) {
	for _, c := range []struct{ name, want string }{
		{"closing", `joint "closing" closes a kinematic loop`},
		{"", `the unnamed joint between "b" and "c" closes a kinematic loop`},
	} {
		g := convert.NewGraph()
		a := body(g, "a", 1, convert.Vec3{})
		b := body(g, "b", 1, convert.Vec3{1, 0, 0})
		cb := body(g, "c", 1, convert.Vec3{0, 1, 0})
		hinge, _ := kin.LimitsFor(kin.KindRevolute, convert.Vec3{0, 0, 1}, -1, 1)
		g.AddNode(convert.Node{Name: "ab", Transform: convert.Identity(), Joint: &convert.Joint{Connected: b, Limits: hinge}}, a)
		g.AddNode(convert.Node{Name: "ac", Transform: convert.Identity(), Joint: &convert.Joint{Connected: cb, Limits: hinge}}, a)
		g.AddNode(convert.Node{Name: c.name, Transform: convert.Identity(), Joint: &convert.Joint{Connected: cb}}, b)
		_, diags, err := Emit(g, &convert.Options{})
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, d := range diags {
			if d.Code == convert.CodeJointLoopDropped {
				found = true
				if !strings.Contains(d.Message, c.want) {
					t.Errorf("loop joint %q said as %q, want %q", c.name, d.Message, c.want)
				}
			}
		}
		if !found {
			t.Errorf("loop joint %q: no %s in %v", c.name, convert.CodeJointLoopDropped, diags)
		}
	}
}
