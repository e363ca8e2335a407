package meshio

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/hschendel/stl"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/benchgen"
)

// TestSTLBinaryMatchesPackage holds the binary STL reader and writer,
// which work on the bytes directly, to what the STL package reads and
// writes: generated meshes (shared corners, a degenerate triangle whose
// normal is zero, values float32 rounds, long and short names) encode to
// the same bytes, and decode to the same mesh as the package's triangles
// fed through the same builder. The last cases have thousands of
// corners, more distinct ones than the reader makes room for from the
// triangle count (half as many), so its vertex index grows as it reads.
func TestSTLBinaryMatchesPackage(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	names := []string{"", "part", string(bytes.Repeat([]byte("n"), 100))}
	for c := 0; c < 34; c++ {
		nv, nt := 3+rng.IntN(40), 1+rng.IntN(60)
		if c >= 30 {
			nv, nt = 2000+rng.IntN(6000), 1000+rng.IntN(4000)
		}
		m := &Mesh{}
		for i := 0; i < nv; i++ {
			m.Positions = append(m.Positions, convert.Vec3{rng.NormFloat64(), rng.NormFloat64() * 1e-3, rng.NormFloat64() * 1e3})
		}
		for i := 0; i < nt; i++ {
			m.Indices = append(m.Indices, uint32(rng.IntN(nv)), uint32(rng.IntN(nv)), uint32(rng.IntN(nv)))
		}
		m.Indices = append(m.Indices, 0, 0, 1) // degenerate: zero normal
		name := names[c%len(names)]

		got := EncodeSTL(m, name)
		want := packageSTL(m, name)
		if !bytes.Equal(got, want) {
			t.Fatalf("case %d: EncodeSTL differs from the STL package's writer", c)
		}

		mesh, err := DecodeSTL(got)
		if err != nil {
			t.Fatalf("case %d: %v", c, err)
		}
		solid, err := stl.ReadAll(bytes.NewReader(got))
		if err != nil {
			t.Fatal(err)
		}
		b := newBuilder()
		for _, tr := range solid.Triangles {
			var p [3]convert.Vec3
			for k, v := range tr.Vertices {
				p[k] = convert.Vec3{float64(v[0]), float64(v[1]), float64(v[2])}
			}
			b.add(p[0], p[1], p[2])
		}
		if !reflect.DeepEqual(mesh.Positions, b.m.Positions) || !reflect.DeepEqual(mesh.Indices, b.m.Indices) {
			t.Fatalf("case %d: decoded mesh differs from the STL package's triangles", c)
		}
	}
}

// TestSTLBinaryNotFinite: a binary STL corner that is not a finite
// number is refused, as before.
func TestSTLBinaryNotFinite(t *testing.T) {
	m := &Mesh{Positions: []convert.Vec3{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}, Indices: []uint32{0, 1, 2}}
	data := EncodeSTL(m, "x")
	putF32 := func(off int, v float32) {
		u := math.Float32bits(v)
		data[off], data[off+1], data[off+2], data[off+3] = byte(u), byte(u>>8), byte(u>>16), byte(u>>24)
	}
	putF32(stlHeader+12+12+4, float32(math.Inf(1)))
	if _, err := DecodeSTL(data); err == nil {
		t.Fatal("an infinite corner was accepted")
	}
}

// packageSTL is the STL package's binary encoding of m (the writer
// EncodeSTL replaced).
func packageSTL(m *Mesh, name string) []byte {
	s := stl.Solid{Name: name}
	f32 := func(v convert.Vec3) stl.Vec3 { return stl.Vec3{float32(v[0]), float32(v[1]), float32(v[2])} }
	for i := 0; i+2 < len(m.Indices); i += 3 {
		a, b, c := m.Positions[m.Indices[i]], m.Positions[m.Indices[i+1]], m.Positions[m.Indices[i+2]]
		n := b.Sub(a).Cross(c.Sub(a)).Normalize()
		if math.IsNaN(n[0]) {
			n = convert.Vec3{}
		}
		s.Triangles = append(s.Triangles, stl.Triangle{Normal: f32(n), Vertices: [3]stl.Vec3{f32(a), f32(b), f32(c)}})
	}
	var buf bytes.Buffer
	if err := s.WriteAll(&buf); err != nil {
		panic(err)
	}
	return buf.Bytes()
}

// A file shorter than a binary STL's header and triangle count that is
// not ASCII STL (an exporter's empty mesh: 80 bytes of header and
// nothing after) is refused as cut short, not read as malformed ASCII;
// an ASCII solid that short still reads.
func TestSTLShorterThanHeader(t *testing.T) {
	for n := 0; n < stlHeader; n += 4 {
		_, err := DecodeSTL(make([]byte, n))
		if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("binary STL of %d bytes is cut short", n)) {
			t.Errorf("%d zero bytes: error %v, want cut short", n, err)
		}
	}
	m, err := DecodeSTL([]byte("solid e\nendsolid e\n"))
	if err != nil || len(m.Indices) != 0 {
		t.Errorf("empty ASCII solid: %v, %v", m, err)
	}
}

// BenchmarkDecodeBinarySTL decodes a closed 20,000-triangle sphere, the
// size of a robot link's mesh.
//
//	go test -run '^$' -bench DecodeBinarySTL ./internal/meshio
func BenchmarkDecodeBinarySTL(b *testing.B) {
	pos, idx := benchgen.UVSphere(0.1, 101, 100)
	m := &Mesh{Indices: idx}
	for _, p := range pos {
		m.Positions = append(m.Positions, p)
	}
	data := EncodeSTL(m, "sphere")
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := DecodeSTL(data); err != nil {
			b.Fatal(err)
		}
	}
}
