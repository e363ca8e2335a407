package mjcf

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/gltfx"
)

// TestGLTFDrawnMeshesNamed: MJCF output of a glTF source does not write
// the meshes its scene draws, and says how many (visual-dropped, once);
// a mesh node outside the scene is not counted.
func TestGLTFDrawnMeshesNamed(t *testing.T) {
	doc := `{"asset":{"version":"2.0"},"buffers":[{"uri":"data:application/octet-stream;base64,AAAAAAAAAAAAAAAAAACAPwAAAAAAAAAAAAAAAAAAgD8AAAAA","byteLength":36}],
	"bufferViews":[{"buffer":0,"byteLength":36}],
	"accessors":[{"bufferView":0,"componentType":5126,"count":3,"type":"VEC3","min":[0,0,0],"max":[1,1,0]}],
	"meshes":[{"primitives":[{"attributes":{"POSITION":0}}]}],
	"nodes":[{"mesh":0,"name":"a"},{"mesh":0,"name":"b"},{"mesh":0,"name":"outside"}],"scenes":[{"nodes":[0,1]}]}`
	d, err := gltfx.Decode(&convert.Input{Name: "s.gltf", Data: []byte(doc), FS: fstest.MapFS{}, Dir: "."})
	if err != nil {
		t.Fatal(err)
	}
	g, err := gltfx.GraphFromDoc(d)
	if err != nil {
		t.Fatal(err)
	}
	_, diags, err := Emit(g, &convert.Options{})
	if err != nil {
		t.Fatal(err)
	}
	said := diags.OfCode(convert.CodeVisualDropped)
	if len(said) != 1 || !strings.Contains(said[0].Message, "the 2 meshes") {
		t.Errorf("visual-dropped %q, want one naming the 2 drawn meshes", said)
	}
}
