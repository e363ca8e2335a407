package godot

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// lockScene4 and lockScene3 hold one rigid body with the given properties.
const (
	lockScene4 = "[gd_scene format=3]\n\n[sub_resource type=\"BoxShape3D\" id=\"Box\"]\n\n[node name=\"Root\" type=\"Node3D\"]\n\n[node name=\"B\" type=\"RigidBody3D\" parent=\".\"]\n%s\n\n[node name=\"S\" type=\"CollisionShape3D\" parent=\"B\"]\nshape = SubResource(\"Box\")\n"
	lockScene3 = "[gd_scene load_steps=2 format=2]\n\n[sub_resource type=\"BoxShape\" id=1]\n\n[node name=\"Root\" type=\"Spatial\"]\n\n[node name=\"B\" type=\"RigidBody\" parent=\".\"]\n%s\n\n[node name=\"S\" type=\"CollisionShape\" parent=\"B\"]\ntransform = Transform( 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 0 )\nshape = SubResource( 1 )\n"
)

// motionState is what a body's locks, damping and integrator read as.
type motionState struct {
	lin, ang               [3]bool
	linDamp, angDamp       float64
	replaceLin, replaceAng bool
	custom                 bool
	kind                   convert.BodyKind
	comOrigin              bool // the centre of mass read at the body origin
	// infInertia: every moment infinite (Godot 4's lock_rotation, which
	// keeps a spin; locks stop it)
	infInertia bool
}

func motionOf(t *testing.T, g *convert.Graph) *convert.Motion {
	t.Helper()
	for i := range g.Nodes {
		if m := g.Nodes[i].Motion; m != nil {
			return m
		}
	}
	t.Fatal("no body")
	return nil
}

func stateOf(m *convert.Motion) motionState {
	return motionState{lin: m.LockLinear, ang: m.LockAngular, linDamp: m.LinearDamping, angDamp: m.AngularDamping,
		replaceLin: m.ReplaceLinearDamping, replaceAng: m.ReplaceAngularDamping, custom: m.CustomIntegrator, kind: m.Kind,
		comOrigin:  m.CenterOfMass != nil && *m.CenterOfMass == convert.Vec3{},
		infInertia: m.InertiaDiagonal != nil && *m.InertiaDiagonal == convert.Vec3{math.Inf(1), math.Inf(1), math.Inf(1)}}
}

// TestLocksAndDamping reads axis locks, damping (both damp modes, Godot 3's
// -1 default), Godot 3's Character mode and custom_integrator, and checks
// that Godot 4 → 4, 4 → 3 → 4 and 3 → 3 keep them.
func TestLocksAndDamping(t *testing.T) {
	all := [3]bool{true, true, true}
	for _, c := range []struct {
		name    string
		version int
		props   string
		want    motionState
		sum43   bool // damping added to the default: Godot 3's replaces it, so the sum is written
	}{
		{"angular locks", 4, "axis_lock_angular_x = true\naxis_lock_angular_y = true\naxis_lock_angular_z = true", motionState{ang: all, kind: convert.Dynamic}, false},
		{"lock_rotation", 4, "lock_rotation = true", motionState{infInertia: true, kind: convert.Dynamic}, false},
		{"one linear one angular", 4, "axis_lock_linear_y = true\naxis_lock_angular_z = true", motionState{lin: [3]bool{false, true}, ang: [3]bool{false, false, true}, kind: convert.Dynamic}, false},
		{"damping replace", 4, "linear_damp_mode = 1\nlinear_damp = 0.5\nangular_damp_mode = 1\nangular_damp = 2.0", motionState{linDamp: 0.5, angDamp: 2, replaceLin: true, replaceAng: true, kind: convert.Dynamic}, false},
		{"damping combine", 4, "linear_damp = 0.25", motionState{linDamp: 0.25, kind: convert.Dynamic}, true},
		{"custom integrator", 4, "custom_integrator = true", motionState{custom: true, kind: convert.Dynamic}, false},
		{"godot3 character", 3, "mode = 2", motionState{ang: all, kind: convert.Dynamic, comOrigin: true}, false},
		{"godot3 damping", 3, "linear_damp = 0.3\nangular_damp = 0.0", motionState{linDamp: 0.3, replaceLin: true, replaceAng: true, kind: convert.Dynamic, comOrigin: true}, false},
		{"godot3 default damping", 3, "linear_damp = -1.0", motionState{kind: convert.Dynamic, comOrigin: true}, false},
		{"godot3 locks and integrator", 3, "axis_lock_linear_x = true\naxis_lock_angular_y = true\ncustom_integrator = true", motionState{lin: [3]bool{true}, ang: [3]bool{false, true}, custom: true, kind: convert.Dynamic, comOrigin: true}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			scene := lockScene4
			if c.version == 3 {
				scene = lockScene3
			}
			g := parseText(t, fmt.Sprintf(scene, c.props))
			got := stateOf(motionOf(t, g))
			if got != c.want {
				t.Fatalf("read %+v, want %+v", got, c.want)
			}
			// the locks and damping survive writing either version and
			// reading back; the centre of mass is Godot 3's rule only
			for _, chain := range [][]int{{4}, {3}, {3, 4}, {4, 3, 4}} {
				h := g
				for _, v := range chain {
					out, _, err := Emit(h, (&convert.Options{}).With(VersionOption, strconv.Itoa(v)))
					if err != nil {
						t.Fatal(err)
					}
					h = parseText(t, string(out.Main))
				}
				back := stateOf(motionOf(t, h))
				want := c.want
				back.comOrigin, want.comOrigin = false, false
				if want.infInertia && slices.Contains(chain, 3) {
					// Godot 3 has no inertia: its Character mode (which
					// stops a spin too) locks the rotation
					want.infInertia, want.ang = false, all
				}
				if c.sum43 && chain[0] == 3 || c.sum43 && len(chain) > 2 {
					// Godot 3 damping replaces the project default: the
					// same damping, as the sum
					if want.linDamp != 0 {
						want.linDamp, want.replaceLin = want.linDamp+DefaultDamping.Linear, true
					}
					if want.angDamp != 0 {
						want.angDamp, want.replaceAng = want.angDamp+DefaultDamping.Angular, true
					}
				}
				if back != want {
					t.Errorf("Godot %v: read back %+v, want %+v", chain, back, want)
				}
			}
		})
	}
}

