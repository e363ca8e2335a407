package physconv_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
)

// TestConvertTwoRobotsOverALinkedSideFile: two robots converted into one
// folder, the second reading the first one's mesh among its own. The
// first conversion hard-links OUT/meshes/base_link.STL to the gripper's
// mesh; the second wants that name for its arm's mesh and the gripper's
// under another name. The link is another name of an input, not the
// input: it is replaced, and both source meshes keep their bytes and
// their files.
func TestConvertTwoRobotsOverALinkedSideFile(t *testing.T) {
	dir := t.TempDir()
	stl := func(s float64) string {
		var b strings.Builder
		b.WriteString("solid m\n")
		for _, f := range [][3][3]float64{
			{{0, 0, 0}, {0, s, 0}, {s, 0, 0}},
			{{0, 0, 0}, {0, 0, s}, {0, s, 0}},
			{{0, 0, 0}, {s, 0, 0}, {0, 0, s}},
			{{s, 0, 0}, {0, s, 0}, {0, 0, s}},
		} {
			b.WriteString("facet normal 0 0 0\nouter loop\n")
			for _, v := range f {
				fmt.Fprintf(&b, "vertex %g %g %g\n", v[0], v[1], v[2])
			}
			b.WriteString("endloop\nendfacet\n")
		}
		b.WriteString("endsolid m\n")
		return b.String()
	}
	link := func(name, mesh string) string {
		return `<link name="` + name + `"><inertial><mass value="1"/><inertia ixx="0.01" iyy="0.01" izz="0.01" ixy="0" ixz="0" iyz="0"/></inertial>` +
			`<visual><geometry><mesh filename="` + mesh + `"/></geometry></visual></link>`
	}
	files := map[string]string{
		"src/meshes/gripper/base_link.STL": stl(0.1),
		"src/meshes/arm/base_link.STL":     stl(0.2),
		"src/gripper.urdf":                 `<robot name="gripper">` + link("base_link", "meshes/gripper/base_link.STL") + `</robot>`,
		"src/arm.urdf": `<robot name="arm">` + link("base_link", "meshes/arm/base_link.STL") + link("gripper", "meshes/gripper/base_link.STL") +
			`<joint name="j" type="fixed"><parent link="base_link"/><child link="gripper"/></joint></robot>`,
	}
	at := func(name string) string { return filepath.Join(dir, filepath.FromSlash(name)) }
	for name, data := range files {
		os.MkdirAll(filepath.Dir(at(name)), 0o755)
		if err := os.WriteFile(at(name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	meshes := map[string]os.FileInfo{}
	for _, m := range []string{"src/meshes/gripper/base_link.STL", "src/meshes/arm/base_link.STL"} {
		meshes[m], _ = os.Stat(at(m))
	}
	reg := all.Registry()
	if _, err := physconv.ConvertFile(t.Context(), reg, at("src/gripper.urdf"), at("out/gripper.urdf"), nil); err != nil {
		t.Fatal(err)
	}
	shared := at("out/meshes/base_link.STL")
	if st, err := os.Stat(shared); err != nil || !os.SameFile(st, meshes["src/meshes/gripper/base_link.STL"]) {
		t.Skipf("the gripper's mesh was not hard-linked (%v): nothing to replace", err)
	}
	res, err := physconv.ConvertFile(t.Context(), reg, at("src/arm.urdf"), at("out/arm.urdf"), nil)
	if err != nil {
		t.Fatal(err)
	}
	for m, before := range meshes {
		if after, err := os.Stat(at(m)); err != nil || !os.SameFile(before, after) {
			t.Errorf("%s is gone or another file (%v)", m, err)
		}
		if got, _ := os.ReadFile(at(m)); string(got) != files[m] {
			t.Errorf("%s changed", m)
		}
	}
	// the arm's output names a file with each of its meshes' bytes
	main, _ := os.ReadFile(at("out/arm.urdf"))
	for _, m := range []string{"src/meshes/arm/base_link.STL", "src/meshes/gripper/base_link.STL"} {
		found := false
		for _, f := range res.Files[1:] {
			rel, _ := filepath.Rel(at("out"), f)
			got, _ := os.ReadFile(f)
			found = found || string(got) == files[m] && strings.Contains(string(main), filepath.ToSlash(rel))
		}
		if !found {
			t.Errorf("no side file of out/arm.urdf holds %s (files %v)", m, res.Files)
		}
	}
}
