package crosscheck

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// mjcfCorpus are the MJCF entry files of the corpus that go through KHR.
var mjcfCorpus = []string{
	"dmc_cartpole/cartpole.xml",
	"dmc_manipulator/manipulator.xml",
	"dmc_quadruped/quadruped.xml",
	"gym_ant_legacy/ant.xml",
	"menagerie_robotiq_2f85/2f85.xml",
	"menagerie_wonik_allegro/right_hand.xml",
	"mjx_pendula/pendula.xml",
	"mujoco_car/car.xml",
	"mujoco_cube_3x3x3/cube_3x3x3.xml",
	"mujoco_humanoid/humanoid.xml",
	"mujoco_slider_crank/slider_crank.xml",
	"mujoco_tendon_arm26/arm26.xml",
}

// mjcfModel is the part of mj-inspect's JSON these checks read.
type mjcfModel struct {
	OK     bool   `json:"ok"`
	Error  string `json:"error"`
	Bodies []struct {
		Name        string       `json:"name"`
		Parent      *string      `json:"parent"`
		Mass        float64      `json:"mass"`
		InertiaFull convert.Mat3 `json:"inertia_full"`
		XPos        convert.Vec3 `json:"xpos"`
		XQuat       [4]float64   `json:"xquat"`
		XIPos       convert.Vec3 `json:"xipos"`
	} `json:"bodies"`
	Joints []struct {
		Name    string       `json:"name"`
		Body    string       `json:"body"`
		Type    string       `json:"type"`
		Axis    convert.Vec3 `json:"axis"`
		Pos     convert.Vec3 `json:"pos"`
		Range   [2]float64   `json:"range"`
		Limited bool         `json:"limited"`
	} `json:"joints"`
	Counts struct {
		NMesh int `json:"nmesh"`
		NEq   int `json:"neq"`
	} `json:"counts"`
	Geoms []struct {
		Body        string       `json:"body"`
		Type        string       `json:"type"`
		Size        []float64    `json:"size"`
		Contype     int          `json:"contype"`
		Conaffinity int          `json:"conaffinity"`
		XPos        convert.Vec3 `json:"xpos"`
	} `json:"geoms"`
	AfterSteps *struct {
		QPos   []any `json:"qpos"`
		Bodies []struct {
			Name  string       `json:"name"`
			XPos  convert.Vec3 `json:"xpos"`
			XQuat [4]float64   `json:"xquat"`
		} `json:"bodies"`
	} `json:"after_steps"`
}

func mjcfInspect(t *testing.T, args ...string) mjcfModel {
	t.Helper()
	out, code := testenv.RunOracle(t, "mj-inspect", append([]string{"--compact"}, args...)...)
	var m mjcfModel
	if err := json.Unmarshal(out, &m); err != nil {
		t.Fatalf("mj-inspect %v: %v\n%.500s", args, err, out)
	}
	if code != 0 || !m.OK {
		t.Fatalf("MuJoCo rejected %v: %s", args, m.Error)
	}
	return m
}

func mjcfQuat(q [4]float64) convert.Quat { return convert.Quat{q[1], q[2], q[3], q[0]} }

func mjcfWorldInertia(q [4]float64, i convert.Mat3) convert.Mat3 {
	r := mjcfQuat(q).Mat()
	return r.Mul(i).Mul(r.T())
}

func mjcfNear(a, b, tol, scale float64) bool {
	return math.Abs(a-b) <= tol*math.Max(scale, math.Max(math.Abs(a), math.Abs(b)))
}

