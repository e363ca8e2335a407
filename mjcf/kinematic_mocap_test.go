package mjcf

import (
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/inspect"
	"github.com/physconv/physconv/convert/kin"
)

// A kinematic body is MuJoCo's mocap body (moved by the program, not by
// forces), not a body welded to the world: it reads back as kinematic,
// with its mass properties, and a dynamic body hinged to it stays free to
// move.
func TestKinematicBodyIsMocap(t *testing.T) {
	g := convert.NewGraph()
	k := g.AddNode(convert.Node{Name: "platform", Transform: convert.Transform{T: convert.Vec3{0, 1, 0}, R: convert.IdentityQuat(), S: convert.Vec3{1, 1, 1}},
		Motion: &convert.Motion{Kind: convert.Kinematic, GravityFactor: 1, Mass: convert.Ptr(4.5), CenterOfMass: &convert.Vec3{},
			InertiaDiagonal: &convert.Vec3{0.2, 0.3, 0.4}}}, -1)
	g.Nodes[k].Collider = &convert.Collider{Shape: g.AddShape(convert.Shape{Kind: convert.Box, Size: convert.Vec3{1, 0.1, 1}}), Material: -1, Filter: -1}
	b := g.AddNode(convert.Node{Name: "lid", Transform: convert.Transform{T: convert.Vec3{0, 1.5, 0}, R: convert.IdentityQuat(), S: convert.Vec3{1, 1, 1}},
		Motion: &convert.Motion{Kind: convert.Dynamic, GravityFactor: 1, Mass: convert.Ptr(1.0), CenterOfMass: &convert.Vec3{},
			InertiaDiagonal: &convert.Vec3{0.1, 0.1, 0.1}}}, -1)
	limits, frame := kin.LimitsFor(kin.KindRevolute, convert.Vec3{0, 0, 1}, -1, 1)
	conn := g.AddNode(convert.Node{Name: "hinge_b", Transform: convert.Transform{T: convert.Vec3{0, -0.5, 0}, R: frame, S: convert.Vec3{1, 1, 1}}}, b)
	g.AddNode(convert.Node{Name: "hinge", Transform: convert.Transform{R: frame, S: convert.Vec3{1, 1, 1}},
		Joint: &convert.Joint{Connected: conn, Limits: limits}}, k)
	out, _, err := Emit(g, &convert.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out.Main), `mocap="true"`) {
		t.Errorf("kinematic body not written as a mocap body:\n%s", out.Main)
	}
	back, _, err := Parse(&convert.Input{Name: "k.xml", Data: out.Main, Options: &convert.Options{}})
	if err != nil {
		t.Fatal(err)
	}
	r := inspect.Inspect(back, "mjcf", nil)
	kinds := map[string]convert.BodyKind{}
	for _, body := range r.Bodies {
		kinds[body.Name] = body.Kind
		if body.Name == "platform" && (body.Mass == nil || float64(*body.Mass) != 4.5) {
			t.Errorf("platform mass %v, want 4.5", body.Mass)
		}
	}
	if kinds["platform"] != convert.Kinematic || kinds["lid"] != convert.Dynamic {
		t.Errorf("kinds %v, want platform kinematic and lid dynamic", kinds)
	}
	if len(r.Joints) != 1 || r.Joints[0].Kind != kin.KindRevolute || r.Joints[0].BodyA != "platform" {
		t.Errorf("joints %+v, want one revolute from platform", r.Joints)
	}
}
