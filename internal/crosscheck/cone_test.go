package crosscheck

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
)

// coneScene is a cone-twist joint between a static and a moving box.
const coneScene = `[gd_scene load_steps=2 format=3]

[sub_resource type="BoxShape3D" id="Box"]

[node name="Root" type="Node3D"]

[node name="A" type="StaticBody3D" parent="."]

[node name="SA" type="CollisionShape3D" parent="A"]
shape = SubResource("Box")

[node name="B" type="RigidBody3D" parent="."]
transform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 0, -2, 0)

[node name="SB" type="CollisionShape3D" parent="B"]
shape = SubResource("Box")

[node name="Cone" type="ConeTwistJoint3D" parent="."]
transform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 0, -1, 0)
node_a = NodePath("../A")
node_b = NodePath("../B")
swing_span = %g
twist_span = %g
`

// TestConeMappingEveryEmitter writes cone-twist joints to every writable
// format and reads them back: a cone of half-angle s is symmetric, so no
// axis it limits may come back as the one-sided range [0, s] (the class of
// MJCF's former hinge ranges), and the swing bound must be ±s (or the cone
// itself) in every target. With drives a Godot target falls back to a
// Generic6DOFJoint3D, which must keep the cone symmetric too.
func TestConeMappingEveryEmitter(t *testing.T) {
	reg := all.Registry()
	godot, err := reg.Lookup("godot")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		swing, twist float64 // rad, as Godot 4 stores them
		drive        bool
	}{
		{0.5, 0.3, false}, // the repro
		{1.2, 0, false},
		{0.17, 0.8, true},
	} {
		for _, to := range []string{"mjcf", "urdf", "godot", "godot3", "khr", "omi"} {
			t.Run(fmt.Sprintf("%g_%g_%v_%s", c.swing, c.twist, c.drive, to), func(t *testing.T) {
				dir := t.TempDir()
				src := filepath.Join(dir, "cone.tscn")
				if err := os.WriteFile(src, fmt.Appendf(nil, coneScene, c.swing, c.twist), 0o644); err != nil {
					t.Fatal(err)
				}
				g, _, err := completed(godot, src)
				if err != nil {
					t.Fatal(err)
				}
				if c.drive {
					for i := range g.Nodes {
						if j := g.Nodes[i].Joint; j != nil {
							j.Drives = append(j.Drives, convert.Drive{Type: "angular", Mode: "force", Axis: 0, MaxForce: math.Inf(1), Damping: 1, VelocityTarget: convert.Ptr(0.0)})
						}
					}
				}
				f, err := reg.Lookup(to)
				if err != nil {
					t.Fatal(err)
				}
				ext := map[string]string{"mjcf": ".xml", "urdf": ".urdf", "godot": ".tscn", "godot3": ".tscn", "khr": ".gltf", "omi": ".gltf"}[to]
				back, _ := convertTo(t, g, f, dir, "out"+ext)
				swing := c.swing
				found := false
				for i := range back.Nodes {
					j := back.Nodes[i].Joint
					if j == nil {
						continue
					}
					for _, l := range j.Limits {
						if l.Fixed() || l.Unbounded() || len(l.Angular) == 0 {
							continue
						}
						lo, hi := l.AxisRange()
						if math.Abs(lo+hi) > 1e-6 {
							t.Errorf("joint %q: angular axes %v range over [%g, %g]; a cone-twist limit is symmetric", back.Nodes[i].Name, l.Angular, lo, hi)
						}
						if math.Abs(hi-swing) < 1e-4 {
							found = true
						}
					}
				}
				if !found {
					t.Errorf("no angular limit of ±%g rad (the swing span) in the %s output", swing, to)
				}
			})
		}
	}
}
