package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRefHints: a side file that cannot be read fails with the library's
// message (what, where looked) and the CLI's hint naming the flag that
// fixes it, also where a reader made the message its own (an MJCF
// include, a glTF buffer); in batch too.
func TestRefHints(t *testing.T) {
	t.Setenv("ROS_PACKAGE_PATH", "")
	t.Setenv("AMENT_PREFIX_PATH", "")
	dir := t.TempDir()
	write := func(name, content string) {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	robot := `<robot name="r"><link name="a"><collision><geometry><mesh filename="%s"/></geometry></collision></link></robot>`
	write("pkg/r.urdf", strings.Replace(robot, "%s", "package://nopkg/meshes/x.stl", 1))
	write("up/r.urdf", strings.Replace(robot, "%s", "../secret.stl", 1))
	write("link/r.urdf", strings.Replace(robot, "%s", "part.stl", 1))
	write("secret.stl", "solid x\nendsolid x\n")
	// a reference the reader made its own message of: an MJCF include,
	// a glTF buffer
	write("inc/m.xml", `<mujoco><include file="../parts.xml"/><worldbody/></mujoco>`)
	write("parts.xml", `<mujoco/>`)
	write("buf/s.gltf", `{"asset":{"version":"2.0"},"buffers":[{"uri":"../data.bin","byteLength":4}]}`)
	write("data.bin", "abcd")
	if err := os.Symlink(filepath.Join(dir, "secret.stl"), filepath.Join(dir, "link", "part.stl")); err != nil {
		t.Fatal(err)
	}
	cases := []struct{ in, msg, hint string }{
		{"pkg/r.urdf", `ROS package "nopkg" not found; looked in: `, "hint: give the package's folder with --package nopkg=DIR"},
		{"up/r.urdf", `"../secret.stl" escapes the allowed root ` + filepath.Join(dir, "up"), "hint: to read files there, allow the folder with --allow-root DIR"},
		{"link/r.urdf", "part.stl is a symbolic link to " + filepath.Join(dir, "secret.stl"), "hint: to read files there, allow the folder with --allow-root DIR"},
		{"inc/m.xml", `cannot include "../parts.xml": "../parts.xml" escapes the allowed root ` + filepath.Join(dir, "inc"), "hint: to read files there, allow the folder with --allow-root DIR"},
		{"buf/s.gltf", `"../data.bin" escapes the allowed root ` + filepath.Join(dir, "buf"), "hint: to read files there, allow the folder with --allow-root DIR"},
	}
	for _, c := range cases {
		t.Run(c.in, func(t *testing.T) {
			code, _, stderr := runCLI(t, "", "convert", filepath.Join(dir, c.in), filepath.Join(t.TempDir(), "o.xml"))
			if code != exitError || !strings.Contains(stderr, c.msg) || !strings.Contains(stderr, c.hint) {
				t.Errorf("exit %d, stderr %q; want 1, %q and %q", code, stderr, c.msg, c.hint)
			}
		})
	}
	t.Run("allow-root widens", func(t *testing.T) {
		code, _, stderr := runCLI(t, "", "convert", "--allow-root", dir, filepath.Join(dir, "up", "r.urdf"), filepath.Join(t.TempDir(), "o.xml"))
		if code != exitOK {
			t.Errorf("exit %d, stderr %q", code, stderr)
		}
	})
	t.Run("package flag", func(t *testing.T) {
		write("elsewhere/meshes/x.stl", "solid x\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 0\nvertex 0 1 0\nendloop\nendfacet\nendsolid x\n")
		code, _, stderr := runCLI(t, "", "convert", "--package", "nopkg="+filepath.Join(dir, "elsewhere"), filepath.Join(dir, "pkg", "r.urdf"), filepath.Join(t.TempDir(), "o.xml"))
		if code != exitOK {
			t.Errorf("exit %d, stderr %q", code, stderr)
		}
	})
	t.Run("batch", func(t *testing.T) {
		code, _, stderr := runCLI(t, "", "batch", "--to", "mjcf", filepath.Join(dir, "pkg"), filepath.Join(t.TempDir(), "out"))
		if code != exitError || !strings.Contains(stderr, `ROS package "nopkg" not found`) || !strings.Contains(stderr, "  hint: give the package's folder with --package nopkg=DIR") {
			t.Errorf("exit %d, stderr %q", code, stderr)
		}
	})
}
