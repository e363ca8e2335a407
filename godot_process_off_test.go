package physconv_test

import (
	"fmt"
	"math"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/internal/testenv"
)

// TestGodotProcessOff: a Godot 4 body whose process_mode is Disabled
// (its own, or a parent's it inherits) is out of the physics
// (disable_mode Remove: it neither falls nor holds anything up) or static
// (Make Static); Keep Active, a child set to Always, or When Paused (which
// stops its scripts, not its physics) keeps it. It was read as an active body and fell in every other format,
// said by nothing. Each case is a box at height 3 with a ball dropped on
// it from 5: in Godot 4.6, and in MuJoCo from the scene and through glTF,
// both stop at the same heights.
func TestGodotProcessOff(t *testing.T) {
	testenv.Oracle(t, "godot4-inspect")
	testenv.Oracle(t, "mj-inspect")
	reg := all.Registry()
	cases := []struct{ name, parentMode, boxProps string }{
		{"disabled", "", "process_mode = 4\n"},
		{"when paused", "", "process_mode = 2\n"},
		{"inherited", "process_mode = 4\n", ""},
		{"made static", "", "process_mode = 4\ndisable_mode = 1\n"},
		{"kept active", "", "process_mode = 4\ndisable_mode = 2\n"},
		{"always under disabled", "process_mode = 4\n", "process_mode = 3\n"},
		{"pausable", "", "process_mode = 1\n"},
	}
	var b strings.Builder
	b.WriteString("[gd_scene load_steps=3 format=3]\n\n[sub_resource type=\"BoxShape3D\" id=\"box\"]\n\n[sub_resource type=\"SphereShape3D\" id=\"ball\"]\nradius = 0.25\n\n[node name=\"Root\" type=\"Node3D\"]\n")
	for k, c := range cases {
		fmt.Fprintf(&b, "\n[node name=\"G%d\" type=\"Node3D\" parent=\".\"]\ntransform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, %d, 0, 0)\n%s", k, 4*k, c.parentMode)
		fmt.Fprintf(&b, "\n[node name=\"Box%d\" type=\"RigidBody3D\" parent=\"G%d\"]\ntransform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 3, 0)\n%s\n[node name=\"Shape\" type=\"CollisionShape3D\" parent=\"G%d/Box%d\"]\nshape = SubResource(\"box\")\n", k, k, c.boxProps, k, k)
		fmt.Fprintf(&b, "\n[node name=\"Ball%d\" type=\"RigidBody3D\" parent=\".\"]\ntransform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, %d, 5, 0)\n\n[node name=\"Shape\" type=\"CollisionShape3D\" parent=\"Ball%d\"]\nshape = SubResource(\"ball\")\n", k, 4*k, k)
	}
	scene := b.String()
	const steps = 60
	src := testenv.GodotOrigins(t, "godot4-inspect", scene, steps, map[string]string{"project.godot": testenv.Godot4Project})
	fsys := fstest.MapFS{"s.tscn": {Data: []byte(scene)}}
	gltf, _ := convertIn(t, reg, fsys, "s.tscn", "khr")
	gfs := outputFS(gltf, "s.gltf")
	for _, via := range []struct {
		name string
		fsys fstest.MapFS
		file string
	}{{"the scene", fsys, "s.tscn"}, {"its glTF", gfs, "s.gltf"}} {
		out, _ := convertIn(t, reg, via.fsys, via.file, "mjcf")
		bodies := testenv.MuJoCoBodies(t, testenv.WriteFiles(t, t.TempDir(), "out.xml", out.Main, out.Files), "--steps", "500")
		for k, c := range cases {
			for _, name := range []string{fmt.Sprintf("G%d/Box%d", k, k), fmt.Sprintf("Ball%d", k)} {
				want := src[name][1]
				h := 3.0 // a body written as world colliders stays where it is
				if got, ok := bodies[name[strings.LastIndex(name, "/")+1:]]; ok {
					h = got.Xpos[2]
				}
				// where each stops after a second: a box held at 3, a
				// ball on it at 3.75; below 2.5, fallen (the damping is
				// Godot's alone, said by damping-dropped)
				if (h > 2.5) != (want > 2.5) || want > 2.5 && math.Abs(h-want) > 0.03 {
					t.Errorf("%s (%s), from %s: MuJoCo height %.3f, Godot 4.6 %.3f", name, c.name, via.name, h, want)
				}
			}
		}
	}
}
