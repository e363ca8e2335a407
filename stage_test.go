package physconv

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
)

// TestRefusedConversionLeavesNothing: the output of a file conversion is
// written under temporary names while it is verified; when the
// conversion is then refused (a diagnostic graded as an error, warnings
// under Strict), neither its files, nor the temporaries, nor the folders
// made for them are left. The same conversion accepted writes its mesh
// file and leaves no temporary.
func TestRefusedConversionLeavesNothing(t *testing.T) {
	src := t.TempDir()
	cube := "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nv 0 0 1\nv 1 0 1\nv 1 1 1\nv 0 1 1\n" +
		"f 1 3 2\nf 1 4 3\nf 5 6 7\nf 5 7 8\nf 1 2 6\nf 1 6 5\nf 2 3 7\nf 2 7 6\nf 3 4 8\nf 3 8 7\nf 4 1 5\nf 4 5 8\n"
	robot := `<robot name="r"><link name="base">
  <inertial><mass value="1"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial>
  <visual><geometry><mesh filename="cube.obj"/></geometry></visual>
  <collision><geometry><box size="1 1 1"/></geometry></collision>
</link></robot>`
	in := filepath.Join(src, "r.urdf")
	if err := os.WriteFile(filepath.Join(src, "cube.obj"), []byte(cube), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(in, []byte(robot), 0o644); err != nil {
		t.Fatal(err)
	}
	reg := all.Registry()
	for _, c := range []struct {
		name string
		opts convert.Options
		want func(error) bool
	}{
		{"graded an error", convert.Options{Levels: convert.Levels{string(convert.CodeFrictionCombineMaximum): "error"}},
			func(err error) bool { return errors.Is(err, ErrDiagnosticIsError) }},
		{"strict", convert.Options{Strict: true, Levels: convert.Levels{string(convert.CodeFrictionCombineMaximum): "warning"}},
			func(err error) bool { var se *StrictError; return errors.As(err, &se) }},
	} {
		t.Run(c.name, func(t *testing.T) {
			dst := t.TempDir()
			out := filepath.Join(dst, "made", "deeper", "model.xml")
			opts := c.opts
			opts.To = "mjcf"
			_, err := ConvertFile(context.Background(), reg, in, out, &opts)
			if !c.want(err) {
				t.Fatalf("error %v", err)
			}
			if left := filesUnder(t, dst); len(left) > 0 {
				t.Errorf("a refused conversion left %v", left)
			}
		})
	}
	dst := t.TempDir()
	out := filepath.Join(dst, "made", "model.xml")
	if _, err := ConvertFile(context.Background(), reg, in, out, &convert.Options{To: "mjcf"}); err != nil {
		t.Fatal(err)
	}
	left := filesUnder(t, dst)
	var mesh bool
	for _, f := range left {
		if strings.Contains(filepath.Base(f), ".tmp") {
			t.Errorf("temporary file %s left", f)
		}
		mesh = mesh || f == "made/meshes/cube.obj"
	}
	if !mesh {
		t.Errorf("no mesh file written: %v", left)
	}
}

// filesUnder lists everything under dir (folders too), relative to it.
func filesUnder(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p != dir {
			rel, _ := filepath.Rel(dir, p)
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}