// compareMJCFModels checks named bodies (mass, world COM, world inertia)
// and named joints (type, world axis, range) of got against want.
func compareMJCFModels(t *testing.T, what string, want, got mjcfModel, tol float64, skipBody func(string) bool, known map[string]string) {
	t.Helper()
	byName := map[string]int{}
	for i, b := range got.Bodies {
		byName[b.Name] = i
	}
	compared := 0
	for _, wb := range want.Bodies[1:] {
		if wb.Name == "" || skipBody != nil && skipBody(wb.Name) {
			continue
		}
		i, ok := byName[wb.Name]
		if !ok && wb.Parent != nil && *wb.Parent == "world" && !mjcfHasJoint(want, wb.Name) {
			// a body welded to the world never moves; written as static
			// geoms its mass has no effect (the source says so in a
			// diagnostic)
			t.Logf("%s: body %q is welded to the world and written as static geoms", what, wb.Name)
			continue
		}
		if !ok && wb.Mass == 0 {
			// URDF links without <inertial> are frames, not bodies, to the
			// URDF reader: they join their parent (diagnosed there)
			t.Logf("%s: massless body %q is a frame of its parent in the output", what, wb.Name)
			continue
		}
		if !ok {
			t.Errorf("%s: body %q missing", what, wb.Name)
			continue
		}
		compared++
		gb := got.Bodies[i]
		if !mjcfNear(gb.Mass, wb.Mass, tol, 0) {
			t.Errorf("%s: body %q mass %.10g, want %.10g", what, wb.Name, gb.Mass, wb.Mass)
			continue
		}
		if wb.Mass < 1e-12 {
			continue
		}
		s := math.Max(1e-3, math.Max(math.Abs(wb.XIPos[0]), math.Max(math.Abs(wb.XIPos[1]), math.Abs(wb.XIPos[2]))))
		for c := 0; c < 3; c++ {
			if !mjcfNear(gb.XIPos[c], wb.XIPos[c], tol, s) {
				t.Errorf("%s: body %q COM %v, want %v", what, wb.Name, gb.XIPos, wb.XIPos)
				break
			}
		}
		wi, gi := mjcfWorldInertia(wb.XQuat, wb.InertiaFull), mjcfWorldInertia(gb.XQuat, gb.InertiaFull)
		is := math.Max(wi[0][0], math.Max(wi[1][1], wi[2][2]))
	outer:
		for r := 0; r < 3; r++ {
			for c := 0; c < 3; c++ {
				if !mjcfNear(gi[r][c], wi[r][c], tol, is) {
					t.Errorf("%s: body %q world inertia %v, want %v", what, wb.Name, gi, wi)
					break outer
				}
			}
		}
	}
	if compared == 0 && skipBody == nil && len(want.Joints) > 0 {
		t.Errorf("%s: no named body compared", what)
	}
	gj := map[string]int{}
	for i, j := range got.Joints {
		gj[j.Name] = i
	}
	bodyQ := func(m mjcfModel, name string) convert.Quat {
		for _, b := range m.Bodies {
			if b.Name == name {
				return mjcfQuat(b.XQuat)
			}
		}
		return convert.IdentityQuat()
	}
	for _, wj := range want.Joints {
		if wj.Name == "" || wj.Type == "free" {
			continue
		}
		i, ok := gj[wj.Name]
		if why, isKnown := known[wj.Name]; isKnown {
			t.Logf("%s: joint %q not compared: %s", what, wj.Name, why)
			continue
		}
		if !ok {
			t.Errorf("%s: joint %q missing", what, wj.Name)
			continue
		}
		j := got.Joints[i]
		if j.Type != wj.Type {
			t.Errorf("%s: joint %q type %s, want %s", what, wj.Name, j.Type, wj.Type)
			continue
		}
		if wj.Type == "ball" {
			continue
		}
		wa := bodyQ(want, wj.Body).Rotate(wj.Axis)
		ga := bodyQ(got, j.Body).Rotate(j.Axis)
		if math.Abs(math.Abs(wa.Dot(ga))-1) > 1e-9 {
			t.Errorf("%s: joint %q world axis %v, want ±%v", what, wj.Name, ga, wa)
		}
		if j.Limited != wj.Limited {
			t.Errorf("%s: joint %q limited %v, want %v", what, wj.Name, j.Limited, wj.Limited)
		} else if wj.Limited {
			lo, hi := wj.Range[0], wj.Range[1]
			if wa.Dot(ga) < 0 {
				lo, hi = -hi, -lo
			}
			// a joint re-expressed child→parent moves the other way
			same := mjcfNear(j.Range[0], lo, 1e-9, 1) && mjcfNear(j.Range[1], hi, 1e-9, 1)
			flipped := mjcfNear(j.Range[0], -hi, 1e-9, 1) && mjcfNear(j.Range[1], -lo, 1e-9, 1)
			if !same && !flipped {
				t.Errorf("%s: joint %q range %v, want [%g %g]", what, wj.Name, j.Range, lo, hi)
			}
		}
	}
}

