package gltfx_test

import (
	"context"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/inspect"
	"github.com/physconv/physconv/convert/mass"
	"github.com/physconv/physconv/internal/gltfx"
	"github.com/physconv/physconv/internal/testenv"
	"github.com/physconv/physconv/khr"
	"github.com/physconv/physconv/omi"
)

// names.gltf is a Blender-style export without a physics add-on: mesh
// objects named with collision suffixes, one unit cube mesh and one
// L-shaped prism (a 2×2 square less a 1×1 corner, 1 m thick: volume 3 m³,
// its convex hull 3.5 m³), plus one node with KHR physics of its own.
const namesPath = "../../testdata/gltf/names/names.gltf"

func namesInput(t *testing.T, opts *convert.Options) *convert.Input {
	t.Helper()
	data, err := os.ReadFile(namesPath)
	if err != nil {
		t.Fatal(err)
	}
	return &convert.Input{Name: "names.gltf", Data: data, FS: os.DirFS(filepath.Dir(namesPath)), Dir: ".", Options: opts}
}

// parseNames reads names.gltf with one glTF reader, completes the mass
// properties and reports.
func parseNames(t *testing.T, f *convert.Format, hints bool) (*convert.Graph, *inspect.Report) {
	t.Helper()
	in := namesInput(t, (&convert.Options{From: f.Name}).With(gltfx.CollisionNamesOption, strconv.FormatBool(hints)))
	g, diags, err := f.Parse(in)
	if err != nil {
		t.Fatal(err)
	}
	if err := convert.Validate(g); err != nil {
		t.Fatal(err)
	}
	g, more := mass.Complete(g, in.Options)
	return g, inspect.Inspect(g, f.Name, append(diags, more...))
}

type wantShape struct {
	node  string
	kind  convert.ShapeKind
	pos   convert.Vec3
	rot   convert.Quat
	scale convert.Vec3
	tris  int
}

var (
	unrotated = convert.Quat{0, 0, 0, 1}
	unit      = convert.Vec3{1, 1, 1}
	quarterY  = convert.Quat{0, math.Sqrt(0.5), 0, math.Sqrt(0.5)} // 90° about +Y
)

// hintedBodies are what the suffixes make, in world placement: the node
// transforms of names.gltf applied by hand.
var hintedBodies = map[string]struct {
	kind      convert.BodyKind
	colliders []wantShape
}{
	"Ground-colonly": {convert.Static, []wantShape{{"Ground-colonly", convert.TriMesh, convert.Vec3{0, -0.5, 0}, unrotated, convert.Vec3{20, 1, 20}, 12}}},
	"Crate-rigid": {convert.Dynamic, []wantShape{
		{"Crate-rigid", convert.Convex, convert.Vec3{0, 2, 0}, unrotated, convert.Vec3{0.5, 0.5, 0.5}, 12},
		// child at (0, 0.75, 0) scaled (1, 0.5, 1) inside the crate's 0.5 scale
		{"Lid_col", convert.TriMesh, convert.Vec3{0, 2.375, 0}, unrotated, convert.Vec3{0.5, 0.25, 0.5}, 12},
	}},
	"Bracket$rigid":        {convert.Dynamic, []wantShape{{"Bracket$rigid", convert.Convex, convert.Vec3{3, 1, 0}, quarterY, convert.Vec3{0.1, 0.1, 0.1}, 20}}},
	"Ramp-convcol":         {convert.Static, []wantShape{{"Ramp-convcol", convert.Convex, convert.Vec3{-3, 0, 0}, unrotated, unit, 20}}},
	"Ramp-col.001":         {convert.Static, []wantShape{{"Ramp-col.001", convert.TriMesh, convert.Vec3{-3, 0, 3}, unrotated, unit, 20}}},
	"Pillar-CONVCOLONLY_2": {convert.Static, []wantShape{{"Pillar-CONVCOLONLY_2", convert.Convex, convert.Vec3{5, 1, 5}, unrotated, convert.Vec3{0.4, 2, 0.4}, 12}}},
	// child of Sensor (0, 0, -5), whose KHR trigger uses it as geometry.node
	"Zone-colonly": {convert.Static, []wantShape{{"Zone-colonly", convert.TriMesh, convert.Vec3{0, 0, -5}, unrotated, convert.Vec3{2, 2, 2}, 12}}},
}

// Bodies from the file's own KHR physics, read by the KHR reader only.
var khrBodies = []string{"Ball-convcol", "Sensor"}

