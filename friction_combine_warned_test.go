package physconv_test

import (
	"fmt"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
)

// TestFrictionCombineWarnedWhereFrictionsDiffer: a target that combines
// two touching colliders' frictions by another rule than the source's
// (MuJoCo the larger, Godot the smaller, glTF their average) changes how
// they slide only where their frictions differ. It was an info always: a
// cube on a slippery ramp (Godot: the ramp's 0.1 acts) stuck to it in
// MuJoCo (the cube's 1.0) and --strict passed. Where the scene's
// frictions differ it is a warning now; where they are one, an info.
func TestFrictionCombineWarnedWhereFrictionsDiffer(t *testing.T) {
	reg := all.Registry()
	godotScene := func(ramp, cube float64) string {
		return fmt.Sprintf(`[gd_scene load_steps=5 format=3]
[sub_resource type="PhysicsMaterial" id="ramp"]
friction = %g
[sub_resource type="PhysicsMaterial" id="cube"]
friction = %g
[sub_resource type="BoxShape3D" id="box"]
[node name="Root" type="Node3D"]
[node name="Ramp" type="StaticBody3D" parent="."]
physics_material_override = SubResource("ramp")
[node name="Shape" type="CollisionShape3D" parent="Ramp"]
shape = SubResource("box")
[node name="Cube" type="RigidBody3D" parent="."]
transform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 2, 0)
physics_material_override = SubResource("cube")
[node name="Shape" type="CollisionShape3D" parent="Cube"]
shape = SubResource("box")
`, ramp, cube)
	}
	khrScene := func(ramp, cube float64) string {
		return fmt.Sprintf(`{"asset":{"version":"2.0"},"extensionsUsed":["KHR_physics_rigid_bodies","KHR_implicit_shapes"],
"extensions":{"KHR_implicit_shapes":{"shapes":[{"type":"box","box":{"size":[1,1,1]}}]},
"KHR_physics_rigid_bodies":{"physicsMaterials":[{"staticFriction":%g,"dynamicFriction":%g},{"staticFriction":%g,"dynamicFriction":%g}]}},
"scene":0,"scenes":[{"nodes":[0,1]}],"nodes":[
{"name":"Ramp","extensions":{"KHR_physics_rigid_bodies":{"collider":{"geometry":{"shape":0},"physicsMaterial":0}}}},
{"name":"Cube","translation":[0,2,0],"extensions":{"KHR_physics_rigid_bodies":{"motion":{"mass":1},"collider":{"geometry":{"shape":0},"physicsMaterial":1}}}}]}`, ramp, ramp, cube, cube)
	}
	for _, c := range []struct {
		from, name, to string
		code           convert.Code
		scene          func(ramp, cube float64) string
	}{
		{"Godot", "src.tscn", "mjcf", convert.CodeFrictionCombineMaximum, godotScene},
		{"KHR", "src.gltf", "mjcf", convert.CodeFrictionCombineMaximum, khrScene},
		{"KHR", "src.gltf", "godot", convert.CodeGodotCombineDefault, khrScene},
	} {
		for _, f := range [][2]float64{{0.1, 1}, {0.5, 0.5}} {
			_, res := convertIn(t, reg, fstest.MapFS{c.name: {Data: []byte(c.scene(f[0], f[1]))}}, c.name, c.to)
			sev := convert.Severity(-1)
			for _, d := range res.Diagnostics {
				if d.Code == c.code && d.Severity > sev {
					sev = d.Severity
				}
			}
			want := convert.Info
			if f[0] != f[1] {
				want = convert.Warning
			}
			if sev != want {
				t.Errorf("%s frictions %v to %s: %s at %v, want %v", c.from, f, c.to, c.code, sev, want)
			}
		}
	}
}
