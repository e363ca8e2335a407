package mjcf

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/meshio"
	"github.com/physconv/physconv/internal/testenv"
)

// copyGraph is one dynamic body whose convex collision mesh came from a
// mesh file read at URDF scale 2: Positions hold the file's vertices
// doubled, Source returns the file (a tetrahedron of 0.1 m legs).
func copyGraph(file []byte, ext string) *convert.Graph {
	g := convert.NewGraph()
	mass, com, diag := 2.0, convert.Vec3{}, convert.Vec3{0.1, 0.2, 0.3}
	body := g.AddNode(convert.Node{Name: "base", Motion: &convert.Motion{Kind: convert.Dynamic, Mass: &mass,
		CenterOfMass: &com, InertiaDiagonal: &diag, GravityFactor: 1}}, -1)
	pos := []convert.Vec3{{0, 0, 0}, {0.2, 0, 0}, {0, 0.2, 0}, {0, 0, 0.2}}
	idx := []uint32{0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3}
	src := func() ([]byte, string, convert.Vec3, error) { return file, ext, convert.Vec3{2, 2, 2}, nil }
	sh := g.AddShape(convert.Shape{Kind: convert.Convex, Mesh: g.AddMesh(convert.Mesh{Name: "package://robot/meshes/tetra." + ext,
		File: "meshes/tetra." + ext, Scale: convert.Vec3{1, 1, 1}, Positions: pos, Indices: idx, Loaded: true, Source: src})})
	g.AddNode(convert.Node{Name: "base/collision", Collider: &convert.Collider{Shape: sh, Material: -1, Filter: -1}}, body)
	return g
}

func tetraSTL() []byte {
	return meshio.EncodeSTL(&meshio.Mesh{Positions: []convert.Vec3{{0, 0, 0}, {0.1, 0, 0}, {0, 0.1, 0}, {0, 0, 0.1}},
		Indices: []uint32{0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3}}, "tetra")
}

// TestEmitCopiesSourceMeshFiles checks that a binary STL source is written
// byte for byte as the side file with the baked scale in the asset's scale
// attribute, that MuJoCo builds the same geom from it as from re-encoded
// triangles, and that a source in another format than Options ask for, or
// ASCII STL (which MuJoCo cannot read), is encoded from the triangles.
func TestEmitCopiesSourceMeshFiles(t *testing.T) {
	stlFile := tetraSTL()
	out, _, err := Emit(copyGraph(stlFile, "stl"), &convert.Options{})
	if err != nil {
		t.Fatal(err)
	}
	doc := string(out.Main)
	if !strings.Contains(doc, `<mesh name="tetra" file="tetra.stl" scale="2 2 2"/>`) {
		t.Errorf("no copied asset with the file's scale:\n%s", doc)
	}
	if got := out.Files["meshes/tetra.stl"]; !bytes.Equal(got, stlFile) || len(out.Files) != 1 {
		t.Errorf("side files %v; tetra.stl equals the source: %v", out.SideFiles(), bytes.Equal(got, stlFile))
	}

	reencoded, _, err := Emit(copyGraph(stlFile, "stl"), (&convert.Options{}).With(MeshFormatOption, "obj"))
	if err != nil {
		t.Fatal(err)
	}
	if d := string(reencoded.Main); !strings.Contains(d, `<mesh name="tetra" file="tetra.obj"/>`) {
		t.Errorf("--mesh-format obj with an STL source: want an encoded OBJ without scale:\n%s", d)
	}
	if _, ok := reencoded.Files["meshes/tetra.obj"]; !ok {
		t.Errorf("side files %v, want meshes/tetra.obj", reencoded.SideFiles())
	}

	ascii := []byte("solid tetra\nendsolid tetra\n")
	fromASCII, _, err := Emit(copyGraph(ascii, "stl"), &convert.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if d := string(fromASCII.Main); !strings.Contains(d, `<mesh name="tetra" file="tetra.stl"/>`) {
		t.Errorf("ASCII STL source: want an encoded STL without scale:\n%s", d)
	}
	if got := fromASCII.Files["meshes/tetra.stl"]; bytes.Equal(got, ascii) || !isBinarySTL(got) {
		t.Errorf("ASCII STL source copied instead of encoded")
	}

	testenv.Oracle(t, "mj-inspect")
	copied := geomsByMuJoCo(t, writeOutput(t, t.TempDir(), out))
	encoded := geomsByMuJoCo(t, writeOutput(t, t.TempDir(), fromASCII))
	if len(copied) != 1 || len(encoded) != 1 {
		t.Fatalf("MuJoCo geoms %+v and %+v, want one each", copied, encoded)
	}
	a, b := copied[0], encoded[0]
	for k := range 3 {
		if !near(a.Size[k], b.Size[k], 1e-6) || !near(a.Pos[k], b.Pos[k], 1e-6) {
			t.Errorf("MuJoCo geom from the copied file %+v, from encoded triangles %+v", a, b)
			break
		}
	}
}

type mjGeom struct {
	Type string     `json:"type"`
	Size [3]float64 `json:"size"`
	Pos  [3]float64 `json:"pos"`
}

// geomsByMuJoCo loads an MJCF file in MuJoCo 2.2.2 and returns its geoms.
func geomsByMuJoCo(t *testing.T, file string) []mjGeom {
	t.Helper()
	runMJ(t, file, "--backend", "c") // fails the test when MuJoCo rejects it
	raw, _ := testenv.RunOracle(t, "mj-inspect", "--compact", "--backend", "c", file)
	var m struct {
		Geoms []mjGeom `json:"geoms"`
	}
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatalf("mj-inspect output: %v\n%s", err, raw)
	}
	return m.Geoms
}

