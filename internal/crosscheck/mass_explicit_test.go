package crosscheck

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/inspect"
	"github.com/physconv/physconv/convert/mass"
	"github.com/physconv/physconv/godot"
	"github.com/physconv/physconv/internal/testenv"
)

// massShapes are one collider shape of every kind with volume, with
// sizes and vertices that float32 does not hold exactly (0.1 is not a
// float32), so a mesh written as a float32 accessor moves its mass.
var massShapes = []struct {
	name  string
	shape convert.Shape
	mesh  []convert.Vec3 // convex or triangle mesh vertices (cube faces)
}{
	{"box", convert.Shape{Kind: convert.Box, Size: convert.Vec3{0.3, 0.7, 0.11}}, nil},
	{"sphere", convert.Shape{Kind: convert.Sphere, Radius: 0.23}, nil},
	{"capsule", convert.Shape{Kind: convert.Capsule, Height: 0.6, RadiusTop: 0.13, RadiusBottom: 0.13}, nil},
	{"tapered capsule", convert.Shape{Kind: convert.Capsule, Height: 0.6, RadiusTop: 0.1, RadiusBottom: 0.2}, nil},
	{"cylinder", convert.Shape{Kind: convert.Cylinder, Height: 0.7, RadiusTop: 0.15, RadiusBottom: 0.15}, nil},
	{"cone", convert.Shape{Kind: convert.Cylinder, Height: 0.7, RadiusTop: 0, RadiusBottom: 0.25}, nil},
	{"ellipsoid", convert.Shape{Kind: convert.Ellipsoid, Size: convert.Vec3{0.1, 0.08, 0.02}}, nil},
	{"convex", convert.Shape{Kind: convert.Convex}, scaled(cubePositions, 0.1, nil)},
	{"dented trimesh", convert.Shape{Kind: convert.TriMesh}, scaled(cubePositions, 0.1, map[int]convert.Vec3{6: {0.02, 0.03, 0.01}})},
}

// scaled returns the cube vertices times s, with some moved.
func scaled(pos []convert.Vec3, s float64, moved map[int]convert.Vec3) []convert.Vec3 {
	out := make([]convert.Vec3, len(pos))
	for i, p := range pos {
		out[i] = p.Scale(s)
		if m, ok := moved[i]; ok {
			out[i] = m
		}
	}
	return out
}

// massVariants are the ways a source arrives at mass properties that a
// target's reader, computing from the written shapes, would not.
var massVariants = []struct {
	name    string
	density float64 // --density; 0 = the default
	// rule changes the completed values as a source's own rules do
	// (MJCF geom mass="0", settotalmass) while they stay computed.
	rule func(m *convert.Motion)
}{
	{"default density", 0, nil},
	{"density 437", 437, nil},
	{"source rule", 0, func(m *convert.Motion) {
		*m.Mass *= 0.53
		d := m.InertiaDiagonal.Scale(0.53)
		m.InertiaDiagonal = &d
	}},
}

// massGraph is one dynamic body, rotated and moved, with its collider on
// a child node rotated and moved in the body, and a second box collider
// so the centre of mass is off every axis.
func massGraph(shapeName string, sh convert.Shape, mesh []convert.Vec3) *convert.Graph {
	g := convert.NewGraph()
	g.Name = "mass"
	sh.Mesh = -1
	if mesh != nil {
		sh.Mesh = g.AddMesh(convert.Mesh{Name: "m", Positions: mesh, Indices: cubeFaces, Loaded: true, Scale: convert.Vec3{1, 1, 1}})
	}
	s := g.AddShape(sh)
	box := g.AddShape(convert.Shape{Kind: convert.Box, Size: convert.Vec3{0.1, 0.2, 0.1}, Mesh: -1})
	b := g.AddNode(convert.Node{Name: "Body", Transform: convert.Transform{T: convert.Vec3{0.3, 1.2, -0.4},
		R: convert.AxisAngle(convert.Vec3{1, 2, 3}.Normalize(), 0.7), S: convert.Vec3{1, 1, 1}},
		Motion: &convert.Motion{Kind: convert.Dynamic, GravityFactor: 1}}, -1)
	g.AddNode(convert.Node{Name: "Part", Transform: convert.Transform{T: convert.Vec3{0.05, -0.1, 0.2},
		R: convert.AxisAngle(convert.Vec3{-2, 1, 0.5}.Normalize(), 1.1), S: convert.Vec3{1, 1, 1}},
		Collider: &convert.Collider{Shape: s, Material: -1, Filter: -1}}, b)
	g.AddNode(convert.Node{Name: "Side", Transform: convert.Transform{T: convert.Vec3{0.31, 0.17, -0.07}, R: convert.IdentityQuat(), S: convert.Vec3{1, 1, 1}},
		Collider: &convert.Collider{Shape: box, Material: -1, Filter: -1}}, b)
	return g
}