// TestMJCFViaKHR converts corpus MJCF to KHR glTF and back to MJCF; the
// result must load in both MuJoCo versions and compile to the original's
// masses, inertias, joint types, axes and ranges.
func TestMJCFViaKHR(t *testing.T) {
	reg := all.Registry()
	root := testenv.CorpusPath(t, "mjcf")
	testenv.Oracle(t, "mj-inspect")
	for _, rel := range mjcfCorpus {
		t.Run(rel, func(t *testing.T) {
			t.Parallel()
			src := filepath.Join(root, rel)
			dir := t.TempDir()
			ctx := context.Background()
			if _, err := physconv.ConvertFile(ctx, reg, src, filepath.Join(dir, "via.gltf"), &convert.Options{To: "khr"}); err != nil {
				t.Fatal(err)
			}
			back := filepath.Join(dir, "back.xml")
			if _, err := physconv.ConvertFile(ctx, reg, filepath.Join(dir, "via.gltf"), back, &convert.Options{To: "mjcf"}); err != nil {
				t.Fatal(err)
			}
			want := mjcfInspect(t, src)
			for _, backend := range []string{"c", "wasm"} {
				got := mjcfInspect(t, "--backend", backend, back)
				compareMJCFModels(t, "via KHR ("+backend+")", want, got, 1e-6, wasmInventedName, nil)
			}
		})
	}
}

// TestGLTFToMJCFSimulates writes every OMI/KHR corpus file with a dynamic
// body as MJCF and runs 1,000 MuJoCo steps: the model must load and the
// state stay finite.
func TestGLTFToMJCFSimulates(t *testing.T) {
	reg := all.Registry()
	testenv.Oracle(t, "mj-inspect")
	files := corpusGLTF(t, "khr", "omi")
	ran := 0
	for _, src := range files {
		ctx := context.Background()
		_, g, _, err := physconv.ParseGraph(ctx, reg, mjcfOpen(t, src))
		if err != nil || !mjcfHasDynamic(g) {
			continue
		}
		ran++
		rel, _ := filepath.Rel(testenv.Corpus(t), src)
		t.Run(rel, func(t *testing.T) {
			t.Parallel()
			out := filepath.Join(t.TempDir(), "model.xml")
			if _, err := physconv.ConvertFile(ctx, reg, src, out, &convert.Options{To: "mjcf"}); err != nil {
				t.Fatalf("convert: %v", err)
			}
			raw, code := testenv.RunOracle(t, "mj-inspect", "--compact", "--backend", "c", "--steps", "1000", out)
			var m mjcfModel
			if err := json.Unmarshal(raw, &m); err != nil || code != 0 || !m.OK {
				data, _ := os.ReadFile(out)
				t.Fatalf("MuJoCo rejected the MJCF (%v): %s\n%.2000s", err, m.Error, data)
			}
			if m.AfterSteps == nil {
				t.Fatal("no state after stepping")
			}
			for _, v := range m.AfterSteps.QPos {
				if f, ok := v.(float64); !ok || math.IsNaN(f) || math.IsInf(f, 0) {
					t.Fatalf("state is not finite after 1000 steps: %v", m.AfterSteps.QPos)
				}
			}
		})
	}
	if ran < 10 {
		t.Errorf("only %d corpus files with dynamic bodies", ran)
	}
}

