package godot

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/mass"
	"github.com/physconv/physconv/internal/testenv"
)

// godot3InertiaScene generates a Godot 3 scene of n dynamic bodies, each
// with one to three shapes of every kind Bullet weighs by a rule, placed,
// turned and (boxes and hulls) scaled at random, some at the body origin
// unturned (Bullet's single-shape path).
func godot3InertiaScene(seed uint64, n int) string {
	r := rand.New(rand.NewPCG(seed, 3))
	num := func(lo, hi float64) float64 { return lo + (hi-lo)*r.Float64() }
	var res, nodes strings.Builder
	id := 0
	for b := 0; b < n; b++ {
		fmt.Fprintf(&nodes, "[node name=\"B%d\" type=\"RigidBody\" parent=\".\"]\ntransform = Transform( 1, 0, 0, 0, 1, 0, 0, 0, 1, %d, 0, 0 )\nmass = %.4f\n\n", b, 10*b, num(0.5, 5))
		shapes := 1 + r.IntN(3)
		for s := 0; s < shapes; s++ {
			id++
			kind := r.IntN(5)
			switch kind {
			case 0:
				fmt.Fprintf(&res, "[sub_resource type=\"SphereShape\" id=%d]\nradius = %.4f\n\n", id, num(0.1, 1))
			case 1:
				fmt.Fprintf(&res, "[sub_resource type=\"BoxShape\" id=%d]\nextents = Vector3( %.4f, %.4f, %.4f )\n\n", id, num(0.1, 1), num(0.1, 1), num(0.1, 1))
			case 2:
				fmt.Fprintf(&res, "[sub_resource type=\"CapsuleShape\" id=%d]\nradius = %.4f\nheight = %.4f\n\n", id, num(0.1, 0.5), num(0.1, 2))
			case 3:
				fmt.Fprintf(&res, "[sub_resource type=\"CylinderShape\" id=%d]\nradius = %.4f\nheight = %.4f\n\n", id, num(0.1, 0.5), num(0.1, 2))
			case 4:
				var pts []string
				for k := 0; k < 8; k++ {
					pts = append(pts, fmt.Sprintf("%.4f, %.4f, %.4f", num(-1, 1), num(-0.5, 1.5), num(-1, 1)))
				}
				margin := ""
				if r.IntN(2) == 0 {
					margin = fmt.Sprintf("margin = %.3f\n", num(0.001, 0.1))
				}
				fmt.Fprintf(&res, "[sub_resource type=\"ConvexPolygonShape\" id=%d]\n%spoints = PoolVector3Array( %s )\n\n", id, margin, strings.Join(pts, ", "))
			}
			xf := "1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0"
			if shapes > 1 || r.IntN(3) > 0 {
				q := convert.Quat{num(-1, 1), num(-1, 1), num(-1, 1), num(-1, 1)}.Normalize()
				m := q.Mat()
				sc := convert.Vec3{1, 1, 1}
				if kind == 1 || kind == 4 {
					sc = convert.Vec3{num(0.5, 2), num(0.5, 2), num(0.5, 2)}
				}
				if r.IntN(4) == 0 {
					m, sc = convert.Diag(convert.Vec3{1, 1, 1}), convert.Vec3{1, 1, 1}
				}
				// Godot's Transform lists the basis by rows (x.x, y.x, z.x, …)
				xf = fmt.Sprintf("%.9f, %.9f, %.9f, %.9f, %.9f, %.9f, %.9f, %.9f, %.9f, %.4f, %.4f, %.4f",
					m[0][0]*sc[0], m[0][1]*sc[1], m[0][2]*sc[2], m[1][0]*sc[0], m[1][1]*sc[1], m[1][2]*sc[2], m[2][0]*sc[0], m[2][1]*sc[1], m[2][2]*sc[2],
					num(-1, 1), num(-1, 1), num(-1, 1))
			}
			fmt.Fprintf(&nodes, "[node name=\"S%d\" type=\"CollisionShape\" parent=\"B%d\"]\ntransform = Transform( %s )\nshape = SubResource( %d )\n\n", s, b, xf, id)
		}
	}
	return fmt.Sprintf("[gd_scene load_steps=%d format=2]\n\n", id+1) + res.String() + "[node name=\"Root\" type=\"Spatial\"]\n\n" + nodes.String()
}

