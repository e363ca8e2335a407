package testenv

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// MuJoCoBody is one body of an mj-inspect report: its mass, principal
// moments and world pose (after the steps asked for, in after_steps;
// Xquat is w first, as MuJoCo writes it).
type MuJoCoBody struct {
	Name    string     `json:"name"`
	Mass    float64    `json:"mass"`
	Inertia [3]float64 `json:"inertia"`
	Xpos    [3]float64 `json:"xpos"`
	Xquat   [4]float64 `json:"xquat"`
}

// MuJoCoBodies runs mj-inspect on file (args before it, such as
// "--steps", "100") and returns its bodies by name: those after the
// steps when steps were run. A model MuJoCo refuses fails t.
func MuJoCoBodies(t testing.TB, file string, args ...string) map[string]MuJoCoBody {
	t.Helper()
	out, code := RunOracle(t, "mj-inspect", append(append(args, "--compact"), file)...)
	if code != 0 {
		t.Fatalf("MuJoCo refuses %s: %s", file, out)
	}
	var r struct {
		Bodies []MuJoCoBody `json:"bodies"`
		After  *struct {
			Bodies []MuJoCoBody `json:"bodies"`
		} `json:"after_steps"`
	}
	if err := json.Unmarshal(out, &r); err != nil {
		t.Fatalf("mj-inspect report: %v", err)
	}
	bodies := r.Bodies
	if r.After != nil {
		bodies = r.After.Bodies
	}
	byName := make(map[string]MuJoCoBody, len(bodies))
	for _, b := range bodies {
		byName[b.Name] = b
	}
	return byName
}

// MeshDirFor drops "--meshdir DIR" from mj-inspect arguments for a URDF
// file that tells MuJoCo to keep its mesh folders (a <mujoco> compiler
// with strippath="false", as physconv's URDF output writes when its meshes
// lie in a folder beside it): MuJoCo then finds them where the file says,
// and a mesh folder given as well would be put before those paths.
func MeshDirFor(file string, args []string) []string {
	data, err := os.ReadFile(file)
	if err != nil || !strings.Contains(string(data), `strippath="false"`) {
		return args
	}
	out := make([]string, 0, len(args))
	for i := 0; i < len(args); i++ {
		if args[i] == "--meshdir" && i+1 < len(args) {
			i++
			continue
		}
		out = append(out, args[i])
	}
	return out
}
