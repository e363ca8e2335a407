package godot

import (
	"fmt"
	"math"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// slopeScene3 is a Godot 3 scene of a 1 m box resting on a 30° static
// slope (tan 30° = 0.577: a friction of 0.6 holds it, 0.5 lets it slide).
// box and slope are extra lines of the two bodies (a material, friction,
// bounce); slopeClass is the slope's class.
func slopeScene3(box, slope, slopeClass string, materials ...float64) string {
	var subs []string
	for k, f := range materials {
		subs = append(subs, fmt.Sprintf("[sub_resource type=\"PhysicsMaterial\" id=%d]\nfriction = %g\n", k+10, f))
	}
	return "[gd_scene load_steps=4 format=2]\n\n" + strings.Join(subs, "\n") +
		"\n[sub_resource type=\"BoxShape\" id=1]\nextents = Vector3( 5, 0.5, 5 )\n\n[sub_resource type=\"BoxShape\" id=2]\nextents = Vector3( 0.5, 0.5, 0.5 )\n\n" +
		"[node name=\"Test\" type=\"Spatial\"]\n\n" +
		"[node name=\"Slope\" type=\"" + slopeClass + "\" parent=\".\"]\ntransform = Transform( 1, 0, 0, 0, 0.8660254037844386, -0.5, 0, 0.5, 0.8660254037844386, 0, 0, 0 )\n" + slope +
		"\n[node name=\"Shape\" type=\"CollisionShape\" parent=\"Slope\"]\nshape = SubResource( 1 )\n\n" +
		"[node name=\"Box\" type=\"RigidBody\" parent=\"Slope\"]\ntransform = Transform( 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 1.01, 0 )\n" + box +
		"\n[node name=\"Shape\" type=\"CollisionShape\" parent=\"Slope/Box\"]\nshape = SubResource( 2 )\n"
}

// TestGodot3DefaultFriction: a Godot 3 body without a physics material
// gets its friction from the engine, and Bullet's (Godot 3's default
// engine) is 0.5, not a PhysicsMaterial's 1. The deprecated friction and
// bounce properties make a material only when they differ from a new
// material's (friction = 1 alone keeps Bullet's 0.5; bounce = 0.1 alone
// gives friction 1), and a KinematicBody has no material at all. The
// reader took every such body as friction 1: a box Godot 3 lets slide
// down a 30° slope held still in every other format, and a Godot 4 or
// URDF body of friction 1 written as Godot 3 without a material slid
// (1.8 m in 120 steps in the friction test of Godot's demo projects).
// Godot 3 output writes friction 1 as a material now, and says what a
// KinematicBody cannot keep. Godot 3 moves each scene's box as its
// source moves it, and Godot 4 moves the Godot 4 output so too.
func TestGodot3DefaultFriction(t *testing.T) {
	project := map[string]string{"project.godot": "config_version=4\n"}
	mat := func(id int) string { return fmt.Sprintf("physics_material_override = SubResource( %d )\n", id) }
	for _, c := range []struct {
		name          string
		scene         string
		friction      float64 // the box's friction read (the slope's is the same)
		slides        bool
		kinematicSaid bool
	}{
		{"no material", slopeScene3("", "", "StaticBody"), 0.5, true, false},
		{"materials of friction 1", slopeScene3(mat(10), mat(10), "StaticBody", 1), 1, false, false},
		{"box friction 1 on a slope without", slopeScene3(mat(10), "", "StaticBody", 1), 1, true, false},
		{"deprecated friction = 1", slopeScene3("friction = 1.0\n", "friction = 1.0\n", "StaticBody"), 0.5, true, false},
		{"deprecated friction = 0.7", slopeScene3("friction = 0.7\n", "friction = 0.7\n", "StaticBody"), 0.7, false, false},
		{"deprecated bounce = 0.1", slopeScene3("bounce = 0.1\n", "bounce = 0.1\n", "StaticBody"), 1, false, false},
		{"kinematic slope", slopeScene3(mat(10), "", "KinematicBody", 1), 1, true, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			g, _, err := Parse(&convert.Input{Name: "s.tscn", Data: []byte(c.scene), Options: &convert.Options{}})
			if err != nil {
				t.Fatal(err)
			}
			for i := range g.Nodes {
				if col := g.Nodes[i].Collider; col != nil && g.Nodes[i].Parent >= 0 && g.Nodes[g.Nodes[i].Parent].Name == "Box" {
					if f := g.Materials[col.Material].DynamicFriction; f != c.friction {
						t.Errorf("box read with friction %g, want %g", f, c.friction)
					}
				}
			}
			out3, diags3, err := Emit(g, (&convert.Options{}).With(VersionOption, "3"))
			if err != nil {
				t.Fatal(err)
			}
			if diags3.Has(convert.CodeGodot3KinematicMaterial) != c.kinematicSaid {
				t.Errorf("godot3-kinematic-material said %v, want %v: %v", !c.kinematicSaid, c.kinematicSaid, diags3)
			}
			src := testenv.GodotOrigins(t, "godot3-inspect", c.scene, 120, project)["Slope/Box"]
			if slid := src[1] < 0.7; slid != c.slides {
				t.Fatalf("in Godot 3 the source's box is at %v after 120 steps (slid %v, want %v)", src, slid, c.slides)
			}
			got := testenv.GodotOrigins(t, "godot3-inspect", string(out3.Main), 120, project)
			var box [3]float64
			found := false
			for path, o := range got {
				if path == "Slope/Box" || strings.HasSuffix(path, "/Box") || path == "Box" {
					box, found = o, true
				}
			}
			if !found {
				t.Fatalf("no box in the Godot 3 output's steps: %v\n%s", got, out3.Main)
			}
			if d := math.Hypot(box[1]-src[1], box[2]-src[2]); d > 1e-3 {
				t.Errorf("in Godot 3 the output's box is at %v after 120 steps, the source's at %v\n%s", box, src, out3.Main)
			}
		})
	}
}

