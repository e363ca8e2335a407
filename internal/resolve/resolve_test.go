package resolve

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
)

// tree writes files (content = their own name unless given) and symbolic
// links ("@target") below dir.
func tree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if target, ok := strings.CutPrefix(content, "@"); ok {
			if err := os.Symlink(target, p); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if content == "" {
			content = name
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func pkgXML(name string) string { return "<package><name>" + name + "</name></package>" }

func TestProjectRoot(t *testing.T) {
	dir := t.TempDir()
	tree(t, dir, map[string]string{
		"ros/pkg/package.xml":            pkgXML("pkg"),
		"ros/pkg/urdf/deep/r.urdf":       "",
		"game/project.godot":             "",
		"game/scenes/a.tscn":             "",
		"repo/.git/HEAD":                 "",
		"repo/models/x.gltf":             "",
		"proj/physconv.yaml":             "",
		"proj/in/x.urdf":                 "",
		"loose/robot/urdf/r.urdf":        "",
		"loose/robot/robots/r.urdf":      "",
		"loose/other/r.urdf":             "",
		"loose/robot/URDF/shouting.urdf": "",
	})
	cases := []struct{ in, want string }{
		{"ros/pkg/urdf/deep", "ros/pkg"},
		{"game/scenes", "game"},
		{"repo/models", "repo"},
		{"proj/in", "proj"},
		{"loose/robot/urdf", "loose/robot"},   // exporter layout: urdf/ beside meshes/
		{"loose/robot/robots", "loose/robot"}, // example-robot-data layout
		{"loose/robot/URDF", "loose/robot"},
		{"loose/other", "loose/other"}, // no marker, no layout: the folder itself
	}
	for _, c := range cases {
		got := ProjectRoot(filepath.Join(dir, c.in))
		if want := filepath.Join(dir, c.want); got != want {
			t.Errorf("ProjectRoot(%s) = %s, want %s", c.in, got, want)
		}
	}
}

// TestResolve runs every resolution rule and every refusal against one
// workspace on disk.
func TestResolve(t *testing.T) {
	dir := t.TempDir()
	outside := filepath.Join(dir, "outside")
	extra := filepath.Join(dir, "extra")
	ws := filepath.Join(dir, "ws", "src")
	tree(t, dir, map[string]string{
		"outside/secret.stl":                      "SECRET",
		"extra/shared.stl":                        "",
		"ws/src/robot/package.xml":                pkgXML("robot"),
		"ws/src/robot/urdf/r.urdf":                "",
		"ws/src/robot/urdf/local.stl":             "",
		"ws/src/robot/meshes/base.stl":            "",
		"ws/src/robot/meshes/in.stl":              "@../urdf/local.stl",
		"ws/src/robot/meshes/out.stl":             "@" + filepath.Join(outside, "secret.stl"),
		"ws/src/robot/meshes/extra.stl":           "@" + filepath.Join(extra, "shared.stl"),
		"ws/src/robot/meshes/abs.stl":             "@" + filepath.Join(ws, "robot", "meshes", "base.stl"),
		"ws/src/robot/sys":                        "@/",
		"ws/src/robot/tools/package.xml":          pkgXML("tools"),
		"ws/src/robot/tools/t.stl":                "",
		"ws/src/robot/mesh_pkg/m.stl":             "",
		"ws/src/robot/robots/arm/meshes/hand.stl": "",
		"ws/src/arm/package.xml":                  pkgXML("arm_description"),
		"ws/src/arm/meshes/a.stl":                 "",
		"ws/src/group/sub/package.xml":            pkgXML("deep_pkg"),
		"ws/src/group/sub/d.stl":                  "",
		"ws/src/ignored/COLCON_IGNORE":            "",
		"ws/src/ignored/p/package.xml":            pkgXML("ignored_pkg"),
		"rospath/lib/package.xml":                 pkgXML("envpkg"),
		"rospath/lib/e.stl":                       "",
		"ament/share/amentpkg/x.stl":              "",
		"explicit/robot/meshes/base.stl":          "EXPLICIT",
	})
	root := filepath.Join(ws, "robot")
	env := map[string]string{"ROS_PACKAGE_PATH": filepath.Join(dir, "rospath"), "AMENT_PREFIX_PATH": filepath.Join(dir, "ament")}
	newR := func() *Resolver {
		return &Resolver{FS: Confined(root, extra), Root: root, Dir: "urdf", AllowRoots: []string{extra},
			Getenv: func(k string) string { return env[k] }}
	}
	ok := []struct {
		name, ref, want string
		note            NoteKind
		main            bool
	}{
		{"relative", "local.stl", "urdf/local.stl", 0, true},
		{"dot-dot inside the root", "../meshes/base.stl", "meshes/base.stl", 0, true},
		{"backslashes", `..\meshes\base.stl`, "meshes/base.stl", 0, true},
		{"absolute inside the root", filepath.Join(root, "meshes", "base.stl"), "meshes/base.stl", 0, true},
		{"file URI inside the root", "file://" + filepath.Join(root, "meshes", "base.stl"), "meshes/base.stl", 0, true},
		{"absolute in an allowed root", filepath.Join(extra, "shared.stl"), filepath.Join(extra, "shared.stl"), 0, false},
		{"dot-dot into an allowed root", "../../../../extra/shared.stl", filepath.Join(extra, "shared.stl"), 0, false},
		{"link inside the root", "../meshes/in.stl", "meshes/in.stl", 0, true},
		{"link into an allowed root", "../meshes/extra.stl", "meshes/extra.stl", 0, true},
		{"absolute link inside the root", "../meshes/abs.stl", "meshes/abs.stl", 0, true},
		{"enclosing package", "package://robot/meshes/base.stl", "meshes/base.stl", 0, true},
		{"package path with a doubled slash", "package://robot//meshes/base.stl", "meshes/base.stl", 0, true},
		{"sibling package path with a doubled slash", "package://arm_description//meshes/a.stl", filepath.Join(ws, "arm", "meshes", "a.stl"), 0, false},
		{"package in a child folder", "package://tools/t.stl", "tools/t.stl", 0, true},
		{"sibling package", "package://arm_description/meshes/a.stl", filepath.Join(ws, "arm", "meshes", "a.stl"), 0, false},
		{"package below the workspace src", "package://deep_pkg/d.stl", filepath.Join(ws, "group", "sub", "d.stl"), 0, false},
		{"ROS_PACKAGE_PATH", "package://envpkg/e.stl", filepath.Join(dir, "rospath", "lib", "e.stl"), 0, false},
		{"AMENT_PREFIX_PATH", "package://amentpkg/x.stl", filepath.Join(dir, "ament", "share", "amentpkg", "x.stl"), 0, false},
		{"package-less (PyBullet)", "package://mesh_pkg/../mesh_pkg/m.stl", "", 0, false},
		{"path suffix", "package://example-robot-data/robots/arm/meshes/hand.stl", "robots/arm/meshes/hand.stl", PackageGuessed, true},
		{"no package name: the first folder taken", "package:///envpkg/e.stl", filepath.Join(dir, "rospath", "lib", "e.stl"), PackageGuessed, false},
		{"no package name: the enclosing package", "package:///robot/meshes/base.stl", "meshes/base.stl", PackageGuessed, true},
	}
	for _, c := range ok {
		t.Run(c.name, func(t *testing.T) {
			r := newR()
			if c.name == "package-less (PyBullet)" {
				r.Dir = "."
				c.ref, c.want, c.note, c.main = "package://mesh_pkg/m.stl", "mesh_pkg/m.stl", PackageAsFolder, true
			}
			data, loc, err := r.Read(c.ref)
			if err != nil {
				t.Fatalf("Read(%q): %v", c.ref, err)
			}
			if loc.Name != c.want || loc.Main != c.main {
				t.Errorf("Read(%q) = %s (main %v), want %s (main %v)", c.ref, loc.Name, loc.Main, c.want, c.main)
			}
			if strings.Contains(string(data), "SECRET") || len(data) == 0 {
				t.Errorf("Read(%q) read %q", c.ref, data)
			}
			notes := r.Notes()
			if c.note == 0 && len(notes) != 0 || c.note != 0 && (len(notes) != 1 || notes[0].Kind != c.note) {
				t.Errorf("notes = %+v, want kind %d", notes, c.note)
			}
		})
	}

	bad := []struct {
		name, ref string
		kind      Kind
		msg       []string
	}{
		{"dot-dot beyond the root", "../../x.stl", Outside, []string{`"../../x.stl" escapes the allowed root ` + root}},
		{"absolute outside", filepath.Join(outside, "secret.stl"), Outside, []string{"escapes the allowed root " + root}},
		{"package path climbing out", "package://robot/../../outside/secret.stl", Outside, []string{"escapes the allowed root package://robot"}},
		{"file link leaving the root", "../meshes/out.stl", Link, []string{"meshes/out.stl is a symbolic link to " + filepath.Join(outside, "secret.stl"), "outside the allowed root " + root}},
		{"folder link leaving the root", "../sys/etc/hostname", Link, []string{"sys/etc/hostname is a symbolic link to /etc/hostname", "outside the allowed root " + root}},
		{"missing file", "none.stl", NotFound, []string{`"none.stl": file ` + filepath.Join(root, "urdf", "none.stl") + " not found"}},
		{"missing package file", "package://arm_description/meshes/none.stl", NotFound, []string{"file " + filepath.Join(ws, "arm", "meshes", "none.stl") + " not found"}},
		{"ignored package", "package://ignored_pkg/x.stl", PackageNotFound, nil},
		{"package.xml linked from outside", "package://evil_pkg/x.stl", PackageNotFound, nil},
		{"unknown package", "package://nothing/meshes/x.stl", PackageNotFound, []string{
			`"package://nothing/meshes/x.stl": ROS package "nothing" not found; looked in: `,
			`package.xml naming "nothing" at or above ` + filepath.Join(root, "urdf") + " up to " + root,
			"packages beside " + root,
			"packages below " + ws,
			"ROS_PACKAGE_PATH (" + env["ROS_PACKAGE_PATH"] + ")",
			"AMENT_PREFIX_PATH (" + env["AMENT_PREFIX_PATH"] + ")",
			filepath.Join(root, "urdf", "nothing", "meshes", "x.stl"),
			"files ending in meshes/x.stl at or above " + filepath.Join(root, "urdf") + " up to " + root,
		}},
		{"no package name", "package:///x.stl", Invalid, []string{"no package name"}},
		{"no package name, a folder only", "package:///robot/", Invalid, []string{"no package name"}},
		{"no package name, climbing", "package:///../x/y.stl", Invalid, []string{"no package name"}},
	}
	for _, c := range bad {
		t.Run(c.name, func(t *testing.T) {
			data, _, err := newR().Read(c.ref)
			var re *Error
			if !errors.As(err, &re) {
				t.Fatalf("Read(%q) = %q, %v; want an *Error", c.ref, data, err)
			}
			if re.Kind != c.kind {
				t.Errorf("kind = %d, want %d (%v)", re.Kind, c.kind, err)
			}
			for _, m := range c.msg {
				if !strings.Contains(err.Error(), m) {
					t.Errorf("error %q\n  does not contain %q", err, m)
				}
			}
			if strings.Contains(err.Error(), "--") {
				t.Errorf("library error names a flag: %v", err)
			}
		})
	}

	t.Run("explicit package wins", func(t *testing.T) {
		r := newR()
		r.Packages = map[string]string{"robot": filepath.Join(dir, "explicit", "robot")}
		data, loc, err := r.Read("package://robot/meshes/base.stl")
		if err != nil || string(data) != "EXPLICIT" || loc.Main {
			t.Errorf("got %q %+v %v, want the explicit folder's file", data, loc, err)
		}
	})
	t.Run("no environment", func(t *testing.T) {
		r := newR()
		r.Getenv = nil
		if _, _, err := r.Read("package://envpkg/e.stl"); err == nil {
			t.Error("ROS_PACKAGE_PATH was read without Getenv")
		}
	})
	t.Run("no folder", func(t *testing.T) {
		_, _, err := (&Resolver{}).Read("x.stl")
		var re *Error
		if !errors.As(err, &re) || re.Kind != NoFolder || !strings.Contains(err.Error(), "standard input") {
			t.Errorf("err = %v", err)
		}
	})
}

// TestResolveFS: a library caller's fs.FS is the root; the same rules
// apply inside it and nothing on disk is consulted.
func TestResolveFS(t *testing.T) {
	fsys := fstest.MapFS{
		"robot/package.xml":    {Data: []byte(pkgXML("robot"))},
		"robot/urdf/r.urdf":    {Data: []byte("r")},
		"robot/meshes/a.stl":   {Data: []byte("a")},
		"robot/robots/m/b.stl": {Data: []byte("b")},
		"other/package.xml":    {Data: []byte(pkgXML("other"))},
		"other/c.stl":          {Data: []byte("c")},
	}
	r := &Resolver{FS: fsys, Dir: "robot/urdf", Getenv: func(string) string { t.Error("environment read"); return "" }}
	for ref, want := range map[string]string{
		"../meshes/a.stl":              "robot/meshes/a.stl",
		"../../other/c.stl":            "other/c.stl",
		"package://robot/meshes/a.stl": "robot/meshes/a.stl",
		"package://erd/robots/m/b.stl": "robot/robots/m/b.stl",
		"package://other/c.stl":        "other/c.stl", // a child folder of a folder above
	} {
		if _, loc, err := r.Read(ref); err != nil || loc.Name != want {
			t.Errorf("Read(%q) = %s, %v; want %s", ref, loc.Name, err, want)
		}
	}
	_, _, err := r.Read("../../../x.stl")
	if err == nil || !strings.Contains(err.Error(), `"../../../x.stl" escapes the allowed root (the input's file system)`) {
		t.Errorf("err = %v", err)
	}
	_, _, err = r.Read("/etc/passwd")
	if err == nil || !strings.Contains(err.Error(), "escapes the allowed root") {
		t.Errorf("absolute path: err = %v", err)
	}
	// a package beside the input's, not above it, is not searched in an FS
	fsys["sibling/x/package.xml"] = &fstest.MapFile{Data: []byte(pkgXML("sib"))}
	_, _, err = r.Read("package://sib/c.stl")
	var re *Error
	if !errors.As(err, &re) || re.Kind != PackageNotFound {
		t.Errorf("package beside, not above, in an FS: err = %v", err)
	}
}

// TestPackageDir: $(find NAME) gives the package's folder, and absolute
// paths below a package found that way (outside the project root) read.
func TestPackageDir(t *testing.T) {
	dir := t.TempDir()
	tree(t, dir, map[string]string{
		"src/a/package.xml":  pkgXML("a"),
		"src/a/urdf/r.urdf":  "",
		"src/b/package.xml":  pkgXML("b"),
		"src/b/meshes/m.stl": "",
		"outside/m.stl":      "",
	})
	root := filepath.Join(dir, "src", "a")
	r := &Resolver{FS: Confined(root), Root: root, Dir: "urdf"}
	if got, err := r.PackageDir("a"); err != nil || got != root {
		t.Errorf("PackageDir(a) = %s, %v; want %s", got, err, root)
	}
	b, err := r.PackageDir("b")
	if want := filepath.Join(dir, "src", "b"); err != nil || b != want {
		t.Fatalf("PackageDir(b) = %s, %v; want %s", b, err, want)
	}
	if _, loc, err := r.Read(filepath.Join(b, "meshes", "m.stl")); err != nil || loc.Main {
		t.Errorf("absolute path into package b: %+v, %v", loc, err)
	}
	if _, _, err := r.Read(filepath.Join(dir, "outside", "m.stl")); err == nil {
		t.Error("absolute path outside every package read")
	}
	var re *Error
	if _, err := r.PackageDir("nope"); !errors.As(err, &re) || re.Kind != PackageNotFound || !strings.Contains(err.Error(), `ROS package "nope" not found`) {
		t.Errorf("PackageDir(nope) err = %v", err)
	}
}
