package godot

import (
	"fmt"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/lower"
	"github.com/physconv/physconv/convert/mass"
)

// convertScene reads a scene and writes it as Godot version (3 or 4).
func convertScene(t *testing.T, scene string, version int) (string, convert.Diagnostics) {
	t.Helper()
	g, _, err := Parse(&convert.Input{Name: "s.tscn", Data: []byte(scene), Options: &convert.Options{}})
	if err != nil {
		t.Fatal(err)
	}
	mass.CompleteInPlace(g, nil)
	g, _ = lower.LowerInPlace(g, &Capabilities)
	opts := &convert.Options{}
	opts.SetOption(VersionOption.Name, fmt.Sprint(version))
	out, diags, err := Emit(g, opts)
	if err != nil {
		t.Fatal(err)
	}
	return string(out.Main), diags
}

// TestScriptedBodyKeepsEngineProperties: a scripted node keeps only the
// properties a script variable cannot be (its engine's own); a body's and
// an area's are such (continuous collision detection, sleeping, contact
// reporting, ray picking, monitoring), and a Godot round trip of a
// scripted pickable lost them: a fast ball with continuous_cd went
// through the wall it stops at. A script's own variable is still not kept.
func TestScriptedBodyKeepsEngineProperties(t *testing.T) {
	for _, c := range []struct {
		class string
		props []string
	}{
		{"RigidBody3D", []string{"continuous_cd = true", "can_sleep = false", "sleeping = true", "contact_monitor = true",
			"max_contacts_reported = 3", "collision_priority = 2.0", "input_ray_pickable = false", "disable_mode = 1"}},
		{"VehicleBody3D", []string{"continuous_cd = true", "can_sleep = false"}},
		{"StaticBody3D", []string{"input_ray_pickable = false", "collision_priority = 3.0"}},
		{"CharacterBody3D", []string{"input_capture_on_drag = true"}},
		{"Area3D", []string{"monitoring = false", "monitorable = false", "priority = 2"}},
	} {
		scene := "[gd_scene format=3]\n\n[ext_resource type=\"Script\" path=\"res://p.gd\" id=\"1\"]\n\n" +
			"[sub_resource type=\"SphereShape3D\" id=\"s\"]\n\n[node name=\"Root\" type=\"Node3D\"]\n\n" +
			"[node name=\"B\" type=\"" + c.class + "\" parent=\".\"]\n" + strings.Join(c.props, "\n") +
			"\nspeed_boost = 3.0\nscript = ExtResource(\"1\")\n\n" +
			"[node name=\"S\" type=\"CollisionShape3D\" parent=\"B\"]\nshape = SubResource(\"s\")\n"
		out, _ := convertScene(t, scene, 4)
		for _, p := range c.props {
			if !strings.Contains(out, "\n"+p+"\n") {
				t.Errorf("scripted %s: %q not kept:\n%s", c.class, p, out)
			}
		}
		if strings.Contains(out, "speed_boost") {
			t.Errorf("scripted %s: the script's variable is written without its script:\n%s", c.class, out)
		}
	}
}

// TestBodyPropertiesAcrossGodotVersions: a body's continuous collision
// detection, sleeping and contact reporting mean the same in Godot 3 and
// Godot 4 (contacts_reported became max_contacts_reported); they were
// dropped between the versions, said as having "no Godot 4 form", and a
// fast ball went through its wall in the Godot 4 output.
func TestBodyPropertiesAcrossGodotVersions(t *testing.T) {
	shared := []string{"continuous_cd = true", "can_sleep = false", "sleeping = true", "contact_monitor = true", "input_ray_pickable = false"}
	for _, c := range []struct {
		from, to       int
		class, scene   string
		count, counted string
	}{
		{3, 4, "RigidBody", "[gd_scene format=2]\n\n[sub_resource type=\"SphereShape\" id=1]\n\n[node name=\"B\" type=\"RigidBody\"]\n%s\n\n[node name=\"S\" type=\"CollisionShape\" parent=\".\"]\nshape = SubResource( 1 )\n",
			"contacts_reported = 2", "max_contacts_reported = 2"},
		{4, 3, "RigidBody3D", "[gd_scene format=3]\n\n[sub_resource type=\"SphereShape3D\" id=\"s\"]\n\n[node name=\"B\" type=\"RigidBody3D\"]\n%s\n\n[node name=\"S\" type=\"CollisionShape3D\" parent=\".\"]\nshape = SubResource(\"s\")\n",
			"max_contacts_reported = 2", "contacts_reported = 2"},
	} {
		props := append(append([]string{}, shared...), c.count)
		out, diags := convertScene(t, fmt.Sprintf(c.scene, strings.Join(props, "\n")), c.to)
		for _, p := range append(append([]string{}, shared...), c.counted) {
			if !strings.Contains(out, "\n"+p+"\n") {
				t.Errorf("Godot %d %s to Godot %d: %q not written:\n%s", c.from, c.class, c.to, p, out)
			}
		}
		for _, d := range diags {
			if d.Code == convert.CodeGodotPropsDropped {
				t.Errorf("Godot %d %s to Godot %d: %s", c.from, c.class, c.to, d.Message)
			}
		}
	}
}