// TestMeshFormatKeepsSourceFiles: by default a binary STL or OBJ source
// file is written unchanged, whichever of the two it is; --mesh-format stl
// or obj keeps only files already in that format and encodes the others.
func TestMeshFormatKeepsSourceFiles(t *testing.T) {
	obj := []byte("v 0 0 0\nv 0.1 0 0\nv 0 0.1 0\nv 0 0 0.1\nf 1 3 2\nf 1 2 4\nf 1 4 3\nf 2 3 4\n")
	stl := tetraSTL()
	for _, c := range []struct {
		format, ext string // "" format: the default
		want        string // the side file written
		kept        bool
	}{
		{"", "obj", "meshes/tetra.obj", true},
		{"", "stl", "meshes/tetra.stl", true},
		{"stl", "obj", "meshes/tetra.stl", false},
		{"stl", "stl", "meshes/tetra.stl", true},
		{"obj", "obj", "meshes/tetra.obj", true},
		{"obj", "stl", "meshes/tetra.obj", false},
	} {
		src := stl
		if c.ext == "obj" {
			src = obj
		}
		opts := &convert.Options{}
		if c.format != "" {
			opts = opts.With(MeshFormatOption, c.format)
		}
		out, _, err := Emit(copyGraph(src, c.ext), opts)
		if err != nil {
			t.Fatal(err)
		}
		got, ok := out.Files[c.want]
		if !ok || len(out.Files) != 1 {
			t.Errorf("--mesh-format %q, %s source: side files %v, want %s", c.format, c.ext, out.SideFiles(), c.want)
			continue
		}
		if bytes.Equal(got, src) != c.kept {
			t.Errorf("--mesh-format %q, %s source: source file kept %v, want %v", c.format, c.ext, !c.kept, c.kept)
		}
		// a kept file carries the scale the reader baked into the triangles
		if scaled := strings.Contains(string(out.Main), `scale="2 2 2"`); scaled != c.kept {
			t.Errorf("--mesh-format %q, %s source: asset scale written %v:\n%s", c.format, c.ext, scaled, out.Main)
		}
	}
}

// TestMeshAssetNames: a mesh named by its file reference is named after
// the file without its folder and extension (a reference with no folder
// too: "cube.obj" is "cube", not "cube.obj", whose file was
// cube.obj.stl); a mesh named otherwise keeps its name.
func TestMeshAssetNames(t *testing.T) {
	for _, c := range []struct{ name, file, want string }{
		{"package://robot/meshes/arm.stl", "meshes/arm.stl", `<mesh name="arm" file="arm.stl"/>`},
		{"cube.obj", "cube.obj", `<mesh name="cube" file="cube.stl"/>`},
		{"base.link", "meshes/part.stl", `<mesh name="base.link" file="base.link.stl"/>`},
	} {
		g := copyGraph(nil, "stl")
		m := &g.Meshes[0]
		m.Name, m.File, m.Source = c.name, c.file, nil
		out, _, err := Emit(g, &convert.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(out.Main), c.want) {
			t.Errorf("mesh %q (file %q): want %s in\n%s", c.name, c.file, c.want, out.Main)
		}
	}
}
