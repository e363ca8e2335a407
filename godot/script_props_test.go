package godot

import (
	"fmt"
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestPropertiesOfOtherClasses: a property is read by the classes that
// have it. A HUD's CanvasLayer stores a Transform2D transform; a static,
// kinematic or character body may store a script's variable named
// linear_velocity or angular_velocity (a float); both Godot versions load
// such scenes, which were refused whole ("must be Transform3D", "must be
// Vector3"). A rigid body's velocity of the wrong type is still refused
// at its line.
func TestPropertiesOfOtherClasses(t *testing.T) {
	for _, c := range []struct {
		v           int
		class, prop string
		refused     bool
	}{
		{4, "CanvasLayer", "transform = Transform2D(1, 0, 0, 1, 20, 30)", false},
		{3, "CanvasLayer", "transform = Transform2D( 1, 0, 0, 1, 20, 30 )", false},
		{3, "KinematicBody", "angular_velocity = 0.4", false},
		{3, "StaticBody", "linear_velocity = 2.0", false},
		{4, "AnimatableBody3D", "angular_velocity = 0.4", false},
		{4, "CharacterBody3D", "linear_velocity = 2.0", false},
		{4, "StaticBody3D", "angular_velocity = 0.4", false},
		{4, "RigidBody3D", "angular_velocity = 0.4", true},
		{3, "RigidBody", "linear_velocity = 2.0", true},
	} {
		root, format := "Node3D", 3
		if c.v == 3 {
			root, format = "Spatial", 2
		}
		scene := fmt.Sprintf("[gd_scene format=%d]\n\n[node name=\"Root\" type=%q]\n\n[node name=\"N\" type=%q parent=\".\"]\n%s\n", format, root, c.class, c.prop)
		_, _, err := Parse(&convert.Input{Name: "s.tscn", Data: []byte(scene), Options: &convert.Options{}})
		if fe, ok := err.(*convert.FormatError); c.refused && (!ok || fe.Line != 6) || !c.refused && err != nil {
			t.Errorf("Godot %d %s with %s: %v", c.v, c.class, c.prop, err)
		}
	}
}