func TestNameHintsColliders(t *testing.T) {
	for _, f := range []*convert.Format{khr.Format, omi.Format} {
		t.Run(f.Name, func(t *testing.T) {
			_, rep := parseNames(t, f, true)
			want := len(hintedBodies)
			if f == khr.Format {
				want += len(khrBodies)
			}
			var names []string
			for _, b := range rep.Bodies {
				names = append(names, b.Name)
			}
			if len(rep.Bodies) != want {
				t.Errorf("bodies %v, want the %d hinted ones (+ KHR's %v for khr)", names, len(hintedBodies), khrBodies)
			}
			for _, b := range rep.Bodies {
				w, ok := hintedBodies[b.Name]
				if !ok {
					continue
				}
				if b.Kind != w.kind {
					t.Errorf("%s: kind %s, want %s", b.Name, b.Kind, w.kind)
				}
				if len(b.Colliders) != len(w.colliders) {
					t.Errorf("%s: %d colliders, want %d", b.Name, len(b.Colliders), len(w.colliders))
					continue
				}
				for k, c := range b.Colliders {
					checkShape(t, b.Name, c, w.colliders[k])
				}
			}
			checkHintDiagnostics(t, rep.Diagnostics)
		})
	}
}

func checkShape(t *testing.T, body string, c inspect.ShapeReport, w wantShape) {
	t.Helper()
	scale := unit
	if c.Scale != nil {
		scale = *c.Scale
	}
	if c.Node != w.node || c.Shape != w.kind || !near(c.Position, w.pos) || !nearQuat(c.Rotation, w.rot) || !near(scale, w.scale) {
		t.Errorf("%s: collider %s %s at %v %v scale %v, want %s %s at %v %v scale %v",
			body, c.Node, c.Shape, c.Position, c.Rotation, scale, w.node, w.kind, w.pos, w.rot, w.scale)
	}
	if c.Mesh == nil || c.Mesh.Triangles != w.tris {
		t.Errorf("%s: collider %s mesh %+v, want %d triangles", body, c.Node, c.Mesh, w.tris)
	}
}

// checkHintDiagnostics: one info per applied hint at the node's name, a
// warning for the mesh-less node and for the node with KHR physics.
func checkHintDiagnostics(t *testing.T, diags convert.Diagnostics) {
	t.Helper()
	got := map[string][]string{}
	for _, d := range diags {
		if strings.HasPrefix(string(d.Code), "name-hint-") {
			got[string(d.Code)] = append(got[string(d.Code)], d.Path)
			if d.Code == "name-hint-applied" && d.Severity != convert.Info || d.Code != "name-hint-applied" && d.Severity != convert.Warning {
				t.Errorf("%s at %s has severity %v", d.Code, d.Path, d.Severity)
			}
		}
	}
	for _, paths := range got {
		sort.Strings(paths)
	}
	want := map[string][]string{
		"name-hint-applied":  {"nodes[0].name", "nodes[11].name", "nodes[1].name", "nodes[2].name", "nodes[3].name", "nodes[4].name", "nodes[5].name", "nodes[6].name"},
		"name-hint-ignored":  {"nodes[7].name"},
		"name-hint-conflict": {"nodes[8].name"},
	}
	for code, paths := range want {
		if strings.Join(got[code], " ") != strings.Join(paths, " ") {
			t.Errorf("%s at %v, want %v", code, got[code], paths)
		}
	}
}

