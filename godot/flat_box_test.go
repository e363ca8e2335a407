package godot

import (
	"fmt"
	"math"
	"testing"

	"github.com/physconv/physconv/convert"
)

// A box with one side of zero length, which Godot takes (a starter
// kit's floor is a 60 × 0 × 60 box), is read as its rectangle: a flat
// triangle mesh facing the positive direction of that side's axis,
// colliding on both faces; a box with no area is dropped with a warning;
// a negative side is still refused. The reader refused every such scene.
func TestFlatBoxRead(t *testing.T) {
	cases := []struct {
		version int
		size    string // Godot 4 size, or Godot 3 extents (half sizes)
		normal  int    // axis of the face normal; -1: dropped, -2: refused
		half    convert.Vec3
	}{
		{4, "60, 0, 60", 1, convert.Vec3{30, 0, 30}},
		{4, "0, 2, 3", 0, convert.Vec3{0, 1, 1.5}},
		{4, "4, 5, 0", 2, convert.Vec3{2, 2.5, 0}},
		{3, "1, 0, 2", 1, convert.Vec3{1, 0, 2}},
		{4, "0, 0, 5", -1, convert.Vec3{}},
		{4, "0, 0, 0", -1, convert.Vec3{}},
		{4, "-1, 0, 2", -2, convert.Vec3{}},
		{4, "inf, 0, 2", -2, convert.Vec3{}},
	}
	for _, c := range cases {
		var src string
		if c.version == 4 {
			src = fmt.Sprintf("[gd_scene format=3]\n\n[sub_resource type=\"BoxShape3D\" id=\"b\"]\nsize = Vector3(%s)\n\n[node name=\"Main\" type=\"StaticBody3D\"]\n\n[node name=\"Shape\" type=\"CollisionShape3D\" parent=\".\"]\nshape = SubResource(\"b\")\n", c.size)
		} else {
			src = fmt.Sprintf("[gd_scene load_steps=2 format=2]\n\n[sub_resource type=\"BoxShape\" id=1]\nextents = Vector3( %s )\n\n[node name=\"Main\" type=\"StaticBody\"]\n\n[node name=\"Shape\" type=\"CollisionShape\" parent=\".\"]\nshape = SubResource( 1 )\n", c.size)
		}
		g, diags, err := Parse(&convert.Input{Name: "x.tscn", Data: []byte(src), Options: &convert.Options{}})
		name := fmt.Sprintf("Godot %d box %s", c.version, c.size)
		if c.normal == -2 {
			if err == nil {
				t.Errorf("%s: read, want refused", name)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		var shapes []convert.Shape
		for _, n := range g.Nodes {
			if n.Collider != nil && n.Collider.Shape >= 0 {
				shapes = append(shapes, g.Shapes[n.Collider.Shape])
			}
		}
		if c.normal == -1 {
			if len(shapes) != 0 || !diags.Has(convert.CodeShapeDropped) {
				t.Errorf("%s: shapes %v, diagnostics %v; want the collider dropped", name, shapes, diags)
			}
			continue
		}
		if len(shapes) != 1 || shapes[0].Kind != convert.TriMesh || shapes[0].Extras["godot.backface_collision"] != true || !diags.Has(convert.CodeShapeFlatRead) {
			t.Errorf("%s: read as %+v (%v), want a two-sided triangle mesh", name, shapes, diags)
			continue
		}
		m := g.Meshes[shapes[0].Mesh]
		if len(m.Positions) != 4 || len(m.Indices) != 6 {
			t.Errorf("%s: mesh of %d points and %d indices", name, len(m.Positions), len(m.Indices))
			continue
		}
		for _, p := range m.Positions {
			for k := 0; k < 3; k++ {
				if math.Abs(p[k]) != c.half[k] {
					t.Errorf("%s: corner %v, want ±%v", name, p, c.half)
				}
			}
		}
		for tri := 0; tri < 2; tri++ {
			a, b, d := m.Positions[m.Indices[3*tri]], m.Positions[m.Indices[3*tri+1]], m.Positions[m.Indices[3*tri+2]]
			n := b.Sub(a).Cross(d.Sub(a))
			if !(n[c.normal] > 0) {
				t.Errorf("%s: triangle %d faces %v, want along axis %d", name, tri, n, c.normal)
			}
		}
	}
}
