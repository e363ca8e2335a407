package khr

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// largestCorpusGLTF is the biggest KHR corpus file (1.6 MB .glb).
const largestCorpusGLTF = "khr/current/samples/Materials_Restitution/Materials_Restitution.glb"

func BenchmarkParseLargest(b *testing.B) {
	file := testenv.CorpusPath(b, filepath.FromSlash(largestCorpusGLTF))
	data, err := os.ReadFile(file)
	if err != nil {
		b.Fatal(err)
	}
	in := &convert.Input{Name: file, Data: data, FS: os.DirFS(filepath.Dir(file)), Dir: "."}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, _, err := Parse(in); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkEmitLargest(b *testing.B) {
	file := testenv.CorpusPath(b, filepath.FromSlash(largestCorpusGLTF))
	g, _, err := Parse(inputFor(b, file))
	if err != nil {
		b.Fatal(err)
	}
	opts := &convert.Options{OutputName: "out.glb"}
	for b.Loop() {
		if _, _, err := Emit(g, opts); err != nil {
			b.Fatal(err)
		}
	}
}
