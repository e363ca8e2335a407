package meshio

import (
	"bytes"
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/physconv/physconv/convert"
)

// VTK cell types read: a triangle, a polygon (as a fan), a tetrahedron.
const (
	vtkTriangle    = 5
	vtkPolygon     = 7
	vtkTetrahedron = 10
)

// decodeVTK reads a legacy ASCII VTK file (Drake's volume meshes, version
// 3 cell lists or version 5 offsets and connectivity): an
// UNSTRUCTURED_GRID's tetrahedra become the surface that bounds them
// (every face no other tetrahedron shares, turned to face out), its
// triangles and polygons are surface as they are; a POLYDATA's POLYGONS
// are its surface. Other cells, point and cell data are read past. Each
// tetrahedron counts four triangles against the budget, the faces looked
// at to find the surface.
func decodeVTK(data []byte, b *builder) error {
	lines := bytes.SplitN(data, []byte("\n"), 4)
	if len(lines) < 4 || !bytes.HasPrefix(bytes.TrimSpace(lines[0]), []byte("# vtk DataFile")) {
		return fmt.Errorf("meshio: not a legacy VTK file (its first line is not \"# vtk DataFile Version ...\")")
	}
	version := strings.Fields(string(lines[0]))
	v, _ := strconv.ParseFloat(version[len(version)-1], 64)
	modern := v >= 5
	switch form := strings.ToUpper(strings.TrimSpace(string(lines[2]))); form {
	case "ASCII":
	case "BINARY":
		return fmt.Errorf("meshio: binary VTK is not read (save the mesh as ASCII VTK)")
	default:
		return fmt.Errorf("meshio: VTK line 3 says %q, want ASCII", form)
	}
	r := &vtkReader{rest: lines[3]}
	if !r.keyword("DATASET") {
		return fmt.Errorf("meshio: VTK file has no DATASET after its header")
	}
	dataset := strings.ToUpper(r.word())
	if dataset != "UNSTRUCTURED_GRID" && dataset != "POLYDATA" {
		return fmt.Errorf("meshio: VTK DATASET %s is not read (want UNSTRUCTURED_GRID or POLYDATA)", dataset)
	}
	var points []convert.Vec3
	var cells [][]uint32
	var types []int
	for r.more() {
		switch kw := strings.ToUpper(r.word()); kw {
		case "POINTS":
			n, err := r.count("POINTS", 3)
			if err != nil {
				return err
			}
			r.word() // the number type
			points = make([]convert.Vec3, n)
			for i := range points {
				for k := range 3 {
					v, err := r.float()
					if err != nil {
						return fmt.Errorf("meshio: VTK point %d: %v", i, err)
					}
					points[i][k] = v
				}
			}
		case "CELLS", "POLYGONS":
			list, err := r.cells(kw, modern)
			if err != nil {
				return err
			}
			cells = list
			if kw == "POLYGONS" {
				types = nil // every one a polygon
			}
		case "CELL_TYPES":
			n, err := r.count("CELL_TYPES", 1)
			if err != nil {
				return err
			}
			types = make([]int, n)
			for i := range types {
				v, err := r.integer()
				if err != nil {
					return fmt.Errorf("meshio: VTK cell type %d: %v", i, err)
				}
				types[i] = int(v)
			}
		case "POINT_DATA", "CELL_DATA":
			r.rest = nil // attributes: nothing more to read
		}
	}
	if dataset == "UNSTRUCTURED_GRID" && len(types) != len(cells) {
		return fmt.Errorf("meshio: VTK file has %d cells and %d cell types", len(cells), len(types))
	}
	for i, c := range cells {
		for _, v := range c {
			if int(v) >= len(points) {
				return fmt.Errorf("meshio: VTK cell %d names point %d of %d", i, v, len(points))
			}
		}
	}
	var tets [][]uint32
	merged := make([]uint32, len(points))
	face := func(i0, i1, i2 uint32) error {
		return b.indexedTriangle(b.sharedVertex(int(i0), points[i0], merged), b.sharedVertex(int(i1), points[i1], merged), b.sharedVertex(int(i2), points[i2], merged), nil)
	}
	for i, c := range cells {
		kind := vtkPolygon
		if types != nil {
			kind = types[i]
		}
		switch {
		case kind == vtkTetrahedron && len(c) == 4:
			tets = append(tets, c)
		case (kind == vtkTriangle || kind == vtkPolygon) && len(c) >= 3:
			for k := 2; k < len(c); k++ {
				if err := face(c[0], c[k-1], c[k]); err != nil {
					return err
				}
			}
		}
	}
	return tetSurface(points, tets, b, face)
}

// tetSurface adds the faces of tets that no other tetrahedron shares,
// each turned to face away from its tetrahedron.
func tetSurface(points []convert.Vec3, tets [][]uint32, b *builder, face func(i0, i1, i2 uint32) error) error {
	b.pending += 4 * int64(len(tets)) // the faces looked at
	if err := b.flush(); err != nil {
		return err
	}
	type tetFace struct {
		key     [3]uint32 // sorted
		corners [3]uint32 // facing out
	}
	faces := make([]tetFace, 0, 4*len(tets))
	for _, t := range tets {
		a, bb, c, d := t[0], t[1], t[2], t[3]
		pa := points[a]
		outward := points[bb].Sub(pa).Dot(points[c].Sub(pa).Cross(points[d].Sub(pa))) >= 0
		for _, f := range [4][3]uint32{{bb, c, d}, {a, d, c}, {a, bb, d}, {a, c, bb}} {
			if !outward {
				f[1], f[2] = f[2], f[1]
			}
			k := f
			slices.Sort(k[:])
			faces = append(faces, tetFace{k, f})
		}
	}
	slices.SortFunc(faces, func(x, y tetFace) int {
		for i := range 3 {
			if c := cmp.Compare(x.key[i], y.key[i]); c != 0 {
				return c
			}
		}
		return 0
	})
	b.pending = -int64(len(faces)) // charged above
	for i := 0; i < len(faces); {
		j := i + 1
		for j < len(faces) && faces[j].key == faces[i].key {
			j++
		}
		if j == i+1 {
			f := faces[i].corners
			if err := face(f[0], f[1], f[2]); err != nil {
				return err
			}
		}
		i = j
	}
	b.pending = 0
	return nil
}