// massTargets are the writers whose files hold full mass properties
// (Godot 3 has neither centre of mass nor inertia, with a diagnostic).
var massTargets = map[string]string{"khr": ".gltf", "omi": ".gltf", "urdf": ".urdf", "mjcf": ".xml", "godot": ".tscn"}

// TestMassPropertiesExactInEveryTarget: for every shape kind with volume,
// every way of arriving at mass properties a reader would not recompute,
// and every target that can hold them, our reader reading the output back
// gets the source's mass, centre of mass and inertia tensor (world axes)
// to 1e-9 relative.
func TestMassPropertiesExactInEveryTarget(t *testing.T) {
	const rel = 1e-9
	reg := all.Registry()
	for _, sc := range massShapes {
		for _, v := range massVariants {
			src := massGraph(sc.name, sc.shape, sc.mesh)
			opts := &convert.Options{Density: v.density}
			src, _ = mass.Complete(src, opts)
			if v.rule != nil {
				v.rule(src.Nodes[0].Motion)
			}
			want := inspect.Inspect(src, "", nil).Bodies[0]
			for name, ext := range massTargets {
				t.Run(fmt.Sprintf("%s/%s/%s", sc.name, v.name, name), func(t *testing.T) {
					f, err := reg.Lookup(name)
					if err != nil {
						t.Fatal(err)
					}
					file := "mass" + ext
					out, diags, err := physconv.EmitGraph(f, src, &convert.Options{OutputName: file})
					if err != nil {
						t.Fatalf("emit: %v", err)
					}
					fsys := fstest.MapFS{}
					for rel, data := range out.Files {
						fsys[rel] = &fstest.MapFile{Data: data}
					}
					back, _, err := f.Parse(&convert.Input{Name: file, Data: out.Main, FS: fsys, Dir: ".", Options: &convert.Options{}})
					if err != nil {
						t.Fatalf("read back: %v", err)
					}
					back, _ = mass.Complete(back, nil)
					got, ok := bodyNamed(inspect.Inspect(back, "", nil), "Body")
					if !ok {
						t.Fatalf("no body Body read back")
					}
					for _, d := range sameMass(want, got, rel) {
						t.Errorf("%s (diagnostics: %v)", d, diags)
					}
				})
			}
		}
	}
}

func bodyNamed(r *inspect.Report, name string) (inspect.BodyReport, bool) {
	for _, b := range r.Bodies {
		if b.Name == name {
			return b, true
		}
	}
	return inspect.BodyReport{}, false
}

// sameMass lists how got's mass, centre of mass and inertia differ from
// want's beyond rel (relative to the mass, the centre's distance from the
// origin and the largest moment).
func sameMass(want, got inspect.BodyReport, rel float64) []string {
	if want.Mass == nil || got.Mass == nil || want.CenterOfMass == nil || got.CenterOfMass == nil || want.Inertia == nil || got.Inertia == nil {
		return []string{fmt.Sprintf("mass properties missing: %+v vs %+v", want, got)}
	}
	var out []string
	if m, n := float64(*want.Mass), float64(*got.Mass); math.Abs(m-n) > rel*m {
		out = append(out, fmt.Sprintf("mass %v, want %v", n, m))
	}
	if d := got.CenterOfMass.Sub(*want.CenterOfMass).Len(); d > rel*math.Max(1e-3, want.CenterOfMass.Len()) {
		out = append(out, fmt.Sprintf("centre of mass %v, want %v", *got.CenterOfMass, *want.CenterOfMass))
	}
	scale := 0.0
	for r := 0; r < 3; r++ {
		scale = math.Max(scale, math.Abs(float64(want.Inertia[r][r])))
	}
	for r := 0; r < 3; r++ {
		for c := 0; c < 3; c++ {
			if math.Abs(float64(got.Inertia[r][c]-want.Inertia[r][c])) > rel*scale {
				return append(out, fmt.Sprintf("inertia %v, want %v", *got.Inertia, *want.Inertia))
			}
		}
	}
	return out
}

