package physconv_test

import (
	"encoding/json"
	"fmt"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/all"
)

// TestWorldGravityWrittenFromTheGraph: a glTF output's world gravity
// (document-level OMI_physics_gravity) is the Graph's, never the source's
// extension carried over. A KHR file that also has an OMI world gravity is
// read as KHR, which ignores it: its OMI output had kept the source's
// extension, which an OMI reader takes as the world's gravity (zero here:
// verify-mismatch). For every source — that KHR file, OMI files with a
// world gravity, with none, with a trigger's gravity field — to every
// format: no verify-mismatch, OMI output has the world gravity the source
// was read with (none when it was ignored), KHR output has none, and a
// node's gravity field stays in glTF output.
func TestWorldGravityWrittenFromTheGraph(t *testing.T) {
	const shapes = `{"shapes":[{"type":"sphere","sphere":{"radius":0.5}}]}`
	khrBall := `{"name":"Ball","extensions":{"KHR_physics_rigid_bodies":{"motion":{"mass":1},"collider":{"geometry":{"shape":0}}}}}`
	omiBall := `{"name":"Ball","translation":[0,2,0],"extensions":{"OMI_physics_body":{"motion":{"type":"dynamic","mass":1},"collider":{"shape":0}}}}`
	omiField := `{"name":"Well","extensions":{"OMI_physics_body":{"trigger":{"shape":0}},"OMI_physics_gravity":{"type":"point","gravity":4}}}`
	cases := []struct {
		name, doc string
		world     *[3]float64 // the world gravity the source is read with (glTF axes)
		field     bool        // a node's gravity field
	}{
		{"KHR with an OMI world gravity", `{"asset":{"version":"2.0"},"extensionsUsed":["KHR_implicit_shapes","KHR_physics_rigid_bodies","OMI_physics_gravity"],
"extensions":{"KHR_implicit_shapes":` + shapes + `,"OMI_physics_gravity":{"gravity":0}},"scene":0,"scenes":[{"nodes":[0]}],"nodes":[` + khrBall + `]}`, nil, false},
		{"OMI with zero gravity", `{"asset":{"version":"2.0"},"extensionsUsed":["OMI_physics_body","OMI_physics_shape","OMI_physics_gravity"],
"extensions":{"OMI_physics_shape":` + shapes + `,"OMI_physics_gravity":{"gravity":0}},"scene":0,"scenes":[{"nodes":[0]}],"nodes":[` + omiBall + `]}`, &[3]float64{0, 0, 0}, false},
		{"OMI with sideways gravity and a field", `{"asset":{"version":"2.0"},"extensionsUsed":["OMI_physics_body","OMI_physics_shape","OMI_physics_gravity"],
"extensions":{"OMI_physics_shape":` + shapes + `,"OMI_physics_gravity":{"gravity":3.5,"direction":[1,0,0]}},"scene":0,"scenes":[{"nodes":[0,1]}],"nodes":[` + omiBall + `,` + omiField + `]}`, &[3]float64{3.5, 0, 0}, true},
		{"OMI with a field only", `{"asset":{"version":"2.0"},"extensionsUsed":["OMI_physics_body","OMI_physics_shape","OMI_physics_gravity"],
"extensions":{"OMI_physics_shape":` + shapes + `},"scene":0,"scenes":[{"nodes":[0,1]}],"nodes":[` + omiBall + `,` + omiField + `]}`, nil, true},
	}
	reg := all.Registry()
	for _, c := range cases {
		fsys := fstest.MapFS{"g.gltf": {Data: []byte(c.doc)}}
		noMismatchAnywhere(t, reg, fsys, "g.gltf", c.name)
		for _, to := range []string{"omi", "khr"} {
			out, _ := convertIn(t, reg, fsys, "g.gltf", to)
			var doc struct {
				ExtensionsUsed []string `json:"extensionsUsed"`
				Extensions     struct {
					Gravity *struct {
						Gravity   float64     `json:"gravity"`
						Direction *[3]float64 `json:"direction"`
					} `json:"OMI_physics_gravity"`
				} `json:"extensions"`
				Nodes []struct {
					Extensions map[string]json.RawMessage `json:"extensions"`
				} `json:"nodes"`
			}
			if err := json.Unmarshal(out.Main, &doc); err != nil {
				t.Fatalf("%s → %s: %v", c.name, to, err)
			}
			what := fmt.Sprintf("%s → %s", c.name, to)
			g := doc.Extensions.Gravity
			switch {
			case to == "omi" && c.world != nil:
				if g == nil {
					t.Errorf("%s: no world gravity written, want %v", what, *c.world)
					break
				}
				dir := [3]float64{0, -1, 0}
				if g.Direction != nil {
					dir = *g.Direction
				}
				if got := [3]float64{g.Gravity * dir[0], g.Gravity * dir[1], g.Gravity * dir[2]}; got != *c.world {
					t.Errorf("%s: world gravity %v, want %v", what, got, *c.world)
				}
			case g != nil:
				t.Errorf("%s: world gravity %+v written, want none", what, *g)
			}
			field := false
			for _, n := range doc.Nodes {
				if _, ok := n.Extensions["OMI_physics_gravity"]; ok {
					field = true
				}
			}
			used := false
			for _, n := range doc.ExtensionsUsed {
				used = used || n == "OMI_physics_gravity"
			}
			if field != c.field || used != (field || g != nil) {
				t.Errorf("%s: gravity field on a node %v (want %v), OMI_physics_gravity listed as used %v", what, field, c.field, used)
			}
		}
	}
}