// mjcfKnownJointDifferences are joints whose limits physconv and MuJoCo's
// URDF importer read differently on purpose.
var mjcfKnownJointDifferences = map[string]map[string]string{
	"racecar": {
		"right_steering_hinge_joint": "a URDF continuous joint ignores <limit lower upper> (URDF spec); MuJoCo's importer applies them",
		"left_steering_hinge_joint":  "a URDF continuous joint ignores <limit lower upper> (URDF spec); MuJoCo's importer applies them",
	},
	"double_pendulum": {
		"joint1": "a URDF revolute joint limited to [0, 0] is locked (fixed) for the URDF reader; MuJoCo's importer reads range [0 0] as unlimited",
		"joint2": "a URDF revolute joint limited to [0, 0] is locked (fixed) for the URDF reader; MuJoCo's importer reads range [0 0] as unlimited",
	},
}

func mjcfHasJoint(m mjcfModel, body string) bool {
	for _, j := range m.Joints {
		if j.Body == body {
			return true
		}
	}
	return false
}

// wasmInventedName reports names the wasm MuJoCo build makes up for
// unnamed bodies ("body7"); those bodies have no name to match by.
func wasmInventedName(name string) bool {
	if !strings.HasPrefix(name, "body") || len(name) == 4 {
		return false
	}
	for _, r := range name[4:] {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

func mjcfOpen(t *testing.T, path string) *convert.Input {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return &convert.Input{Name: path, Data: data, FS: os.DirFS(filepath.Dir(path)), Dir: ".", Options: &convert.Options{}}
}

func mjcfHasDynamic(g *convert.Graph) bool {
	for _, n := range g.Nodes {
		if n.Motion != nil && n.Motion.Kind == convert.Dynamic {
			return true
		}
	}
	return false
}

// TestURDFToMJCFMatchesMuJoCoImport writes the URDF corpus as MJCF and
// compares it with MuJoCo's own import of the URDF (fixed links kept):
// same per-body mass, COM and inertia, same joint types and axes.
func TestURDFToMJCFMatchesMuJoCoImport(t *testing.T) {
	reg := all.Registry()
	testenv.Oracle(t, "mj-inspect")
	for _, a := range urdfAssets {
		a := a
		t.Run(a.name, func(t *testing.T) {
			t.Parallel()
			src := testenv.CorpusPath(t, "urdf", a.dir, a.file)
			out := filepath.Join(t.TempDir(), "model.xml")
			if _, err := physconv.ConvertFile(context.Background(), reg, src, out, a.options(t, "mjcf")); err != nil {
				t.Fatalf("convert: %v", err)
			}
			got := mjcfInspect(t, "--backend", "c", out)
			meshdir := urdfMeshDir(t, src, testenv.CorpusPath(t, "urdf", a.dir))
			want := mjcfInspectURDF(t, src, meshdir)
			if want == nil {
				t.Skip("MuJoCo cannot import this URDF itself")
			}
			compareMJCFModels(t, "URDF→MJCF vs MuJoCo import", *want, got, 1e-6, nil, mjcfKnownJointDifferences[a.name])
		})
	}
}

// urdfMeshDir finds the folder holding the URDF's meshes: MuJoCo's import
// keeps only the base name of each mesh file name.
func urdfMeshDir(t *testing.T, src, root string) string {
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	s := string(data)
	i := strings.Index(s, "filename=\"")
	if i < 0 {
		return filepath.Dir(src)
	}
	rest := s[i+len("filename=\""):]
	base := filepath.Base(rest[:strings.Index(rest, "\"")])
	found := filepath.Dir(src)
	filepath.Walk(root, func(p string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() && info.Name() == base {
			found = filepath.Dir(p)
			return filepath.SkipAll
		}
		return nil
	})
	return found
}

// mjcfInspectURDF is MuJoCo 2.2.2's import of a URDF with fixed links and
// visuals kept (2.2.2 keeps a URDF inertial's rotation; 3.3 drops it).
func mjcfInspectURDF(t *testing.T, src, meshdir string) *mjcfModel {
	raw, code := testenv.RunOracle(t, "mj-inspect", "--compact", "--backend", "c", "--keep-static", "--meshdir", meshdir, src)
	var m mjcfModel
	if err := json.Unmarshal(raw, &m); err != nil || code != 0 || !m.OK {
		t.Logf("MuJoCo's URDF import failed: %s", strings.TrimSpace(m.Error))
		return nil
	}
	return &m
}

// urdfVisualCases are corpus URDFs with visual meshes: NAO (STL visuals
// scaled by 0.1) and PR2 (STL visuals in several folders behind package://
// URIs, and inertias MuJoCo only takes with balanceinertia).
var urdfVisualCases = []struct {
	name, dir, file, pkg string
	mujocoAttrs          string // extra <compiler> attributes MuJoCo's own import needs
}{
	{"nao", "bullet_nao", "humanoid/nao.urdf", "", ""},
	{"pr2", "erd_pr2", "robots/pr2_description/urdf/pr2.urdf", "example-robot-data", `balanceinertia="true"`},
}

// mujocoKeepAll makes MuJoCo's URDF import keep static links and visuals,
// as physconv does (its URDF defaults fuse the one and drop the other).
const mujocoKeepAll = `fusestatic="false" discardvisual="false"`

// urdfVisualOptions reads a corpus URDF with its asset folder allowed and
// its ROS package (if any) mapped there.
func urdfVisualOptions(root, pkg string) *convert.Options {
	o := &convert.Options{To: "mjcf", AllowRoots: []string{root}, Packages: map[string]string{}}
	if pkg != "" {
		o.Packages[pkg] = root
	}
	return o
}

// TestURDFToMJCFKeepsVisuals writes URDFs with visual meshes as MJCF: the
// result loads in both MuJoCo versions and has, body by body, the visual
// and collision geoms of MuJoCo's own import of the URDF (static links and
// visuals kept), each of the same type at the same world position and size
// (which also checks the mesh scale), and one mesh asset per file.
func TestURDFToMJCFKeepsVisuals(t *testing.T) {
	reg := all.Registry()
	testenv.Oracle(t, "mj-inspect")
	for _, c := range urdfVisualCases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			root := testenv.CorpusPath(t, "urdf", c.dir)
			src := filepath.Join(root, c.file)
			ctx := context.Background()
			in, err := physconv.OpenInput(src, nil, urdfVisualOptions(root, c.pkg))
			if err != nil {
				t.Fatal(err)
			}
			_, g, _, err := physconv.ParseGraph(ctx, reg, in)
			if err != nil {
				t.Fatal(err)
			}
			if n := unreadableMeshes(g); n > 0 {
				t.Skipf("the URDF parser leaves %d visual meshes without convert.Mesh.Decode; an emitter cannot read them", n)
			}
			out := filepath.Join(t.TempDir(), "model.xml")
			res, err := physconv.ConvertFile(ctx, reg, src, out, urdfVisualOptions(root, c.pkg))
			if err != nil {
				t.Fatalf("convert: %v", err)
			}
			for _, d := range res.Diagnostics {
				if d.Code == "shape-dropped" {
					t.Errorf("geom dropped: %s: %s", d.Path, d.Message)
				}
			}
			got := mjcfInspect(t, "--backend", "c", out)
			want := mjcfInspect(t, "--backend", "c", mujocoURDFCopy(t, src, root, mujocoKeepAll+" "+c.mujocoAttrs))
			visuals := compareGeoms(t, want, got)
			if visuals == 0 {
				t.Error("no visual geom compared")
			}
			if got.Counts.NMesh != want.Counts.NMesh {
				t.Errorf("%d mesh assets, MuJoCo's import has %d (one per file)", got.Counts.NMesh, want.Counts.NMesh)
			}
			if w := mjcfInspect(t, out); len(w.Geoms) != len(got.Geoms) {
				t.Errorf("MuJoCo 3 compiles %d geoms, MuJoCo 2.2.2 %d", len(w.Geoms), len(got.Geoms))
			}
			t.Logf("%d geoms (%d visual) match MuJoCo's import", len(want.Geoms), visuals)
		})
	}
}

