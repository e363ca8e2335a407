package meshio

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// cubeTets are the five tetrahedra of the unit cube's corners (corner k
// at (k&1, k>>1&1, k>>2&1)): four corner ones and the central one, some
// listed inside out, as meshers do not agree on an orientation.
var cubeTets = [][4]int{{0, 1, 2, 4}, {3, 2, 1, 7}, {5, 4, 7, 1}, {6, 7, 4, 2}, {1, 2, 4, 7}}

func cubePoints(scale float64) string {
	var b strings.Builder
	for k := range 8 {
		fmt.Fprintf(&b, "%g %g %g\n", scale*float64(k&1), scale*float64(k>>1&1), scale*float64(k>>2&1))
	}
	return b.String()
}

// vtkCube writes the cube's tetrahedra as a legacy VTK file of the given
// version (cell lists before 5, offsets and connectivity from 5), each
// tetrahedron's last two corners swapped where flip says.
func vtkCube(version string, flip [5]bool, extra string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# vtk DataFile Version %s\ncube volume mesh\nASCII\nDATASET UNSTRUCTURED_GRID\nPOINTS 8 double\n%s", version, cubePoints(2))
	tets := make([][4]int, len(cubeTets))
	for i, t := range cubeTets {
		if flip[i] {
			t[2], t[3] = t[3], t[2]
		}
		tets[i] = t
	}
	if version < "5" {
		fmt.Fprintf(&b, "CELLS %d %d\n", len(tets), 5*len(tets))
		for _, t := range tets {
			fmt.Fprintf(&b, "4 %d %d %d %d\n", t[0], t[1], t[2], t[3])
		}
	} else {
		fmt.Fprintf(&b, "CELLS %d %d\nOFFSETS vtktypeint64\n", len(tets)+1, 4*len(tets))
		for i := range len(tets) + 1 {
			fmt.Fprintf(&b, "%d ", 4*i)
		}
		b.WriteString("\nCONNECTIVITY vtktypeint64\n")
		for _, t := range tets {
			fmt.Fprintf(&b, "%d %d %d %d\n", t[0], t[1], t[2], t[3])
		}
	}
	fmt.Fprintf(&b, "CELL_TYPES %d\n", len(tets))
	for range tets {
		b.WriteString("10\n")
	}
	b.WriteString(extra)
	return b.String()
}

// solid returns the volume and centre of the solid a closed surface
// bounds, signed by its winding.
func solid(m *Mesh) (float64, convert.Vec3) {
	var vol float64
	var first convert.Vec3
	for t := 0; t+2 < len(m.Indices); t += 3 {
		a, b, c := m.Positions[m.Indices[t]], m.Positions[m.Indices[t+1]], m.Positions[m.Indices[t+2]]
		d := a.Dot(b.Cross(c)) / 6
		vol += d
		first = first.Add(a.Add(b).Add(c).Scale(d / 4))
	}
	return vol, first.Scale(1 / vol)
}

// TestVTKVolumeMesh: a legacy VTK volume mesh (Drake's hydroelastic
// collision geometry) reads as the surface of its tetrahedra: the faces
// no two tetrahedra share, turned out whichever way each tetrahedron is
// listed, in both cell layouts and with point and cell data after the
// cells; a POLYDATA's polygons read as they are. A 2 m cube split into
// five tetrahedra is 12 triangles bounding 8 m³ about (1, 1, 1).
func TestVTKVolumeMesh(t *testing.T) {
	data := "POINT_DATA 8\nSCALARS pressure double 1\nLOOKUP_TABLE default\n0 0 0 0 0 0 0 0\nCELL_DATA 5\nSCALARS id int 1\nLOOKUP_TABLE default\n1 2 3 4 5\n"
	cases := []struct{ name, file string }{
		{"version 3 cells", vtkCube("3.0", [5]bool{}, "")},
		{"version 3, some inside out", vtkCube("3.0", [5]bool{true, false, true, false, true}, "")},
		{"version 5.1 offsets, all inside out, with data", vtkCube("5.1", [5]bool{true, true, true, true, true}, data)},
		{"polydata, quads as fans", "# vtk DataFile Version 3.0\nbox\nASCII\nDATASET POLYDATA\nPOINTS 8 float\n" + cubePoints(2) +
			"POLYGONS 6 30\n4 0 2 3 1\n4 4 5 7 6\n4 0 1 5 4\n4 2 6 7 3\n4 0 4 6 2\n4 1 3 7 5\n"},
	}
	for _, c := range cases {
		m, err := Decode("m.VTK", []byte(c.file), convert.NewBudget(convert.Limits{Triangles: 100}))
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		vol, centre := solid(m)
		if len(m.Indices) != 36 || len(m.Positions) != 8 || math.Abs(vol-8) > 1e-12 || centre.Sub(convert.Vec3{1, 1, 1}).Len() > 1e-12 {
			t.Errorf("%s: %d triangles over %d points bounding %g m³ about %v, want 12 over 8 bounding 8 about (1, 1, 1)", c.name, len(m.Indices)/3, len(m.Positions), vol, centre)
		}
	}
}

// TestVTKRefused: what the VTK reader cannot read is an error saying
// what, never a panic or an allocation the file's size does not back:
// binary files, counts larger than the file, indices past the points,
// cells that overrun their size, and a budget spent by the faces looked
// at (four per tetrahedron).
func TestVTKRefused(t *testing.T) {
	good := vtkCube("3.0", [5]bool{}, "")
	cases := []struct {
		name, file string
		budget     int64
		err        string
	}{
		{"binary", strings.Replace(good, "ASCII", "BINARY", 1), 0, "binary VTK is not read"},
		{"not VTK", "solid x\nendsolid\n\n\n", 0, "not a legacy VTK file"},
		{"structured points", strings.Replace(good, "UNSTRUCTURED_GRID", "STRUCTURED_POINTS", 1), 0, "STRUCTURED_POINTS is not read"},
		{"huge point count", strings.Replace(good, "POINTS 8", "POINTS 4000000000000", 1), 0, "more than the file holds"},
		{"count that overflows", strings.Replace(good, "POINTS 8", "POINTS 3074457345618258603", 1), 0, "more than the file holds"},
		{"huge cell count", strings.Replace(good, "CELLS 5 25", "CELLS 900000000000 25", 1), 0, "more than the file holds"},
		{"index past the points", strings.Replace(good, "4 0 1 2 4", "4 0 1 2 8", 1), 0, "names point 8 of 8"},
		{"cell past its size", strings.Replace(good, "CELLS 5 25", "CELLS 5 20", 1), 0, "runs past the size"},
		{"type count short", strings.Replace(good, "CELL_TYPES 5\n10\n", "CELL_TYPES 4\n", 1), 0, "5 cells and 4 cell types"},
		{"not a number", strings.Replace(good, "0 0 0\n", "0 x 0\n", 1), 0, `"x" is not a finite number`},
		{"budget", good, 19, "triangle"},
	}
	for _, c := range cases {
		limit := c.budget
		if limit == 0 {
			limit = 1000
		}
		budget := convert.NewBudget(convert.Limits{Triangles: limit})
		_, err := Decode("m.vtk", []byte(c.file), budget)
		if err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("%s: %v, want an error with %q", c.name, err, c.err)
		}
	}
}
