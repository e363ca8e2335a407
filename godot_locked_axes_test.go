package physconv_test

import (
	"context"
	"fmt"
	"math"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
)

// freeAxis is the world direction of the one finite principal moment of
// body i of g (the axis it may turn about), and that moment.
func freeAxis(t *testing.T, g *convert.Graph, i int) (convert.Vec3, float64) {
	t.Helper()
	m := g.Nodes[i].Motion
	q := convert.IdentityQuat()
	if m.InertiaOrientation != nil {
		q = *m.InertiaOrientation
	}
	rot := g.Frames(-1).World(i).R.Mul(q)
	axis, moment, finite := convert.Vec3{}, 0.0, 0
	for k, d := range m.InertiaDiagonal {
		// Godot writes a locked moment as a million times the others
		if !math.IsInf(d, 1) && d < 1e3 {
			e := convert.Vec3{}
			e[k] = 1
			axis, moment = rot.Rotate(e), d
			finite++
		}
	}
	if finite != 1 {
		t.Fatalf("%d finite moments in %v", finite, *m.InertiaDiagonal)
	}
	return axis, moment
}

// TestGodotLockedAxesOriented: a KHR body free to turn about one axis
// only (two moments of zero, which KHR reads as infinite) whose principal
// frame is turned against the node's frame. Godot output wrote the
// moments in the principal frame's order on the body's own axes: a stone
// free to spin about its upright axis got a million times its moment
// there and spun as if that heavy. Every turn of the principal frame that
// leaves its axes along the world's (each order and sign of the axes, and
// turns the node's rotation undoes): read back, the free axis and its
// moment are the source's.
func TestGodotLockedAxesOriented(t *testing.T) {
	reg := all.Registry()
	var cases []struct{ node, orient convert.Quat }
	for _, p := range axisPermutations() {
		cases = append(cases, struct{ node, orient convert.Quat }{convert.IdentityQuat(), p})
	}
	odd := convert.AxisAngle(convert.Vec3{1, 2, 3}.Normalize(), 0.7)
	for _, p := range axisPermutations()[:6] {
		cases = append(cases, struct{ node, orient convert.Quat }{odd, odd.Conj().Mul(p)})
	}
	for c, k := range cases {
		src := fmt.Sprintf(`{"asset":{"version":"2.0"},"extensionsUsed":["KHR_physics_rigid_bodies","KHR_implicit_shapes"],
"extensions":{"KHR_implicit_shapes":{"shapes":[{"type":"cylinder","cylinder":{"height":0.2,"radiusTop":0.3,"radiusBottom":0.3}}]}},
"scene":0,"scenes":[{"nodes":[0]}],
"nodes":[{"name":"Stone","rotation":[%g,%g,%g,%g],
 "extensions":{"KHR_physics_rigid_bodies":{"motion":{"mass":17.5,"inertiaDiagonal":[0,0,1.05],"inertiaOrientation":[%g,%g,%g,%g],"gravityFactor":0},"collider":{"geometry":{"shape":0}}}}}]}`,
			k.node[0], k.node[1], k.node[2], k.node[3], k.orient[0], k.orient[1], k.orient[2], k.orient[3])
		fsys := fstest.MapFS{"s.gltf": {Data: []byte(src)}}
		_, g := parseIn(t, reg, fsys, "s.gltf")
		wantAxis, wantMoment := freeAxis(t, g, bodyNamed(t, g, "Stone"))
		for _, to := range []string{"godot"} {
			out, res := convertIn(t, reg, fsys, "s.gltf", to)
			for _, d := range mismatches(res) {
				t.Errorf("case %d → %s: %v", c, to, d)
			}
			_, back, _, err := physconv.ParseGraph(context.Background(), reg, &convert.Input{Name: "out.tscn", Data: out.Main, Options: &convert.Options{}})
			if err != nil {
				t.Fatal(err)
			}
			axis, moment := freeAxis(t, back, bodyNamed(t, back, "Stone"))
			if math.Abs(math.Abs(axis.Dot(wantAxis))-1) > 1e-9 || math.Abs(moment-wantMoment) > 1e-9*wantMoment {
				t.Errorf("case %d (orientation %v): free to turn about %v with moment %g in %s, want %v with %g", c, k.orient, axis, moment, to, wantAxis, wantMoment)
			}
		}
	}
}

// axisPermutations are the 24 rotations that map each axis onto an axis.
func axisPermutations() []convert.Quat {
	var out []convert.Quat
	seen := map[[4]int64]bool{}
	turns := []convert.Quat{convert.IdentityQuat(), convert.AxisAngle(convert.Vec3{1, 0, 0}, math.Pi/2), convert.AxisAngle(convert.Vec3{0, 1, 0}, math.Pi/2), convert.AxisAngle(convert.Vec3{0, 0, 1}, math.Pi/2)}
	frontier := []convert.Quat{convert.IdentityQuat()}
	for len(frontier) > 0 {
		q := frontier[0]
		frontier = frontier[1:]
		if q[3] < 0 || q[3] == 0 && (q[0] < 0 || q[0] == 0 && (q[1] < 0 || q[1] == 0 && q[2] < 0)) {
			q = convert.Quat{-q[0], -q[1], -q[2], -q[3]}
		}
		key := [4]int64{}
		for k := range q {
			key[k] = int64(math.Round(q[k] * 1e6))
		}
		if seen[key] {
			continue
		}
		seen[key] = true
		out = append(out, q)
		for _, r := range turns[1:] {
			frontier = append(frontier, q.Mul(r).Normalize())
		}
	}
	return out
}

// bodyNamed finds the node called name.
func bodyNamed(t *testing.T, g *convert.Graph, name string) int {
	t.Helper()
	for i, n := range g.Nodes {
		if n.Name == name && n.Motion != nil {
			return i
		}
	}
	t.Fatalf("no body %q", name)
	return -1
}
