package mjcf

import (
	"errors"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// visualGraph is one dynamic box body carrying three visual file meshes
// the parser left unread: one readable through Decode, one whose Decode
// fails, one with no Decode at all; plus a loaded collision mesh with the
// readable one's triangles (a URDF link whose visual and collision name
// one file).
func visualGraph() *convert.Graph {
	g := convert.NewGraph()
	mass, com, diag := 2.0, convert.Vec3{}, convert.Vec3{0.1, 0.2, 0.3}
	body := g.AddNode(convert.Node{Name: "base", Motion: &convert.Motion{Kind: convert.Dynamic, Mass: &mass,
		CenterOfMass: &com, InertiaDiagonal: &diag, GravityFactor: 1}}, -1)
	box := g.AddShape(convert.Shape{Kind: convert.Box, Size: convert.Vec3{0.2, 0.2, 0.2}})
	g.AddNode(convert.Node{Name: "base/collision", Collider: &convert.Collider{Shape: box, Material: -1, Filter: -1}}, body)
	tetra := func() ([]convert.Vec3, []uint32, error) {
		return []convert.Vec3{{0, 0, 0}, {0.1, 0, 0}, {0, 0.1, 0}, {0, 0, 0.1}},
			[]uint32{0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3}, nil
	}
	broken := func() ([]convert.Vec3, []uint32, error) { return nil, nil, errors.New("truncated STL") }
	pos, idx, _ := tetra()
	hullShape := g.AddShape(convert.Shape{Kind: convert.Convex, Mesh: g.AddMesh(convert.Mesh{Name: "package://robot/meshes/shell.stl",
		File: "meshes/shell.stl", Scale: convert.Vec3{1, 1, 1}, Positions: pos, Indices: idx, Loaded: true})})
	g.AddNode(convert.Node{Name: "base/collision_shell", Collider: &convert.Collider{Shape: hullShape, Material: -1, Filter: -1}}, body)
	for _, m := range []convert.Mesh{
		{Name: "package://robot/meshes/shell.stl", File: "meshes/shell.stl", Scale: convert.Vec3{1, 1, 1}, Decode: tetra},
		{Name: "package://robot/meshes/broken.stl", File: "meshes/broken.stl", Scale: convert.Vec3{1, 1, 1}, Decode: broken},
		{Name: "package://robot/meshes/absent.stl", File: "meshes/absent.stl", Scale: convert.Vec3{1, 1, 1}},
	} {
		sh := g.AddShape(convert.Shape{Kind: convert.TriMesh, Mesh: g.AddMesh(m)})
		name := "base/visual_" + strings.TrimSuffix(m.File[len("meshes/"):], ".stl")
		g.AddNode(convert.Node{Name: name, Visual: &convert.Visual{Shape: sh}}, body)
	}
	return g
}

// TestEmitReadsUnloadedVisualMeshes checks that a visual mesh the parser
// left as a file reference is read through Mesh.Decode and written as a
// non-colliding mesh geom sharing one asset with the collision mesh of the
// same triangles, that the two unreadable ones are dropped with one
// diagnostic each, and that MuJoCo loads the result with both geoms.
func TestEmitReadsUnloadedVisualMeshes(t *testing.T) {
	g := visualGraph()
	out, diags, err := Emit(g, &convert.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for i, m := range g.Meshes[1:] {
		if m.Loaded || m.Positions != nil {
			t.Errorf("Emit changed the Graph's mesh %d", i+1)
		}
	}
	doc := string(out.Main)
	if !strings.Contains(doc, `<mesh name="shell" file="shell.stl"/>`) {
		t.Errorf("no shell mesh asset:\n%s", doc)
	}
	if _, ok := out.Files["meshes/shell.stl"]; !ok || len(out.Files) != 1 {
		t.Errorf("side files %v, want only meshes/shell.stl", out.SideFiles())
	}
	if n := strings.Count(doc, `mesh="shell"`); n != 2 {
		t.Errorf("%d geoms use the shell mesh, want 2 (collision and visual):\n%s", n, doc)
	}
	if n := strings.Count(doc, `<mesh `); n != 1 {
		t.Errorf("%d mesh assets, want 1:\n%s", n, doc)
	}
	if !strings.Contains(doc, `name="base/visual_shell" type="mesh" mesh="shell" contype="0" conaffinity="0" group="2"`) {
		t.Errorf("visual geom not written as a non-colliding group-2 geom:\n%s", doc)
	}
	var dropped []string
	for _, d := range diags {
		if d.Code == "shape-dropped" {
			dropped = append(dropped, d.Path+": "+d.Message)
		}
	}
	if len(dropped) != 2 || !strings.Contains(dropped[0], "broken.stl") || !strings.Contains(dropped[0], "truncated STL") ||
		!strings.Contains(dropped[1], "absent.stl") {
		t.Errorf("shape-dropped diagnostics %q, want broken (with the reason) then absent", dropped)
	}

	testenv.Oracle(t, "mj-inspect")
	file := writeOutput(t, t.TempDir(), out)
	m := runMJ(t, file, "--backend", "c")
	if len(m.Bodies) != 2 || !near(m.Bodies[1].Mass, 2, 1e-12) {
		t.Errorf("MuJoCo bodies %+v, want world and base of 2 kg", m.Bodies)
	}
	if m.Counts.NGeom != 3 || m.Counts.NMesh != 1 {
		t.Errorf("MuJoCo has %d geoms and %d meshes, want 3 (box, shell twice) and 1", m.Counts.NGeom, m.Counts.NMesh)
	}
}
