package physconv_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
)

// TestVisualMeshBeyondRoot: a URDF visual whose mesh lies beyond the
// folders the input may read (an absolute file:// path of the machine
// that exported it, a ../ path out of the project) only draws, as a
// visual whose package or file is missing: the URDF is converted with a
// mesh-missing warning naming each, and the mesh is not read. It was
// refused as a whole, where MuJoCo and urdfdom take it. A collision mesh
// there still stops the conversion, at its line: its shape is physics.
func TestVisualMeshBeyondRoot(t *testing.T) {
	dir := t.TempDir()
	outside := filepath.Join(dir, "outside", "base.stl")
	proj := filepath.Join(dir, "proj")
	for _, d := range []string{filepath.Dir(outside), filepath.Join(proj, ".git")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(outside, make([]byte, 84), 0o644); err != nil { // an empty binary STL
		t.Fatal(err)
	}
	robot := func(visuals []string, collision string) string {
		var b strings.Builder
		b.WriteString("<robot name=\"r\">\n")
		for k, v := range visuals {
			fmt.Fprintf(&b, "  <link name=\"l%d\">\n    <inertial><mass value=\"1\"/><inertia ixx=\"0.01\" iyy=\"0.01\" izz=\"0.01\" ixy=\"0\" ixz=\"0\" iyz=\"0\"/></inertial>\n", k)
			fmt.Fprintf(&b, "    <visual><geometry><mesh filename=%q/></geometry></visual>\n", v)
			if k == 0 && collision != "" {
				fmt.Fprintf(&b, "    <collision><geometry><mesh filename=%q/></geometry></collision>\n", collision)
			}
			b.WriteString("    <collision><geometry><box size=\"0.1 0.1 0.1\"/></geometry></collision>\n  </link>\n")
			if k > 0 {
				fmt.Fprintf(&b, "  <joint name=\"j%d\" type=\"revolute\"><parent link=\"l%d\"/><child link=\"l%d\"/><axis xyz=\"0 0 1\"/><limit lower=\"-1\" upper=\"1\" effort=\"1\" velocity=\"1\"/></joint>\n", k, k-1, k)
			}
		}
		b.WriteString("</robot>\n")
		return b.String()
	}
	visuals := []string{"file://" + filepath.ToSlash(outside), "../outside/base.stl", "package://absent_pkg/meshes/m.stl", "meshes/missing.stl"}
	reg := all.Registry()
	for _, to := range []string{"mjcf", "urdf", "godot", "khr"} {
		in := filepath.Join(proj, "r.urdf")
		if err := os.WriteFile(in, []byte(robot(visuals, "")), 0o644); err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(dir, "out-"+to, "r."+map[string]string{"mjcf": "xml", "urdf": "urdf", "godot": "tscn", "khr": "gltf"}[to])
		res, err := physconv.ConvertFile(context.Background(), reg, in, out, &convert.Options{To: to})
		if err != nil {
			t.Fatalf("to %s: %v", to, err)
		}
		missing := map[int]bool{}
		for _, d := range res.Diagnostics {
			if d.Code == convert.CodeMeshMissing {
				missing[d.Line] = true
			}
		}
		for k := range visuals {
			// link k's visual: line 4 of the first link's five, each next
			// link five lines further, after the joint line of the one before
			if line := 4 + 5*k + max(0, k-1); !missing[line] {
				t.Errorf("to %s: no mesh-missing at line %d for visual %q: %v", to, line, visuals[k], res.Diagnostics)
			}
		}
		if _, err := os.Stat(out); err != nil {
			t.Errorf("to %s: no output: %v", to, err)
		}
	}
	// a collision mesh beyond the root is refused at its line
	in := filepath.Join(proj, "c.urdf")
	if err := os.WriteFile(in, []byte(robot(visuals[:1], "../outside/base.stl")), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := physconv.ConvertFile(context.Background(), reg, in, filepath.Join(dir, "c.xml"), &convert.Options{To: "mjcf"})
	if err == nil || !strings.Contains(err.Error(), "c.urdf:5") || !strings.Contains(err.Error(), "escapes the allowed root") {
		t.Errorf("collision mesh beyond the root: %v", err)
	}
}