// TestGodot3BulletInertia: Godot 3 bodies read with the inertia Godot 3's
// Bullet gives them, checked on generated bodies against the engine
// itself. Tolerance 2e-5 relative: Bullet keeps inverse inertia in
// float32 and the oracle prints six significant digits.
func TestGodot3BulletInertia(t *testing.T) {
	testenv.Oracle(t, "godot3-inspect")
	for seed := uint64(1); seed <= 3; seed++ {
		scene := godot3InertiaScene(seed, 40)
		path := filepath.Join(t.TempDir(), "bodies.tscn")
		if err := os.WriteFile(path, []byte(scene), 0o644); err != nil {
			t.Fatal(err)
		}
		engine := godot3InverseInertias(t, path)
		g, _, err := Parse(&convert.Input{Name: "bodies.tscn", Data: []byte(scene), Options: &convert.Options{}})
		if err != nil {
			t.Fatal(err)
		}
		mass.CompleteInPlace(g, &convert.Options{})
		ours := map[string]convert.Vec3{}
		for _, n := range g.Nodes {
			if n.Motion != nil && n.Motion.InertiaDiagonal != nil {
				d := *n.Motion.InertiaDiagonal
				if n.Motion.InertiaOrientation != nil && !isIdentity(*n.Motion.InertiaOrientation) {
					// a single exact shape turned in the body is diagonal in
					// its own axes: compare the tensor's diagonal in the body
					tensor := n.Motion.InertiaOrientation.Mat().Mul(convert.Diag(d)).Mul(n.Motion.InertiaOrientation.Mat().T())
					d = convert.Vec3{tensor[0][0], tensor[1][1], tensor[2][2]}
				}
				ours[n.Name] = d
			}
		}
		checked := 0
		for path, inv := range engine {
			got, ok := ours[path]
			if !ok {
				t.Errorf("seed %d %s: no inertia read", seed, path)
				continue
			}
			checked++
			for k := 0; k < 3; k++ {
				want := 1 / inv[k]
				if math.Abs(got[k]-want) > 2e-5*want {
					t.Errorf("seed %d %s: I[%d] read %.7g, Godot 3 has %.7g (all: %v vs inverse %v)", seed, path, k, got[k], want, got, inv)
				}
			}
		}
		if checked != 40 {
			t.Errorf("seed %d: %d bodies compared, want 40", seed, checked)
		}
		// Godot 3 output of what Godot 3 computes loses nothing: no
		// godot-inertia-dropped, and the engine computes the same again
		out, diags, err := Emit(g, (&convert.Options{}).With(VersionOption, "3"))
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range diags {
			if d.Code == convert.CodeGodotInertiaDropped {
				t.Errorf("seed %d: %s", seed, d.Message)
			}
		}
		outPath := filepath.Join(t.TempDir(), "out.tscn")
		if err := os.WriteFile(outPath, out.Main, 0o644); err != nil {
			t.Fatal(err)
		}
		for path, inv := range godot3InverseInertias(t, outPath) {
			want := engine[path]
			for k := 0; k < 3; k++ {
				if math.Abs(inv[k]-want[k]) > 2e-5*want[k] {
					t.Errorf("seed %d %s: Godot 3 computes inverse inertia %v for the output, %v for the source", seed, path, inv, want)
					break
				}
			}
		}
	}
}

