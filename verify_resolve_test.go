package physconv

import (
	"context"
	"crypto/sha256"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
)

// resolveCase is a URDF read, then "read back" over its own files with
// top's laid over them (names relative to the URDF's folder), as Verify
// reads an output.
type resolveCase struct {
	name string
	file string
	top  map[string]string
	refs []string // besides the URDF's own
	// wantFollowed: the read-back with shared answers looks at the
	// source's files less often than alone
	wantFollowed bool
}

// TestRereadResolvesAsAlone: an output read back with the source's
// answers shared resolves every reference exactly as it does alone (the
// file, its error, its contents, the notes), on corpus robots and on
// folders made for the purpose: a package found as a folder beside the
// file, by package.xml, by the end of its path, not at all, an output
// file shadowing a candidate or a package.xml, a link leaving the root.
func TestRereadResolvesAsAlone(t *testing.T) {
	var cases []resolveCase
	if corpus := os.Getenv("PHYSCONV_CORPUS"); corpus != "" {
		for _, rel := range []string{
			"urdf/erd_pr2/robots/pr2_description/urdf/pr2.urdf",
			"urdf/bullet_nao/humanoid/nao.urdf",
			"urdf/bullet_kuka_iiwa/kuka_iiwa/model.urdf",
			"urdf/r2d2_urdf_tutorial/urdf/07-physics.urdf",
			"urdf/erd_double_pendulum/robots/double_pendulum_description/urdf/double_pendulum.urdf",
			"urdf/erd_solo12/robots/solo_description/robots/solo12.urdf",
			"xacro/pr2/expected.urdf",
			"xacro/ur5/expected.urdf",
		} {
			cases = append(cases, resolveCase{name: rel, file: filepath.Join(corpus, filepath.FromSlash(rel)),
				top: map[string]string{"out.urdf": "<robot/>"}, wantFollowed: strings.Contains(rel, "erd_pr2")})
		}
	}
	cases = append(cases, madeResolveCases(t)...)
	reg := all.Registry()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if _, err := os.Stat(c.file); err != nil {
				t.Skip(err)
			}
			src, err := OpenInput(c.file, nil, &convert.Options{})
			if err != nil {
				t.Fatal(err)
			}
			// the source resolves its references as a conversion does
			ParseGraph(context.Background(), reg, src)
			refs := append(urdfRefs(src.Data), c.refs...)
			top := fstest.MapFS{}
			for name, data := range c.top {
				top[path.Join(src.Dir, name)] = &fstest.MapFile{Data: []byte(data)}
			}
			readBack := func(share bool) (*convert.Input, *int64) {
				var calls int64
				under := countingFS{src.FS, &calls}
				in := &convert.Input{Name: "out.urdf", FS: overlayFS{top, under}, Dir: src.Dir, Root: src.Root,
					Options: &convert.Options{Packages: src.Options.Packages, AllowRoots: src.Options.AllowRoots}}
				if share {
					in.ShareResolved(src, top)
				}
				return in, &calls
			}
			shared, sharedCalls := readBack(true)
			alone, aloneCalls := readBack(false)
			for _, ref := range refs {
				got, want := resolvedAs(shared, ref), resolvedAs(alone, ref)
				if got != want {
					t.Errorf("%s:\nshared: %s\nalone:  %s", ref, got, want)
				}
			}
			if got, want := fmt.Sprint(shared.ResolveDiagnostics()), fmt.Sprint(alone.ResolveDiagnostics()); got != want {
				t.Errorf("notes:\nshared: %s\nalone:  %s", got, want)
			}
			t.Logf("%d references; file-system calls %d shared, %d alone", len(refs), *sharedCalls, *aloneCalls)
			if c.wantFollowed && *sharedCalls >= *aloneCalls {
				t.Errorf("sharing saved nothing: %d calls shared, %d alone", *sharedCalls, *aloneCalls)
			}
		})
	}
}

// resolvedAs spells everything an input learns of ref: where it lies, its
// size and contents, and the package it names.
func resolvedAs(in *convert.Input, ref string) string {
	var b strings.Builder
	loc, err := in.Locate(ref)
	fmt.Fprintf(&b, "locate %q %v", loc, err)
	if st, err := in.Stat(ref); err != nil {
		fmt.Fprintf(&b, "; stat %v", err)
	} else {
		fmt.Fprintf(&b, "; stat %d %v", st.Size(), st.IsDir())
	}
	if data, err := in.Open(ref); err != nil {
		fmt.Fprintf(&b, "; open %v", err)
	} else {
		fmt.Fprintf(&b, "; open %x", sha256.Sum256(data))
	}
	if name, ok := strings.CutPrefix(ref, "package://"); ok {
		name, _, _ = strings.Cut(name, "/")
		dir, err := in.PackageDir(name)
		fmt.Fprintf(&b, "; package %q %v", dir, err)
	}
	return b.String()
}

var urdfFilename = regexp.MustCompile(`filename="([^"]*)"`)

func urdfRefs(data []byte) []string {
	var refs []string
	for _, m := range urdfFilename.FindAllSubmatch(data, -1) {
		refs = append(refs, string(m[1]))
	}
	return refs
}

// countingFS counts the calls that reach FS.
type countingFS struct {
	fs.FS
	calls *int64
}

func (c countingFS) Open(name string) (fs.File, error) {
	atomic.AddInt64(c.calls, 1)
	return c.FS.Open(name)
}

func (c countingFS) Stat(name string) (fs.FileInfo, error) {
	atomic.AddInt64(c.calls, 1)
	return fs.Stat(c.FS, name)
}

const tinySTL = "solid t\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 0\nvertex 0 1 0\nendloop\nendfacet\nendsolid t\n"