// vtkReader reads the whitespace-separated words of a legacy VTK file
// after its header, one at a time (a file of a billion words is never
// split whole).
type vtkReader struct{ rest []byte }

func (r *vtkReader) more() bool {
	r.rest = bytes.TrimLeft(r.rest, " \t\r\n\f\v")
	return len(r.rest) > 0
}

func (r *vtkReader) word() string {
	if !r.more() {
		return ""
	}
	end := bytes.IndexAny(r.rest, " \t\r\n\f\v")
	if end < 0 {
		end = len(r.rest)
	}
	w := string(r.rest[:end])
	r.rest = r.rest[end:]
	return w
}

// keyword reads the next word, reporting whether it is kw.
func (r *vtkReader) keyword(kw string) bool { return strings.EqualFold(r.word(), kw) }

func (r *vtkReader) integer() (int64, error) {
	w := r.word()
	v, err := strconv.ParseInt(w, 10, 64)
	if err != nil || v < 0 {
		return 0, fmt.Errorf("%q is not a count or index", w)
	}
	return v, nil
}

func (r *vtkReader) float() (float64, error) {
	w := r.word()
	v, err := strconv.ParseFloat(w, 64)
	if err != nil || math.IsInf(v, 0) || math.IsNaN(v) {
		return 0, fmt.Errorf("%q is not a finite number", w)
	}
	return v, nil
}

// fits reports whether the rest of the file can hold n words (each a
// character and a separator at least).
func (r *vtkReader) fits(n int64) bool { return n <= int64(len(r.rest)+1)/2 }

// count reads a section's count, which each of per words at least must
// follow: a count the rest of the file cannot hold is refused before
// anything is made for it.
func (r *vtkReader) count(section string, per int64) (int, error) {
	n, err := r.integer()
	if err != nil {
		return 0, fmt.Errorf("meshio: VTK %s: %v", section, err)
	}
	if n > math.MaxInt32 || !r.fits(n*per) {
		return 0, fmt.Errorf("meshio: VTK %s says %d, more than the file holds", section, n)
	}
	return int(n), nil
}

// cells reads a CELLS or POLYGONS section: a count and a size, then each
// cell as its length and point indices (version 3), or OFFSETS and
// CONNECTIVITY arrays (version 5).
func (r *vtkReader) cells(section string, modern bool) ([][]uint32, error) {
	n, err := r.count(section, 1)
	if err != nil {
		return nil, err
	}
	size, err := r.count(section+" size", 1)
	if err != nil {
		return nil, err
	}
	bad := func(format string, args ...any) error {
		return fmt.Errorf("meshio: VTK %s: %s", section, fmt.Sprintf(format, args...))
	}
	if !modern {
		out := make([][]uint32, n)
		flat := make([]uint32, 0, size)
		used := 0 // numbers read, cell lengths included, as size counts them
		for i := range out {
			k, err := r.integer()
			if err != nil {
				return nil, bad("cell %d: %v", i, err)
			}
			if int64(used)+k+1 > int64(size) {
				return nil, bad("cell %d runs past the size given, %d", i, size)
			}
			used += int(k) + 1
			start := len(flat)
			for range k {
				v, err := r.integer()
				if err != nil || v > math.MaxUint32 {
					return nil, bad("cell %d: %v", i, err)
				}
				flat = append(flat, uint32(v))
			}
			out[i] = flat[start:len(flat):len(flat)]
		}
		return out, nil
	}
	offsets, err := r.array("OFFSETS", n)
	if err != nil {
		return nil, bad("%v", err)
	}
	conn, err := r.array("CONNECTIVITY", size)
	if err != nil {
		return nil, bad("%v", err)
	}
	if n == 0 {
		return nil, nil
	}
	out := make([][]uint32, n-1)
	for i := range out {
		lo, hi := offsets[i], offsets[i+1]
		if lo > hi || int(hi) > len(conn) {
			return nil, bad("offsets %d..%d do not fit %d indices", lo, hi, len(conn))
		}
		out[i] = conn[lo:hi:hi]
	}
	return out, nil
}

// array reads a version 5 OFFSETS or CONNECTIVITY array of n integers.
func (r *vtkReader) array(name string, n int) ([]uint32, error) {
	if !r.keyword(name) {
		return nil, fmt.Errorf("want %s", name)
	}
	r.word() // the number type
	if !r.fits(int64(n)) {
		return nil, fmt.Errorf("%s says %d, more than the file holds", name, n)
	}
	out := make([]uint32, n)
	for i := range out {
		v, err := r.integer()
		if err != nil || v > math.MaxUint32 {
			return nil, fmt.Errorf("%s entry %d: %v", name, i, err)
		}
		out[i] = uint32(v)
	}
	return out, nil
}
