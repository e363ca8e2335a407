package physconv_test

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
)

// noDisk wraps an FS and records every name opened, to show that reads
// stay inside it.
type noDisk struct {
	fstest.MapFS
	opened *[]string
}

func (n noDisk) Open(name string) (fs.File, error) {
	*n.opened = append(*n.opened, name)
	return n.MapFS.Open(name)
}

// TestNewInputPackagesInsideFS: Options.Packages of an FS input name
// folders inside it, whatever lies on disk under the same names; a folder
// that is not in the FS is a PackageNotFound error in library words.
func TestNewInputPackagesInsideFS(t *testing.T) {
	t.Chdir(t.TempDir())
	// a decoy on disk where a working-directory lookup would look
	os.MkdirAll(filepath.Join("pkgs", "arm", "meshes"), 0o755)
	os.WriteFile(filepath.Join("pkgs", "arm", "meshes", "wedge.obj"), []byte("not a mesh"), 0o644)
	t.Setenv("ROS_PACKAGE_PATH", ".")

	fsys := fstest.MapFS{}
	for k, v := range armPackage {
		if k == "arm_description/package.xml" {
			continue // found only through Options.Packages
		}
		fsys[strings.Replace(k, "arm_description/", "pkgs/arm/", 1)] = v
	}
	fsys["robot/arm.urdf"] = fsys["pkgs/arm/urdf/arm.urdf"]
	var opened []string
	reg := all.Registry()
	opts := &convert.Options{To: "mjcf", Packages: map[string]string{"arm_description": "pkgs/arm"}}
	in, err := physconv.NewInput(noDisk{fsys, &opened}, "robot/arm.urdf", opts)
	if err != nil {
		t.Fatal(err)
	}
	out, _, err := physconv.ConvertBytes(context.Background(), reg, in)
	if err != nil {
		t.Fatal(err)
	}
	if len(out.Files) != 1 || !strings.Contains(strings.Join(opened, " "), "pkgs/arm/meshes/wedge.obj") {
		t.Errorf("side files %v, opened %v", len(out.Files), opened)
	}

	opts.Packages = map[string]string{"arm_description": "elsewhere"}
	in, _ = physconv.NewInput(fsys, "robot/arm.urdf", opts)
	_, _, err = physconv.ConvertBytes(context.Background(), reg, in)
	var re *convert.RefError
	if !errors.As(err, &re) || re.Kind != convert.RefPackageNotFound || !strings.Contains(err.Error(), "not a folder of the input's file system") ||
		strings.Contains(err.Error(), "--") {
		t.Errorf("a package folder not in the FS: %v", err)
	}
}

// TestNewInputRejects: names that are not files of the FS fail with a
// plain error, before any parsing.
func TestNewInputRejects(t *testing.T) {
	fsys := fstest.MapFS{"a/robot.urdf": {Data: []byte("<robot name='r'/>")}}
	for _, name := range []string{"/a/robot.urdf", "../robot.urdf", "a", "a/missing.urdf", "."} {
		if _, err := physconv.NewInput(fsys, name, nil); err == nil {
			t.Errorf("%q: no error", name)
		}
	}
	if _, err := physconv.NewInput(nil, "a/robot.urdf", nil); err == nil {
		t.Error("nil FS: no error")
	}
	big := &convert.Options{}
	big.Limits.InputBytes = 4
	if _, err := physconv.NewInput(fsys, "a/robot.urdf", big); err == nil {
		t.Error("an input over the size limit: no error")
	}
}

// TestRecordingFSNotesStat: a file a reader only stats (probing for a
// package's files) is noted as a file it opened would be, and a missing
// one is not; the side-file size limit passes a stat through.
func TestRecordingFSNotesStat(t *testing.T) {
	rec := &physconv.RecordingFS{FS: fstest.MapFS{"meshes/a.stl": {Data: []byte("solid a")}}}
	in := &convert.Input{Name: "r.urdf", FS: rec, Options: &convert.Options{}}
	convert.LimitSideFiles(in)
	if st, err := fs.Stat(in.FS, "meshes/a.stl"); err != nil || st.Size() != 7 {
		t.Fatalf("stat: %v, %v", st, err)
	}
	if _, err := fs.Stat(in.FS, "meshes/b.stl"); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("stat of a missing file: %v", err)
	}
	if got := rec.Paths(); len(got) != 1 || got[0] != "meshes/a.stl" {
		t.Fatalf("noted %v, want [meshes/a.stl]", got)
	}
}
