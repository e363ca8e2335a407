package physconv_test

import (
	"context"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
)

// TestUnphysicalInertiaKeptWhereTaken: a glTF body whose given moments
// break the triangle inequality (a water wheel's [0.4 0.1 0.1]; glTF sets
// no such rule, Godot's engines take it) keeps them in KHR, OMI and Godot
// output, where they were halved on the spin axis; MJCF and URDF output,
// whose engine refuses them, get the repaired moments with
// inertia-repaired. Every conversion verifies clean.
func TestUnphysicalInertiaKeptWhereTaken(t *testing.T) {
	const wheel = `{"asset":{"version":"2.0"},"extensionsUsed":["KHR_physics_rigid_bodies","KHR_implicit_shapes"],
"extensions":{"KHR_implicit_shapes":{"shapes":[{"type":"sphere","sphere":{"radius":0.5}}]}},
"scene":0,"scenes":[{"nodes":[0]}],
"nodes":[{"name":"Wheel","extensions":{"KHR_physics_rigid_bodies":{"motion":{"mass":2,"inertiaDiagonal":[0.4,0.1,0.1]},"collider":{"geometry":{"shape":0}}}}}]}`
	reg := all.Registry()
	for _, to := range []string{"khr", "omi", "godot", "godot3", "mjcf", "urdf"} {
		in := &convert.Input{Name: "w.gltf", Data: []byte(wheel), FS: fstest.MapFS{}, Dir: ".", Options: &convert.Options{From: "khr", To: to, OutputName: "out" + emitExt[to]}}
		out, res, err := physconv.ConvertBytes(context.Background(), reg, in)
		if err != nil {
			t.Fatal(err)
		}
		repaired := false
		for _, d := range res.Diagnostics {
			repaired = repaired || d.Code == convert.CodeInertiaRepaired
			if d.Code == convert.CodeVerifyMismatch {
				t.Errorf("%s: %v", to, d)
			}
		}
		refuses := to == "mjcf" || to == "urdf"
		if repaired != refuses {
			t.Errorf("%s: inertia-repaired %v", to, repaired)
		}
		kept := map[string]string{"khr": "[0.4, 0.1, 0.1]", "omi": "0.4", "godot": "Vector3(0.4, 0.1, 0.1)"}[to]
		if kept != "" && !strings.Contains(string(out.Main), kept) {
			t.Errorf("%s: the moments are not kept:\n%s", to, out.Main)
		}
	}
}