// TestNameHintsMass checks the mass properties Complete computes from the
// hinted colliders against closed-form values.
func TestNameHintsMass(t *testing.T) {
	_, rep := parseNames(t, khr.Format, true)
	bodies := map[string]inspect.BodyReport{}
	for _, b := range rep.Bodies {
		bodies[b.Name] = b
	}

	// Crate: a 0.5 m cube (125 kg at 1000 kg/m³) at y = 2 and the lid, a
	// 0.5 × 0.25 × 0.5 m box (62.5 kg) at y = 2.375.
	type box struct {
		m    float64
		y    float64
		size convert.Vec3
	}
	parts := []box{{125, 2, convert.Vec3{0.5, 0.5, 0.5}}, {62.5, 2.375, convert.Vec3{0.5, 0.25, 0.5}}}
	var mass, my float64
	for _, p := range parts {
		mass += p.m
		my += p.m * p.y
	}
	com := my / mass
	var inertia convert.Vec3
	for _, p := range parts {
		s, d := p.size, p.y-com
		inertia = inertia.Add(convert.Vec3{
			p.m/12*(s[1]*s[1]+s[2]*s[2]) + p.m*d*d,
			p.m / 12 * (s[0]*s[0] + s[2]*s[2]),
			p.m/12*(s[0]*s[0]+s[1]*s[1]) + p.m*d*d,
		})
	}
	checkMass(t, bodies["Crate-rigid"], mass, convert.Vec3{0, com, 0}, diagMat(inertia))

	// Bracket: the convex hull of the L prism (-rigid takes the hull), a
	// pentagon prism, scaled by 0.1 and turned 90° about Y, at (3, 1, 0).
	m, c, i := bracketHull(1000, 0.1)
	r := quarterY.Mat()
	checkMass(t, bodies["Bracket$rigid"], m, convert.Vec3{3, 1, 0}.Add(r.MulVec(c)), r.Mul(i).Mul(r.T()))

	if b := bodies["Ball-convcol"]; b.Mass == nil || float64(*b.Mass) != 2 || b.Source.Mass != convert.Given {
		t.Errorf("Ball-convcol keeps its KHR mass of 2 kg: %+v", b)
	}
	for name, w := range hintedBodies {
		if b := bodies[name]; w.kind == convert.Static && b.Mass != nil {
			t.Errorf("static %s has a mass %v", name, *b.Mass)
		}
	}
}

// bracketHull integrates the hull of the L prism by the polygon moment
// formulas: cross-section (0,0) (2,0) (2,1) (1,2) (0,2) in XY, z from
// -0.5 to 0.5, all lengths times scale. It returns mass, centre of mass
// and the inertia tensor about it.
func bracketHull(density, scale float64) (float64, convert.Vec3, convert.Mat3) {
	poly := [][2]float64{{0, 0}, {2, 0}, {2, 1}, {1, 2}, {0, 2}}
	var area, cx, cy, xx, yy, xy float64
	for k := range poly {
		x0, y0 := poly[k][0], poly[k][1]
		x1, y1 := poly[(k+1)%len(poly)][0], poly[(k+1)%len(poly)][1]
		cr := x0*y1 - x1*y0
		area += cr / 2
		cx += cr * (x0 + x1) / 6
		cy += cr * (y0 + y1) / 6
		xx += cr * (x0*x0 + x0*x1 + x1*x1) / 12
		yy += cr * (y0*y0 + y0*y1 + y1*y1) / 12
		xy += cr * (x0*y1 + 2*x0*y0 + 2*x1*y1 + x1*y0) / 24
	}
	const thick = 1.0
	cx, cy = cx/area, cy/area
	// second moments of the unscaled prism about the origin, per unit density
	vol := area * thick
	sxx, syy, szz, sxy := xx*thick, yy*thick, area*thick*thick*thick/12, xy*thick
	// about the centroid
	sxx -= vol * cx * cx
	syy -= vol * cy * cy
	sxy -= vol * cx * cy
	s5 := math.Pow(scale, 5)
	m := density * vol * scale * scale * scale
	i := convert.Mat3{
		{density * s5 * (syy + szz), -density * s5 * sxy, 0},
		{-density * s5 * sxy, density * s5 * (sxx + szz), 0},
		{0, 0, density * s5 * (sxx + syy)},
	}
	return m, convert.Vec3{cx * scale, cy * scale, 0}, i
}

func diagMat(d convert.Vec3) convert.Mat3 {
	return convert.Mat3{{d[0], 0, 0}, {0, d[1], 0}, {0, 0, d[2]}}
}

func checkMass(t *testing.T, b inspect.BodyReport, mass float64, com convert.Vec3, inertia convert.Mat3) {
	t.Helper()
	if b.Mass == nil || b.CenterOfMass == nil || b.Inertia == nil {
		t.Fatalf("%s: mass properties missing: %+v", b.Name, b)
	}
	if math.Abs(float64(*b.Mass)-mass) > 1e-9*mass || !near(*b.CenterOfMass, com) {
		t.Errorf("%s: mass %v at %v, want %v at %v", b.Name, *b.Mass, *b.CenterOfMass, mass, com)
	}
	for r := 0; r < 3; r++ {
		for c := 0; c < 3; c++ {
			if math.Abs(float64(b.Inertia[r][c])-inertia[r][c]) > 1e-9*(1+math.Abs(inertia[r][c])) {
				t.Errorf("%s: inertia %v, want %v", b.Name, b.Inertia, inertia)
				return
			}
		}
	}
	if b.Source.Mass != convert.Computed || b.Source.Inertia != convert.Computed {
		t.Errorf("%s: sources %+v, want computed", b.Name, b.Source)
	}
}