// madeRobot writes a project (its root marked by physconv.yaml) holding
// files (slash paths, contents; "->" followed by a path makes a symbolic
// link to it) and a URDF at urdfPath whose links show refs as visual
// meshes; it returns the URDF's path on disk.
func madeRobot(t *testing.T, root, urdfPath string, refs []string, files map[string]string) string {
	t.Helper()
	files["physconv.yaml"] = ""
	for name, data := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if target, ok := strings.CutPrefix(data, "->"); ok {
			if err := os.Symlink(target, p); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var b strings.Builder
	b.WriteString("<robot name=\"made\">\n")
	for i, ref := range refs {
		fmt.Fprintf(&b, "  <link name=\"l%d\"><inertial><mass value=\"1\"/><inertia ixx=\"1\" iyy=\"1\" izz=\"1\" ixy=\"0\" ixz=\"0\" iyz=\"0\"/></inertial><visual><geometry><mesh filename=%q/></geometry></visual></link>\n", i, ref)
		if i > 0 {
			fmt.Fprintf(&b, "  <joint name=\"j%d\" type=\"fixed\"><parent link=\"l0\"/><child link=\"l%d\"/></joint>\n", i, i)
		}
	}
	b.WriteString("</robot>\n")
	p := filepath.Join(root, filepath.FromSlash(urdfPath))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func madeResolveCases(t *testing.T) []resolveCase {
	base := t.TempDir()
	outside := filepath.Join(base, "outside.stl")
	if err := os.WriteFile(outside, []byte(tinySTL), 0o644); err != nil {
		t.Fatal(err)
	}
	made := func(name string, refs []string, files map[string]string, top map[string]string) resolveCase {
		if top == nil {
			top = map[string]string{}
		}
		top["out.urdf"] = "<robot/>"
		root := filepath.Join(base, name)
		return resolveCase{name: name, file: madeRobot(t, root, "urdf/robot.urdf", refs, files), top: top}
	}
	pkgXML := func(name string) string { return "<package><name>" + name + "</name></package>" }
	return []resolveCase{
		made("beside", []string{"package://parts/meshes/a.stl", "package://parts/meshes/b.stl"},
			map[string]string{"urdf/parts/meshes/a.stl": tinySTL, "urdf/parts/meshes/b.stl": tinySTL}, nil),
		made("package-xml", []string{"package://parts/meshes/a.stl", "package://parts/nothing.stl"},
			map[string]string{"parts/package.xml": pkgXML("parts"), "parts/meshes/a.stl": tinySTL}, nil),
		made("suffix", []string{"package://ghost/meshes/a.stl", "package://ghost/meshes/deep/b.stl", "package://ghost/a.stl"},
			map[string]string{"meshes/a.stl": tinySTL, "elsewhere/meshes/deep/b.stl": tinySTL, "meshes/deep/b.stl": tinySTL}, nil),
		made("not-found", []string{"package://nowhere/meshes/a.stl", "package://nowhere/meshes/b.stl", "../meshes/missing.stl"},
			map[string]string{"meshes/other.stl": tinySTL}, nil),
		made("shadowed-candidate", []string{"package://ghost/meshes/a.stl", "package://ghost/meshes/b.stl", "meshes/a.stl"},
			map[string]string{"meshes/a.stl": tinySTL, "meshes/b.stl": tinySTL},
			map[string]string{"meshes/a.stl": "solid output\nendsolid output\n"}),
		made("shadowed-package-xml", []string{"package://ghost/meshes/a.stl"},
			map[string]string{"meshes/a.stl": tinySTL, "urdf/meshes/a.stl": tinySTL},
			map[string]string{"package.xml": pkgXML("ghost")}),
		made("shadowed-folder", []string{"package://ghost/meshes/a.stl"},
			map[string]string{"meshes/a.stl": tinySTL, "urdf/ghost/meshes/a.stl": tinySTL},
			map[string]string{"ghost/meshes/a.stl/x": "not a file"}),
		made("link-out", []string{"package://ghost/meshes/evil.stl", "../meshes/evil.stl", "package://ghost/meshes/a.stl"},
			map[string]string{"meshes/evil.stl": "->" + outside, "meshes/a.stl": tinySTL}, nil),
	}
}

// TestConvertSeesChangesBetweenConversions: nothing a conversion learnt
// of the files is kept for the next one of the same path: a package
// folder made beside the URDF in between is found by the second, which
// verifies cleanly.
func TestConvertSeesChangesBetweenConversions(t *testing.T) {
	root := t.TempDir()
	in := madeRobot(t, root, "urdf/robot.urdf", []string{"package://ghost/meshes/a.stl"},
		map[string]string{"meshes/a.stl": tinySTL})
	out := filepath.Join(t.TempDir(), "robot.urdf")
	reg := all.Registry()
	codes := func() string {
		res, err := ConvertFile(context.Background(), reg, in, out, &convert.Options{})
		if err != nil {
			t.Fatal(err)
		}
		var s []string
		for _, d := range res.Diagnostics {
			s = append(s, string(d.Code))
		}
		return strings.Join(s, " ")
	}
	if got := codes(); !strings.Contains(got, string(convert.CodePackageGuessed)) || strings.Contains(got, string(convert.CodeVerifyMismatch)) {
		t.Fatalf("first conversion: %s", got)
	}
	beside := filepath.Join(root, "urdf", "ghost", "meshes", "a.stl")
	if err := os.MkdirAll(filepath.Dir(beside), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(beside, []byte(tinySTL), 0o644); err != nil {
		t.Fatal(err)
	}
	got := codes()
	if !strings.Contains(got, string(convert.CodePackageAsFolder)) || strings.Contains(got, string(convert.CodePackageGuessed)) || strings.Contains(got, string(convert.CodeVerifyMismatch)) {
		t.Errorf("second conversion: %s", got)
	}
}
