package gltfx

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"math"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/convert"
	"github.com/qmuntal/gltf"
)

func TestValuePaths(t *testing.T) {
	v, err := ParseValue([]byte(`{"motion":{"mass":"x","v":[1,2],"i":7,"q":[0,0,0,1],"ok":true,"n":[1.5]}}`), "nodes[3].extensions.K")
	if err != nil {
		t.Fatal(err)
	}
	m := v.Get("motion")
	if _, err := m.Float("mass", 0); err == nil || err.(*convert.FormatError).Path != "nodes[3].extensions.K.motion.mass" {
		t.Errorf("wrong-type error %v", err)
	}
	if _, err := m.Vec3("v", convert.Vec3{}); err == nil || err.(*convert.FormatError).Path != "nodes[3].extensions.K.motion.v" {
		t.Errorf("short vector error %v", err)
	}
	if _, err := m.Index("i", 4, "shapes"); err == nil || err.Error() != "nodes[3].extensions.K.motion.i: index 7 out of range (4 shapes)" {
		t.Errorf("index error %v", err)
	}
	if i, err := m.Index("absent", 4, "shapes"); i != -1 || err != nil {
		t.Errorf("absent index %d %v", i, err)
	}
	if q, err := m.Quat("q", convert.Quat{}); err != nil || q != (convert.Quat{0, 0, 0, 1}) {
		t.Errorf("quat %v %v", q, err)
	}
	if b, _ := m.Bool("ok", false); !b {
		t.Errorf("bool")
	}
	if f, _ := m.Floats("n"); len(f) != 1 || f[0] != 1.5 {
		t.Errorf("floats %v", f)
	}
	if _, err := m.Get("n").Elem(0).AsInt(); err == nil {
		t.Errorf("1.5 read as an integer")
	}
	if got := m.Keys(); len(got) != 6 || got[0] != "i" {
		t.Errorf("keys %v", got)
	}
	if string(m.Get("q").Raw()) != "[0,0,0,1]" {
		t.Errorf("raw %s", m.Get("q").Raw())
	}
}

func TestDecodeJSONLineColumn(t *testing.T) {
	_, err := DecodeJSON([]byte("{\n  \"a\": 1,\n  \"b\": NaN\n}"))
	var fe *convert.FormatError
	if !errors.As(err, &fe) || fe.Line != 3 || !bytes.Contains([]byte(fe.Msg), []byte("column 8")) {
		t.Fatalf("want line 3 column 8, got %v", err)
	}
}

// stripDoc has one triangle strip of 4 vertices (2 triangles), its
// positions given sparsely over a zero base, in a data: URI buffer.
func stripDoc(t *testing.T) []byte {
	var buf bytes.Buffer
	for _, p := range [][3]float32{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}} {
		binary.Write(&buf, binary.LittleEndian, p)
	}
	binary.Write(&buf, binary.LittleEndian, []uint16{3, 0}) // sparse index 3
	binary.Write(&buf, binary.LittleEndian, [3]float32{2, 2, 0})
	b64 := base64.StdEncoding.EncodeToString(buf.Bytes())
	return []byte(`{"asset":{"version":"2.0"},"buffers":[{"uri":"data:application/octet-stream;base64,` + b64 + `","byteLength":64}],
	"bufferViews":[{"buffer":0,"byteLength":48},{"buffer":0,"byteOffset":48,"byteLength":4},{"buffer":0,"byteOffset":52,"byteLength":12}],
	"accessors":[{"bufferView":0,"componentType":5126,"count":4,"type":"VEC3",
	  "sparse":{"count":1,"indices":{"bufferView":1,"componentType":5123},"values":{"bufferView":2}}}],
	"meshes":[{"primitives":[{"attributes":{"POSITION":0},"mode":5}]}],
	"nodes":[{"mesh":0,"matrix":[2,0,0,0,0,2,0,0,0,0,2,0,1,2,3,1]}],"scenes":[{"nodes":[0]}]}`)
}

