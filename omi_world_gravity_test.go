package physconv_test

import (
	"encoding/json"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// TestOMIWorldGravityInMuJoCo: an OMI scene's world gravity
// (OMI_physics_gravity: none, none at all, sideways) reaches MJCF, and
// MuJoCo moves a free box under it as the source says: after 500 steps
// of 2 ms the box has fallen ½·g·t² along the gravity (to 1 %: MuJoCo's
// semi-implicit Euler goes ½·g·t²·(1 + 1/500)), and stays put at zero g.
func TestOMIWorldGravityInMuJoCo(t *testing.T) {
	for _, c := range []struct {
		world string
		g     convert.Vec3 // glTF axes
	}{
		{`{"gravity":0}`, convert.Vec3{}},
		{`{"gravity":3,"direction":[1,0,0]}`, convert.Vec3{3, 0, 0}},
		{`{"gravity":2,"direction":[0,0,-1]}`, convert.Vec3{0, 0, -2}},
	} {
		doc := `{"asset":{"version":"2.0"},"extensionsUsed":["OMI_physics_body","OMI_physics_gravity","OMI_physics_shape"],
"extensions":{"OMI_physics_shape":{"shapes":[{"type":"box","box":{"size":[1,1,1]}}]},"OMI_physics_gravity":` + c.world + `},
"nodes":[{"name":"box","translation":[0,5,0],"extensions":{"OMI_physics_body":{"motion":{"type":"dynamic","mass":2},"collider":{"shape":0}}}}],
"scene":0,"scenes":[{"nodes":[0]}]}`
		fsys := fstest.MapFS{"g.gltf": {Data: []byte(doc)}}
		out, res := convertIn(t, all.Registry(), fsys, "g.gltf", "mjcf")
		noMismatch(t, res, "")
		p := testenv.WriteFiles(t, t.TempDir(), "out.xml", out.Main, out.Files)
		report, code := testenv.RunOracle(t, "mj-inspect", "--compact", "--steps", "500", p)
		if code != 0 {
			t.Fatalf("MuJoCo refuses the output: %s", report)
		}
		var r struct {
			Options struct {
				Timestep float64    `json:"timestep"`
				Gravity  [3]float64 `json:"gravity"`
			} `json:"options"`
		}
		if err := json.Unmarshal(report, &r); err != nil {
			t.Fatal(err)
		}
		// MJCF is Z up: glTF's (x, y, z) is MuJoCo's (x, -z, y)
		want := convert.Vec3{c.g[0], -c.g[2], c.g[1]}
		if convert.Vec3(r.Options.Gravity).Sub(want).Len() > 1e-12 {
			t.Errorf("%s: MuJoCo's gravity %v, want %v", c.world, r.Options.Gravity, want)
		}
		before := testenv.MuJoCoBodies(t, p)["box"].Xpos
		after := testenv.MuJoCoBodies(t, p, "--steps", "500")["box"].Xpos
		time := 500 * r.Options.Timestep
		moved := convert.Vec3(after).Sub(convert.Vec3(before))
		if fell := want.Scale(time * time / 2); moved.Sub(fell).Len() > 1e-6+0.01*fell.Len() {
			t.Errorf("%s: the box moved %v in %g s, want %v", c.world, moved, time, fell)
		}
	}
}