// unreadableMeshes counts file meshes that are neither loaded nor readable
// on demand.
func unreadableMeshes(g *convert.Graph) int {
	n := 0
	for _, m := range g.Meshes {
		if !m.Loaded && m.Decode == nil {
			n++
		}
	}
	return n
}

// compareGeoms matches, per body, every geom of want with one of got of
// the same kind (visual = contype and conaffinity 0), type, world position
// and size, and returns how many visual geoms matched.
func compareGeoms(t *testing.T, want, got mjcfModel) int {
	t.Helper()
	type geomKey struct {
		body   string
		visual bool
	}
	pool := map[geomKey][]int{}
	for i, g := range got.Geoms {
		k := geomKey{g.Body, g.Contype == 0 && g.Conaffinity == 0}
		pool[k] = append(pool[k], i)
	}
	visuals := 0
	for _, w := range want.Geoms {
		k := geomKey{w.Body, w.Contype == 0 && w.Conaffinity == 0}
		found := -1
		for n, i := range pool[k] {
			g := got.Geoms[i]
			if g.Type == w.Type && geomNear(g.XPos[:], w.XPos[:]) && geomNear(g.Size, w.Size) {
				found = n
				break
			}
		}
		if found < 0 {
			t.Errorf("body %q: no %s geom (visual %v) at %v size %v in the output; it has %d of this kind", w.Body, w.Type, k.visual, w.XPos, w.Size, len(pool[k]))
			continue
		}
		pool[k] = append(pool[k][:found], pool[k][found+1:]...)
		if k.visual {
			visuals++
		}
	}
	for k, rest := range pool {
		for _, i := range rest {
			t.Errorf("body %q: extra %s geom (visual %v) at %v in the output", k.body, got.Geoms[i].Type, k.visual, got.Geoms[i].XPos)
		}
	}
	return visuals
}

