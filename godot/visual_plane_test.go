package godot

import (
	"fmt"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestPlaneMeshVisual: a PlaneMesh facing +Y is read as a finite plane
// visual and written back as a PlaneMesh of the same size; turned or
// offset ones, which the Graph cannot place, are reported and left out.
func TestPlaneMeshVisual(t *testing.T) {
	cases := []struct {
		props string
		sizeX float64
		sizeZ float64
		kept  bool
	}{
		{"", 2, 2, true},
		{"size = Vector2(50, 20)", 50, 20, true},
		{"size = Vector2(3, 4)\norientation = 1", 3, 4, true},
		{"orientation = 2", 0, 0, false},
		{"center_offset = Vector3(0, 1, 0)", 0, 0, false},
		{"size = Vector2(0, 4)", 0, 0, false},
	}
	for _, c := range cases {
		t.Run(c.props, func(t *testing.T) {
			scene := fmt.Sprintf(`[gd_scene load_steps=2 format=3]

[sub_resource type="PlaneMesh" id="1"]
%s

[node name="Root" type="Node3D"]

[node name="Floor" type="MeshInstance3D" parent="."]
mesh = SubResource("1")
`, c.props)
			g, diags, err := Parse(&convert.Input{Name: "plane.tscn", Data: []byte(scene), Options: &convert.Options{}})
			if err != nil {
				t.Fatal(err)
			}
			var vis *convert.Visual
			for _, n := range g.Nodes {
				if n.Visual != nil {
					vis = n.Visual
				}
			}
			if !c.kept {
				if vis != nil || !diags.Has(convert.CodeVisualDropped) {
					t.Fatalf("want the visual dropped with %s, got %v, %v", convert.CodeVisualDropped, vis, diags)
				}
				return
			}
			if vis == nil {
				t.Fatalf("no visual read: %v", diags)
			}
			if s := g.Shapes[vis.Shape]; s.Kind != convert.Plane || s.SizeX != c.sizeX || s.SizeZ != c.sizeZ {
				t.Fatalf("shape %+v, want a %g × %g plane", s, c.sizeX, c.sizeZ)
			}
			out, ediags, err := Emit(g, &convert.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if want := fmt.Sprintf("size = Vector2(%.1f, %.1f)", c.sizeX, c.sizeZ); !strings.Contains(string(out.Main), `type="PlaneMesh"`) || !strings.Contains(string(out.Main), want) {
				t.Errorf("written scene lacks a PlaneMesh with %s:\n%s", want, out.Main)
			}
			if ediags.Max() >= convert.Warning {
				t.Errorf("round trip warns: %v", ediags)
			}
		})
	}
}
