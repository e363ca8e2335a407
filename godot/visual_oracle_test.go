package godot

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// visualSpec is one visual of visualGraph: its node, where the mesh
// instance is written (the node itself, or a Mesh child of a body or a
// collider) and its colour.
type visualSpec struct {
	node, instance string
	color          *[4]float64
}

// visualGraph holds a visual of every kind Godot writes (box, sphere,
// capsule, cylinder, cone, plane, triangle mesh), turned and offset under
// turned and offset static bodies; one body carries a capsule visual of
// its own and one capsule collider has a capsule visual, the two places
// where a Godot 3 capsule's turn meets a frame of its own.
func visualGraph() (*convert.Graph, []visualSpec) {
	g := convert.NewGraph()
	col := func(r, gr, b, a float64) *[4]float64 { return &[4]float64{r, gr, b, a} }
	tr := func(t convert.Vec3, axis convert.Vec3, angle float64) convert.Transform {
		return convert.Transform{T: t, R: convert.AxisAngle(axis, angle), S: convert.Vec3{1, 1, 1}}
	}
	body := g.AddNode(convert.Node{Name: "Body", Transform: tr(convert.Vec3{1, 2, -0.5}, convert.Vec3{1, 1, 0}, 0.7),
		Motion: &convert.Motion{Kind: convert.Static}}, -1)
	m := g.AddMesh(convert.Mesh{Name: "tetra", Loaded: true, Scale: convert.Vec3{1, 1, 1},
		Positions: []convert.Vec3{{0, 0, 0}, {0.5, 0, 0}, {0, 0.7, 0}, {0, 0, 0.9}}, Indices: []uint32{0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3}})
	shapes := []struct {
		name  string
		shape convert.Shape
		at    convert.Transform
		color *[4]float64
	}{
		{"BoxVis", convert.Shape{Kind: convert.Box, Size: convert.Vec3{0.4, 0.6, 1.0}}, tr(convert.Vec3{0.3, 0, 0.2}, convert.Vec3{0, 0, 1}, 0.4), col(1, 0, 0, 1)},
		{"SphereVis", convert.Shape{Kind: convert.Sphere, Radius: 0.35}, tr(convert.Vec3{-0.5, 0.1, 0}, convert.Vec3{1, 0, 0}, 1.1), col(0, 1, 0, 0.5)},
		{"CapsuleVis", convert.Shape{Kind: convert.Capsule, RadiusTop: 0.2, RadiusBottom: 0.2, Height: 0.8}, tr(convert.Vec3{0, 0.5, 0.4}, convert.Vec3{0, 1, 1}, 0.9), col(0.25, 0.5, 0.75, 1)},
		{"CylinderVis", convert.Shape{Kind: convert.Cylinder, RadiusTop: 0.3, RadiusBottom: 0.3, Height: 0.7}, tr(convert.Vec3{0.6, -0.4, 0}, convert.Vec3{1, 0, 1}, -0.6), nil},
		{"ConeVis", convert.Shape{Kind: convert.Cylinder, RadiusTop: 0.1, RadiusBottom: 0.3, Height: 0.5}, tr(convert.Vec3{-0.2, -0.6, 0.5}, convert.Vec3{0, 0, 1}, 1.3), col(0.1, 0.2, 0.3, 1)},
		{"PlaneVis", convert.Shape{Kind: convert.Plane, SizeX: 2, SizeZ: 3}, tr(convert.Vec3{0, -1, 0}, convert.Vec3{1, 0, 0}, 0.2), nil},
		{"MeshVis", convert.Shape{Kind: convert.TriMesh, Mesh: m}, tr(convert.Vec3{0.2, 0.3, -0.7}, convert.Vec3{1, 2, 3}, 0.8), col(0.9, 0.8, 0.7, 1)},
	}
	var specs []visualSpec
	for _, s := range shapes {
		g.AddNode(convert.Node{Name: s.name, Transform: s.at, Visual: &convert.Visual{Shape: g.AddShape(s.shape), Color: s.color}}, body)
		specs = append(specs, visualSpec{s.name, s.name, s.color})
	}
	capsule := g.AddShape(convert.Shape{Kind: convert.Capsule, RadiusTop: 0.15, RadiusBottom: 0.15, Height: 0.5})
	c := col(1, 1, 0, 1)
	g.AddNode(convert.Node{Name: "CapCol", Transform: tr(convert.Vec3{0.1, 0.9, 0}, convert.Vec3{0, 0, 1}, 0.5),
		Collider: &convert.Collider{Shape: capsule, Material: -1, Filter: -1}, Visual: &convert.Visual{Shape: capsule, Color: c}}, body)
	specs = append(specs, visualSpec{"CapCol", "CapColMesh", c})
	box := g.AddShape(convert.Shape{Kind: convert.Box, Size: convert.Vec3{0.5, 0.5, 0.5}})
	c2 := col(0, 0, 1, 1)
	g.AddNode(convert.Node{Name: "Body2", Transform: tr(convert.Vec3{-2, 0.5, 1}, convert.Vec3{0, 1, 0}, 2.1),
		Motion:   &convert.Motion{Kind: convert.Static},
		Collider: &convert.Collider{Shape: box, Material: -1, Filter: -1},
		Visual:   &convert.Visual{Shape: g.AddShape(convert.Shape{Kind: convert.Capsule, RadiusTop: 0.25, RadiusBottom: 0.25, Height: 1}), Color: c2}}, -1)
	specs = append(specs, visualSpec{"Body2", "Body2Mesh", c2})
	return g, specs
}

