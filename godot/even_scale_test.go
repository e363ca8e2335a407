package godot

import (
	"math"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/inspect"
)

// A uniformly scaled, rotated body reads back with an exactly uniform
// scale, so its sphere stays a sphere (no residual scale in inspect).
func TestUniformScaleReadsBackUniform(t *testing.T) {
	g := convert.NewGraph()
	s := 0.7432845236461763
	q := convert.Quat{-0.5415347273563936, -0.4677681365295365, -0.5015026858524706, 0.4862387948297417}.Normalize()
	b := g.AddNode(convert.Node{Name: "B", Transform: convert.Transform{T: convert.Vec3{1, 2, 3}, R: q, S: convert.Vec3{s, s, s}},
		Motion: &convert.Motion{Kind: convert.Static}}, -1)
	g.Nodes[b].Collider = &convert.Collider{Shape: g.AddShape(convert.Shape{Kind: convert.Sphere, Radius: 0.2}), Material: -1, Filter: -1}
	out, _, err := Emit(g, &convert.Options{})
	if err != nil {
		t.Fatal(err)
	}
	back := parseText(t, string(out.Main))
	r := inspect.Inspect(back, "godot", nil)
	if len(r.Bodies) != 1 || len(r.Bodies[0].Colliders) != 1 {
		t.Fatalf("bodies %+v", r.Bodies)
	}
	c := r.Bodies[0].Colliders[0]
	if c.Scale != nil {
		t.Errorf("sphere under a uniform scale reads back with residual scale %v", *c.Scale)
	}
	if got, want := c.Dims["radius"], 0.2*s; got-want > 1e-15 || want-got > 1e-15 {
		t.Errorf("radius %v, want %v", got, want)
	}
	if sc := back.Nodes[back.BodyOf(len(back.Nodes)-1)].Transform.S; sc[0] != sc[1] || sc[1] != sc[2] {
		t.Errorf("scale %v not exactly uniform", sc)
	}
}

// Scale components a few ulps apart are one scale; different ones, even
// by a millionth, stay apart; an exactly uniform scale is kept as read.
func TestEvenScale(t *testing.T) {
	for _, c := range []struct{ in, want convert.Vec3 }{
		{convert.Vec3{0.1, 0.1, 0.1}, convert.Vec3{0.1, 0.1, 0.1}},
		{convert.Vec3{0.5, 0.5000000000000001, 0.49999999999999994}, convert.Vec3{0.5, 0.5, 0.5}},
		{convert.Vec3{2, 1.3, 2.0000000000000004}, convert.Vec3{2, 1.3, 2}},
		{convert.Vec3{1.2, 1.5, 0.7}, convert.Vec3{1.2, 1.5, 0.7}},
		// a real, if slight, stretch stays
		{convert.Vec3{0.899051373765977, 0.8990521871041935, 1.3}, convert.Vec3{0.899051373765977, 0.8990521871041935, 1.3}},
	} {
		if got := evenScale(c.in, evenScaleTolerance); got != c.want {
			t.Errorf("evenScale(%v) = %v, want %v", c.in, got, c.want)
		}
	}
}

// A basis Godot wrote with six digits keeps reading near-unit axes as
// unit and near-equal ones as one scale; a full-precision basis one
// millionth off unit keeps its scale.
func TestScaleSnapOnlyForShortDecimals(t *testing.T) {
	g := parseText(t, `[gd_scene format=3]

[node name="Root" type="Node3D"]

[node name="Godot" type="Node3D" parent="."]
transform = Transform3D(0.433013, -0.25, 0, 0.25, 0.433013, 0, 0, 0, 0.5, 0, 0, 0)

[node name="Full" type="Node3D" parent="."]
transform = Transform3D(1.0000009049283562, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0)
`)
	for _, n := range g.Nodes {
		switch n.Name {
		case "Godot":
			if s := n.Transform.S; s[0] != s[1] || s[1] != s[2] || math.Abs(s[0]-0.5) > 1e-6 {
				t.Errorf("six-digit uniform basis read as scale %v", s)
			}
		case "Full":
			if s := n.Transform.S; s[0] != 1.0000009049283562 {
				t.Errorf("full-precision scale %v snapped", s)
			}
		}
	}
}
