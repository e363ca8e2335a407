package physconv_test

import (
	"math"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/internal/testenv"
)

// TestProjectGravityThroughKHR: KHR has no scene gravity, so a Godot
// project's gravity (20 m/s² here) is written as every body's gravity
// factor of Earth's 9.81; read back, those factors were taken as the
// bodies' own, and a Godot scene made of the glTF fell at 20.39 m/s² in
// its project (1.9 % more than its source) and 19.99 in a default one.
// The KHR file keeps the scene gravity in its physconv extras, which
// engines ignore: read back, the scene has its project's gravity again
// and each body its own factor, so the Godot scene falls as its source
// does in the project (Godot 4.6, 60 steps), and MJCF output of the glTF
// has the gravity of 20 m/s².
func TestProjectGravityThroughKHR(t *testing.T) {
	reg := all.Registry()
	project := "config_version=5\n\n[physics]\n\n3d/default_gravity=20.0\n3d/default_linear_damp=0.0\n3d/default_angular_damp=0.0\n"
	scene := dampedScene("linear_damp_mode = 1\nangular_damp_mode = 1") + `
[node name="Light" type="RigidBody3D" parent="."]
transform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 3, 10, 0)
gravity_scale = 0.5

[node name="Shape" type="CollisionShape3D" parent="Light"]
shape = SubResource("1")
`
	convertBytes := func(name string, fsys fstest.MapFS, to string) []byte {
		t.Helper()
		out, res := convertIn(t, reg, fsys, name, to)
		for _, d := range mismatches(res) {
			t.Errorf("%s to %s: %v", name, to, d)
		}
		return out.Main
	}
	fsys := fstest.MapFS{"scene.tscn": {Data: []byte(scene)}, "project.godot": {Data: []byte(project)}}
	gltf := convertBytes("scene.tscn", fsys, "khr")
	if !strings.Contains(string(gltf), `"sceneGravity"`) {
		t.Fatalf("the KHR file keeps no scene gravity:\n%s", gltf)
	}
	back := convertBytes("scene.gltf", fstest.MapFS{"scene.gltf": {Data: gltf}}, "godot")
	if strings.Contains(string(back), "gravity_scale = 2") || !strings.Contains(string(back), "gravity_scale = 0.5") {
		t.Errorf("Godot scene of the glTF has factors of its own:\n%s", back)
	}
	mjcf := convertBytes("scene.gltf", fstest.MapFS{"scene.gltf": {Data: gltf}}, "mjcf")
	if !strings.Contains(string(mjcf), `gravity="0 0 -20"`) {
		t.Errorf("MJCF of the glTF has not the gravity of 20 m/s²:\n%s", mjcf)
	}

	testenv.Oracle(t, "godot4-inspect")
	files := map[string]string{"project.godot": project}
	source := testenv.GodotOrigins(t, "godot4-inspect", scene, 60, files)
	output := testenv.GodotOrigins(t, "godot4-inspect", string(back), 60, files)
	for _, body := range []string{"Ball", "Light"} {
		if d := math.Abs(source[body][1] - output[body][1]); d > 1e-6 || source[body][1] > 9 {
			t.Errorf("%s after 60 steps in Godot 4.6: at %.6f, its source at %.6f", body, output[body][1], source[body][1])
		}
	}
}
