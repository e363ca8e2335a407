package mjcf

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/gltfx"
	"github.com/physconv/physconv/internal/testenv"
)

// TestGLTFDrawnMeshesWritten: MJCF output of a glTF source draws the
// meshes its scene draws, as visual geoms (a closed tetrahedron and a
// flat quad, which gets a back face so MuJoCo compiles it), once per
// drawing node; a mesh node outside the scene is not drawn. MuJoCo 3 and
// 2.2 load the result.
func TestGLTFDrawnMeshesWritten(t *testing.T) {
	doc := `{"asset":{"version":"2.0"},"buffers":[{"uri":"data:application/octet-stream;base64,AAAAAAAAAAAAAAAAAACAPwAAAAAAAAAAAAAAAAAAgD8AAAAAAAAAAAAAAAAAAIA/AAAAAAAAAAAAAAAAAACAPwAAAAAAAAAAAACAPwAAgD8AAAAAAAAAAAAAgD8AAAAAAAACAAEAAAABAAMAAAADAAIAAQACAAMAAAABAAIAAAACAAMA","byteLength":132}],
	"bufferViews":[{"buffer":0,"byteLength":48},{"buffer":0,"byteOffset":48,"byteLength":48},{"buffer":0,"byteOffset":96,"byteLength":24},{"buffer":0,"byteOffset":120,"byteLength":12}],
	"accessors":[{"bufferView":0,"componentType":5126,"count":4,"type":"VEC3","min":[0,0,0],"max":[1,1,1]},
	{"bufferView":1,"componentType":5126,"count":4,"type":"VEC3","min":[0,0,0],"max":[1,1,0]},
	{"bufferView":2,"componentType":5123,"count":12,"type":"SCALAR"},{"bufferView":3,"componentType":5123,"count":6,"type":"SCALAR"}],
	"meshes":[{"name":"tetra","primitives":[{"attributes":{"POSITION":0},"indices":2}]},{"name":"quad","primitives":[{"attributes":{"POSITION":1},"indices":3}]}],
	"nodes":[{"mesh":0,"name":"a"},{"mesh":0,"name":"b","translation":[3,0,0]},{"mesh":1,"name":"floor","translation":[0,-1,0]},{"mesh":0,"name":"outside"}],"scenes":[{"nodes":[0,1,2]}]}`
	d, err := gltfx.Decode(&convert.Input{Name: "s.gltf", Data: []byte(doc), FS: fstest.MapFS{}, Dir: "."})
	if err != nil {
		t.Fatal(err)
	}
	g, err := gltfx.GraphFromDoc(d)
	if err != nil {
		t.Fatal(err)
	}
	out, diags, err := Emit(g, &convert.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if said := diags.OfCode(convert.CodeVisualDropped); len(said) != 0 {
		t.Errorf("visual-dropped %v", said)
	}
	doc2 := string(out.Main)
	if n := strings.Count(doc2, `type="mesh"`); n != 3 {
		t.Errorf("%d mesh geoms, want a, b and floor:\n%s", n, doc2)
	}
	if strings.Contains(doc2, "outside") {
		t.Errorf("the node outside the scene is drawn:\n%s", doc2)
	}
	p := testenv.WriteFiles(t, t.TempDir(), "out.xml", out.Main, out.Files)
	for _, backend := range [][]string{nil, {"--backend", "c"}} {
		if report, code := testenv.RunOracle(t, "mj-inspect", append(backend, "--compact", p)...); code != 0 {
			t.Fatalf("MuJoCo %v refuses the output: %s", backend, report)
		}
	}
}
