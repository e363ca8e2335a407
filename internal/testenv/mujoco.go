package testenv

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// MuJoCoBody is one body of an mj-inspect report: its mass, principal
// moments, centre of mass in its frame and world pose (after the steps
// asked for, in after_steps; Xquat is w first, as MuJoCo writes it).
type MuJoCoBody struct {
	Name    string     `json:"name"`
	Mass    float64    `json:"mass"`
	Inertia [3]float64 `json:"inertia"`
	Ipos    [3]float64 `json:"ipos"`
	Xpos    [3]float64 `json:"xpos"`
	Xquat   [4]float64 `json:"xquat"`
}

// COM is the body's centre of mass in the world: where it is whatever
// frame a format gives the body (URDF puts a link's frame at its joint).
func (b MuJoCoBody) COM() [3]float64 {
	w, x, y, z := b.Xquat[0], b.Xquat[1], b.Xquat[2], b.Xquat[3]
	v := b.Ipos
	// v + 2w(q×v) + 2q×(q×v), q the vector part
	cx, cy, cz := y*v[2]-z*v[1], z*v[0]-x*v[2], x*v[1]-y*v[0]
	return [3]float64{
		b.Xpos[0] + v[0] + 2*w*cx + 2*(y*cz-z*cy),
		b.Xpos[1] + v[1] + 2*w*cy + 2*(z*cx-x*cz),
		b.Xpos[2] + v[2] + 2*w*cz + 2*(x*cy-y*cx),
	}
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
		// the poses after the steps, the rest from the model
		model := make(map[string]MuJoCoBody, len(r.Bodies))
		for _, b := range r.Bodies {
			model[b.Name] = b
		}
		bodies = r.After.Bodies
		for i, b := range bodies {
			m := model[b.Name]
			bodies[i].Mass, bodies[i].Inertia, bodies[i].Ipos = m.Mass, m.Inertia, m.Ipos
		}
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
