package mjcf

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// TestPrimitivesFittedToMeshes: a sphere, capsule, cylinder, ellipsoid or
// box geom that names a mesh is sized and placed as MuJoCo's compiler fits
// it — to the mesh's box of equal inertia, or under fitaabb to its bounding
// box in its principal frame, times fitscale — on 8 generated point clouds
// (their convex hulls) turned at random, each body with every kind: the
// MJCF written from the Graph gives MuJoCo 3.3.8 the geoms MuJoCo built
// from the source (sizes to 1e-6 relative, centres to 1e-7 m, the axes a
// primitive has to 1e-6; MuJoCo keeps vertices in single precision) and
// the same total mass.
func TestPrimitivesFittedToMeshes(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 53))
	u := func(lo, hi float64) float64 { return lo + (hi-lo)*r.Float64() }
	kinds := []string{"sphere", "capsule", "cylinder", "ellipsoid", "box"}
	for seed := range 8 {
		var pts []string
		ext := [3]float64{u(0.05, 0.3), u(0.05, 0.3), u(0.05, 0.3)}
		for range 24 {
			pts = append(pts, fmt.Sprintf("%.5f %.5f %.5f", u(-1, 1)*ext[0]+0.1, u(-1, 1)*ext[1], u(-1, 1)*ext[2]-0.05))
		}
		var geoms strings.Builder
		for k, kind := range kinds {
			fmt.Fprintf(&geoms, `    <body name="b%d" pos="%d 0 1" euler="%.3f %.3f %.3f"><freejoint/><geom name="g%d" type=%q mesh="m" pos="0.01 0.02 0" euler="10 0 20" fitscale="%.3f"/></body>
`, k, k, u(-90, 90), u(-90, 90), u(-90, 90), k, kind, u(0.8, 1.2))
		}
		aabb := seed%2 == 1
		src := fmt.Sprintf(`<mujoco>
  <compiler fitaabb="%v"/>
  <asset><mesh name="m" vertex="%s"/></asset>
  <worldbody>
%s  </worldbody>
</mujoco>
`, aabb, strings.Join(pts, "  "), geoms.String())
		g, diags, err := Parse(&convert.Input{Name: "m.xml", Data: []byte(src), Options: &convert.Options{}})
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if diags.Max() >= convert.Warning {
			t.Errorf("seed %d: %v", seed, diags)
		}
		out, _, err := Emit(g, &convert.Options{})
		if err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		want := mujocoGeoms(t, testenv.WriteFiles(t, dir, "in.xml", []byte(src), nil))
		got := mujocoGeoms(t, testenv.WriteFiles(t, dir, "out.xml", out.Main, nil))
		if math.Abs(want.mass-got.mass) > 1e-6*want.mass {
			t.Errorf("seed %d: total mass %v, MuJoCo's of the source %v", seed, got.mass, want.mass)
		}
		for k, kind := range kinds {
			name := fmt.Sprintf("g%d", k)
			w, o := want.geoms[name], got.geoms[name]
			if w.Type != kind || o.Type != kind {
				t.Fatalf("seed %d %s: types %q %q", seed, name, w.Type, o.Type)
			}
			for i := range 3 {
				if math.Abs(w.Size[i]-o.Size[i]) > 1e-6*math.Max(w.Size[0], 1e-3) {
					t.Errorf("seed %d (fitaabb %v) %s: size %v, MuJoCo's fit %v", seed, aabb, kind, o.Size, w.Size)
					break
				}
			}
			if convert.Vec3(w.Xpos).Sub(convert.Vec3(o.Xpos)).Len() > 1e-7 {
				t.Errorf("seed %d (fitaabb %v) %s: centre %v, MuJoCo's %v", seed, aabb, kind, o.Xpos, w.Xpos)
			}
			// the axes that matter: none for a sphere, the long axis of a
			// capsule or cylinder, all three (up to sign) otherwise
			wr, or := quatW(w.Xquat).Mat(), quatW(o.Xquat).Mat()
			for c := range 3 {
				if kind == "sphere" || (kind == "capsule" || kind == "cylinder") && c < 2 {
					continue
				}
				wc, oc := convert.Vec3{wr[0][c], wr[1][c], wr[2][c]}, convert.Vec3{or[0][c], or[1][c], or[2][c]}
				if wc.Cross(oc).Len() > 1e-6 {
					t.Errorf("seed %d (fitaabb %v) %s: axis %d %v, MuJoCo's %v", seed, aabb, kind, c, oc, wc)
				}
			}
		}
	}
}

type fittedGeom struct {
	Type  string     `json:"type"`
	Name  string     `json:"name"`
	Body  string     `json:"body"`
	Size  [3]float64 `json:"size"`
	Xpos  [3]float64 `json:"xpos"`
	Quat  [4]float64 `json:"quat"` // in its body, w first
	Xquat [4]float64 // in the world, w first
}

type fittedModel struct {
	mass  float64
	geoms map[string]fittedGeom
}

// mujocoGeoms compiles file with MuJoCo 3.3.8: its total mass and its
// named geoms.
func mujocoGeoms(t *testing.T, file string) fittedModel {
	t.Helper()
	raw, code := testenv.RunOracle(t, "mj-inspect", "--compact", file)
	var rep struct {
		TotalMass float64      `json:"total_mass"`
		Geoms     []fittedGeom `json:"geoms"`
		Bodies    []struct {
			Name  string     `json:"name"`
			Xquat [4]float64 `json:"xquat"`
		} `json:"bodies"`
	}
	if code != 0 || json.Unmarshal(raw, &rep) != nil {
		t.Fatalf("MuJoCo refuses %s: %s", file, raw)
	}
	bodies := map[string]convert.Quat{}
	for _, b := range rep.Bodies {
		bodies[b.Name] = quatW(b.Xquat)
	}
	m := fittedModel{mass: rep.TotalMass, geoms: map[string]fittedGeom{}}
	for _, g := range rep.Geoms {
		b, ok := bodies[g.Body]
		if !ok || g.Quat == ([4]float64{}) {
			t.Fatalf("%s: no pose for geom %s in body %q", file, g.Name, g.Body)
		}
		w := b.Mul(quatW(g.Quat))
		g.Xquat = [4]float64{w[3], w[0], w[1], w[2]}
		m.geoms[g.Name] = g
	}
	return m
}

// quatW turns MuJoCo's w-first quaternion into the Graph's.
func quatW(q [4]float64) convert.Quat { return convert.Quat{q[1], q[2], q[3], q[0]} }
