package omi

import (
	"os"
	"testing"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// The largest OMI corpus file: ball_pit (38 KB JSON, 789 KB buffer).
func benchInput(b *testing.B) *convert.Input {
	p := testenv.CorpusPath(b, "omi", "current", "OMI_physics_body", "examples", "complex", "ball_pit.gltf")
	in, err := physconv.OpenInput(p, nil, &convert.Options{})
	if err != nil {
		b.Fatal(err)
	}
	return in
}

func BenchmarkParse(b *testing.B) {
	in := benchInput(b)
	b.SetBytes(int64(len(in.Data)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, _, err := Parse(in); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkEmit(b *testing.B) {
	in := benchInput(b)
	g, _, err := Parse(in)
	if err != nil {
		b.Fatal(err)
	}
	opts := &convert.Options{OutputName: os.DevNull + ".glb"}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, _, err := Emit(g, opts); err != nil {
			b.Fatal(err)
		}
	}
}
