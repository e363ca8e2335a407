package godot

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestVisualColorRoundTrip: a MeshInstance's colour is read from
// whichever material Godot draws it with (material_override before the
// surface override before the mesh's own material), in both versions,
// and survives writing to either version and reading back; a shader
// material leaves the colour unknown.
func TestVisualColorRoundTrip(t *testing.T) {
	red, half := &[4]float64{1, 0, 0, 1}, &[4]float64{0.2, 0.4, 0.6, 0.5}
	cases := []struct {
		name    string
		version int
		// material sub-resources (ids m1, m2), node properties, mesh
		// properties
		mats, node, mesh string
		want             *[4]float64
	}{
		{"override", 4, `[sub_resource type="StandardMaterial3D" id="m1"]
albedo_color = Color(1, 0, 0, 1)`, `material_override = SubResource("m1")`, "", red},
		{"surface override", 4, `[sub_resource type="StandardMaterial3D" id="m1"]
transparency = 1
albedo_color = Color(0.2, 0.4, 0.6, 0.5)`, `surface_material_override/0 = SubResource("m1")`, "", half},
		{"mesh material", 4, `[sub_resource type="ORMMaterial3D" id="m1"]
albedo_color = Color(1, 0, 0)`, "", `material = SubResource("m1")`, red},
		{"override wins", 4, `[sub_resource type="StandardMaterial3D" id="m1"]
albedo_color = Color(1, 0, 0, 1)

[sub_resource type="StandardMaterial3D" id="m2"]
albedo_color = Color(0, 1, 0, 1)`, `material_override = SubResource("m1")
surface_material_override/0 = SubResource("m2")`, `material = SubResource("m2")`, red},
		{"default albedo", 4, `[sub_resource type="StandardMaterial3D" id="m1"]
roughness = 0.3`, `material_override = SubResource("m1")`, "", &[4]float64{1, 1, 1, 1}},
		{"textured material", 4, `[sub_resource type="StandardMaterial3D" id="m1"]
albedo_color = Color(0.2, 0.4, 0.6, 0.5)
metallic = 0.7`, `material_override = SubResource("m1")`, "", half},
		{"shader", 4, `[sub_resource type="ShaderMaterial" id="m1"]`, `material_override = SubResource("m1")`, "", nil},
		{"no material", 4, "", "", "", nil},
		{"godot3 override", 3, `[sub_resource type="SpatialMaterial" id=1]
albedo_color = Color( 1, 0, 0, 1 )`, `material_override = SubResource( 1 )`, "", red},
		{"godot3 surface", 3, `[sub_resource type="SpatialMaterial" id=1]
flags_transparent = true
albedo_color = Color( 0.2, 0.4, 0.6, 0.5 )`, `material/0 = SubResource( 1 )`, "", half},
		{"godot3 mesh material", 3, `[sub_resource type="SpatialMaterial" id=1]
albedo_color = Color( 1, 0, 0, 1 )`, "", `material = SubResource( 1 )`, red},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			scene := fmt.Sprintf(`[gd_scene load_steps=3 format=3]

%s

[sub_resource type="BoxMesh" id="box"]
%s

[node name="Root" type="Node3D"]

[node name="Vis" type="MeshInstance3D" parent="."]
mesh = SubResource("box")
%s
`, c.mats, c.mesh, c.node)
			if c.version == 3 {
				scene = fmt.Sprintf(`[gd_scene load_steps=3 format=2]

%s

[sub_resource type="CubeMesh" id=9]
%s

[node name="Root" type="Spatial"]

[node name="Vis" type="MeshInstance" parent="."]
mesh = SubResource( 9 )
%s
`, c.mats, c.mesh, c.node)
			}
			g := parseVisualScene(t, scene)
			checkColor(t, "source", g, c.want)
			for _, to := range []int{4, 3} {
				out, _, err := Emit(g, (&convert.Options{}).With(VersionOption, strconv.Itoa(to)))
				if err != nil {
					t.Fatal(err)
				}
				back := parseVisualScene(t, string(out.Main))
				checkColor(t, fmt.Sprintf("Godot %d → %d", c.version, to), back, c.want)
				if to == c.version && c.want != nil && strings.Count(string(out.Main), "material_override") != 1 && !strings.Contains(c.node, "surface") && !strings.Contains(c.node, "material/0") {
					t.Errorf("Godot %d → %d: want one material_override:\n%s", c.version, to, out.Main)
				}
			}
		})
	}
}

func parseVisualScene(t *testing.T, scene string) *convert.Graph {
	t.Helper()
	g, diags, err := Parse(&convert.Input{Name: "vis.tscn", Data: []byte(scene), Options: &convert.Options{}})
	if err != nil {
		t.Fatalf("%v\n%s", err, scene)
	}
	if diags.Has(convert.CodeVisualDropped) {
		t.Fatalf("visual dropped: %v", diags)
	}
	return g
}

