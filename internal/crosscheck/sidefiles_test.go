package crosscheck

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/batch"
	"github.com/physconv/physconv/convert"
)

const secret = "TOP-SECRET"

// secretSTL is a valid binary STL (a tetrahedron) whose header carries
// the secret, so a copy of it in any output would show.
func secretSTL() string {
	var b bytes.Buffer
	hdr := make([]byte, 80)
	copy(hdr, secret+"-STL")
	b.Write(hdr)
	tris := [][3][3]float32{{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}, {{0, 0, 0}, {0, 1, 0}, {0, 0, 1}}, {{0, 0, 0}, {0, 0, 1}, {1, 0, 0}}, {{1, 0, 0}, {0, 0, 1}, {0, 1, 0}}}
	binary.Write(&b, binary.LittleEndian, uint32(len(tris)))
	for _, t := range tris {
		binary.Write(&b, binary.LittleEndian, [3]float32{})
		binary.Write(&b, binary.LittleEndian, t)
		b.Write([]byte{0, 0})
	}
	return b.String()
}

// layout writes files below dir; a value "@X" makes a symbolic link to
// dir/X.
func layout(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if target, ok := strings.CutPrefix(content, "@"); ok {
			if !filepath.IsAbs(target) {
				target = filepath.Join(dir, filepath.FromSlash(target))
			}
			if err := os.Symlink(target, p); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

const (
	urdfMesh = `<robot name="r"><link name="a"><inertial><mass value="1"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial>
<collision><geometry><mesh filename="%s"/></geometry></collision></link></robot>`
	urdfVisual = `<robot name="r"><link name="a"><inertial><mass value="1"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial>
<visual><geometry><mesh filename="part.stl"/></geometry></visual><collision><geometry><box size="1 1 1"/></geometry></collision></link></robot>`
	mjcfInclude = `<mujoco><include file="inc.xml"/><worldbody><body><freejoint/><geom type="box" size="1 1 1"/></body></worldbody></mujoco>`
	mjcfMesh    = `<mujoco><asset><mesh name="m" file="%s"/></asset><worldbody><body><freejoint/><geom type="mesh" mesh="m"/></body></worldbody></mujoco>`
	gltfBuffer  = `{"asset":{"version":"2.0"},"buffers":[{"uri":"%s","byteLength":4}],"scenes":[{"nodes":[0]}],"nodes":[{"name":"n"}]}`
	gltfImage   = `{"asset":{"version":"2.0"},"images":[{"uri":"%s"}],"textures":[{"source":0}],"scenes":[{"nodes":[0]}],"nodes":[{"name":"n"}]}`
	godotScene  = `[gd_scene load_steps=2 format=3]

[ext_resource type="%s" path="res://%s" id="1"]

[node name="Root" type="Node3D"]

[node name="Body" type="RigidBody3D" parent="."]
%s
`
	boxTres = `[gd_resource type="BoxShape3D" format=3]

[resource]
size = Vector3(1, 1, 1)
`
)

// TestSideFilesConfined: no format reads a file outside the input's
// project root, whatever kind of side file leads there (a symbolic link
// to a file, a link to a folder, ".." beyond the root, a package folder
// that is a link), and nothing of it reaches the output. Each case names
// the message the refusal must carry.
func TestSideFilesConfined(t *testing.T) {
	stl := secretSTL()
	outside := map[string]string{
		"outside/secret.stl":      stl,
		"outside/secret.bin":      secret + "-BIN",
		"outside/secret.png":      secret + "-PNG",
		"outside/inc.xml":         "<mujoco><!-- " + secret + " --><worldbody/></mujoco>",
		"outside/shape.tres":      "; " + secret + "\n" + boxTres,
		"outside/pkg/package.xml": "<package><name>pkg</name></package>",
		"outside/pkg/part.stl":    stl,
		"outside/scene.tscn":      "; " + secret + "\n[gd_scene format=3]\n\n[node name=\"S\" type=\"StaticBody3D\"]\n",
		"outside/robot.urdf":      fmt.Sprintf(urdfMesh, "part.stl"),
		"outside/part.stl":        stl,
		"outside/secret.mtl":      "newmtl m\nmap_Kd secret.png\n# " + secret,
	}
	cases := []struct {
		name  string
		files map[string]string
		input string // inside in/
		out   string
		err   string // the error must contain it; "" = converts
		diag  string // else a diagnostic must contain it
	}{
		{"urdf collision mesh link", map[string]string{"in/r.urdf": fmt.Sprintf(urdfMesh, "part.stl"), "in/part.stl": "@outside/secret.stl"},
			"r.urdf", "r.xml", "part.stl is a symbolic link to", ""},
		{"urdf visual mesh link", map[string]string{"in/r.urdf": urdfVisual, "in/part.stl": "@outside/secret.stl"},
			"r.urdf", "r.xml", "", "part.stl is a symbolic link to"},
		{"urdf mesh through a folder link", map[string]string{"in/r.urdf": fmt.Sprintf(urdfMesh, "d/secret.stl"), "in/d": "@outside"},
			"r.urdf", "r.xml", "d/secret.stl is a symbolic link to", ""},
		{"urdf mesh through a link to /", map[string]string{"in/r.urdf": fmt.Sprintf(urdfMesh, "root/etc/hostname"), "in/root": "@/"},
			"r.urdf", "r.xml", "root/etc/hostname is a symbolic link to /etc/hostname", ""},
		{"urdf dot-dot beyond the root", map[string]string{"in/r.urdf": fmt.Sprintf(urdfMesh, "../outside/secret.stl")},
			"r.urdf", "r.xml", `"../outside/secret.stl" escapes the allowed root`, ""},
		{"urdf absolute path outside", map[string]string{"in/r.urdf": fmt.Sprintf(urdfMesh, "ABS/outside/secret.stl")},
			"r.urdf", "r.xml", "escapes the allowed root", ""},
		{"urdf package folder link", map[string]string{"in/r.urdf": fmt.Sprintf(urdfMesh, "package://pkg/part.stl"), "in/pkg": "@outside/pkg"},
			"r.urdf", "r.xml", `ROS package "pkg" not found`, ""},
		{"urdf copied mesh's library link", map[string]string{"in/r.urdf": urdfVisuals("m.obj"), "in/m.obj": tetOBJ("m.mtl"), "in/m.mtl": "@outside/secret.mtl"},
			"r.urdf", "o.urdf", "", "m.mtl is a symbolic link to"},
		{"urdf copied mesh's library dot-dot", map[string]string{"in/r.urdf": urdfVisuals("m.obj"), "in/m.obj": tetOBJ("../outside/secret.mtl")},
			"r.urdf", "o.urdf", "", `"../outside/secret.mtl" escapes the allowed root`},
		{"mjcf include link", map[string]string{"in/m.xml": mjcfInclude, "in/inc.xml": "@outside/inc.xml"},
			"m.xml", "m.gltf", "inc.xml is a symbolic link to", ""},
		{"mjcf include dot-dot", map[string]string{"in/m.xml": strings.Replace(mjcfInclude, "inc.xml", "../outside/inc.xml", 1)},
			"m.xml", "m.gltf", "escapes the allowed root", ""},
		{"mjcf mesh link", map[string]string{"in/m.xml": fmt.Sprintf(mjcfMesh, "part.stl"), "in/part.stl": "@outside/secret.stl"},
			"m.xml", "m.gltf", "part.stl is a symbolic link to", ""},
		{"gltf buffer link", map[string]string{"in/s.gltf": fmt.Sprintf(gltfBuffer, "data.bin"), "in/data.bin": "@outside/secret.bin"},
			"s.gltf", "o.gltf", "data.bin is a symbolic link to", ""},
		{"gltf image link", map[string]string{"in/s.gltf": fmt.Sprintf(gltfImage, "leak.png"), "in/leak.png": "@outside/secret.png"},
			"s.gltf", "o.gltf", "", "leak.png is a symbolic link to"},
		{"gltf image through a link to /", map[string]string{"in/s.gltf": fmt.Sprintf(gltfImage, "root/proc/self/environ"), "in/root": "@/"},
			"s.gltf", "o.gltf", "", "root/proc/self/environ is a symbolic link to /proc/"},
		{"godot resource link", map[string]string{"in/project.godot": "", "in/s.tscn": fmt.Sprintf(godotScene, "Shape3D", "shape.tres", "\n[node name=\"C\" type=\"CollisionShape3D\" parent=\"Body\"]\nshape = ExtResource(\"1\")"), "in/shape.tres": "@outside/shape.tres"},
			"s.tscn", "o.gltf", "", "shape.tres is a symbolic link to"},
		{"godot instanced scene link", map[string]string{"in/project.godot": "", "in/s.tscn": fmt.Sprintf(godotScene, "PackedScene", "inst.tscn", "\n[node name=\"I\" parent=\"Body\" instance=ExtResource(\"1\")]"), "in/inst.tscn": "@outside/scene.tscn"},
			"s.tscn", "o.gltf", "", "inst.tscn is a symbolic link to"},
		{"input link", map[string]string{"in/r.urdf": "@outside/robot.urdf"},
			"r.urdf", "r.xml", "the input is a symbolic link to", ""},
	}
	reg := all.Registry()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			files := map[string]string{}
			for k, v := range outside {
				files[k] = v
			}
			for k, v := range c.files {
				files[k] = strings.ReplaceAll(v, "ABS/", dir+"/")
			}
			layout(t, dir, files)
			out := filepath.Join(dir, "out", c.out)
			res, err := physconv.ConvertFile(context.Background(), reg, filepath.Join(dir, "in", c.input), out, &convert.Options{})
			switch {
			case c.err != "":
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("err = %v; want one containing %q", err, c.err)
				}
				if !strings.Contains(err.Error(), filepath.Join(dir, "in")) && !strings.Contains(err.Error(), "package") {
					t.Errorf("err = %v; it does not name the root %s", err, filepath.Join(dir, "in"))
				}
			case err != nil:
				t.Fatalf("err = %v; want a conversion with a diagnostic", err)
			default:
				found := false
				for _, d := range res.Diagnostics {
					found = found || strings.Contains(d.Message, c.diag) && strings.Contains(d.Message, filepath.Join(dir, "in"))
				}
				if !found {
					t.Errorf("no diagnostic contains %q and the root; got %v", c.diag, res.Diagnostics)
				}
			}
			filepath.WalkDir(filepath.Join(dir, "out"), func(p string, d os.DirEntry, err error) error {
				if err == nil && !d.IsDir() {
					if data, _ := os.ReadFile(p); bytes.Contains(data, []byte(secret)) {
						t.Errorf("%s carries bytes from outside the root", p)
					}
				}
				return nil
			})
		})
	}
}

