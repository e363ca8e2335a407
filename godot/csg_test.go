package godot

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// csgScene is a floor of CSG class (Godot version v's spelling) with
// collision, and a box dropped on it.
func csgScene(v int, class, props string) string {
	if v == 3 {
		return fmt.Sprintf(`[gd_scene format=2]

[sub_resource type="BoxShape" id=1]
extents = Vector3( 0.5, 0.5, 0.5 )

[node name="Root" type="Spatial"]

[node name="Floor" type=%q parent="."]
use_collision = true
%s

[node name="Ball" type="RigidBody" parent="."]
transform = Transform( 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 2, 0 )

[node name="CollisionShape" type="CollisionShape" parent="Ball"]
shape = SubResource( 1 )
`, class, props)
	}
	return fmt.Sprintf(`[gd_scene format=3]

[sub_resource type="BoxShape3D" id="1"]

[node name="Root" type="Node3D"]

[node name="Floor" type=%q parent="."]
use_collision = true
%s

[node name="Ball" type="RigidBody3D" parent="."]
transform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 2, 0)

[node name="CollisionShape3D" type="CollisionShape3D" parent="Ball"]
shape = SubResource("1")
`, class, props)
}

// TestCSGKeptInItsOwnVersion: a CSG node is kept with its class and
// properties in Godot output of the version it was read from, the only
// output that has its shapes. Godot 3 output spelled it by its Godot 4
// class (CSGBox3D with Godot 3's width, height and depth), which Godot 3
// drops, and the box resting on it fell through. The warning says which
// output keeps it.
func TestCSGKeptInItsOwnVersion(t *testing.T) {
	cases := []struct {
		v            int
		class, props string
	}{
		{3, "CSGBox", "width = 4.0\nheight = 0.5\ndepth = 4.0"},
		{3, "CSGCylinder", "radius = 3.0\nheight = 0.5"},
		{3, "CSGSphere", "radius = 0.5"},
		{3, "CSGTorus", "inner_radius = 1.0\nouter_radius = 2.0"},
		{3, "CSGCombiner", ""},
		{4, "CSGBox3D", "size = Vector3(4, 0.5, 4)"},
		{4, "CSGCylinder3D", "radius = 3.0\nheight = 0.5"},
		{4, "CSGCombiner3D", ""},
	}
	for _, c := range cases {
		scene := csgScene(c.v, c.class, c.props)
		out, _ := convertScene(t, scene, c.v)
		want := fmt.Sprintf("type=%q", c.class)
		if !strings.Contains(out, want) {
			t.Errorf("Godot %d %s to Godot %d: no %s in\n%s", c.v, c.class, c.v, want, out)
		}
		for _, p := range strings.Split(c.props, "\n") {
			if p != "" && !strings.Contains(out, p) {
				t.Errorf("Godot %d %s: %q not kept", c.v, c.class, p)
			}
		}
		_, diags, err := Parse(&convert.Input{Name: "s.tscn", Data: []byte(scene), Options: &convert.Options{}})
		if err != nil {
			t.Fatal(err)
		}
		said := false
		for _, d := range diags {
			said = said || d.Code == convert.CodeGodotUnsupportedNode && strings.Contains(d.Message, "same Godot version")
		}
		if !said {
			t.Errorf("Godot %d %s: no warning that only Godot %d output keeps its collision: %v", c.v, c.class, c.v, diags)
		}
	}
	// and the engines let the box rest on the floor in the output as in
	// the source
	for _, c := range []struct {
		v            int
		class, props string
	}{{3, "CSGBox", "width = 4.0\nheight = 0.5\ndepth = 4.0"}, {4, "CSGBox3D", "size = Vector3(4, 0.5, 4)"}} {
		oracle := fmt.Sprintf("godot%d-inspect", c.v)
		testenv.Oracle(t, oracle)
		scene := csgScene(c.v, c.class, c.props)
		out, _ := convertScene(t, scene, c.v)
		ys := map[string]float64{}
		for name, text := range map[string]string{"source": scene, "output": out} {
			b, ok := testenv.GodotOrigins(t, oracle, text, 60, nil)["Ball"]
			if !ok {
				t.Fatalf("%s %s: no Ball after the steps", oracle, name)
			}
			ys[name] = b[1]
		}
		if ys["source"] < 0.5 || math.Abs(ys["output"]-ys["source"]) > 1e-3 {
			t.Errorf("Godot %d: the box rests at y=%.4f in the source and at y=%.4f in the output", c.v, ys["source"], ys["output"])
		}
	}
}
