package mass

import (
	"math"
	"math/rand"
	"syscall"
	"testing"

	"time"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/benchgen"
)

// uvSphere is a closed sphere mesh of 2·stacks·slices − 2·slices triangles
// with shared vertices (poles single).
func uvSphere(r float64, stacks, slices int) ([]convert.Vec3, []uint32) {
	p, idx := benchgen.UVSphere(r, stacks, slices)
	pos := make([]convert.Vec3, len(p))
	for i, v := range p {
		pos[i] = convert.Vec3(v)
	}
	return pos, idx
}

func TestUVSphereMeshIsClosedAndConverges(t *testing.T) {
	pos, idx := uvSphere(1, 200, 400)
	s, closure, err := trimeshSolid(pos, idx)
	if err != nil || closure != meshClosed {
		t.Fatalf("closure %v err %v", closure, err)
	}
	// an inscribed polyhedron: just under the ball (by ~(π/stacks)²/10)
	v := 4 * math.Pi / 3
	if s.Volume >= v || s.Volume < v*(1-2e-4) {
		t.Errorf("volume %g vs ball %g", s.Volume, v)
	}
	if s.Centroid.Len() > 1e-12 {
		t.Errorf("centroid %v", s.Centroid)
	}
}

// BenchmarkTrimeshMillionTriangles: mass properties of a closed mesh of
// 1,000,000 triangles (weld, closedness check, signed-volume integration).
func BenchmarkTrimeshMillionTriangles(b *testing.B) {
	pos, idx := uvSphere(1, 501, 1000) // 2·501·1000 − 2·1000 = 1,000,000
	if len(idx) != 3_000_000 {
		b.Fatalf("%d triangles", len(idx)/3)
	}
	g := convert.NewGraph()
	m := g.AddMesh(convert.Mesh{Positions: pos, Indices: idx, Loaded: true})
	s := g.AddShape(convert.Shape{Kind: convert.TriMesh, Mesh: m})
	b.ResetTimer()
	cpu0 := cpuTime(b)
	for i := 0; i < b.N; i++ {
		p, d := ShapeMassProps(g, s, 1000)
		if p.Mass <= 0 || len(d) != 0 {
			b.Fatal(p, d)
		}
	}
	b.ReportMetric(float64(cpuTime(b)-cpu0)/float64(b.N), "cpu-ns/op")
}

// cpuTime is the CPU time (user + system) the process has used: on a
// shared machine it says more than the wall clock.
func cpuTime(b *testing.B) time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		b.Fatal(err)
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}

// BenchmarkConvexMillionPoints: mass properties of the convex hull of
// 1,000,000 random points in a cube.
func BenchmarkConvexMillionPoints(b *testing.B) {
	rng := rand.New(rand.NewSource(42))
	pos := make([]convert.Vec3, 1_000_000)
	for i := range pos {
		pos[i] = convert.Vec3{rng.Float64(), rng.Float64(), rng.Float64()}
	}
	g := convert.NewGraph()
	m := g.AddMesh(convert.Mesh{Positions: pos, Loaded: true})
	s := g.AddShape(convert.Shape{Kind: convert.Convex, Mesh: m})
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p, d := ShapeMassProps(g, s, 1000)
		if p.Mass <= 0 || len(d) != 0 {
			b.Fatal(p, d)
		}
	}
}