func checkColor(t *testing.T, what string, g *convert.Graph, want *[4]float64) {
	t.Helper()
	var got *[4]float64
	n := 0
	for _, x := range g.Nodes {
		if x.Visual != nil {
			got = x.Visual.Color
			n++
		}
	}
	if n != 1 {
		t.Fatalf("%s: %d visuals, want 1", what, n)
	}
	switch {
	case want == nil && got != nil:
		t.Errorf("%s: colour %v, want none", what, *got)
	case want != nil && got == nil:
		t.Errorf("%s: no colour, want %v", what, *want)
	case want != nil:
		for k := range want {
			if math.Abs(got[k]-want[k]) > 1e-9 {
				t.Errorf("%s: colour %v, want %v", what, *got, *want)
				break
			}
		}
	}
}

// TestGodot3CapsuleMeshVisual: a Godot 3 CapsuleMesh (along Z, mid_height
// its cylinder part, defaults radius 1 and mid_height 1) is read as a
// Graph capsule along the node's Z axis in the world, and written to
// Godot 4 as the same capsule.
func TestGodot3CapsuleMeshVisual(t *testing.T) {
	for _, c := range []struct {
		props     string
		r, middle float64
	}{{"radius = 0.3\nmid_height = 1.2", 0.3, 1.2}, {"", 1, 1}} {
		t.Run(c.props, func(t *testing.T) {
			scene := fmt.Sprintf(`[gd_scene load_steps=2 format=2]

[sub_resource type="CapsuleMesh" id=1]
%s

[node name="Root" type="Spatial"]

[node name="Cap" type="MeshInstance" parent="."]
transform = Transform( 0, -1, 0, 1, 0, 0, 0, 0, 1, 1, 2, 3 )
mesh = SubResource( 1 )

[node name="Child" type="Spatial" parent="Cap"]
transform = Transform( 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0.5 )
`, c.props)
			g := parseVisualScene(t, scene)
			i := nodeNamed(t, g, "Cap")
			sh := g.Shapes[g.Nodes[i].Visual.Shape]
			if sh.Kind != convert.Capsule || sh.RadiusTop != c.r || sh.Height != c.middle {
				t.Fatalf("shape %+v, want a capsule r %g, cylinder part %g", sh, c.r, c.middle)
			}
			w := g.Frames(-1)
			axis := w.World(i).R.Rotate(convert.Vec3{0, 1, 0})
			// the node's Z axis: its basis's third column (0, 0, 1)
			if math.Abs(math.Abs(axis[2])-1) > 1e-9 {
				t.Errorf("capsule axis %v in the world, want ±Z", axis)
			}
			if p := w.World(nodeNamed(t, g, "Child")).T; p.Sub(convert.Vec3{1, 2, 3.5}).Len() > 1e-9 {
				t.Errorf("child moved to %v, want (1, 2, 3.5)", p)
			}
			out, _, err := Emit(g, &convert.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if want := fmt.Sprintf("height = %s", formatFloat(c.middle+2*c.r)); !strings.Contains(string(out.Main), want) {
				t.Errorf("Godot 4 CapsuleMesh lacks %s:\n%s", want, out.Main)
			}
		})
	}
}

func formatFloat(f float64) string {
	s := strconv.FormatFloat(f, 'f', -1, 64)
	if !strings.Contains(s, ".") {
		s += ".0"
	}
	return s
}

// TestMeshFileVersion: a mesh resource of a Godot source stays a
// reference in output for the same Godot version, and in Godot 4 output;
// a Godot 4 resource is not referenced from Godot 3 output (Godot 3
// cannot load it, and refuses a scene with an unloadable resource), the
// visual reported instead.
func TestMeshFileVersion(t *testing.T) {
	scenes := map[int]string{
		4: `[gd_scene load_steps=2 format=3]

[ext_resource type="ArrayMesh" path="res://head.mesh" id="1"]

[node name="Root" type="Node3D"]

[node name="Head" type="MeshInstance3D" parent="."]
mesh = ExtResource("1")
`,
		3: `[gd_scene load_steps=2 format=2]

[ext_resource path="res://head.mesh" type="ArrayMesh" id=1]

[node name="Root" type="Spatial"]

[node name="Head" type="MeshInstance" parent="."]
mesh = ExtResource( 1 )
`,
	}
	for _, from := range []int{4, 3} {
		for _, to := range []int{4, 3} {
			t.Run(fmt.Sprintf("%d to %d", from, to), func(t *testing.T) {
				g, _, err := Parse(&convert.Input{Name: "head.tscn", Data: []byte(scenes[from]), Options: &convert.Options{}})
				if err != nil {
					t.Fatal(err)
				}
				out, diags, err := Emit(g, (&convert.Options{}).With(VersionOption, strconv.Itoa(to)))
				if err != nil {
					t.Fatal(err)
				}
				refs := strings.Contains(string(out.Main), `res://head.mesh`)
				if want := !(from == 4 && to == 3); refs != want || diags.Has(convert.CodeVisualDropped) == want {
					t.Errorf("mesh referenced %v, want %v; visual-dropped %v:\n%s", refs, want, diags.Has(convert.CodeVisualDropped), out.Main)
				}
			})
		}
	}
}