func near(a, b convert.Vec3) bool {
	for k := range a {
		if math.Abs(a[k]-b[k]) > 1e-9 {
			return false
		}
	}
	return true
}

func nearQuat(a, b convert.Quat) bool {
	dot := a[0]*b[0] + a[1]*b[1] + a[2]*b[2] + a[3]*b[3]
	return math.Abs(math.Abs(dot)-1) < 1e-9
}

// TestNameHintsOff: without the option the suffixes mean nothing and the
// document is untouched.
func TestNameHintsOff(t *testing.T) {
	for _, f := range []*convert.Format{khr.Format, omi.Format} {
		t.Run(f.Name, func(t *testing.T) {
			g, rep := parseNames(t, f, false)
			var names []string
			for _, b := range rep.Bodies {
				names = append(names, b.Name)
			}
			want := ""
			if f == khr.Format {
				want = strings.Join(khrBodies, " ")
			}
			if strings.Join(names, " ") != want {
				t.Errorf("bodies %v, want %q", names, want)
			}
			for _, d := range rep.Diagnostics {
				if strings.HasPrefix(string(d.Code), "name-hint-") {
					t.Errorf("diagnostic without the option: %v", d)
				}
			}
			for _, i := range []int{0, 6, 11} {
				if gltfx.SourceDoc(g).GLTF.Nodes[i].Mesh == nil {
					t.Errorf("node %d lost its mesh", i)
				}
			}
		})
	}
}

// TestNameHintsGLTFOutput: written back as KHR, the hinted colliders point
// at the exported meshes (no copies), -colonly meshes are no longer
// rendered, and reading the output without the option gives the same
// physics as reading the export with it.
func TestNameHintsGLTFOutput(t *testing.T) {
	reg := all.Registry()
	_, source := parseNames(t, khr.Format, true)
	for _, mode := range []string{"mesh", "node"} {
		t.Run(mode, func(t *testing.T) {
			in := namesInput(t, (&convert.Options{From: "khr", To: "khr"}).With(khr.GeometryOption, mode).With(gltfx.CollisionNamesOption, "true"))
			out, _, err := physconv.ConvertBytes(context.Background(), reg, in)
			if err != nil {
				t.Fatal(err)
			}
			var doc struct {
				Nodes []struct {
					Name       string                     `json:"name"`
					Mesh       *int                       `json:"mesh"`
					Extensions map[string]json.RawMessage `json:"extensions"`
				} `json:"nodes"`
				Meshes []json.RawMessage `json:"meshes"`
			}
			if err := json.Unmarshal(out.Main, &doc); err != nil {
				t.Fatal(err)
			}
			if len(doc.Meshes) != 2 {
				t.Errorf("%d meshes, want the export's 2 (colliders reuse them)", len(doc.Meshes))
			}
			rendered := map[string]bool{"Ground-colonly": false, "Pillar-CONVCOLONLY_2": false, "Zone-colonly": true,
				"Crate-rigid": true, "Lid_col": true, "Ramp-col.001": true, "Decor": true}
			for _, n := range doc.Nodes {
				if want, ok := rendered[n.Name]; ok && (n.Mesh != nil) != want {
					t.Errorf("%s: mesh on the node %v, want %v", n.Name, n.Mesh != nil, want)
				}
			}
			in = &convert.Input{Name: "out.gltf", Data: out.Main, Options: &convert.Options{}}
			_, g, diags, err := physconv.ParseGraph(context.Background(), reg, in)
			if err != nil {
				t.Fatal(err)
			}
			if diffs := inspect.CompareReports(source, inspect.Inspect(g, "khr", diags), 1e-6); len(diffs) > 0 {
				t.Errorf("the output read without --collision-names differs:\n  %s", strings.Join(diffs, "\n  "))
			}
			dir := t.TempDir()
			p := filepath.Join(dir, "out.gltf")
			if err := os.WriteFile(p, out.Main, 0o644); err != nil {
				t.Fatal(err)
			}
			res, code := testenv.RunOracle(t, "gltf-validate", "--summary", p)
			if code != 0 {
				t.Errorf("glTF-Validator rejects the output (exit %d): %s", code, res)
			}
		})
	}
}

