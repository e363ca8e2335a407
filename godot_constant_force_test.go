package physconv_test

import (
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
)

// TestGodotConstantForceWarned: a RigidBody3D's constant_force or
// constant_torque pushes it all along in Godot 4 and is kept only for
// Godot 4 output; it was said at info level, so --strict passed a
// conversion whose body fell where the source's rose. A force or torque
// on a rigid body is now a warning; a zero one, and a static body's
// constant velocity, stay infos.
func TestGodotConstantForceWarned(t *testing.T) {
	reg := all.Registry()
	for _, c := range []struct {
		class, props string
		warned       bool
	}{
		{"RigidBody3D", "constant_force = Vector3(0, 15, 0)", true},
		{"RigidBody3D", "constant_torque = Vector3(0, 0, 2)", true},
		{"VehicleBody3D", "constant_force = Vector3(1, 0, 0)", true},
		{"RigidBody3D", "constant_force = Vector3(0, 0, 0)", false},
		{"StaticBody3D", "constant_linear_velocity = Vector3(1, 0, 0)", false},
	} {
		src := "[gd_scene load_steps=2 format=3]\n[sub_resource type=\"BoxShape3D\" id=\"box\"]\n[node name=\"Root\" type=\"Node3D\"]\n" +
			"[node name=\"Body\" type=\"" + c.class + "\" parent=\".\"]\n" + c.props + "\n" +
			"[node name=\"Shape\" type=\"CollisionShape3D\" parent=\"Body\"]\nshape = SubResource(\"box\")\n"
		for _, to := range []string{"mjcf", "khr", "godot3"} {
			_, res := convertIn(t, reg, fstest.MapFS{"src.tscn": {Data: []byte(src)}}, "src.tscn", to)
			warned := false
			for _, d := range res.Diagnostics {
				if d.Code == convert.CodeGodotConstantForce && d.Severity == convert.Warning {
					warned = true
				}
			}
			if warned != c.warned {
				t.Errorf("%s %s to %s: warned %v, want %v", c.class, c.props, to, warned, c.warned)
			}
		}
	}
}
