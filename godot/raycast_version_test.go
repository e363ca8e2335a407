package godot

import (
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestRayCastAcrossVersions: a ray cast keeps where it points between
// Godot 3 (cast_to) and Godot 4 (target_position), and its shared
// settings; a property without a counterpart is dropped by name.
func TestRayCastAcrossVersions(t *testing.T) {
	g3 := `[gd_scene load_steps=1 format=2]

[node name="Root" type="Spatial"]

[node name="Ray" type="RayCast" parent="."]
enabled = true
cast_to = Vector3( 0, -3, 0 )
collision_mask = 5
`
	g4 := `[gd_scene format=3]

[node name="Root" type="Node3D"]

[node name="Ray" type="RayCast3D" parent="."]
target_position = Vector3(0, -3, 0)
collision_mask = 5
hit_back_faces = false
`
	cases := []struct {
		name, src string
		to        int
		want      []string
		dropped   string
	}{
		{"3 to 4", g3, 4, []string{"target_position = Vector3(0, -3, 0)", "collision_mask = 5", "enabled = true"}, ""},
		{"4 to 3", g4, 3, []string{"cast_to = Vector3( 0, -3, 0 )", "collision_mask = 5"}, "hit_back_faces"},
	}
	for _, c := range cases {
		g, _, err := Parse(&convert.Input{Name: "r.tscn", Data: []byte(c.src), Options: &convert.Options{}})
		if err != nil {
			t.Fatal(err)
		}
		out, diags, err := Emit(g, (&convert.Options{}).With(VersionOption, map[int]string{3: "3", 4: "4"}[c.to]))
		if err != nil {
			t.Fatal(err)
		}
		text := string(out.Main)
		for _, w := range c.want {
			if !strings.Contains(text, w) {
				t.Errorf("%s: no %q in\n%s", c.name, w, text)
			}
		}
		if strings.Contains(text, "cast_to") && c.to == 4 || strings.Contains(text, "target_position") && c.to == 3 {
			t.Errorf("%s: the other version's name is written:\n%s", c.name, text)
		}
		said := ""
		for _, d := range diags {
			if d.Code == convert.CodeGodotPropsDropped {
				said += d.Message
			}
		}
		if c.dropped != "" && !strings.Contains(said, c.dropped) || c.dropped == "" && said != "" {
			t.Errorf("%s: props-dropped says %q, want %q named", c.name, said, c.dropped)
		}
	}
}
