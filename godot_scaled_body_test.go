package physconv_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/inspect"
	"github.com/physconv/physconv/internal/testenv"
)

// TestScaledBodyCentreOfMassInGodot: a glTF body under a uniform scale
// (Blender exports at 0.01) was written as a scaled RigidBody3D with its
// centre of mass in the scaled frame, which Jolt reads so and
// GodotPhysics3D without the scale: the centre of mass landed 1/scale
// too far out there, and a robot flew apart. The body's frame is now
// written unscaled, the scale carried by what it holds. On 4 generated
// bodies (scales 0.01 to 3, an off-centre centre of mass, a collider on
// the body node and one on a child), side by side in one scene, both
// Godot 4 physics engines put each centre of mass and inertia where the
// source's report has them.
func TestScaledBodyCentreOfMassInGodot(t *testing.T) {
	testenv.Oracle(t, "godot4-inspect")
	r := rand.New(rand.NewPCG(41, 2))
	reg := all.Registry()
	scales := []float64{0.01, 0.262, 0.5, 3}
	var nodes, roots []string
	for k, s := range scales {
		com := [3]float64{r.Float64()*2 - 1, r.Float64(), r.Float64() - 0.5}
		roots = append(roots, fmt.Sprint(2*k))
		nodes = append(nodes, fmt.Sprintf(`{"name":"Bar%[1]d","scale":[%[2]g,%[2]g,%[2]g],"translation":[%[6]d,5,0],"rotation":[0,0.3826834323650898,0,0.9238795325112867],"children":[%[7]d],
 "extensions":{"KHR_physics_rigid_bodies":{"motion":{"mass":2,"centerOfMass":[%[3]g,%[4]g,%[5]g],"inertiaDiagonal":[0.3,0.5,0.7]},"collider":{"geometry":{"shape":0}}}}},
 {"name":"Ball%[1]d","translation":[2,0.5,0],"extensions":{"KHR_physics_rigid_bodies":{"collider":{"geometry":{"shape":1}}}}}`, k, s, com[0], com[1], com[2], 1+20*k, 2*k+1))
	}
	src := fmt.Sprintf(`{"asset":{"version":"2.0"},"extensionsUsed":["KHR_physics_rigid_bodies","KHR_implicit_shapes"],
"extensions":{"KHR_implicit_shapes":{"shapes":[{"type":"box","box":{"size":[4,1,1]}},{"type":"sphere","sphere":{"radius":0.5}}]}},
"scene":0,"scenes":[{"nodes":[%s]}],
"nodes":[%s]}`, strings.Join(roots, ","), strings.Join(nodes, ",\n"))
	in := &convert.Input{Name: "s.gltf", Data: []byte(src), FS: fstest.MapFS{}, Dir: ".", Options: &convert.Options{From: "khr", To: "godot", OutputName: "out.tscn"}}
	out, res, err := physconv.ConvertBytes(context.Background(), reg, in)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range res.Diagnostics {
		if d.Code == convert.CodeVerifyMismatch || d.Code == convert.CodeGodotBodyScaled {
			t.Errorf("%v", d)
		}
	}
	_, g, _, err := physconv.ParseGraph(context.Background(), reg, &convert.Input{Name: "s.gltf", Data: []byte(src), FS: fstest.MapFS{}, Dir: ".", Options: &convert.Options{From: "khr"}})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]inspect.BodyReport{}
	for _, b := range inspect.Inspect(g, "khr", nil).Bodies {
		want[b.Name] = b
	}
	file := testenv.WriteFiles(t, t.TempDir(), "out.tscn", out.Main, out.Files)
	for _, engine := range [][]string{nil, {"--physics-engine", "jolt"}} {
		raw, code := testenv.RunOracle(t, "godot4-inspect", append(engine, file)...)
		var rep struct {
			Nodes []struct {
				Name  string `json:"name"`
				State *struct {
					COM     [3]float64 `json:"center_of_mass"`
					Inertia [3]float64 `json:"inertia"`
				} `json:"physics_state"`
				Global struct {
					Origin [3]float64 `json:"origin"`
				} `json:"global_transform"`
			} `json:"nodes"`
		}
		if code != 0 || json.Unmarshal(raw, &rep) != nil {
			t.Fatalf("Godot refuses the output: %s", raw)
		}
		seen := 0
		for _, n := range rep.Nodes {
			var k int
			if _, err := fmt.Sscanf(n.Name, "Bar%d", &k); err != nil || n.State == nil || k < 0 || k >= len(scales) {
				continue
			}
			seen++
			s, w := scales[k], want[n.Name]
			// center_of_mass is the offset from the body's origin in
			// world axes: where the body is, plus it, is the source's
			// centre of mass
			got := convert.Vec3(n.Global.Origin).Add(convert.Vec3(n.State.COM))
			if d := got.Sub(*w.CenterOfMass).Len(); d > 1e-5*math.Max(1, s) {
				t.Errorf("scale %g %v: centre of mass at %v, source %v", s, engine, got, *w.CenterOfMass)
			}
			moments := n.State.Inertia[:]
			slices.Sort(moments)
			for a, m := range []float64{0.3, 0.5, 0.7} {
				if math.Abs(moments[a]-m) > 1e-5*m {
					t.Errorf("scale %g %v: principal moments %v, source 0.3 0.5 0.7", s, engine, moments)
				}
			}
		}
		if seen != len(scales) {
			t.Errorf("%v: Godot reports %d of the %d bodies", engine, seen, len(scales))
		}
	}
}