// TestGodot3WritesFrictionOne: a body of friction 1 (a Godot 4 scene's
// default) written as Godot 3 gets a PhysicsMaterial, which Bullet needs
// to hold the box on the slope: the Godot 4 scene and its Godot 3 form
// move alike. A kinematic slope becomes a KinematicBody, which has no
// material in Godot 3: the box slides there, and the writer says why.
func TestGodot3WritesFrictionOne(t *testing.T) {
	for _, c := range []struct {
		slopeClass string
		rests3     bool // in Godot 3, the output
	}{
		{"StaticBody3D", true},
		{"AnimatableBody3D", false},
	} {
		scene4 := "[gd_scene format=3]\n\n[sub_resource type=\"BoxShape3D\" id=\"1\"]\nsize = Vector3(10, 1, 10)\n\n[sub_resource type=\"BoxShape3D\" id=\"2\"]\n\n" +
			"[node name=\"Test\" type=\"Node3D\"]\n\n" +
			"[node name=\"Slope\" type=\"" + c.slopeClass + "\" parent=\".\"]\ntransform = Transform3D(1, 0, 0, 0, 0.8660254037844386, -0.5, 0, 0.5, 0.8660254037844386, 0, 0, 0)\n\n" +
			"[node name=\"Shape\" type=\"CollisionShape3D\" parent=\"Slope\"]\nshape = SubResource(\"1\")\n\n" +
			"[node name=\"Box\" type=\"RigidBody3D\" parent=\"Slope\"]\ntransform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 1.01, 0)\n\n" +
			"[node name=\"Shape\" type=\"CollisionShape3D\" parent=\"Slope/Box\"]\nshape = SubResource(\"2\")\n"
		g, _, err := Parse(&convert.Input{Name: "s.tscn", Data: []byte(scene4), Options: &convert.Options{}})
		if err != nil {
			t.Fatal(err)
		}
		out3, diags, err := Emit(g, (&convert.Options{}).With(VersionOption, "3"))
		if err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(string(out3.Main), "friction = 1"); n == 0 {
			t.Errorf("%s: no material of friction 1 in the Godot 3 output:\n%s", c.slopeClass, out3.Main)
		}
		if said := diags.Has(convert.CodeGodot3KinematicMaterial); said == c.rests3 {
			t.Errorf("%s: godot3-kinematic-material said %v: %v", c.slopeClass, said, diags)
		}
		src := testenv.GodotOrigins(t, "godot4-inspect", scene4, 120, nil)["Slope/Box"]
		got := testenv.GodotOrigins(t, "godot3-inspect", string(out3.Main), 120, map[string]string{"project.godot": "config_version=4\n"})["Slope/Box"]
		if src[1] < 0.7 {
			t.Errorf("%s: in Godot 4 the source's box slid to %v", c.slopeClass, src)
		}
		if rests := got[1] > 0.7; rests != c.rests3 {
			t.Errorf("%s: in Godot 3 the output's box is at %v after 120 steps (rests %v, want %v)", c.slopeClass, got, rests, c.rests3)
		}
	}
}

// TestGodot3PhysicsEngineFriction: a Godot 3 project that runs
// GodotPhysics instead of Bullet gives a body without a material that
// engine's friction, 1 (its bodies' default): the reader takes the engine
// from the project. (The Godot 3 at hand runs every scene with Bullet,
// so only the reading is checked.)
func TestGodot3PhysicsEngineFriction(t *testing.T) {
	project := "config_version=4\n\n[physics]\n\n3d/physics_engine=\"GodotPhysics\"\n"
	scene := slopeScene3("", "", "StaticBody")
	fsys := fstest.MapFS{"s.tscn": {Data: []byte(scene)}, "project.godot": {Data: []byte(project)}}
	g, _, err := Parse(&convert.Input{Name: "s.tscn", Data: []byte(scene), FS: fsys, Dir: ".", Options: &convert.Options{}})
	if err != nil {
		t.Fatal(err)
	}
	for i := range g.Nodes {
		if col := g.Nodes[i].Collider; col != nil && g.Materials[col.Material].DynamicFriction != 1 {
			t.Errorf("%s read with friction %g, want GodotPhysics' 1", g.Nodes[i].Name, g.Materials[col.Material].DynamicFriction)
		}
	}
}