// TestNameHintsToURDF: the post-export path to a robot format. The URDF
// has the moving bodies with the mass properties computed from the hinted
// colliders and the static colliders on the world link, in place; MuJoCo
// loads it with the same masses and centres of mass.
func TestNameHintsToURDF(t *testing.T) {
	reg := all.Registry()
	_, source := parseNames(t, khr.Format, true)
	out := filepath.Join(t.TempDir(), "names.urdf")
	if _, err := physconv.ConvertFile(context.Background(), reg, namesPath, out, (&convert.Options{}).With(gltfx.CollisionNamesOption, "true")); err != nil {
		t.Fatal(err)
	}
	back, err := physconv.InspectFile(context.Background(), reg, out, nil, &convert.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if diffs := inspect.CompareReports(moving(source), moving(back), 1e-9); len(diffs) > 0 {
		t.Errorf("moving bodies differ in the URDF:\n  %s", strings.Join(diffs, "\n  "))
	}
	// URDF collision meshes are convex hulls; hulls of these meshes keep
	// their vertices, so each static collider is the same mesh in place.
	static := map[string]inspect.ShapeReport{}
	for _, b := range back.Bodies {
		if b.Kind == convert.Static {
			for _, c := range b.Colliders {
				static[c.Node] = c
			}
		}
	}
	for name, w := range hintedBodies {
		if w.kind != convert.Static {
			continue
		}
		c, ok := static[name]
		if !ok {
			t.Errorf("%s: no static collider in the URDF (have %v)", name, static)
			continue
		}
		if !nearTol(c.Position, w.colliders[0].pos, 1e-12) || c.Mesh == nil || c.Mesh.Triangles != w.colliders[0].tris {
			t.Errorf("%s: URDF collider %+v, want at %v with %d triangles", name, c, w.colliders[0].pos, w.colliders[0].tris)
		}
	}

	res, code := testenv.RunOracle(t, "mj-inspect", testenv.MeshDirFor(out, []string{"--compact", "--meshdir", filepath.Join(filepath.Dir(out), "meshes"), out})...)
	var mj struct {
		OK        bool    `json:"ok"`
		TotalMass float64 `json:"total_mass"`
		Bodies    []struct {
			Name  string       `json:"name"`
			Mass  float64      `json:"mass"`
			XIPos convert.Vec3 `json:"xipos"`
		} `json:"bodies"`
		Geoms []struct {
			Name string `json:"name"`
			Body string `json:"body"`
		} `json:"geoms"`
	}
	if err := json.Unmarshal(res, &mj); err != nil || code != 0 || !mj.OK {
		t.Fatalf("MuJoCo did not load the URDF (exit %d): %s", code, res)
	}
	total := 0.0
	for _, b := range source.Bodies {
		if b.Mass != nil {
			total += float64(*b.Mass)
		}
	}
	if math.Abs(mj.TotalMass-total) > 1e-9*total {
		t.Errorf("MuJoCo total mass %v, want %v", mj.TotalMass, total)
	}
	for _, b := range mj.Bodies {
		for _, s := range source.Bodies {
			if s.Name != b.Name || s.Mass == nil {
				continue
			}
			c := *s.CenterOfMass
			zUp := convert.Vec3{c[0], -c[2], c[1]}
			if math.Abs(b.Mass-float64(*s.Mass)) > 1e-9*b.Mass || !nearTol(b.XIPos, zUp, 1e-9) {
				t.Errorf("MuJoCo %s: %v kg at %v, want %v kg at %v", b.Name, b.Mass, b.XIPos, *s.Mass, zUp)
			}
		}
	}
	onWorld := 0
	for _, g := range mj.Geoms {
		if g.Body == "world" {
			onWorld++
		}
	}
	if onWorld != 5 || len(mj.Geoms) != 9 {
		t.Errorf("MuJoCo has %d geoms, %d on the world; want 9 and 5 (the static hinted colliders)", len(mj.Geoms), onWorld)
	}
}

// moving keeps the non-static bodies' mass properties (colliders are
// compared separately: URDF reads collision meshes as hulls).
func moving(r *inspect.Report) *inspect.Report {
	out := &inspect.Report{Format: r.Format}
	for _, b := range r.Bodies {
		if b.Kind != convert.Static {
			b.Colliders, b.Triggers = nil, nil
			out.Bodies = append(out.Bodies, b)
		}
	}
	return out
}

func nearTol(a, b convert.Vec3, tol float64) bool {
	for k := range a {
		if math.Abs(a[k]-b[k]) > tol*math.Max(1, math.Abs(b[k])) {
			return false
		}
	}
	return true
}
