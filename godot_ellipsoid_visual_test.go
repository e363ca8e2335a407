package physconv_test

import (
	"context"
	"strings"
	"testing"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
)

// TestEllipsoidVisualAsSphereMesh: a Godot SphereMesh of a height other
// than twice its radius is an ellipsoid of revolution, which the Godot
// row of the lowering had no room for: written back to Godot it became a
// 266-vertex ArrayMesh (a low-poly rock came out smooth) under a warning
// that the format has no ellipsoid. An ellipsoid whose X and Z semi-axes
// are equal is now a SphereMesh in both Godot versions, with its
// subdivisions when the source gave them; any other is still a mesh.
func TestEllipsoidVisualAsSphereMesh(t *testing.T) {
	reg := all.Registry()
	rock := `[gd_scene load_steps=2 format=3]

[sub_resource type="SphereMesh" id="2"]
radius = 0.2
height = 0.3
radial_segments = 5
rings = 3

[node name="Rock" type="Node3D"]

[node name="MeshInstance3D" type="MeshInstance3D" parent="."]
mesh = SubResource("2")
`
	mjcf := `<mujoco><worldbody>
<geom name="egg" type="ellipsoid" size="0.2 0.3 0.2" contype="0" conaffinity="0"/>
<geom name="pebble" type="ellipsoid" size="0.1 0.2 0.3" contype="0" conaffinity="0" pos="1 0 0"/>
</worldbody></mujoco>`
	for _, c := range []struct {
		name, from, src, to string
		want                []string
		mesh                bool // an ArrayMesh too
	}{
		{"rock to Godot 4", "godot", rock, "godot", []string{"radius = 0.2\nheight = 0.3\nradial_segments = 5\nrings = 3"}, false},
		{"rock to Godot 3", "godot", rock, "godot3", []string{"radius = 0.2\nheight = 0.3\nradial_segments = 5\nrings = 3"}, false},
		// an egg about its own Y axis, a pebble of three semi-axes
		{"MJCF egg and pebble to Godot 4", "mjcf", mjcf, "godot", []string{"radius = 0.2\nheight = 0.6\nrings = 31"}, true},
	} {
		out, res, err := physconv.ConvertBytes(context.Background(), reg, &convert.Input{Name: "in." + map[string]string{"godot": "tscn", "mjcf": "xml"}[c.from], Data: []byte(c.src),
			Options: &convert.Options{From: c.from, To: c.to, OutputName: "out.tscn"}})
		if err != nil {
			t.Fatal(err)
		}
		text := string(out.Main)
		for _, w := range c.want {
			if !strings.Contains(text, "[sub_resource type=\"SphereMesh\"") || !strings.Contains(text, w) {
				t.Errorf("%s: no SphereMesh with %q in\n%s", c.name, w, text)
			}
		}
		if got := strings.Contains(text, "ArrayMesh"); got != c.mesh {
			t.Errorf("%s: ArrayMesh written: %v, want %v\n%s", c.name, got, c.mesh, text)
		}
		if n := len(res.Diagnostics.OfCode(convert.CodeShapeApproximated)); c.mesh != (n == 1) {
			t.Errorf("%s: %d shape-approximated: %v", c.name, n, res.Diagnostics)
		}
	}
}