// godot3InverseInertias loads a scene in Godot 3 (strict) and returns
// each rigid body's inverse inertia by node path.
func godot3InverseInertias(t *testing.T, path string) map[string]convert.Vec3 {
	t.Helper()
	raw, code := testenv.RunOracle(t, "godot3-inspect", "--strict", path)
	if code != 0 {
		t.Fatalf("Godot 3 refuses %s: %.500s", filepath.Base(path), raw)
	}
	var rep struct {
		Nodes []struct {
			Path  string `json:"path"`
			State *struct {
				InverseInertia convert.Vec3 `json:"inverse_inertia"`
			} `json:"physics_state"`
		} `json:"nodes"`
	}
	if err := json.Unmarshal(raw, &rep); err != nil {
		t.Fatal(err)
	}
	out := map[string]convert.Vec3{}
	for _, n := range rep.Nodes {
		if n.State != nil {
			out[n.Path] = n.State.InverseInertia
		}
	}
	return out
}

// TestGodot3InertiaDroppedOnlyWhenLost: Godot 3 output warns that a body's
// inertia is not written only when Bullet would compute another one.
func TestGodot3InertiaDroppedOnlyWhenLost(t *testing.T) {
	for _, c := range []struct {
		name  string
		shape convert.Shape
		at    convert.Vec3
		given *convert.Vec3 // nil: computed exactly from the shape
		warn  bool
	}{
		{"box at the origin", convert.Shape{Kind: convert.Box, Size: convert.Vec3{1, 2, 3}}, convert.Vec3{}, nil, false},
		{"sphere placed", convert.Shape{Kind: convert.Sphere, Radius: 0.5}, convert.Vec3{1, 0, 0}, nil, true},
		{"capsule exact", convert.Shape{Kind: convert.Capsule, RadiusTop: 0.3, RadiusBottom: 0.3, Height: 1}, convert.Vec3{}, nil, true},
		{"capsule as Bullet has it", convert.Shape{Kind: convert.Capsule, RadiusTop: 0.3, RadiusBottom: 0.3, Height: 1}, convert.Vec3{},
			&convert.Vec3{2.0 / 12 * (0.36 + 1.6*1.6), 2.0 / 12 * (0.36 + 0.36), 2.0 / 12 * (0.36 + 1.6*1.6)}, false},
		{"box given other inertia", convert.Shape{Kind: convert.Box, Size: convert.Vec3{1, 2, 3}}, convert.Vec3{}, &convert.Vec3{1, 1, 1}, true},
		// KHR locks rotation by an infinite moment: no shape gives it
		{"box with rotation locked", convert.Shape{Kind: convert.Box, Size: convert.Vec3{1, 2, 3}}, convert.Vec3{}, &convert.Vec3{math.Inf(1), math.Inf(1), math.Inf(1)}, true},
		{"box with one axis locked", convert.Shape{Kind: convert.Box, Size: convert.Vec3{1, 2, 3}}, convert.Vec3{}, &convert.Vec3{2.0 / 12 * 13, math.Inf(1), 2.0 / 12 * 5}, true},
	} {
		g := convert.NewGraph()
		c.shape.Mesh = -1
		sh := g.AddShape(c.shape)
		b := g.AddNode(convert.Node{Name: "B", Transform: convert.Identity(), Motion: &convert.Motion{Kind: convert.Dynamic, GravityFactor: 1,
			Mass: convert.Ptr(2.0), MassSource: convert.Given, InertiaDiagonal: c.given}}, -1)
		g.AddNode(convert.Node{Name: "S", Transform: convert.Transform{T: c.at, R: convert.IdentityQuat(), S: convert.Vec3{1, 1, 1}},
			Collider: &convert.Collider{Shape: sh, Material: -1, Filter: -1}}, b)
		if c.given != nil {
			m := g.Nodes[b].Motion
			m.CenterOfMass, m.CenterOfMassSource, m.InertiaSource = &convert.Vec3{}, convert.Given, convert.Given
		}
		mass.CompleteInPlace(g, &convert.Options{})
		_, diags, err := Emit(g, (&convert.Options{}).With(VersionOption, "3"))
		if err != nil {
			t.Fatal(err)
		}
		if got := diags.Has(convert.CodeGodotInertiaDropped); got != c.warn {
			t.Errorf("%s: godot-inertia-dropped %v, want %v (%v)", c.name, got, c.warn, g.Nodes[b].Motion.InertiaDiagonal)
		}
	}
}

