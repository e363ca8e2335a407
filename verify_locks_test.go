package physconv_test

import (
	"math"
	"strings"
	"testing"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
)

// TestRotationLockedBodiesVerify: a free body that cannot rotate — all
// angular axes locked, or infinite moments (KHR's rotation lock) — is
// written exactly where the target can say it (MJCF slide joints, Godot
// axis locks) with a diagnostic naming the change, or as it is (Godot 4's
// lock_rotation is infinite inertia), and reads back with no unexplained
// difference.
func TestRotationLockedBodiesVerify(t *testing.T) {
	inf := math.Inf(1)
	for _, c := range []struct {
		name    string
		inertia convert.Vec3
		locked  [3]bool
	}{
		{"angular locks", convert.Vec3{0.1, 0.2, 0.3}, [3]bool{true, true, true}},
		{"infinite moments", convert.Vec3{inf, inf, inf}, [3]bool{}},
	} {
		for _, to := range []struct {
			format string
			code   convert.Code
		}{{"mjcf", convert.CodeLockAsSlides}, {"godot", convert.CodeGodotInertiaAsLocks}} {
			t.Run(c.name+"/"+to.format, func(t *testing.T) {
				g := convert.NewGraph()
				box := g.AddShape(convert.Shape{Kind: convert.Box, Size: convert.Vec3{1, 1, 1}, Mesh: -1})
				g.AddNode(convert.Node{Name: "Crate", Transform: convert.Transform{T: convert.Vec3{0, 2, 0}, R: convert.IdentityQuat(), S: convert.Vec3{1, 1, 1}},
					Motion: &convert.Motion{Kind: convert.Dynamic, GravityFactor: 1, LockAngular: c.locked,
						Mass: convert.Ptr(2.0), CenterOfMass: &convert.Vec3{}, InertiaDiagonal: &c.inertia,
						MassSource: convert.Given, CenterOfMassSource: convert.Given, InertiaSource: convert.Given},
					Collider: &convert.Collider{Shape: box, Material: -1, Filter: -1}}, -1)
				f, err := all.Registry().Lookup(to.format)
				if err != nil {
					t.Fatal(err)
				}
				out, diags, err := physconv.EmitGraph(f, g, &convert.Options{OutputName: "out" + emitExt[to.format]})
				if err != nil {
					t.Fatal(err)
				}
				want := to.code
				if to.format == "mjcf" && math.IsInf(c.inertia[0], 1) {
					want = convert.CodeMassInfinite // MuJoCo has no infinite inertia: it says so
				}
				if to.format == "godot" && math.IsInf(c.inertia[0], 1) {
					// Godot 4's lock_rotation is infinite inertia: exact
					want = ""
					if !strings.Contains(string(out.Main), "lock_rotation = true") {
						t.Errorf("infinite moments not written as lock_rotation:\n%s", out.Main)
					}
				}
				said := want == ""
				for _, d := range diags {
					said = said || d.Code == want
					if d.Code == convert.CodeVerifyMismatch {
						t.Errorf("unexplained: %s", d.Message)
					}
				}
				if !said {
					t.Errorf("no %s diagnostic: %v", want, diags)
				}
			})
		}
	}
}