// TestBatchSkipsLinkedInputs: an input below SRC that is a symbolic link
// to a file outside SRC is skipped with a warning and nothing is written
// for it; a link that stays inside SRC converts.
func TestBatchSkipsLinkedInputs(t *testing.T) {
	dir := t.TempDir()
	robot := fmt.Sprintf(urdfMesh, "part.stl")
	layout(t, dir, map[string]string{
		"outside/robot.urdf":  robot,
		"outside/part.stl":    secretSTL(),
		"src/a/robot.urdf":    robot,
		"src/a/part.stl":      secretSTL(),
		"src/b/leak.urdf":     "@outside/robot.urdf",
		"src/b/same.urdf":     "@src/b/keep/box.urdf",
		"src/b/keep/box.urdf": `<robot name="b"><link name="a"><collision><geometry><box size="1 1 1"/></geometry></collision></link></robot>`,
	})
	var results []*batch.FileResult
	sum, err := batch.Batch(context.Background(), all.Registry(), filepath.Join(dir, "src"), filepath.Join(dir, "dst"),
		&batch.BatchOptions{Options: convert.Options{To: "mjcf"}, OnResult: func(r *batch.FileResult) { results = append(results, r) }})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Converted != 3 || sum.Skipped != 1 || sum.Failed != 0 {
		t.Errorf("summary = %+v; want 3 converted, 1 skipped", sum)
	}
	for _, r := range results {
		if r.Input != "b/leak.urdf" {
			continue
		}
		if r.Status != batch.Skipped || len(r.Diagnostics) != 1 || r.Diagnostics[0].Code != "input-link-outside" ||
			!strings.Contains(r.Diagnostics[0].Message, "symbolic link to "+filepath.Join(dir, "outside", "robot.urdf")) {
			t.Errorf("b/leak.urdf: %s %v", r.Status, r.Diagnostics)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "dst", "b", "leak.xml")); !os.IsNotExist(err) {
		t.Errorf("an output was written for the skipped input (%v)", err)
	}
}

