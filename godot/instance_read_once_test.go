package godot

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/convert"
)

// countingFS counts the reads of each file.
type countingFS struct {
	fstest.MapFS
	opens map[string]int
}

func (c countingFS) Open(name string) (fs.File, error) {
	c.opens[name]++
	return c.MapFS.Open(name)
}

func (c countingFS) ReadFile(name string) ([]byte, error) {
	c.opens[name]++
	return c.MapFS.ReadFile(name)
}

// An instanced glTF that draws a mesh is read once however many times
// the scene instances it: for its node tree and then its meshes alike
// (the meshes were read from the file a second time), and each instance
// is drawn.
func TestInstancedGLTFReadOnce(t *testing.T) {
	var buf bytes.Buffer
	for _, v := range [][3]float32{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}} {
		binary.Write(&buf, binary.LittleEndian, v)
	}
	for _, i := range []uint16{0, 1, 2, 0} { // the last pads to 4 bytes
		binary.Write(&buf, binary.LittleEndian, i)
	}
	model := fmt.Sprintf(`{"asset": {"version": "2.0"}, "scene": 0, "scenes": [{"nodes": [0]}],
 "nodes": [{"name": "Leaf", "mesh": 0}],
 "meshes": [{"primitives": [{"attributes": {"POSITION": 0}, "indices": 1}]}],
 "accessors": [{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3", "min": [0, 0, 0], "max": [1, 1, 0]},
  {"bufferView": 1, "componentType": 5123, "count": 3, "type": "SCALAR"}],
 "bufferViews": [{"buffer": 0, "byteOffset": 0, "byteLength": 36}, {"buffer": 0, "byteOffset": 36, "byteLength": 6}],
 "buffers": [{"byteLength": 44, "uri": "data:application/octet-stream;base64,%s"}]}`, base64.StdEncoding.EncodeToString(buf.Bytes()))
	scene := "[gd_scene format=3]\n\n[ext_resource type=\"PackedScene\" path=\"res://leaf.gltf\" id=\"1\"]\n\n[node name=\"Main\" type=\"Node3D\"]\n\n"
	for k := 0; k < 3; k++ {
		scene += fmt.Sprintf("[node name=\"Leaf%d\" parent=\".\" instance=ExtResource(\"1\")]\ntransform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, %d, 0, 0)\n\n", k, k)
	}
	fsys := countingFS{fstest.MapFS{"project.godot": {Data: []byte("config_version=5\n")}, "leaf.gltf": {Data: []byte(model)}}, map[string]int{}}
	g, _, err := Parse(&convert.Input{Name: "main.tscn", Data: []byte(scene), FS: fsys, Dir: ".", Options: &convert.Options{}})
	if err != nil {
		t.Fatal(err)
	}
	drawn := 0
	for _, n := range g.Nodes {
		if n.Visual != nil {
			drawn++
		}
	}
	if drawn != 3 {
		t.Errorf("%d leaves drawn, want 3", drawn)
	}
	for name, n := range fsys.opens {
		if strings.HasSuffix(name, "leaf.gltf") && n != 1 {
			t.Errorf("%s opened %d times, want once", name, n)
		}
	}
}
