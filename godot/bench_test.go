package godot

import (
	"testing"

	"github.com/physconv/physconv/convert"
)

// BenchmarkConcaveMesh parses and emits the largest corpus scene: the
// robot head ConcavePolygonShape3D (580 KB .tres) instanced by a test scene.
func BenchmarkConcaveMesh(b *testing.B) {
	in := corpusInput(b, "godot/demo_physics_tests", "tests/functional/test_shapes.tscn")
	g, _, err := Parse(in)
	if err != nil {
		b.Fatal(err)
	}
	tri := 0
	for _, m := range g.Meshes {
		tri += len(m.Indices) / 3
	}
	if tri < 5000 {
		b.Fatalf("robot head not loaded: %d triangles", tri)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		in := corpusInput(b, "godot/demo_physics_tests", "tests/functional/test_shapes.tscn")
		g, _, err := Parse(in)
		if err != nil {
			b.Fatal(err)
		}
		if _, _, err := Emit(g, &convert.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