// TestMassReprosExact: the inputs that showed mass properties changing
// on the way (an MJCF ellipsoid written as a convex mesh, MJCF geoms with
// mass="0" counted again through KHR, a hinge about X turning a Godot
// body without its inertia, Godot bodies turned needlessly) keep every
// moving body's mass, centre of mass and world inertia to 1e-9 in every
// target that holds them, and through KHR and back to their own format.
func TestMassReprosExact(t *testing.T) {
	repros := filepath.Join(testenv.Corpus(t), "..", "repros")
	files := []string{
		filepath.Join(repros, "mass-bake", "ell.xml"),
		filepath.Join(repros, "godot-emit-inertia", "hinge_x.urdf"),
		filepath.Join(repros, "godot-emit-rotation", "cap.tscn"),
		filepath.Join(repros, "godot-emit-rotation", "drive.tscn"),
		testenv.CorpusPath(t, "mjcf", "mujoco_tendon_arm26", "arm26.xml"),
	}
	reg := all.Registry()
	for _, file := range files {
		in, err := physconv.OpenInput(file, nil, &convert.Options{})
		if err != nil {
			t.Fatal(err)
		}
		from, src, _, err := physconv.ParseGraph(context.Background(), reg, in)
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		want := movingBodies(src)
		for name := range massTargets {
			to, _ := reg.Lookup(name)
			t.Run(filepath.Base(file)+"/"+name, func(t *testing.T) {
				back := emitAndRead(t, reg, to, src)
				checkBodies(t, want, movingBodies(back))
				if name != "khr" {
					return
				}
				// and on to the source's own format
				checkBodies(t, want, movingBodies(emitAndRead(t, reg, from, back)))
			})
		}
	}
}

// emitAndRead writes g as format f and reads the output back, completed.
func emitAndRead(t *testing.T, reg *convert.Registry, f *convert.Format, g *convert.Graph) *convert.Graph {
	t.Helper()
	file := "out" + massTargets[f.Name]
	out, _, err := physconv.EmitGraph(f, g, &convert.Options{OutputName: file})
	if err != nil {
		t.Fatalf("emit %s: %v", f.Name, err)
	}
	back, ok := readBack(reg, f, file, out)
	if !ok {
		t.Fatalf("%s output does not read back", f.Name)
	}
	return back
}

// readBack reads an in-memory output (its side files beside it) as
// format f, completed.
func readBack(reg *convert.Registry, f *convert.Format, file string, out *convert.Output) (*convert.Graph, bool) {
	fsys := fstest.MapFS{}
	for rel, data := range out.Files {
		fsys[rel] = &fstest.MapFile{Data: data}
	}
	in := &convert.Input{Name: file, Data: out.Main, FS: fsys, Dir: ".", Options: &convert.Options{From: f.Name}}
	_, back, _, err := physconv.ParseGraph(context.Background(), reg, in)
	return back, err == nil
}

// lookupPlain finds a body by name without case and without a "#n" a
// target added to make names unique.
func lookupPlain(bodies map[string]inspect.BodyReport, name string) (inspect.BodyReport, bool) {
	plain := func(s string) string {
		s, _, _ = strings.Cut(s, "#")
		return strings.ToLower(s)
	}
	if b, ok := bodies[name]; ok {
		return b, true
	}
	// the same name in another case (Godot capitalises node names)
	// before one up to a '#' suffix, which a chain link of the body's
	// joints also has ("node15#joint4" beside "Node15"), in name order
	names := slices.Sorted(maps.Keys(bodies))
	for _, n := range names {
		if strings.EqualFold(n, name) {
			return bodies[n], true
		}
	}
	for _, n := range names {
		if plain(n) == plain(name) {
			return bodies[n], true
		}
	}
	return inspect.BodyReport{}, false
}

