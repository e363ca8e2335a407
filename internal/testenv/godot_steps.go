package testenv

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// Godot4Project is the project.godot a Godot 4 scene is stepped in when
// nothing else is asked of its project.
const Godot4Project = "config_version=5\n"

// GodotOrigins steps scene with oracle (godot4-inspect or godot3-inspect,
// --steps) in a folder of its own, with the files given beside it (name
// → text, a project.godot among them when the scene needs one), and
// returns where each node is then, by its path from the scene's root
// ("." for the root). A scene the engine does not load fails t.
func GodotOrigins(t testing.TB, oracle, scene string, steps int, files map[string]string) map[string][3]float64 {
	t.Helper()
	out := map[string][3]float64{}
	for path, p := range GodotPoses(t, oracle, scene, steps, files) {
		out[path] = p.Origin
	}
	return out
}

// GodotPose is a node's global pose: its origin and its rotation as a
// quaternion [x y z w].
type GodotPose struct {
	Origin [3]float64
	Quat   [4]float64
}

// GodotPoses is GodotOrigins with each node's rotation too.
func GodotPoses(t testing.TB, oracle, scene string, steps int, files map[string]string) map[string]GodotPose {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	file := filepath.Join(dir, "scene.tscn")
	if err := os.WriteFile(file, []byte(scene), 0o644); err != nil {
		t.Fatal(err)
	}
	raw, code := RunOracle(t, oracle, "--compact", "--steps", strconv.Itoa(steps), file)
	var rep struct {
		After map[string]struct {
			Global struct {
				Origin [3]float64 `json:"origin"`
				Quat   struct {
					X, Y, Z, W float64
				} `json:"quat"`
			} `json:"global_transform"`
		} `json:"after_steps"`
	}
	if err := json.Unmarshal(raw, &rep); err != nil || code != 0 {
		t.Fatalf("%s exit %d: %v\n%s", oracle, code, err, raw)
	}
	out := make(map[string]GodotPose, len(rep.After))
	for path, n := range rep.After {
		q := n.Global.Quat
		out[path] = GodotPose{Origin: n.Global.Origin, Quat: [4]float64{q.X, q.Y, q.Z, q.W}}
	}
	return out
}
