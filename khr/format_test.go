package khr

import (
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/formattest"
)

// suite is what the format harness checks of KHR: the malformed inputs of
// testdata/gltf/bad not prefixed omi_ (table khr_expect.tsv), and the round
// trip of the shipped example, the mass test files and the hand-written
// golden input, written both as .gltf with geometry.mesh and as .glb with
// geometry.node.
var suite = formattest.Suite{
	Format:   Format,
	SniffYes: []string{`{"extensionsUsed":["KHR_physics_rigid_bodies","KHR_implicit_shapes"]}`},
	SniffNo: []string{`{"asset":{"version":"2.0"}}`, `{"extensionsUsed":["OMI_physics_body"]}`,
		`<robot name="r"/>`, "[gd_scene format=3]"},
	BadDir:         "../testdata/gltf/bad",
	BadGlob:        "[^o]*.gltf",
	BadTable:       "khr_expect.tsv",
	MinBad:         25,
	RoundTrip:      []string{"../testdata/examples/door.gltf", "../testdata/mass/*.gltf", "../testdata/golden/khr-shapes-joints.txtar"},
	Variants:       []formattest.Variant{{Name: "out.gltf", Options: *(&convert.Options{}).With(GeometryOption, "mesh")}, {Name: "out.glb", Options: *(&convert.Options{}).With(GeometryOption, "node")}},
	FuzzFiles:      []string{"../testdata/gltf/bad/omi_*.gltf"},
	FuzzCorpus:     []string{"khr/current/tests/*/*.gltf", "khr/legacy/*/samples/*/*.gltf", "khr/current/samples/*/*.gltf"},
	ParseValidates: true,
}

func TestFormat(t *testing.T) { formattest.Run(t, suite) }

// FuzzParse: arbitrary bytes give a Graph or a FormatError, never a panic;
// what parses emits and parses again.
func FuzzParse(f *testing.F) { formattest.Fuzz(f, suite) }

func BenchmarkParseEmit(b *testing.B) { formattest.Bench(b, suite) }