// checkBodies compares moving bodies by name (lookupPlain) at 1e-9.
func checkBodies(t *testing.T, want, got map[string]inspect.BodyReport) {
	t.Helper()
	for name, w := range want {
		g, ok := lookupPlain(got, name)
		if !ok {
			t.Errorf("body %s not read back (have %v)", name, slices.Collect(maps.Keys(got)))
			continue
		}
		for _, d := range sameMass(w, g, 1e-9) {
			t.Errorf("body %s: %s", name, d)
		}
	}
}

// TestGodotReprosInEngine loads the Godot 4 output of the rotation and
// inertia repros in Godot 4 itself (strictly: a transform on a Label is
// refused) and checks each moving body's world inertia there (the
// engine's world inverse tensor times ours is the identity, to float32
// precision) and that each body keeps the source's world orientation
// where its inertia needs no turn (a vehicle's forward stays +Z).
func TestGodotReprosInEngine(t *testing.T) {
	testenv.Oracle(t, "godot4-inspect")
	repros := filepath.Join(testenv.Corpus(t), "..", "repros")
	reg := all.Registry()
	for _, rel := range []string{"godot-emit-inertia/hinge_x.urdf", "godot-emit-rotation/cap.tscn", "godot-emit-rotation/drive.tscn"} {
		t.Run(rel, func(t *testing.T) {
			_, src, _ := godotParse(t, reg, filepath.Join(repros, rel))
			scene := filepath.Join(t.TempDir(), "out.tscn")
			godotEmit(t, godot.Format, src, scene, convert.Options{})
			raw, code := testenv.RunOracle(t, "godot4-inspect", "--strict", "--compact", scene)
			var rep struct {
				Nodes []struct {
					Path    string                             `json:"path"`
					Global  *struct{ Quat map[string]float64 } `json:"global_transform"`
					Physics *struct {
						Mass       *float64              `json:"mass"`
						InvInertia map[string][3]float64 `json:"inverse_inertia_tensor"`
					} `json:"physics_state"`
				} `json:"nodes"`
			}
			if err := json.Unmarshal(raw, &rep); err != nil || code != 0 {
				t.Fatalf("godot4-inspect exit %d, %v\n%.2000s", code, err, raw)
			}
			_, back, _ := godotParse(t, reg, scene)
			want := movingBodies(src)
			checked := 0
			for i, n := range back.Nodes {
				if n.Motion == nil || n.Motion.Kind != convert.Dynamic {
					continue
				}
				w, ok := want[n.Name]
				if !ok {
					t.Errorf("%s: not a moving body of the source", n.Name)
					continue
				}
				p := scenePath(back, i)
				for _, on := range rep.Nodes {
					if on.Path != p || on.Physics == nil || on.Physics.Mass == nil {
						continue
					}
					checked++
					// I·I⁻¹ = 1, the engine's inverse by columns x, y, z
					for r := 0; r < 3; r++ {
						for c, col := range []string{"x", "y", "z"} {
							sum := 0.0
							for k := 0; k < 3; k++ {
								sum += float64(w.Inertia[r][k]) * on.Physics.InvInertia[col][k]
							}
							if id := map[bool]float64{true: 1, false: 0}[r == c]; math.Abs(sum-id) > 1e-5 {
								t.Errorf("%s: source inertia × engine inverse [%d][%d] = %v, want %v", p, r, c, sum, id)
							}
						}
					}
					s := src.WorldTransform(nodeIndex(src, n.Name)).R.Normalize()
					q := on.Global.Quat
					if dot := s[0]*q["x"] + s[1]*q["y"] + s[2]*q["z"] + s[3]*q["w"]; math.Abs(math.Abs(dot)-1) > 1e-6 {
						t.Errorf("%s: turned from %v to %v in the engine", p, s, q)
					}
				}
			}
			if checked == 0 {
				t.Errorf("no moving body checked:\n%.2000s", raw)
			}
		})
	}
}

func nodeIndex(g *convert.Graph, name string) int {
	for i, n := range g.Nodes {
		if n.Name == name {
			return i
		}
	}
	return -1
}
