package mjcf

import (
	"testing"

	"github.com/physconv/physconv/internal/testenv"
)

// BenchmarkParseHumanoid parses MuJoCo's reference humanoid.
func BenchmarkParseHumanoid(b *testing.B) {
	in := inputFor(b, testenv.CorpusPath(b, "mjcf", "mujoco_humanoid", "humanoid.xml"))
	b.SetBytes(int64(len(in.Data)))
	for i := 0; i < b.N; i++ {
		if _, _, err := Parse(in); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkParseAllegro includes reading and integrating 11 STL meshes.
func BenchmarkParseAllegro(b *testing.B) {
	in := inputFor(b, testenv.CorpusPath(b, "mjcf", "menagerie_wonik_allegro", "right_hand.xml"))
	for i := 0; i < b.N; i++ {
		if _, _, err := Parse(in); err != nil {
			b.Fatal(err)
		}
	}
}