// aabb is a box given by its corners.
type aabb struct{ lo, hi convert.Vec3 }

// transformed is the box around a local box carried by t, as Godot
// bounds a MeshInstance in the world.
func (b aabb) transformed(t func(convert.Vec3) convert.Vec3) aabb {
	out := aabb{convert.Vec3{math.Inf(1), math.Inf(1), math.Inf(1)}, convert.Vec3{math.Inf(-1), math.Inf(-1), math.Inf(-1)}}
	for k := 0; k < 8; k++ {
		p := b.lo
		for c := 0; c < 3; c++ {
			if k>>c&1 == 1 {
				p[c] = b.hi[c]
			}
		}
		p = t(p)
		for c := 0; c < 3; c++ {
			out.lo[c], out.hi[c] = math.Min(out.lo[c], p[c]), math.Max(out.hi[c], p[c])
		}
	}
	return out
}

// sourceBounds is a Graph visual shape's box in its own frame.
func sourceBounds(g *convert.Graph, sh convert.Shape) aabb {
	h := func(x, y, z float64) aabb { return aabb{convert.Vec3{-x, -y, -z}, convert.Vec3{x, y, z}} }
	switch sh.Kind {
	case convert.Box:
		return h(sh.Size[0]/2, sh.Size[1]/2, sh.Size[2]/2)
	case convert.Sphere:
		return h(sh.Radius, sh.Radius, sh.Radius)
	case convert.Capsule:
		return h(sh.RadiusTop, sh.Height/2+sh.RadiusTop, sh.RadiusTop)
	case convert.Cylinder:
		r := math.Max(sh.RadiusTop, sh.RadiusBottom)
		return h(r, sh.Height/2, r)
	case convert.Plane:
		return h(sh.SizeX/2, 0, sh.SizeZ/2)
	}
	b := aabb{convert.Vec3{math.Inf(1), math.Inf(1), math.Inf(1)}, convert.Vec3{math.Inf(-1), math.Inf(-1), math.Inf(-1)}}
	for _, p := range g.Meshes[sh.Mesh].Positions {
		for c := 0; c < 3; c++ {
			b.lo[c], b.hi[c] = math.Min(b.lo[c], p[c]), math.Max(b.hi[c], p[c])
		}
	}
	return b
}

// engineXform is a global transform as both oracles print it (basis
// columns and origin).
type engineXform struct {
	Basis struct {
		X, Y, Z [3]float64
	} `json:"basis"`
	Origin [3]float64 `json:"origin"`
}

func (x engineXform) apply(p convert.Vec3) convert.Vec3 {
	var out convert.Vec3
	for c := 0; c < 3; c++ {
		out[c] = x.Basis.X[c]*p[0] + x.Basis.Y[c]*p[1] + x.Basis.Z[c]*p[2] + x.Origin[c]
	}
	return out
}

