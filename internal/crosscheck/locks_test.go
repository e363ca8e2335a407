package crosscheck

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/mass"
)

// TestLocksEveryEmitter writes a dynamic body with each lock and damping
// pattern to every writable format: Godot keeps all of it, KHR a full
// rotation lock (as zero, i.e. infinite, inertia), and every other loss is
// named by a diagnostic; MJCF writes a free body that cannot turn as slide
// joints along the axes it may move along (lock-dropped, damping-dropped, integrator-dropped).
func TestLocksEveryEmitter(t *testing.T) {
	reg := all.Registry()
	all3 := [3]bool{true, true, true}
	for _, c := range []struct {
		name    string
		set     func(m *convert.Motion)
		keptBy  map[string]bool // formats that keep it on read-back
		dropped convert.Code
	}{
		{"rotation lock", func(m *convert.Motion) { m.LockAngular = all3 }, map[string]bool{"godot": true, "godot3": true, "khr": true, "mjcf": true}, convert.CodeLockDropped},
		{"rotation and Y locked", func(m *convert.Motion) { m.LockAngular, m.LockLinear = all3, [3]bool{false, true} }, map[string]bool{"godot": true, "godot3": true, "mjcf": true}, convert.CodeLockDropped},
		{"one axis", func(m *convert.Motion) { m.LockAngular = [3]bool{false, true} }, map[string]bool{"godot": true, "godot3": true, "khr": true}, convert.CodeLockDropped},
		{"one axis, body turned", func(m *convert.Motion) {
			m.LockAngular = [3]bool{false, false, true}
			m.InertiaDiagonal = &convert.Vec3{1, 2, 3}
			m.InertiaOrientation = &convert.Quat{0, 0, 0.3826834323650898, 0.9238795325112867} // 45° about Z: Z stays principal
		}, map[string]bool{"godot": true, "godot3": true, "khr": true}, convert.CodeLockDropped},
		{"one axis, off principal", func(m *convert.Motion) {
			m.LockAngular = [3]bool{true}
			m.InertiaDiagonal = &convert.Vec3{1, 2, 3}
			m.InertiaOrientation = &convert.Quat{0, 0, 0.3826834323650898, 0.9238795325112867} // X is no principal axis
		}, map[string]bool{"godot": true, "godot3": true}, convert.CodeLockDropped},
		{"linear lock", func(m *convert.Motion) { m.LockLinear = [3]bool{true} }, map[string]bool{"godot": true, "godot3": true}, convert.CodeLockDropped},
		{"damping", func(m *convert.Motion) { m.LinearDamping, m.ReplaceLinearDamping = 0.4, true }, map[string]bool{"godot": true, "godot3": true}, convert.CodeDampingDropped},
		{"integrator", func(m *convert.Motion) { m.CustomIntegrator = true }, map[string]bool{"godot": true, "godot3": true}, convert.CodeIntegratorDropped},
	} {
		for _, to := range []string{"godot", "godot3", "khr", "omi", "urdf", "mjcf"} {
			t.Run(c.name+"/"+to, func(t *testing.T) {
				g := &convert.Graph{}
				sh := g.AddShape(convert.Shape{Kind: convert.Box, Size: convert.Vec3{1, 1, 1}, Mesh: -1})
				m := &convert.Motion{Kind: convert.Dynamic, GravityFactor: 1, Mass: convert.Ptr(2.0)}
				c.set(m)
				want := *m
				b := g.AddNode(convert.Node{Name: "Body", Transform: convert.Identity(), Motion: m}, -1)
				g.AddNode(convert.Node{Name: "Box", Transform: convert.Identity(), Collider: &convert.Collider{Shape: sh, Material: -1, Filter: -1}}, b)
				g, _ = mass.Complete(g, &convert.Options{}) // as every conversion does
				f, err := reg.Lookup(to)
				if err != nil {
					t.Fatal(err)
				}
				ext := map[string]string{"mjcf": ".xml", "urdf": ".urdf", "godot": ".tscn", "godot3": ".tscn", "khr": ".gltf", "omi": ".gltf"}[to]
				dir := t.TempDir()
				back, diags := convertTo(t, g, f, dir, "out"+ext)
				var got *convert.Motion
				gi := -1
				for i := range back.Nodes {
					if back.Nodes[i].Motion != nil && back.Nodes[i].Motion.Kind == convert.Dynamic {
						got, gi = back.Nodes[i].Motion, i
					}
				}
				if got == nil {
					t.Fatal("no dynamic body read back")
				}
				kept := got.LockAngular == want.LockAngular && got.LockLinear == want.LockLinear &&
					got.LinearDamping == want.LinearDamping && got.CustomIntegrator == want.CustomIntegrator
				if to == "khr" {
					// KHR: infinite moments about the locked axes
					locked, ok := convert.WorldLocks(back.WorldTransform(gi).R, got)
					kept = ok && locked == want.LockAngular
				}
				if to == "mjcf" && c.keptBy[to] {
					// MJCF: slide joints along the free axes, no free joint
					text, err := os.ReadFile(filepath.Join(dir, "out.xml"))
					if err != nil {
						t.Fatal(err)
					}
					free := 0
					for _, l := range want.LockLinear {
						if !l {
							free++
						}
					}
					kept = strings.Count(string(text), `type="slide"`) == free && !strings.Contains(string(text), "freejoint") && !strings.Contains(string(text), `type="hinge"`)
				}
				named := false
				for _, d := range diags {
					named = named || d.Code == c.dropped
				}
				switch {
				case c.keptBy[to] && !kept:
					t.Errorf("%s does not keep it: read back %+v", to, *got)
				case c.keptBy[to] && named:
					t.Errorf("%s keeps it yet reports %s", to, c.dropped)
				case !c.keptBy[to] && !named:
					t.Errorf("%s drops it without %s", to, c.dropped)
				}
			})
		}
	}
}