// TestBulletInertiaTakesTheBodysOwnColliders: Bullet's inertia of a body
// counts exactly its own colliders — it and its descendants up to the
// next body, placed relative to it — in random trees of nested bodies and
// frames (a walk down from the body, compared with the colliders found by
// asking every node which body it belongs to).
func TestBulletInertiaTakesTheBodysOwnColliders(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 11))
	for seed := range 40 {
		g := convert.NewGraph()
		box := g.AddShape(convert.Shape{Kind: convert.Box, Size: convert.Vec3{0.2, 0.4, 0.6}})
		ball := g.AddShape(convert.Shape{Kind: convert.Sphere, Radius: 0.3})
		var bodies []int
		for k := range 30 {
			parent := -1
			if k > 0 {
				parent = rng.IntN(k)
			}
			n := convert.Node{Name: fmt.Sprint(k), Transform: convert.Transform{T: convert.Vec3{rng.Float64(), rng.Float64() - 0.5, rng.Float64()}, R: convert.AxisAngle(convert.Vec3{0, 0, 1}, rng.Float64()), S: convert.Vec3{1, 1, 1}}}
			switch rng.IntN(3) {
			case 0:
				n.Motion = &convert.Motion{Kind: convert.Dynamic, GravityFactor: 1}
			case 1:
				n.Collider = &convert.Collider{Shape: []int{box, ball}[rng.IntN(2)], Material: -1, Filter: -1}
			}
			i := g.AddNode(n, parent)
			if n.Motion != nil {
				bodies = append(bodies, i)
			}
		}
		for _, b := range bodies {
			got, gotOK := bulletInertia(g, b, 2)
			// the reference: every node that belongs to b, placed by
			// walking up to it
			lo := convert.Vec3{math.Inf(1), math.Inf(1), math.Inf(1)}
			hi := lo.Scale(-1)
			n := 0
			for c := range g.Nodes {
				col := g.Nodes[c].Collider
				if col == nil || g.BodyOf(c) != b {
					continue
				}
				n++
				at := g.RelativeTransform(c, b)
				sh := g.Shapes[col.Shape]
				half := sh.Size.Scale(0.5)
				if sh.Kind == convert.Sphere {
					half = convert.Vec3{sh.Radius, sh.Radius, sh.Radius}
				}
				for corner := range 8 {
					p := half
					for a := range 3 {
						if corner>>a&1 == 1 {
							p[a] = -p[a]
						}
					}
					if sh.Kind == convert.Sphere {
						q := at.T.Add(p) // a sphere's box does not turn
						for a := range 3 {
							lo[a], hi[a] = math.Min(lo[a], q[a]), math.Max(hi[a], q[a])
						}
						continue
					}
					q := at.Apply(p)
					for a := range 3 {
						lo[a], hi[a] = math.Min(lo[a], q[a]), math.Max(hi[a], q[a])
					}
				}
			}
			if n == 0 {
				if gotOK {
					t.Errorf("seed %d body %d: inertia %v without colliders", seed, b, got)
				}
				continue
			}
			if !gotOK {
				t.Errorf("seed %d body %d: no inertia for %d colliders", seed, b, n)
				continue
			}
			if n == 1 {
				continue // one shape may be Bullet's exact body shape
			}
			// the compound's box spans at least every collider's centre
			ext := hi.Sub(lo)
			want := convert.Vec3{2.0 / 12 * (ext[1]*ext[1] + ext[2]*ext[2]), 2.0 / 12 * (ext[0]*ext[0] + ext[2]*ext[2]), 2.0 / 12 * (ext[0]*ext[0] + ext[1]*ext[1])}
			for a := range 3 {
				if math.Abs(got[a]-want[a]) > 1e-9*want[a] {
					t.Errorf("seed %d body %d (%d colliders): inertia %v, want %v", seed, b, n, got, want)
					break
				}
			}
		}
	}
}