// visualNode is a MeshInstance as the oracles report it.
type visualNode struct {
	Path   string      `json:"path"`
	Class  string      `json:"class"`
	Global engineXform `json:"global_transform"`
	Props  struct {
		Mesh *struct {
			Class string `json:"class"`
			// Godot 4: the mesh's bounds as the engine has them
			AABB *struct {
				Position, Size [3]float64
			} `json:"aabb"`
			// Godot 3: the mesh's stored properties
			Props map[string]any `json:"props"`
		} `json:"mesh"`
		Material *struct {
			Class string `json:"class"`
			Props struct {
				Albedo [4]float64 `json:"albedo_color"`
			} `json:"props"`
		} `json:"material_override"`
	} `json:"props"`
}

// godot3Bounds is a Godot 3 mesh's box in its own frame, from the
// properties Godot 3 loaded, by Godot 3's own rules (checked against
// Mesh.get_aabb of headless Godot 3.2.3: CubeMesh size is the full
// extent; CapsuleMesh lies along Z, mid_height its cylinder part; an
// ArrayMesh surface carries its box).
func godot3Bounds(t *testing.T, class string, p map[string]any) aabb {
	t.Helper()
	num := func(k string) float64 {
		f, ok := p[k].(float64)
		if !ok {
			t.Fatalf("%s has no number %s: %v", class, k, p)
		}
		return f
	}
	vec := func(k string, n int) []float64 {
		a, ok := p[k].([]any)
		if !ok || len(a) != n {
			t.Fatalf("%s has no %s: %v", class, k, p)
		}
		out := make([]float64, n)
		for i := range a {
			out[i] = a[i].(float64)
		}
		return out
	}
	h := func(x, y, z float64) aabb { return aabb{convert.Vec3{-x, -y, -z}, convert.Vec3{x, y, z}} }
	switch class {
	case "CubeMesh":
		s := vec("size", 3)
		return h(s[0]/2, s[1]/2, s[2]/2)
	case "SphereMesh":
		// rings+1 steps pole to pole: the widest ring is the one
		// nearest the equator
		steps := num("rings") + 1
		w := math.Sin(math.Pi * math.Floor(steps/2) / steps)
		return h(w*num("radius"), num("height")/2, w*num("radius"))
	case "CapsuleMesh":
		r := num("radius")
		return h(r, r, num("mid_height")/2+r)
	case "CylinderMesh":
		r := math.Max(num("top_radius"), num("bottom_radius"))
		return h(r, num("height")/2, r)
	case "PlaneMesh":
		s := vec("size", 2)
		return h(s[0]/2, 0, s[1]/2)
	case "ArrayMesh":
		s, _ := p["surfaces/0"].(map[string]any)
		str, _ := s["aabb"].(string) // "x, y, z - sx, sy, sz"
		var f [6]float64
		if _, err := fmt.Sscanf(strings.ReplaceAll(str, ",", ""), "%g %g %g - %g %g %g", &f[0], &f[1], &f[2], &f[3], &f[4], &f[5]); err != nil {
			t.Fatalf("ArrayMesh surface aabb %q: %v", str, err)
		}
		return aabb{convert.Vec3{f[0], f[1], f[2]}, convert.Vec3{f[0] + f[3], f[1] + f[4], f[2] + f[5]}}
	}
	t.Fatalf("unexpected Godot 3 mesh class %s", class)
	return aabb{}
}