func TestMeshTrianglesStripSparse(t *testing.T) {
	d, err := Decode(&convert.Input{Name: "s.gltf", Data: stripDoc(t), FS: fstest.MapFS{}, Dir: "."})
	if err != nil {
		t.Fatal(err)
	}
	pos, idx, err := MeshTriangles(d, 0)
	if err != nil {
		t.Fatal(err)
	}
	if pos[3] != (convert.Vec3{2, 2, 0}) {
		t.Errorf("sparse value not applied: %v", pos)
	}
	if want := []uint32{0, 1, 2, 2, 1, 3}; !equalU32(idx, want) {
		t.Errorf("strip indices %v, want %v", idx, want)
	}
	g, err := GraphFromDoc(d)
	if err != nil {
		t.Fatal(err)
	}
	if tr := g.Nodes[0].Transform; tr.T != (convert.Vec3{1, 2, 3}) || tr.S != (convert.Vec3{2, 2, 2}) {
		t.Errorf("matrix decomposed to %+v", tr)
	}
	// An untouched matrix node is written back as the same matrix.
	out, err := DocFromGraph(g)
	if err != nil {
		t.Fatal(err)
	}
	if out.GLTF.Nodes[0].Matrix != d.GLTF.Nodes[0].Matrix {
		t.Errorf("matrix not kept: %v", out.GLTF.Nodes[0].Matrix)
	}
}

func equalU32(a, b []uint32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestAddMeshEncodeGLBRoundTrip(t *testing.T) {
	d := NewDoc()
	d.GLTF.Nodes = []*gltf.Node{{Name: "n", Matrix: gltf.DefaultMatrix, Rotation: gltf.DefaultRotation, Scale: gltf.DefaultScale}}
	d.GLTF.Scenes[0].Nodes = []int{0}
	pos := []convert.Vec3{{0, 0, 0}, {1, 0, 0}, {0, 0, -1}}
	m := AddMesh(d, convert.MeshSubject(0), "tri", pos, []uint32{0, 1, 2})
	d.GLTF.Nodes[0].Mesh = gltf.Index(m)
	for _, glb := range []bool{false, true} {
		out, err := Encode(d, glb, "x")
		if err != nil {
			t.Fatal(err)
		}
		again, err := Encode(d, glb, "x")
		if err != nil || !bytes.Equal(out.Main, again.Main) {
			t.Fatalf("encoding is not deterministic")
		}
		files := fstest.MapFS{}
		for k, v := range out.Files {
			files[k] = &fstest.MapFile{Data: v}
		}
		back, err := Decode(&convert.Input{Name: "x", Data: out.Main, FS: files, Dir: "."})
		if err != nil {
			t.Fatalf("glb=%v: %v", glb, err)
		}
		p, idx, err := MeshTriangles(back, m)
		if err != nil || len(p) != 3 || p[2] != (convert.Vec3{0, 0, -1}) || !equalU32(idx, []uint32{0, 1, 2}) {
			t.Errorf("glb=%v: mesh %v %v %v", glb, p, idx, err)
		}
		if glb != back.Binary || (!glb && out.Files["x.bin"] == nil) {
			t.Errorf("glb=%v: binary %v files %v", glb, back.Binary, out.SideFiles())
		}
	}
	if acc := d.GLTF.Accessors[0]; acc.Min[2] != -1 || acc.Max[0] != 1 || math.IsInf(acc.Min[0], 0) {
		t.Errorf("POSITION bounds %v %v", acc.Min, acc.Max)
	}
}

func TestSniffDialect(t *testing.T) {
	cases := map[string]string{
		`{"extensionsUsed":["KHR_implicit_shapes","KHR_physics_rigid_bodies"]}`: "khr",
		`{"extensionsUsed":["OMI_physics_body"]}`:                               "omi",
		`{"extensionsUsed":["MSFT_rigid_bodies"]}`:                              "khr",
		`{"asset":{"version":"2.0"}}`:                                           "",
		`<robot name="x"/>`:                                                     "",
	}
	for in, want := range cases {
		if got := SniffDialect([]byte(in)); got != want {
			t.Errorf("%s: %q, want %q", in, got, want)
		}
	}
}

// TestEncodeRefusesNonFinite: a NaN or infinity reaching a glTF document
// is refused as an input error, nothing written.
func TestEncodeRefusesNonFinite(t *testing.T) {
	for _, x := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		doc := &Doc{GLTF: &gltf.Document{Asset: gltf.Asset{Version: "2.0"}, Nodes: []*gltf.Node{{Name: "n", Translation: [3]float64{x, 0, 0}}}}}
		out, err := Encode(doc, false, "")
		var fe *convert.FormatError
		if out != nil || !errors.As(err, &fe) || !bytes.Contains([]byte(err.Error()), []byte("not finite")) {
			t.Errorf("%v: got %v, %v", x, out, err)
		}
	}
}