// geomNear compares positions and sizes to 1e-5 of their magnitude (at
// least 1 mm): STL stores single-precision vertices.
func geomNear(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	scale := 1e-3
	for i := range a {
		scale = math.Max(scale, math.Max(math.Abs(a[i]), math.Abs(b[i])))
	}
	for i := range a {
		if math.Abs(a[i]-b[i]) > 1e-5*scale {
			return false
		}
	}
	return true
}

// mujocoURDFCopy writes a copy of a URDF that MuJoCo 2.2.2 imports on its
// own: MuJoCo keeps only the base name of a URDF mesh file name, so every
// STL/OBJ file below assetRoot is linked into one folder by base name (two
// different files with one base name fail the test), and a <mujoco>
// <compiler> block names that folder and adds attrs.
func mujocoURDFCopy(t testing.TB, src, assetRoot, attrs string) string {
	t.Helper()
	dir := t.TempDir()
	meshes := filepath.Join(dir, "meshes")
	if err := os.Mkdir(meshes, 0o755); err != nil {
		t.Fatal(err)
	}
	seen := map[string]string{}
	err := filepath.WalkDir(assetRoot, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		ext := strings.ToLower(filepath.Ext(p))
		if ext != ".stl" && ext != ".obj" {
			return nil
		}
		if prev, dup := seen[d.Name()]; dup {
			return fmt.Errorf("mesh base name %s is used by %s and %s", d.Name(), prev, p)
		}
		seen[d.Name()] = p
		return os.Symlink(p, filepath.Join(meshes, d.Name()))
	})
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(data), "<mujoco") {
		t.Fatalf("%s already has a <mujoco> block", src)
	}
	robot := regexp.MustCompile(`<robot\b[^>]*>`)
	loc := robot.FindIndex(data)
	if loc == nil {
		t.Fatalf("%s has no <robot> element", src)
	}
	block := fmt.Sprintf(`<mujoco><compiler meshdir="%s/" %s/></mujoco>`, meshes, attrs)
	patched := append(append(append([]byte{}, data[:loc[1]]...), block...), data[loc[1]:]...)
	out := filepath.Join(dir, filepath.Base(src))
	if err := os.WriteFile(out, patched, 0o644); err != nil {
		t.Fatal(err)
	}
	return out
}
