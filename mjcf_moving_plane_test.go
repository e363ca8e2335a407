package physconv_test

import (
	"context"
	"strings"
	"testing"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// movingPlaneKHR is a dynamic body with a finite and an infinite plane
// collider beside a box, and a static ground plane.
const movingPlaneKHR = `{"asset":{"version":"2.0"},"extensionsUsed":["KHR_physics_rigid_bodies","KHR_implicit_shapes"],
"extensions":{"KHR_implicit_shapes":{"shapes":[{"type":"plane","plane":{"sizeX":2,"sizeZ":1}},{"type":"box","box":{"size":[0.2,0.2,0.2]}},{"type":"plane","plane":{}}]}},
"scenes":[{"nodes":[0,4]}],"scene":0,
"nodes":[{"name":"body","translation":[0,1,0],"children":[1,2,3],"extensions":{"KHR_physics_rigid_bodies":{"motion":{"mass":1}}}},
{"name":"plate","extensions":{"KHR_physics_rigid_bodies":{"collider":{"geometry":{"shape":0}}}}},
{"name":"cube","extensions":{"KHR_physics_rigid_bodies":{"collider":{"geometry":{"shape":1}}}}},
{"name":"sheet","extensions":{"KHR_physics_rigid_bodies":{"collider":{"geometry":{"shape":2}}}}},
{"name":"ground","extensions":{"KHR_physics_rigid_bodies":{"collider":{"geometry":{"shape":2}}}}}]}`

// TestMJCFMovingPlane: MuJoCo refuses a plane in a body that moves, so
// the planes of a dynamic body are dropped from MJCF output, each named;
// the static ground's plane stays, MuJoCo loads the file, and the
// read-back finds nothing unexplained.
func TestMJCFMovingPlane(t *testing.T) {
	in := &convert.Input{Name: "p.gltf", Data: []byte(movingPlaneKHR), Options: &convert.Options{From: "khr", To: "mjcf", OutputName: "p.xml"}}
	out, res, err := physconv.ConvertBytes(context.Background(), all.Registry(), in)
	if err != nil {
		t.Fatal(err)
	}
	dropped := 0
	for _, d := range res.Diagnostics {
		switch {
		case d.Code == convert.CodeVerifyMismatch:
			t.Error(d)
		case d.Code == convert.CodeShapeDropped && strings.Contains(d.Message, "planes only in bodies that do not move"):
			dropped++
		}
	}
	if dropped != 2 {
		t.Errorf("%d planes of the moving body named as dropped, want 2: %v", dropped, res.Diagnostics)
	}
	if n := strings.Count(string(out.Main), `type="plane"`); n != 1 {
		t.Errorf("%d planes written, want the ground's:\n%s", n, out.Main)
	}
	p := testenv.WriteFiles(t, t.TempDir(), "p.xml", out.Main, out.Files)
	if report, code := testenv.RunOracle(t, "mj-inspect", p); code != 0 {
		t.Fatalf("MuJoCo refuses the output: %s", report)
	}
}
