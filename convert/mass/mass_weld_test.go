package mass

import (
	"math"
	"math/rand"
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestWeldMatchesMap: the table weld maps every vertex to the first one at
// an equal position, as a map[Vec3] does: duplicates, −0 against +0, and
// NaN (equal to nothing) included.
func TestWeldMatchesMap(t *testing.T) {
	r := rand.New(rand.NewSource(5))
	for _, n := range []int{0, 1, 7, 1000, 50000} {
		pos := make([]convert.Vec3, n)
		for i := range pos {
			switch r.Intn(6) {
			case 0:
				if i > 0 {
					pos[i] = pos[r.Intn(i)]
					continue
				}
			case 1:
				pos[i] = convert.Vec3{math.Copysign(0, -1), 0, float64(r.Intn(3))}
				continue
			case 2:
				pos[i] = convert.Vec3{0, math.Copysign(0, -1), float64(r.Intn(3))}
				continue
			case 3:
				pos[i] = convert.Vec3{math.NaN(), 1, 2}
				continue
			}
			pos[i] = convert.Vec3{float64(r.Intn(20)), float64(r.Intn(20)), float64(r.Intn(20))}
		}
		first := map[convert.Vec3]uint32{}
		want := make([]uint32, n)
		for i, p := range pos {
			if j, ok := first[p]; ok {
				want[i] = j
				continue
			}
			first[p] = uint32(i)
			want[i] = uint32(i)
		}
		got := weld(pos)
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("n=%d: vertex %d %v welds to %d, want %d", n, i, pos[i], got[i], want[i])
			}
		}
	}
}