// TestSideFilesDotDotInsideRoot: ".." may climb to the project root (here
// marked by physconv.yaml) in every format that reads side files by path.
func TestSideFilesDotDotInsideRoot(t *testing.T) {
	stl := secretSTL()
	cases := []struct {
		name  string
		files map[string]string
		input string
	}{
		{"urdf", map[string]string{"p/desc/r.urdf": fmt.Sprintf(urdfMesh, "../meshes/part.stl"), "p/meshes/part.stl": stl}, "p/desc/r.urdf"},
		{"mjcf include", map[string]string{"p/models/m.xml": strings.Replace(mjcfInclude, "inc.xml", "../common/inc.xml", 1), "p/common/inc.xml": "<mujoco><worldbody/></mujoco>"}, "p/models/m.xml"},
		{"mjcf mesh", map[string]string{"p/models/m.xml": fmt.Sprintf(mjcfMesh, "../assets/part.stl"), "p/assets/part.stl": stl}, "p/models/m.xml"},
		{"gltf buffer", map[string]string{"p/scenes/s.gltf": fmt.Sprintf(gltfBuffer, "../bin/b.bin"), "p/bin/b.bin": "ABCD"}, "p/scenes/s.gltf"},
	}
	reg := all.Registry()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			c.files["p/physconv.yaml"] = ""
			layout(t, dir, c.files)
			out := filepath.Join(dir, "out", "o.gltf")
			if _, err := physconv.ConvertFile(context.Background(), reg, filepath.Join(dir, c.input), out, &convert.Options{}); err != nil {
				t.Fatalf("inside the project root: %v", err)
			}
			// the same layout without the marker: the input's folder is the root
			delete(c.files, "p/physconv.yaml")
			dir2 := t.TempDir()
			layout(t, dir2, c.files)
			_, err := physconv.ConvertFile(context.Background(), reg, filepath.Join(dir2, c.input), filepath.Join(dir2, "out", "o.gltf"), &convert.Options{})
			if err == nil || !strings.Contains(err.Error(), "escapes the allowed root "+filepath.Dir(filepath.Join(dir2, c.input))) {
				t.Errorf("without a marker: err = %v; want the escape refused naming the input's folder", err)
			}
		})
	}
}
