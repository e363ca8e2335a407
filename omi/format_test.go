package omi

import (
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/formattest"
)

// suite is what the format harness checks of OMI: the malformed inputs
// prefixed omi_ in testdata/gltf/bad (table omi_expect.tsv) and the round
// trip of the OMI test files and the hand-written golden vehicle, as .gltf
// and as .glb.
var suite = formattest.Suite{
	Format: Format,
	SniffYes: []string{
		`{"asset":{"version":"2.0"},"extensionsUsed":["OMI_physics_body","OMI_physics_shape"]}`,
		`  {"extensionsUsed":["OMI_collider"]`,
		"glTF\x02\x00\x00\x00....{\"extensionsUsed\":[\"OMI_seat\"]}",
	},
	SniffNo: []string{
		`{"extensionsUsed":["KHR_physics_rigid_bodies","KHR_implicit_shapes"]}`,
		`{"asset":{"version":"2.0"}}`,
		`<robot name="r"/>`,
	},
	BadDir:     "../testdata/gltf/bad",
	BadGlob:    "omi_*.gltf",
	BadTable:   "omi_expect.tsv",
	RoundTrip:  []string{"../testdata/gltf/omi/*.gltf", "../testdata/golden/omi-vehicle.txtar"},
	Variants:   []formattest.Variant{{Name: "out.gltf"}, {Name: "out.glb"}},
	FuzzFiles:  []string{"../testdata/gltf/bad/[^o]*.gltf"},
	FuzzCorpus: []string{"omi/**/*.gltf", "gltf/**/*.gltf"},
}

func TestFormat(t *testing.T) { formattest.Run(t, suite) }

// FuzzParse: the OMI decoders never panic, and whatever parses emits and
// parses again.
func FuzzParse(f *testing.F) { formattest.Fuzz(f, suite) }

func BenchmarkParseEmit(b *testing.B) { formattest.Bench(b, suite) }

// TestDetect: a .gltf with OMI extensions is detected as OMI.
func TestDetect(t *testing.T) {
	reg := convert.NewRegistry(Format)
	if f, err := reg.Detect("", "scene.gltf", []byte(`{"extensionsUsed":["OMI_physics_body"]}`)); err != nil || f != Format {
		t.Errorf("Detect = %v, %v", f, err)
	}
}
