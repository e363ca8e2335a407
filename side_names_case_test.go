package physconv_test

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/meshio"
)

// Meshes whose file names differ only in case (Part.stl, part.stl,
// PART.STL) were written as side files of those names, which a
// case-insensitive file system (macOS's and Windows's defaults) takes for
// one file: the output drew every link with whichever was written last.
// Side file names are unique ignoring case now, in MJCF, URDF and glTF
// output, and each link still gets its own mesh.
func TestSideFileNamesUniqueIgnoringCase(t *testing.T) {
	reg := all.Registry()
	tetra := func(s float64) []byte {
		return meshio.EncodeSTL(&meshio.Mesh{Positions: []convert.Vec3{{0, 0, 0}, {s, 0, 0}, {0, s, 0}, {0, 0, s}},
			Indices: []uint32{0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3}}, "tetra")
	}
	files := []string{"Part.stl", "part.stl", "PART.STL"}
	fsys := fstest.MapFS{}
	robot := `<robot name="r">`
	for i, f := range files {
		fsys[f] = &fstest.MapFile{Data: tetra(float64(i + 1))}
		robot += `<link name="l` + string(rune('0'+i)) + `"><inertial><mass value="1"/><inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial>` +
			`<collision><geometry><mesh filename="` + f + `"/></geometry></collision><visual><geometry><mesh filename="` + f + `"/></geometry></visual></link>`
		if i > 0 {
			robot += `<joint name="j` + string(rune('0'+i)) + `" type="fixed"><parent link="l0"/><child link="l` + string(rune('0'+i)) + `"/></joint>`
		}
	}
	fsys["r.urdf"] = &fstest.MapFile{Data: []byte(robot + `</robot>`)}
	for _, to := range []string{"mjcf", "urdf"} {
		out, res := convertIn(t, reg, fsys, "r.urdf", to)
		seen := map[string]string{}
		for name := range out.Files {
			if other, ok := seen[strings.ToLower(name)]; ok {
				t.Errorf("%s: side files %s and %s are one file ignoring case", to, other, name)
			}
			seen[strings.ToLower(name)] = name
		}
		if len(seen) < len(files) {
			t.Errorf("%s: %d side files for %d meshes: %v", to, len(seen), len(files), out.SideFiles())
		}
		if m := mismatches(res); len(m) > 0 {
			t.Errorf("%s: %v", to, m)
		}
	}
}
