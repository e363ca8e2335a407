package godot

import (
	"fmt"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/convert"
)

// TestReadProjectSettings: one pass over project.godot gives every
// setting a scene's physics takes from it; a rate that is no number of at
// least one step per second is Godot's 60.
func TestReadProjectSettings(t *testing.T) {
	cases := []struct {
		name, text string
		engine     string
		worldNodeB bool
		ticks      [2]float64 // Godot 3, Godot 4
		linearDamp float64
	}{
		{"empty", "", "", false, [2]float64{60, 60}, 0.1},
		{"jolt, world node B, 120 Hz", "[physics]\n3d/physics_engine=\"Jolt Physics\"\njolt_physics_3d/joints/world_node=1\ncommon/physics_ticks_per_second=120\n", "Jolt Physics", true, [2]float64{60, 120}, 0.1},
		{"jolt, world node A", "[physics]\n3d/physics_engine=\"Jolt Physics\"\njolt_physics_3d/joints/world_node=0\n", "Jolt Physics", false, [2]float64{60, 60}, 0.1},
		{"Godot 3 rate and damping", "[physics]\ncommon/physics_fps=240\n3d/default_linear_damp=0.5\n", "", false, [2]float64{240, 60}, 0.5},
		{"rates out of range", "[physics]\ncommon/physics_fps=0\ncommon/physics_ticks_per_second=inf\n", "", false, [2]float64{60, 60}, 0.1},
		{"keys outside [physics]", "[application]\ncommon/physics_ticks_per_second=30\n3d/physics_engine=\"Jolt Physics\"\n", "", false, [2]float64{60, 60}, 0.1},
	}
	for _, c := range cases {
		p := &parser{proj: readProject([]byte(c.text))}
		if p.proj.engine != c.engine || p.proj.worldNodeB != c.worldNodeB || p.proj.damping.Linear != c.linearDamp {
			t.Errorf("%s: engine %q, world node B %v, linear damping %g; want %q, %v, %g", c.name, p.proj.engine, p.proj.worldNodeB, p.proj.damping.Linear, c.engine, c.worldNodeB, c.linearDamp)
		}
		if got := [2]float64{p.physicsTicks(3), p.physicsTicks(4)}; got != c.ticks {
			t.Errorf("%s: rates %v, want %v", c.name, got, c.ticks)
		}
	}
}

// TestProjectReadOnce: a scene's project.godot is read once, when it is
// found, however many joints and motors ask for its engine, Jolt's world
// node and its physics rate (it was read again for each hinge motor).
func TestProjectReadOnce(t *testing.T) {
	project := "config_version=5\n\n[physics]\n3d/physics_engine=\"Jolt Physics\"\ncommon/physics_ticks_per_second=120\n"
	scene := "[gd_scene format=3]\n\n[sub_resource type=\"BoxShape3D\" id=\"box\"]\n\n[node name=\"Main\" type=\"Node3D\"]\n\n"
	const arms = 4
	for k := 0; k < arms; k++ {
		scene += fmt.Sprintf("[node name=\"Arm%d\" type=\"RigidBody3D\" parent=\".\"]\ntransform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, %d, 0, 0)\n\n", k, 2*k)
		scene += fmt.Sprintf("[node name=\"Shape\" type=\"CollisionShape3D\" parent=\"Arm%d\"]\nshape = SubResource(\"box\")\n\n", k)
		scene += fmt.Sprintf("[node name=\"Hinge%d\" type=\"HingeJoint3D\" parent=\".\"]\ntransform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, %d, 0.5, 0)\nnode_a = NodePath(\"../Arm%d\")\nmotor/enable = true\nmotor/target_velocity = 1.0\nmotor/max_impulse = 0.01\n\n", k, 2*k, k)
	}
	fsys := countingFS{fstest.MapFS{"project.godot": {Data: []byte(project)}}, map[string]int{}}
	g, _, err := Parse(&convert.Input{Name: "main.tscn", Data: []byte(scene), FS: fsys, Dir: ".", Options: &convert.Options{}})
	if err != nil {
		t.Fatal(err)
	}
	if n := fsys.opens["project.godot"]; n != 1 {
		t.Errorf("project.godot read %d times, want once", n)
	}
	hinges := 0
	for i, n := range g.Nodes {
		if n.Joint == nil {
			continue
		}
		hinges++
		if len(n.Joint.Drives) != 1 || n.Joint.Drives[0].MaxForce != 0.01*120 {
			t.Errorf("%s: drives %+v, want one of maximum torque 1.2 (0.01 × 120 steps per second)", n.Name, n.Joint.Drives)
		}
		// Jolt attaches the lone arm as B: the joint hangs from the world
		if body := g.BodyOf(i); body >= 0 {
			t.Errorf("%s: joint on body %q, want the world (Jolt's Node A)", n.Name, g.Nodes[body].Name)
		}
	}
	if hinges != arms {
		t.Errorf("%d hinges read, want %d", hinges, arms)
	}
}