// TestGodot3CentreOfMassAtOrigin: Godot 3 puts a body's centre of mass at
// its origin whatever its shapes (godot3-inspect reports 0 for a box at
// y = 1), and Godot 4 output writes that centre explicitly.
func TestGodot3CentreOfMassAtOrigin(t *testing.T) {
	for _, shift := range []float64{0, 1, -2.5} {
		scene := fmt.Sprintf(lockScene3, "mass = 2.0")
		scene = strings.Replace(scene, "0, 1, 0 )", fmt.Sprintf("0, %g, 0 )", shift), 1)
		g := parseText(t, scene)
		m := motionOf(t, g)
		if m.CenterOfMass == nil || *m.CenterOfMass != (convert.Vec3{}) {
			t.Fatalf("shape at y=%g: centre of mass %v, want the body origin", shift, m.CenterOfMass)
		}
		out, _, err := Emit(g, (&convert.Options{}).With(VersionOption, "4"))
		if err != nil {
			t.Fatal(err)
		}
		back := motionOf(t, parseText(t, string(out.Main)))
		if back.CenterOfMass == nil || *back.CenterOfMass != (convert.Vec3{}) {
			t.Errorf("shape at y=%g: Godot 4 output reads centre of mass %v, want the origin", shift, back.CenterOfMass)
		}
	}
}

// TestAreaDampingKept: an Area3D's damping shares its names with a body's
// but is the area's own; a Godot round trip keeps it as written.
func TestAreaDampingKept(t *testing.T) {
	src := "[gd_scene format=3]\n\n[sub_resource type=\"BoxShape3D\" id=\"B\"]\n\n[node name=\"Root\" type=\"Node3D\"]\n\n" +
		"[node name=\"Water\" type=\"Area3D\" parent=\".\"]\nlinear_damp_space_override = 1\nlinear_damp = 3.0\nangular_damp = 2.0\n\n" +
		"[node name=\"S\" type=\"CollisionShape3D\" parent=\"Water\"]\nshape = SubResource(\"B\")\n"
	out, _, err := Emit(parseText(t, src), &convert.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"linear_damp_space_override = 1", "linear_damp = 3.0", "angular_damp = 2.0"} {
		if !strings.Contains(string(out.Main), w) {
			t.Errorf("output lacks %s:\n%s", w, out.Main)
		}
	}
}

// TestAreaOverridesNamed: an area that overrides the gravity or damping
// of the bodies in it (each Godot 4 mode, Godot 3's one) is named by
// gravity-volume-kept, at its line; an area that overrides nothing (mode
// 0, or no mode) is not.
func TestAreaOverridesNamed(t *testing.T) {
	for _, c := range []struct {
		format, class, props string
		named                bool
	}{
		{"3", "Area3D", "gravity_space_override = 3\ngravity_point = true\ngravity = 20.0\n", true},
		{"3", "Area3D", "gravity_space_override = 1\ngravity_direction = Vector3(0, 1, 0)\n", true},
		{"3", "Area3D", "linear_damp_space_override = 1\nlinear_damp = 3.0\n", true},
		{"3", "Area3D", "angular_damp_space_override = 2\n", true},
		{"3", "Area3D", "gravity_space_override = 0\ngravity = 20.0\n", false},
		{"3", "Area3D", "", false},
		{"2", "Area", "space_override = 1\ngravity_vec = Vector3(0, 1, 0)\n", true},
		{"2", "Area", "gravity = 3.0\n", false},
	} {
		src := "[gd_scene format=" + c.format + "]\n\n[sub_resource type=\"BoxShape" + map[string]string{"3": "3D", "2": ""}[c.format] + "\" id=\"B\"]\n\n[node name=\"Root\" type=\"Spatial\"]\n\n" +
			"[node name=\"Zone\" type=\"" + c.class + "\" parent=\".\"]\n" + c.props + "\n" +
			"[node name=\"S\" type=\"CollisionShape" + map[string]string{"3": "3D", "2": ""}[c.format] + "\" parent=\"Zone\"]\nshape = SubResource(\"B\")\n"
		if c.format == "3" {
			src = strings.Replace(src, `type="Spatial"`, `type="Node3D"`, 1)
		}
		_, diags, err := Parse(&convert.Input{Name: "z.tscn", Data: []byte(src), Options: &convert.Options{}})
		if err != nil {
			t.Fatalf("%s: %v", c.props, err)
		}
		said := diags.OfCode(convert.CodeGravityVolumeKept)
		if c.named != (len(said) == 1) || len(said) == 1 && (said[0].Line != 7 || !strings.Contains(said[0].Message, `"Zone"`)) {
			t.Errorf("format %s %q: gravity-volume-kept %v", c.format, c.props, said)
		}
	}
}
