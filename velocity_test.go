package physconv_test

import (
	"context"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/inspect"
)

// TestInitialVelocities: a body's initial linear and angular velocity
// (world axes) survives every format that has one — read back equal in
// world axes, whatever the body's orientation and the format's frame for
// them — and is named, per body, in a velocity-dropped warning by every
// format that has none, never left behind without a word. Every
// conversion is verified.
func TestInitialVelocities(t *testing.T) {
	sources := []struct{ name, file, text string }{
		{"Godot 4, turned body", "v.tscn", "[gd_scene format=3]\n\n[node name=\"Root\" type=\"Node3D\"]\n\n" +
			"[node name=\"Ball\" type=\"RigidBody3D\" parent=\".\"]\n" +
			"transform = Transform3D(0, -1, 0, 1, 0, 0, 0, 0, 1, 1, 2, 3)\n" +
			"linear_velocity = Vector3(1, -2, 0.5)\nangular_velocity = Vector3(0.25, 3, -4)\n\n" +
			"[node name=\"Shape\" type=\"CollisionShape3D\" parent=\"Ball\"]\nshape = SubResource(\"S\")\n\n" +
			"[node name=\"Still\" type=\"RigidBody3D\" parent=\".\"]\n"},
		{"Godot 3", "v.tscn", "[gd_scene format=2]\n\n[node name=\"Root\" type=\"Spatial\"]\n\n" +
			"[node name=\"Ball\" type=\"RigidBody\" parent=\".\"]\n" +
			"transform = Transform( 1, 0, 0, 0, 0, -1, 0, 1, 0, 0, 1, 0 )\n" +
			"linear_velocity = Vector3( 0, 0, -7 )\nangular_velocity = Vector3( 2, 0, 0 )\n\n" +
			"[node name=\"Still\" type=\"RigidBody\" parent=\".\"]\n"},
		{"KHR, nested turned node", "v.gltf", `{"asset":{"version":"2.0"},"extensionsUsed":["KHR_physics_rigid_bodies"],"scene":0,
"scenes":[{"nodes":[0]}],"nodes":[{"name":"Frame","rotation":[0,0.7071067811865476,0,0.7071067811865476],"children":[1]},
{"name":"Ball","translation":[0,1,0],"rotation":[0.5,0.5,0.5,0.5],"extensions":{"KHR_physics_rigid_bodies":{"motion":{"mass":2,
"linearVelocity":[0,0,3],"angularVelocity":[1,0,-1]}}}}]}`},
	}
	// the Godot 4 source needs its shape resource before the nodes
	sources[0].text = strings.Replace(sources[0].text, "[node name=\"Root\"", "[sub_resource type=\"SphereShape3D\" id=\"S\"]\nradius = 0.5\n\n[node name=\"Root\"", 1)
	reg := all.Registry()
	for _, s := range sources {
		fsys := fstest.MapFS{s.file: {Data: []byte(s.text)}}
		f, g := parseIn(t, reg, fsys, s.file)
		src := movingBodies(inspect.Inspect(g, f.Name, nil))
		t.Logf("%s: read %v", s.name, src)
		if len(src) != 1 {
			t.Fatalf("%s: %d moving bodies read, want 1: %v", s.name, len(src), src)
		}
		for _, to := range []string{"godot", "godot3", "khr", "omi", "mjcf", "urdf"} {
			t.Run(s.name+"/"+to, func(t *testing.T) {
				name := "out" + emitExt[to]
				in, err := physconv.NewInput(fsys, s.file, &convert.Options{To: to, OutputName: name})
				if err != nil {
					t.Fatal(err)
				}
				out, res, err := physconv.ConvertBytes(context.Background(), reg, in)
				if err != nil {
					t.Fatal(err)
				}
				var dropped []convert.Diagnostic
				for _, d := range res.Diagnostics {
					if d.Code == convert.CodeVerifyMismatch {
						t.Errorf("unexplained: %s", d.Message)
					}
					if d.Code == convert.CodeVelocityDropped {
						dropped = append(dropped, d)
					}
				}
				back, err := physconv.NewInput(fstest.MapFS{name: {Data: out.Main}}, name, &convert.Options{From: to})
				if err != nil {
					t.Fatal(err)
				}
				f2, g2, _, err := physconv.ParseGraph(context.Background(), reg, back)
				if err != nil {
					t.Fatalf("output does not read back: %v", err)
				}
				got := movingBodies(inspect.Inspect(g2, f2.Name, nil))
				if to == "mjcf" || to == "urdf" {
					if len(dropped) != 1 || dropped[0].Severity != convert.Warning || dropped[0].Path != "Ball" {
						t.Fatalf("want one velocity-dropped warning about Ball, got %v", dropped)
					}
					if len(got) != 0 {
						t.Errorf("velocities written although dropped: %v", got)
					}
					return
				}
				if len(dropped) != 0 {
					t.Errorf("dropped although %s has initial velocities: %v", to, dropped)
				}
				for body, v := range src {
					w, ok := got[body]
					if !ok {
						t.Errorf("%s lost its velocity\n%s", body, out.Main)
						continue
					}
					for k := range 2 {
						if w[k].Sub(v[k]).Len() > 1e-9*max(1, v[k].Len()) {
							t.Errorf("%s: %s velocity %v, want %v", body, [2]string{"linear", "angular"}[k], w[k], v[k])
						}
					}
				}
			})
		}
	}
}

// movingBodies maps each body with an initial velocity to its linear and
// angular velocity in world axes.
func movingBodies(r *inspect.Report) map[string][2]convert.Vec3 {
	out := map[string][2]convert.Vec3{}
	for _, b := range r.Bodies {
		if b.LinearVelocity == nil && b.AngularVelocity == nil {
			continue
		}
		var v [2]convert.Vec3
		if b.LinearVelocity != nil {
			v[0] = *b.LinearVelocity
		}
		if b.AngularVelocity != nil {
			v[1] = *b.AngularVelocity
		}
		out[b.Name] = v
	}
	return out
}
