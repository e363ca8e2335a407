package meshio

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// msh builds an MSH file: header counts, then the arrays as given.
func msh(nv, nn, nt, nf int32, pos []float32, normals []float32, tex []float32, faces []int32) []byte {
	var b []byte
	for _, n := range []int32{nv, nn, nt, nf} {
		b = binary.LittleEndian.AppendUint32(b, uint32(n))
	}
	for _, arr := range [][]float32{pos, normals, tex} {
		for _, x := range arr {
			b = binary.LittleEndian.AppendUint32(b, math.Float32bits(x))
		}
	}
	for _, f := range faces {
		b = binary.LittleEndian.AppendUint32(b, uint32(f))
	}
	return b
}

var (
	tetraPos   = []float32{0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1}
	tetraFaces = []int32{0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3}
)

// TestMSH: MuJoCo's binary MSH reads as the mesh its arrays give (with
// or without normals and texture coordinates, which are per vertex; a
// file without faces is a point cloud); a header MuJoCo refuses, a size
// that does not match it, a face naming a missing vertex and a
// non-finite vertex are errors saying so.
func TestMSH(t *testing.T) {
	normals := make([]float32, 12)
	tex := []float32{0, 0, 1, 0, 0, 1, 0.5, 0.25}
	for _, c := range []struct {
		name      string
		data      []byte
		points    int
		triangles int
		uv        bool
		err       string
	}{
		{"positions and faces", msh(4, 0, 0, 4, tetraPos, nil, nil, tetraFaces), 4, 4, false, ""},
		{"with normals and texture coordinates", msh(4, 4, 4, 4, tetraPos, normals, tex, tetraFaces), 4, 4, true, ""},
		{"a point cloud", msh(4, 0, 0, 0, tetraPos, nil, nil, nil), 4, 0, false, ""},
		{"no header", []byte{1, 0, 0}, 0, 0, false, "no header"},
		{"three vertices", msh(3, 0, 0, 1, tetraPos[:9], nil, nil, tetraFaces[:3]), 0, 0, false, "4 vertices at least"},
		{"normals not per vertex", msh(4, 2, 0, 4, tetraPos, normals[:6], nil, tetraFaces), 0, 0, false, "as many normals"},
		{"negative count", msh(4, 0, 0, -1, tetraPos, nil, nil, nil), 0, 0, false, "-1 faces"},
		{"short file", msh(4, 0, 0, 4, tetraPos, nil, nil, tetraFaces[:9]), 0, 0, false, "but the file has"},
		{"face past the vertices", msh(4, 0, 0, 4, tetraPos, nil, nil, append(append([]int32{}, tetraFaces[:11]...), 4)), 0, 0, false, "names vertex 4 of 4"},
		{"negative face index", msh(4, 0, 0, 4, tetraPos, nil, nil, append([]int32{-1}, tetraFaces[1:]...)), 0, 0, false, "names vertex -1"},
		{"not a number", msh(4, 0, 0, 4, append([]float32{float32(math.NaN())}, tetraPos[1:]...), nil, nil, tetraFaces), 0, 0, false, "not a finite number"},
	} {
		t.Run(c.name, func(t *testing.T) {
			m, err := Decode("part.MSH", c.data, nil)
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("err = %v, want one saying %q", err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(m.Positions) != c.points || len(m.Indices) != 3*c.triangles || (m.UV != nil) != c.uv {
				t.Fatalf("%d points, %d triangles, UV %v; want %d, %d, %v", len(m.Positions), len(m.Indices)/3, m.UV != nil, c.points, c.triangles, c.uv)
			}
			// the first face's corners are vertices 0, 2, 1: (0, 0), (0, 1), (1, 0), V flipped
			if want := [][2]float64{{0, 1}, {0, 0}, {1, 1}}; c.uv && (m.UV[0] != want[0] || m.UV[1] != want[1] || m.UV[2] != want[2]) {
				t.Errorf("UV of the first face %v, want %v", m.UV[:3], want)
			}
		})
	}
}

// TestMSHSameAsOBJ: generated meshes written as MSH and as OBJ decode to
// the same triangles (the OBJ's decimals are the float32 values').
func TestMSHSameAsOBJ(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 7))
	for range 50 {
		nv := 4 + r.IntN(40)
		pos := make([]float32, 3*nv)
		var obj strings.Builder
		for i := range nv {
			for k := range 3 {
				pos[3*i+k] = float32(r.NormFloat64())
			}
			obj.WriteString("v " + f32(pos[3*i]) + " " + f32(pos[3*i+1]) + " " + f32(pos[3*i+2]) + "\n")
		}
		nf := 1 + r.IntN(60)
		faces := make([]int32, 3*nf)
		for i := range faces {
			faces[i] = int32(r.IntN(nv))
		}
		for i := 0; i < nf; i++ {
			obj.WriteString("f " + itoa(faces[3*i]+1) + " " + itoa(faces[3*i+1]+1) + " " + itoa(faces[3*i+2]+1) + "\n")
		}
		a, err := Decode("m.msh", msh(int32(nv), 0, 0, int32(nf), pos, nil, nil, faces), nil)
		if err != nil {
			t.Fatal(err)
		}
		b, err := DecodeOBJ([]byte(obj.String()))
		if err != nil {
			t.Fatal(err)
		}
		if len(a.Indices) != len(b.Indices) {
			t.Fatalf("%d and %d indices", len(a.Indices), len(b.Indices))
		}
		for i := range a.Indices {
			pa, pb := a.Positions[a.Indices[i]], b.Positions[b.Indices[i]]
			if float32(pa[0]) != float32(pb[0]) || float32(pa[1]) != float32(pb[1]) || float32(pa[2]) != float32(pb[2]) {
				t.Fatalf("corner %d: %v and %v", i, a.Positions[a.Indices[i]], b.Positions[b.Indices[i]])
			}
		}
	}
}

func f32(x float32) string { return strconv.FormatFloat(float64(x), 'g', -1, 32) }

func itoa(i int32) string { return strconv.Itoa(int(i)) }
