package urdf

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/convert"
)

// A <mesh scale> of one number is Drake's uniform scale (its quadrotor
// model has scale=".00254"): read as that number on every axis, with
// drake-geometry-read; more than three (PyBullet's racecar has
// scale="1 1 1 1") are read as PyBullet reads them, the first three,
// with field-dropped; two stay an error naming the attribute, as
// urdfdom refuses them all.
func TestMeshScaleOneNumber(t *testing.T) {
	cases := []struct {
		scale string
		want  convert.Vec3
		err   string
	}{
		{`.00254`, convert.Vec3{0.00254, 0.00254, 0.00254}, ""},
		{` 2 `, convert.Vec3{2, 2, 2}, ""},
		{`1 2 3`, convert.Vec3{1, 2, 3}, ""},
		{`1 2`, convert.Vec3{}, `<mesh scale="1 2">: want 3 numbers`},
		{`1 2 3 4`, convert.Vec3{1, 2, 3}, ""},
		{`1 1 1 x`, convert.Vec3{}, `<mesh scale="1 1 1 x">`},
		{`x`, convert.Vec3{}, `<mesh scale="x">`},
	}
	for _, tc := range cases {
		src := fmt.Sprintf(`<robot name="r"><link name="a"><collision><geometry><mesh filename="part.stl" scale="%s"/></geometry></collision></link></robot>`, tc.scale)
		fsys := fstest.MapFS{"part.stl": {Data: []byte(tetrahedronSTL)}}
		g, diags, err := Parse(&convert.Input{Name: "r.urdf", Data: []byte(src), FS: fsys, Dir: ".", Options: &convert.Options{}})
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("scale %q: error %v, want %q", tc.scale, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("scale %q: %v", tc.scale, err)
			continue
		}
		// the unit tetrahedron's extent along each axis is the scale
		var got []convert.Vec3
		for _, m := range g.Meshes {
			var hi convert.Vec3
			for _, p := range m.Positions {
				for k := range 3 {
					hi[k] = max(hi[k], math.Abs(p[k]))
				}
			}
			got = append(got, hi)
		}
		if len(got) != 1 || !sameAxes(got[0], tc.want) {
			t.Errorf("scale %q: meshes extend %v, want %v", tc.scale, got, tc.want)
		}
		numbers := len(strings.Fields(tc.scale))
		if noted := len(diags.OfCode(convert.CodeDrakeGeometryRead)) == 1; noted != (numbers == 1) {
			t.Errorf("scale %q: drake-geometry-read noted %v", tc.scale, noted)
		}
		if noted := len(diags.OfCode(convert.CodeFieldDropped)) == 1; noted != (numbers > 3) {
			t.Errorf("scale %q: field-dropped noted %v", tc.scale, noted)
		}
	}
}

// tetrahedronSTL is the unit tetrahedron (corners at the origin and on
// each axis) as ASCII STL.
const tetrahedronSTL = "solid p\nfacet normal 0 0 0\nouter loop\nvertex 0 0 0\nvertex 1 0 0\nvertex 0 1 0\nendloop\nendfacet\nfacet normal 0 0 0\nouter loop\nvertex 0 0 0\nvertex 0 1 0\nvertex 0 0 1\nendloop\nendfacet\nfacet normal 0 0 0\nouter loop\nvertex 0 0 0\nvertex 0 0 1\nvertex 1 0 0\nendloop\nendfacet\nfacet normal 0 0 0\nouter loop\nvertex 1 0 0\nvertex 0 0 1\nvertex 0 1 0\nendloop\nendfacet\nendsolid p\n"

// sameAxes compares extents up to the order of the axes (the reader
// turns URDF's Z-up link frame to the Graph's Y-up one).
func sameAxes(a, b convert.Vec3) bool {
	x, y := a[:], b[:]
	slices.Sort(x)
	slices.Sort(y)
	for k := range x {
		if math.Abs(x[k]-y[k]) > 1e-12*max(1, math.Abs(y[k])) {
			return false
		}
	}
	return true
}