// TestVisualBoundsOracle: Godot 4 and Godot 3 both load every visual kind
// written under turned, offset bodies, and each MeshInstance's world box
// (the engine's global transform applied to the engine's mesh) is the box
// the source visual implies, to 1e-4 m; each coloured one draws with the
// source's albedo colour.
func TestVisualBoundsOracle(t *testing.T) {
	for _, version := range []int{4, 3} {
		t.Run(fmt.Sprintf("godot%d", version), func(t *testing.T) {
			oracle := fmt.Sprintf("godot%d-inspect", version)
			testenv.Oracle(t, oracle)
			g, specs := visualGraph()
			out, diags, err := Emit(g, (&convert.Options{}).With(VersionOption, strconv.Itoa(version)))
			if err != nil {
				t.Fatal(err)
			}
			if diags.Has(convert.CodeVisualDropped) {
				t.Fatalf("visuals dropped: %v", diags)
			}
			file := filepath.Join(t.TempDir(), "visuals.tscn")
			if err := os.WriteFile(file, out.Main, 0o644); err != nil {
				t.Fatal(err)
			}
			args := []string{"--compact", file}
			if version == 4 {
				args = append([]string{"--strict"}, args...)
			}
			raw, code := testenv.RunOracle(t, oracle, args...)
			var rep struct {
				OK       bool         `json:"ok"`
				Nodes    []visualNode `json:"nodes"`
				Messages []string     `json:"engine_messages"`
				Unknown  []any        `json:"unknown_properties"`
				UnknownR []any        `json:"unknown_resource_properties"`
			}
			if err := json.Unmarshal(raw, &rep); err != nil {
				t.Fatalf("%s output: %v\n%s", oracle, err, raw)
			}
			if code != 0 || !rep.OK || len(rep.Unknown) != 0 || len(rep.UnknownR) != 0 {
				t.Fatalf("%s rejected the scene (exit %d): %s\n%s", oracle, code, raw, out.Main)
			}
			if version == 3 {
				// Godot 3.2.3 frees a scene's meshes before their
				// MeshInstances when it quits, which it reports as
				// errors about the freed mesh; any other error counts.
				for _, m := range rep.Messages {
					if strings.HasPrefix(m, "ERROR") && !strings.Contains(m, `Condition "!id_map.has(p_rid.get_data())"`) &&
						!strings.Contains(m, `mesh_get_surface_count: Condition "!m"`) && !strings.Contains(m, `mesh_get_blend_shape_count: Condition "!m"`) {
						t.Errorf("Godot 3: %s", m)
					}
				}
			}
			byName := map[string]visualNode{}
			for _, n := range rep.Nodes {
				byName[n.Path[strings.LastIndex(n.Path, "/")+1:]] = n
			}
			frames := g.Frames(-1)
			for _, s := range specs {
				i := nodeNamed(t, g, s.node)
				n, ok := byName[s.instance]
				if !ok || !strings.HasPrefix(n.Class, "MeshInstance") || n.Props.Mesh == nil {
					t.Errorf("%s: no MeshInstance %s with a mesh in the engine (%+v)", s.node, s.instance, n)
					continue
				}
				w := frames.World(i)
				want := sourceBounds(g, g.Shapes[g.Nodes[i].Visual.Shape]).transformed(w.Apply)
				var local aabb
				if version == 4 {
					b := n.Props.Mesh.AABB
					if b == nil {
						t.Fatalf("%s: Godot 4 reports no mesh bounds", s.node)
					}
					for c := 0; c < 3; c++ {
						local.lo[c], local.hi[c] = b.Position[c], b.Position[c]+b.Size[c]
					}
				} else {
					local = godot3Bounds(t, n.Props.Mesh.Class, n.Props.Mesh.Props)
				}
				got := local.transformed(n.Global.apply)
				for c := 0; c < 3; c++ {
					if math.Abs(got.lo[c]-want.lo[c]) > 1e-4 || math.Abs(got.hi[c]-want.hi[c]) > 1e-4 {
						t.Errorf("%s (%s): world box %v..%v, want %v..%v", s.node, n.Props.Mesh.Class, got.lo, got.hi, want.lo, want.hi)
						break
					}
				}
				mat := n.Props.Material
				switch {
				case s.color == nil && mat != nil:
					t.Errorf("%s: material %s written for a visual with no colour", s.node, mat.Class)
				case s.color != nil && mat == nil:
					t.Errorf("%s: no material_override for colour %v", s.node, *s.color)
				case s.color != nil:
					for c := 0; c < 4; c++ {
						if math.Abs(mat.Props.Albedo[c]-s.color[c]) > 1e-6 {
							t.Errorf("%s: albedo %v, want %v", s.node, mat.Props.Albedo, *s.color)
							break
						}
					}
				}
			}
		})
	}
}
