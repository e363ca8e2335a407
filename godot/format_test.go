package godot

import (
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/formattest"
)

// suite is what the format harness checks of Godot: the malformed scenes of
// testdata/godot/bad (table expect.tsv, exact lines) and the round trip of
// the hand-written golden scene, written as Godot 4 and as Godot 3.
var suite = formattest.Suite{
	Format: Format,
	SniffYes: []string{"[gd_scene load_steps=3 format=3]\n", "\ufeff  [gd_scene format=2]",
		"[gd_resource type=\"BoxShape3D\" format=3]\n"},
	SniffNo:   []string{`{"asset":{"version":"2.0"}}`, "<robot name=\"x\"/>", "[gd_resource type=\"BoxShape3D\"]\n"},
	BadDir:    "../testdata/godot/bad",
	BadGlob:   "*.tscn",
	BadTable:  "expect.tsv",
	RoundTrip: []string{"../testdata/golden/godot-shapes-joints.txtar"},
	Variants:  []formattest.Variant{{Name: "out.tscn"}, {Name: "out3.tscn", Options: *(&convert.Options{}).With(VersionOption, "3")}},
	// Godot 3 has no inertia property: the engine's own (GodotPhysics3D)
	// inertia a Godot 4 scene was read with cannot be written there; a
	// Godot 3 KinematicBody has no material, and touches others with
	// Bullet's friction.
	Explained: func(d string, ediags convert.Diagnostics) bool {
		return strings.Contains(d, ": inertia") && ediags.Has(convert.CodeGodotInertiaDropped) ||
			strings.Contains(d, ": material") && ediags.Has(convert.CodeGodot3KinematicMaterial)
	},
	FuzzCorpus: []string{"godot/omi_physics_scenes/examples/omi_physics_joint/source/pendulum_balls.tscn",
		"godot/demo_truck_town/vehicles/trailer_truck.tscn", "godot3/demo_truck_town_3x/car_base.tscn"},
}

func TestFormat(t *testing.T) { formattest.Run(t, suite) }

// FuzzParse: no input panics; whatever parses and validates emits as
// Godot 4 and 3, and both outputs parse again.
func FuzzParse(f *testing.F) { formattest.Fuzz(f, suite) }

func BenchmarkParseEmit(b *testing.B) { formattest.Bench(b, suite) }

func TestDescriptor(t *testing.T) {
	if !strings.Contains(Format.Description, "Godot") || Format.Extensions[0] != ".tscn" {
		t.Error("descriptor")
	}
}
