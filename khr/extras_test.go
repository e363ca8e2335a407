package khr

import (
	"reflect"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/kin"
)

// TestExtrasRoundTrip: what KHR cannot say (robot joint properties, mimic
// couplings, massless bodies, vehicles without an OMI source) is written to
// node extras and read back unchanged.
func TestExtrasRoundTrip(t *testing.T) {
	g := convert.NewGraph()
	ball := g.AddShape(convert.Shape{Kind: convert.Sphere, Radius: 0.2, Mesh: -1})
	base := g.AddNode(convert.Node{Name: "Base", Motion: &convert.Motion{Kind: convert.Dynamic, GravityFactor: 1,
		Mass: convert.Ptr(3.0), MassSource: convert.Given}, Collider: &convert.Collider{Shape: ball, Material: -1, Filter: -1}}, -1)
	link := g.AddNode(convert.Node{Name: "Link", Motion: &convert.Motion{Kind: convert.Dynamic, GravityFactor: 1,
		Mass: convert.Ptr(0.0), MassSource: convert.Given}}, -1)
	tip := g.AddNode(convert.Node{Name: "Tip", Motion: &convert.Motion{Kind: convert.Dynamic, GravityFactor: 1,
		Mass: convert.Ptr(1.0), MassSource: convert.Given}, Collider: &convert.Collider{Shape: ball, Material: -1, Filter: -1}}, -1)
	hinge, _ := kin.LimitsFor("revolute", convert.Vec3{1, 0, 0}, -1, 1)
	j1 := g.AddNode(convert.Node{Name: "J1", Joint: &convert.Joint{Connected: link, Limits: hinge,
		Effort: 12, Velocity: 3, Damping: 0.5, Friction: 0.1, Armature: 0.01}}, base)
	j2 := g.AddNode(convert.Node{Name: "J2", Joint: &convert.Joint{Connected: tip, Limits: hinge}}, link)
	g.Couplings = []convert.Coupling{{Follower: j2, Leader: j1, Multiplier: -0.5, Offset: 0.25}}
	wheel := convert.DefaultWheel()
	wheel.Radius, wheel.MaxSteeringAngle = 0.4, 0.6
	g.Nodes[base].Wheel = &wheel
	g.Nodes[tip].Seat = &convert.Seat{Back: convert.Vec3{0, 0, -0.3}, Foot: convert.Vec3{0, -0.5, 0.4}, Knee: convert.Vec3{0, 0, 0.3}, Angle: 1.5}

	out, diags, err := Emit(g, &convert.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !diags.Has("kept-in-extras") {
		t.Errorf("no kept-in-extras diagnostic: %v", diags)
	}
	main := writeOutput(t, t.TempDir(), "extras.gltf", out)
	back, _, err := Parse(inputFor(t, main))
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]int{}
	for i, n := range back.Nodes {
		byName[n.Name] = i
	}
	got := back.Nodes[byName["J1"]].Joint
	if got.Effort != 12 || got.Velocity != 3 || got.Damping != 0.5 || got.Friction != 0.1 || got.Armature != 0.01 {
		t.Errorf("joint properties %+v", got)
	}
	want := convert.Coupling{Follower: byName["J2"], Leader: byName["J1"], Multiplier: -0.5, Offset: 0.25}
	if len(back.Couplings) != 1 || back.Couplings[0] != want {
		t.Errorf("couplings %+v, want %+v", back.Couplings, want)
	}
	if m := back.Nodes[byName["Link"]].Motion; !m.IsMassless() {
		t.Errorf("massless link read back with mass %v", m.MassOr(-1))
	}
	if w := back.Nodes[byName["Base"]].Wheel; w == nil || !reflect.DeepEqual(*w, wheel) {
		t.Errorf("wheel %+v, want %+v", w, wheel)
	}
	if s := back.Nodes[byName["Tip"]].Seat; s == nil || *s != *g.Nodes[tip].Seat {
		t.Errorf("seat %+v", s)
	}
}
