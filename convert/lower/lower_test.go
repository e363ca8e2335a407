package lower_test

import (
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/kin"
	"github.com/physconv/physconv/convert/lower"
	"github.com/physconv/physconv/convert/mass"
	"github.com/physconv/physconv/godot"
	"github.com/physconv/physconv/khr"
	"github.com/physconv/physconv/mjcf"
	"github.com/physconv/physconv/omi"
	"github.com/physconv/physconv/urdf"
)

var rows = []struct {
	name string
	caps *convert.Capabilities
}{
	{"khr", &khr.Capabilities}, {"omi", &omi.Capabilities}, {"urdf", &urdf.Capabilities},
	{"mjcf", &mjcf.Capabilities}, {"godot", &godot.Capabilities},
}

func cube() convert.Mesh {
	return convert.Mesh{Name: "cube", Loaded: true, Scale: convert.Vec3{1, 1, 1},
		Positions: []convert.Vec3{{-1, -1, -1}, {1, -1, -1}, {1, 1, -1}, {-1, 1, -1}, {-1, -1, 1}, {1, -1, 1}, {1, 1, 1}, {-1, 1, 1}},
		Indices:   []uint32{0, 2, 1, 0, 3, 2, 4, 5, 6, 4, 6, 7, 0, 1, 5, 0, 5, 4, 2, 3, 7, 2, 7, 6, 1, 2, 6, 1, 6, 5, 0, 4, 7, 0, 7, 3}}
}

// shapeCases are one of each shape kind and variant; want gives, per
// target, the lowered kind ("-" dropped) and the diagnostic codes in order.
var shapeCases = []struct {
	name  string
	shape convert.Shape
	mesh  *convert.Mesh
	want  map[string]string
}{
	{"box", convert.Shape{Kind: convert.Box, Size: convert.Vec3{1, 2, 3}}, nil,
		all("box")},
	{"sphere", convert.Shape{Kind: convert.Sphere, Radius: 0.5}, nil,
		all("sphere")},
	{"capsule", convert.Shape{Kind: convert.Capsule, Height: 1, RadiusTop: 0.2, RadiusBottom: 0.2}, nil,
		all("capsule")},
	{"tapered capsule", convert.Shape{Kind: convert.Capsule, Height: 1, RadiusTop: 0.2, RadiusBottom: 0.3}, nil,
		map[string]string{"khr": "capsule", "omi": "capsule", "urdf": "capsule shape-approximated", "mjcf": "capsule shape-approximated", "godot": "capsule shape-approximated"}},
	{"cylinder", convert.Shape{Kind: convert.Cylinder, Height: 1, RadiusTop: 0.2, RadiusBottom: 0.2}, nil,
		all("cylinder")},
	{"tapered cylinder", convert.Shape{Kind: convert.Cylinder, Height: 1, RadiusTop: 0.3, RadiusBottom: 0.2}, nil,
		map[string]string{"khr": "cylinder", "omi": "cylinder", "urdf": "cylinder shape-approximated", "mjcf": "cylinder shape-approximated", "godot": "cylinder shape-approximated"}},
	{"cone", convert.Shape{Kind: convert.Cylinder, Height: 1, RadiusTop: 0, RadiusBottom: 0.3}, nil,
		map[string]string{"khr": "cylinder", "omi": "cylinder", "urdf": "cylinder shape-approximated", "mjcf": "cylinder shape-approximated", "godot": "cylinder shape-approximated"}},
	{"finite plane", convert.Shape{Kind: convert.Plane, SizeX: 4, SizeZ: 2}, nil,
		// MuJoCo's plane is infinite, like Godot's
		map[string]string{"khr": "plane", "omi": "box shape-approximated", "urdf": "box shape-approximated", "mjcf": "plane shape-approximated", "godot": "plane shape-approximated"}},
	{"infinite plane", convert.Shape{Kind: convert.Plane}, nil,
		// a floor: a kilometre-wide box where the format has no plane
		map[string]string{"khr": "plane", "omi": "box shape-approximated", "urdf": "box shape-approximated", "mjcf": "plane", "godot": "plane"}},
	{"ellipsoid", convert.Shape{Kind: convert.Ellipsoid, Size: convert.Vec3{0.1, 0.2, 0.3}}, nil,
		map[string]string{"khr": "convex shape-approximated", "omi": "convex shape-approximated", "urdf": "convex shape-approximated", "mjcf": "ellipsoid", "godot": "convex shape-approximated"}},
	{"round ellipsoid", convert.Shape{Kind: convert.Ellipsoid, Size: convert.Vec3{0.2, 0.2, 0.2}}, nil,
		map[string]string{"khr": "sphere shape-converted", "omi": "sphere shape-converted", "urdf": "sphere shape-converted", "mjcf": "ellipsoid", "godot": "sphere shape-converted"}},
	{"heightfield", convert.Shape{Kind: convert.Heightfield, Field: &convert.HeightField{Columns: 2, Rows: 3, SizeX: 2, SizeZ: 4, Heights: []float64{0, 1, 0, 1, 0, 1}}}, nil,
		map[string]string{"khr": "trimesh shape-converted", "omi": "trimesh shape-converted", "urdf": "convex shape-converted shape-approximated", "mjcf": "heightfield", "godot": "heightfield"}},
	{"heightfield without samples", convert.Shape{Kind: convert.Heightfield, Field: &convert.HeightField{Columns: 2, Rows: 2}}, nil,
		map[string]string{"khr": "- shape-dropped", "omi": "- shape-dropped", "urdf": "- shape-dropped", "mjcf": "heightfield", "godot": "heightfield"}},
	{"convex", convert.Shape{Kind: convert.Convex}, ptr(cube()), all("convex")},
	{"trimesh", convert.Shape{Kind: convert.TriMesh}, ptr(cube()), map[string]string{"khr": "trimesh", "omi": "trimesh", "urdf": "convex shape-approximated", "mjcf": "convex shape-approximated", "godot": "convex shape-approximated"}},
	{"ray", convert.Shape{Kind: convert.Ray, Height: 1}, nil,
		map[string]string{"khr": "- shape-dropped", "omi": "- shape-dropped", "urdf": "- shape-dropped", "mjcf": "- shape-dropped", "godot": "ray"}},
	{"convex point cloud", convert.Shape{Kind: convert.Convex}, func() *convert.Mesh { m := cube(); m.Indices = nil; return &m }(),
		map[string]string{"khr": "convex shape-converted", "omi": "convex shape-converted", "urdf": "convex", "mjcf": "convex", "godot": "convex"}},
	{"mesh file not loaded", convert.Shape{Kind: convert.Convex}, &convert.Mesh{Name: "m", File: "m.stl"},
		map[string]string{"khr": "- shape-dropped", "omi": "- shape-dropped", "urdf": "convex", "mjcf": "convex", "godot": "- shape-dropped"}},
	{"mesh file read on demand", convert.Shape{Kind: convert.Convex}, &convert.Mesh{Name: "m", File: "m.stl", Decode: func() ([]convert.Vec3, []uint32, error) {
		m := cube()
		return m.Positions, m.Indices, nil
	}}, map[string]string{"khr": "convex shape-converted", "omi": "convex shape-converted", "urdf": "convex", "mjcf": "convex", "godot": "convex shape-converted"}},
}

func all(kind string) map[string]string {
	m := map[string]string{}
	for _, r := range rows {
		m[r.name] = kind
	}
	return m
}

func ptr[T any](v T) *T { return &v }

// oneCollider is a dynamic body with one collider of shape sh.
func oneCollider(sh convert.Shape, mesh *convert.Mesh) *convert.Graph {
	return oneColliderAt(sh, mesh, 0)
}

// oneColliderAt is oneCollider with its mass properties completed at a
// density (0: the default).
func oneColliderAt(sh convert.Shape, mesh *convert.Mesh, density float64) *convert.Graph {
	g := convert.NewGraph()
	sh.Mesh = -1
	if mesh != nil {
		sh.Mesh = g.AddMesh(*mesh)
	}
	s := g.AddShape(sh)
	b := g.AddNode(convert.Node{Name: "Body", Motion: &convert.Motion{Kind: convert.Dynamic, GravityFactor: 1}}, -1)
	g.AddNode(convert.Node{Name: "Part", Collider: &convert.Collider{Shape: s, Material: -1, Filter: -1}}, b)
	// the mass properties the source's reader computes from the shape
	g, _ = mass.Complete(g, &convert.Options{Density: density})
	return g
}

func TestLowerShapeTable(t *testing.T) {
	for _, c := range shapeCases {
		for _, r := range rows {
			want, ok := c.want[r.name]
			if !ok {
				t.Fatalf("%s: no expectation for %s", c.name, r.name)
			}
			t.Run(c.name+"/"+r.name, func(t *testing.T) {
				g := oneCollider(c.shape, c.mesh)
				out, diags := lowerFor(g, r.caps)
				got := "-"
				if col := out.Nodes[1].Collider; col != nil {
					got = string(out.Shapes[col.Shape].Kind)
				}
				for _, d := range diags {
					if d.Code == convert.CodeMassKeptExplicit {
						continue
					}
					got += " " + string(d.Code)
					if d.Subject != g.ColliderSubject(1) || d.Path != `nodes[1] "Part"` {
						t.Errorf("diagnostic %v names %v at %q, want the collider on nodes[1]", d, d.Subject, d.Path)
					}
				}
				if got != want {
					t.Errorf("got %q, want %q (%v)", got, want, diags)
				}
				if p := lower.Check(out, r.caps); len(p) > 0 {
					t.Errorf("lowered graph breaks the row: %v", p)
				}
				// Check sees in the source what the pass had to change.
				if changed, p := strings.Contains(want, "-"), lower.Check(g, r.caps); (changed || strings.Contains(want, "shape-")) != (len(p) > 0) {
					t.Errorf("Check of the source: %v, want a finding exactly when the pass changes the shape", p)
				}
				if again, d2 := lower.Lower(out, r.caps); len(d2) > 0 || !sameShapes(again, out) {
					t.Errorf("lowering twice changed more: %v", d2)
				}
			})
		}
	}
}

func sameShapes(a, b *convert.Graph) bool {
	if len(a.Shapes) != len(b.Shapes) {
		return false
	}
	for i := range a.Shapes {
		x, y := a.Shapes[i], b.Shapes[i]
		x.Field, y.Field = nil, nil
		if !reflect.DeepEqual(x, y) {
			return false
		}
	}
	return true
}

// TestLowerTaperedPolicy pins the one tapered-shape policy: the larger
// radius for the shape, and the body's exact mass properties kept as
// given values where the target's engine would recompute them.
func TestLowerTaperedPolicy(t *testing.T) {
	for _, r := range rows {
		g := oneCollider(convert.Shape{Kind: convert.Capsule, Height: 1, RadiusTop: 0.1, RadiusBottom: 0.4}, nil)
		out, diags := lowerFor(g, r.caps)
		sh := out.Shapes[out.Nodes[1].Collider.Shape]
		m := out.Nodes[0].Motion
		if r.caps.Shapes.TaperedCapsules {
			if sh.RadiusTop != 0.1 || sh.RadiusBottom != 0.4 || len(diags) != 0 {
				t.Errorf("%s: tapered capsule changed: %+v %v", r.name, sh, diags)
			}
			continue
		}
		if sh.RadiusTop != 0.4 || sh.RadiusBottom != 0.4 || sh.Height != 1 {
			t.Errorf("%s: lowered capsule %+v, want radius 0.4 (the larger) and height 1", r.name, sh)
		}
		var msg string
		for _, d := range diags {
			if d.Code == convert.CodeShapeApproximated {
				msg = d.Message
			}
		}
		if !strings.Contains(msg, "tapered") || !strings.Contains(msg, "0.4") {
			t.Errorf("%s: approximation message %q does not say what changed", r.name, msg)
		}
		wantKept := r.caps.Recomputes != 0
		if kept := diags.Has(convert.CodeMassKeptExplicit); kept != wantKept {
			t.Errorf("%s: mass-kept-explicit %v, want %v", r.name, kept, wantKept)
		}
		for _, x := range []struct {
			p   convert.MassProps
			src convert.Source
		}{{convert.PropMass, m.MassSource}, {convert.PropCenterOfMass, m.CenterOfMassSource}, {convert.PropInertia, m.InertiaSource}} {
			want := convert.Computed
			if r.caps.Recomputes&x.p != 0 {
				want = convert.Given
			}
			if x.src != want {
				t.Errorf("%s: %s is %s, want %s", r.name, x.p, x.src, want)
			}
		}
		if src := g.Nodes[0].Motion; *m.Mass != *src.Mass || *m.InertiaDiagonal != *src.InertiaDiagonal {
			t.Errorf("%s: mass properties changed: %v %v, want %v %v", r.name, *m.Mass, *m.InertiaDiagonal, *src.Mass, *src.InertiaDiagonal)
		}
		if g.Nodes[0].Motion.MassSource != convert.Computed || g.Shapes[0].RadiusBottom != 0.4 || g.Shapes[0].RadiusTop != 0.1 {
			t.Errorf("%s: Lower modified its input", r.name)
		}
	}
}

// TestLowerSharedShape: a shape two colliders and their visuals use is
// lowered once per use, diagnosed per collider, and the visuals, whose row
// keeps triangle meshes, keep the source shape.
func TestLowerSharedShape(t *testing.T) {
	g := convert.NewGraph()
	m := cube()
	s := g.AddShape(convert.Shape{Kind: convert.TriMesh, Mesh: g.AddMesh(m)})
	for _, name := range []string{"A", "B"} {
		g.AddNode(convert.Node{Name: name, Collider: &convert.Collider{Shape: s, Material: -1, Filter: -1}, Visual: &convert.Visual{Shape: s}}, -1)
	}
	out, diags := lower.Lower(g, &urdf.Capabilities)
	a, b := out.Nodes[0], out.Nodes[1]
	if a.Collider.Shape != b.Collider.Shape || out.Shapes[a.Collider.Shape].Kind != convert.Convex {
		t.Errorf("colliders use shapes %d and %d (%v)", a.Collider.Shape, b.Collider.Shape, out.Shapes)
	}
	if out.Shapes[a.Visual.Shape].Kind != convert.TriMesh || a.Visual.Shape != b.Visual.Shape {
		t.Errorf("visual shape %+v, want the source triangle mesh", out.Shapes[a.Visual.Shape])
	}
	if len(diags) != 2 || diags[0].Path == diags[1].Path {
		t.Errorf("want one shape-approximated per collider, got %v", diags)
	}
	if len(out.Shapes) != 2 || out.Shapes[a.Collider.Shape].Mesh != out.Shapes[a.Visual.Shape].Mesh {
		t.Errorf("shapes %+v, want the triangle mesh (visual) and its hull on the same mesh", out.Shapes)
	}
}

// TestLowerDropsUnusedShapes: a shape the pass dropped or replaced leaves
// no entry for emitters that write every shape (OMI).
func TestLowerDropsUnusedShapes(t *testing.T) {
	g := convert.NewGraph()
	ray := g.AddShape(convert.Shape{Kind: convert.Ray, Height: 1, Mesh: -1})
	hf := g.AddShape(convert.Shape{Kind: convert.Heightfield, Mesh: -1, Field: &convert.HeightField{Columns: 2, Rows: 2, SizeX: 1, SizeZ: 1, Heights: []float64{0, 0, 0, 1}}})
	box := g.AddShape(convert.Shape{Kind: convert.Box, Size: convert.Vec3{1, 1, 1}, Mesh: -1})
	for i, s := range []int{ray, hf, box} {
		g.AddNode(convert.Node{Name: fmt.Sprint(i), Collider: &convert.Collider{Shape: s, Material: -1, Filter: -1}}, -1)
	}
	out, _ := lower.Lower(g, &omi.Capabilities)
	var kinds []string
	for _, s := range out.Shapes {
		kinds = append(kinds, string(s.Kind))
	}
	if got := strings.Join(kinds, " "); got != "box trimesh" {
		t.Errorf("shapes %q, want %q", got, "box trimesh")
	}
	if out.Nodes[0].Collider != nil || out.Shapes[out.Nodes[1].Collider.Shape].Kind != convert.TriMesh || out.Shapes[out.Nodes[2].Collider.Shape].Kind != convert.Box {
		t.Errorf("colliders not renumbered: %+v %+v %+v", out.Nodes[0].Collider, out.Nodes[1].Collider, out.Nodes[2].Collider)
	}
	for _, s := range out.Shapes {
		if s.Extras != nil {
			t.Errorf("the pass's marker leaked: %v", s.Extras)
		}
	}
}

// TestLowerFeatures: what a row lacks besides shapes, one diagnostic each.
func TestLowerFeatures(t *testing.T) {
	g := convert.NewGraph()
	g.Materials = []convert.Material{convert.DefaultMaterial()}
	g.Filters = []convert.Filter{{Systems: []string{"a"}}}
	box := g.AddShape(convert.Shape{Kind: convert.Box, Size: convert.Vec3{1, 1, 1}, Mesh: -1})
	car := g.AddNode(convert.Node{Name: "Car", Motion: &convert.Motion{Kind: convert.Dynamic, GravityFactor: 1},
		Vehicle: &convert.Vehicle{PilotSeat: -1}, Collider: &convert.Collider{Shape: -1, Material: 0, Filter: -1}}, -1)
	g.AddNode(convert.Node{Name: "Wheel", Wheel: ptr(convert.DefaultWheel())}, car)
	g.AddNode(convert.Node{Name: "Seat", Seat: &convert.Seat{}, Collider: &convert.Collider{Shape: box, Material: 0, Filter: 0}}, car)
	g.AddNode(convert.Node{Name: "Spawn", SpawnPoint: &convert.SpawnPoint{}}, -1)
	zone := g.AddNode(convert.Node{Name: "Zone", Trigger: &convert.Trigger{Shape: -1, Filter: 0}}, -1)
	g.AddNode(convert.Node{Name: "ZonePart", Trigger: &convert.Trigger{Shape: box, Filter: -1}}, zone)
	g.AddNode(convert.Node{Name: "Look", Visual: &convert.Visual{Shape: box}}, -1)
	j1 := g.AddNode(convert.Node{Name: "J1", Joint: &convert.Joint{Connected: car}}, -1)
	j2 := g.AddNode(convert.Node{Name: "J2", Joint: &convert.Joint{Connected: car}}, -1)
	g.Couplings = []convert.Coupling{{Follower: j2, Leader: j1, Multiplier: 1}}
	ramp := g.AddNode(convert.Node{Name: "Ramp", Motion: &convert.Motion{Kind: convert.Static, Mass: convert.Ptr(1.0), MassSource: convert.Given}}, car)

	want := map[string][]convert.Code{
		"khr": {convert.CodeStaticMotionDropped, convert.CodeStaticBodyReparented, convert.CodeCompoundColliderDropped, convert.CodeFieldDropped,
			convert.CodeCompoundTriggerListed, convert.CodeFieldDropped},
		// glTF writes visuals as meshes on their nodes
		"omi": {convert.CodeCompoundTriggerListed, convert.CodeFieldDropped},
		// the wheel of a dynamic car becomes jointed bodies; URDF writes
		// materials in the Gazebo form
		"urdf": {convert.CodeWheelJointed, convert.CodeTriggerDropped, convert.CodeTriggerDropped, convert.CodeCompoundColliderDropped, convert.CodeFieldDropped,
			convert.CodeVehicleDropped, convert.CodeCollisionFilterDropped, convert.CodeVehicleDropped, convert.CodeVehicleDropped},
		"mjcf": {convert.CodeWheelJointed, convert.CodeTriggerDropped, convert.CodeTriggerDropped, convert.CodeCompoundColliderDropped, convert.CodeFieldDropped,
			convert.CodeVehicleDropped, convert.CodeVehicleDropped, convert.CodeVehicleDropped},
		// Godot keeps couplings as joint metadata (its emitter says so)
		"godot": {convert.CodeCompoundColliderDropped, convert.CodeFieldDropped, convert.CodeVehicleDropped},
	}
	for _, r := range rows {
		out, diags := lowerFor(g, r.caps)
		var got []convert.Code
		for _, d := range diags {
			got = append(got, d.Code)
		}
		if !reflect.DeepEqual(got, want[r.name]) {
			t.Errorf("%s: codes %v, want %v\n%v", r.name, got, want[r.name], diags)
		}
		if p := lower.Check(out, r.caps); len(p) > 0 {
			t.Errorf("%s: lowered graph breaks the row: %v", r.name, p)
		}
		if _, d2 := lower.Lower(out, r.caps); len(d2) > 0 {
			t.Errorf("%s: lowering twice said more: %v", r.name, d2)
		}
	}
	// KHR: the static ramp leaves the car for the scene root, same place.
	out, _ := lower.Lower(g, &khr.Capabilities)
	if out.Nodes[ramp].Parent != -1 || out.Nodes[ramp].Motion != nil || out.WorldTransform(ramp) != g.WorldTransform(ramp) {
		t.Errorf("ramp: parent %d motion %v", out.Nodes[ramp].Parent, out.Nodes[ramp].Motion)
	}
	if got := out.Nodes[zone].Trigger.Nodes; len(got) != 1 || got[0] != zone+1 || out.Nodes[zone].Trigger.Filter != -1 {
		t.Errorf("zone trigger %+v, want nodes [%d] without filter", out.Nodes[zone].Trigger, zone+1)
	}
}

// TestLowerVisualShapes: visuals follow their own shape row (Godot's
// cylinder mesh has two radii; no row has ray visuals) and keep their
// meshes as they are.
func TestLowerVisualShapes(t *testing.T) {
	cases := []struct {
		shape convert.Shape
		want  map[string]string
	}{
		{convert.Shape{Kind: convert.Cylinder, Height: 1, RadiusTop: 0.1, RadiusBottom: 0.3},
			map[string]string{"khr": "cylinder", "omi": "cylinder", "urdf": "cylinder shape-approximated", "mjcf": "cylinder shape-approximated", "godot": "cylinder"}},
		{convert.Shape{Kind: convert.Ray, Height: 1},
			map[string]string{"khr": "- shape-dropped", "omi": "- shape-dropped", "urdf": "- shape-dropped", "mjcf": "- shape-dropped", "godot": "- shape-dropped"}},
		{convert.Shape{Kind: convert.TriMesh},
			map[string]string{"khr": "trimesh", "omi": "trimesh", "urdf": "trimesh", "mjcf": "trimesh", "godot": "trimesh"}},
	}
	for _, c := range cases {
		for _, r := range rows {
			g := convert.NewGraph()
			sh := c.shape
			sh.Mesh = -1
			if sh.Kind == convert.TriMesh {
				sh.Mesh = g.AddMesh(convert.Mesh{Name: "m", File: "m.obj"}) // not loaded: visuals keep references
			}
			g.AddNode(convert.Node{Name: "Look", Visual: &convert.Visual{Shape: g.AddShape(sh)}}, -1)
			out, diags := lowerFor(g, r.caps)
			got := "-"
			if v := out.Nodes[0].Visual; v != nil {
				got = string(out.Shapes[v.Shape].Kind)
			}
			for _, d := range diags {
				got += " " + string(d.Code)
				if d.Subject != g.VisualSubject(0) {
					t.Errorf("%s %s: subject %v, want the visual", r.name, c.shape.Kind, d.Subject)
				}
			}
			if got != c.want[r.name] {
				t.Errorf("%s visual %s: got %q, want %q", r.name, c.shape.Kind, got, c.want[r.name])
			}
			if p := lower.Check(out, r.caps); len(p) > 0 {
				t.Errorf("%s: lowered graph breaks the row: %v", r.name, p)
			}
		}
	}
}

// TestLowerKeepsMassReadersWouldNotCompute: for targets that leave
// computed mass properties to their readers, the pass makes them given
// exactly when the readers' uniform-density rule on the lowered Graph
// (float32 vertices where the target stores them) gives other values.
func TestLowerKeepsMassReadersWouldNotCompute(t *testing.T) {
	tenth := cube()
	for k := range tenth.Positions {
		tenth.Positions[k] = tenth.Positions[k].Scale(0.1) // 0.1 is no float32
	}
	cases := []struct {
		name    string
		shape   convert.Shape
		mesh    *convert.Mesh
		density float64
		rule    float64 // a source's own rule scales the computed mass
		want    map[string]bool
	}{
		{"box at the readers' density", convert.Shape{Kind: convert.Box, Size: convert.Vec3{0.1, 0.3, 0.7}}, nil, 0, 1, nil},
		{"box at another density", convert.Shape{Kind: convert.Box, Size: convert.Vec3{0.1, 0.3, 0.7}}, nil, 500, 1, map[string]bool{"khr": true}},
		{"box by the source's own rule", convert.Shape{Kind: convert.Box, Size: convert.Vec3{0.1, 0.3, 0.7}}, nil, 0, 0.5, map[string]bool{"khr": true}},
		{"float32-exact mesh", convert.Shape{Kind: convert.Convex}, ptr(cube()), 0, 1, nil},
		{"mesh float32 rounds", convert.Shape{Kind: convert.Convex}, &tenth, 0, 1, map[string]bool{"khr": true}},
		// read back, a kinematic body's mass properties count too
		{"kinematic, mesh float32 rounds", convert.Shape{Kind: convert.Convex}, &tenth, 0, 1, map[string]bool{"khr": true}},
	}
	for _, c := range cases {
		for _, r := range rows {
			g := oneColliderAt(c.shape, c.mesh, c.density)
			m := g.Nodes[0].Motion
			*m.Mass *= c.rule
			if strings.HasPrefix(c.name, "kinematic") {
				m.Kind = convert.Kinematic
			}
			out, diags := lowerFor(g, r.caps)
			var said []string
			for _, d := range diags {
				if d.Code == convert.CodeMassKeptExplicit {
					said = append(said, d.Message)
				}
			}
			if got := len(said) > 0; got != c.want[r.name] {
				t.Errorf("%s/%s: mass kept explicit %v (%v), want %v", c.name, r.name, got, said, c.want[r.name])
			}
			if !c.want[r.name] {
				continue
			}
			if om := out.Nodes[0].Motion; om.MassSource != convert.Given || om.CenterOfMassSource != convert.Given || om.InertiaSource != convert.Given {
				t.Errorf("%s/%s: sources %s %s %s, want all given", c.name, r.name, om.MassSource, om.CenterOfMassSource, om.InertiaSource)
			}
			if !strings.Contains(said[0], "would compute") {
				t.Errorf("%s/%s: message %q does not say what readers would compute", c.name, r.name, said[0])
			}
		}
	}
}

// TestLowerWheelJointed: where the target has no vehicles, a wheel on a
// dynamic body becomes a wheel body on a spin hinge (the wheel's X) below
// a carrier on a suspension slide (the wheel's Y, ± travel, damping; a
// spring where the target has joint springs); a wheel on a static body or
// on none is dropped.
func TestLowerWheelJointed(t *testing.T) {
	for _, c := range []struct {
		name    string
		kind    convert.BodyKind
		parent  bool
		jointed bool
	}{{"dynamic car", convert.Dynamic, true, true}, {"static stand", convert.Static, true, false}, {"no body", convert.Dynamic, false, false}} {
		for _, r := range rows {
			g := convert.NewGraph()
			g.Materials = []convert.Material{{StaticFriction: 1.5, DynamicFriction: 1.5}}
			parent := -1
			if c.parent {
				parent = g.AddNode(convert.Node{Name: "Car", Motion: &convert.Motion{Kind: c.kind, Mass: convert.Ptr(500.0), GravityFactor: 1}}, -1)
			}
			w := convert.DefaultWheel()
			w.Radius, w.Width, w.SuspensionTravel, w.SuspensionStiffness = 0.4, 0.2, 0.3, 30000
			w.SuspensionDampingCompression, w.SuspensionDampingRebound, w.Material = 1000, 3000, 0
			at := convert.Transform{T: convert.Vec3{1, 0, 2}, R: convert.IdentityQuat(), S: convert.Vec3{1, 1, 1}}
			wheel := g.AddNode(convert.Node{Name: "W", Transform: at, Wheel: &w}, parent)
			out, diags := lowerFor(g, r.caps)
			if r.caps.Vehicles {
				if out.Nodes[wheel].Wheel == nil || diags.Has(convert.CodeWheelJointed) {
					t.Errorf("%s/%s: the wheel should stay a wheel", c.name, r.name)
				}
				continue
			}
			if got := diags.Has(convert.CodeWheelJointed); got != c.jointed || out.Nodes[wheel].Wheel != nil {
				t.Errorf("%s/%s: jointed %v (want %v), wheel left %v", c.name, r.name, got, c.jointed, out.Nodes[wheel].Wheel != nil)
				continue
			}
			if !c.jointed {
				continue
			}
			m := out.Nodes[wheel].Motion
			if m == nil || *m.Mass != 10 || m.InertiaDiagonal[0] != 10*0.16/2 || math.Abs(m.InertiaDiagonal[1]-10*(3*0.16+0.04)/12) > 1e-15 {
				t.Errorf("%s/%s: wheel body %+v", c.name, r.name, m)
			}
			var susp, spin *convert.Joint
			var tyre *convert.Node
			for i := range out.Nodes {
				n := &out.Nodes[i]
				switch n.Name {
				case "W_suspension":
					susp = n.Joint
					if n.Transform != at || n.Parent != parent {
						t.Errorf("%s/%s: suspension at %+v under %d", c.name, r.name, n.Transform, n.Parent)
					}
				case "W_spin":
					spin = n.Joint
				case "W_tyre":
					tyre = n
				}
			}
			if susp == nil || spin == nil || tyre == nil {
				t.Fatalf("%s/%s: suspension %v spin %v tyre %v", c.name, r.name, susp, spin, tyre)
			}
			// the damper is the joint's, or where the target writes the
			// spring the spring's (one force, either way)
			damping := susp.Damping
			if r.caps.Springs && len(susp.Drives) == 1 && susp.Damping == 0 {
				damping = susp.Drives[0].Damping
			}
			if k := kin.Classify(susp); k.Kind != kin.KindPrismatic || k.Axis != (convert.Vec3{0, 1, 0}) || damping != 2000 {
				t.Errorf("%s/%s: suspension %+v damping %g", c.name, r.name, k, damping)
			}
			if lim := susp.Limits[2]; lim.Min != -0.3 || lim.Max != 0.3 {
				t.Errorf("%s/%s: travel %+v", c.name, r.name, lim)
			}
			if springs := len(susp.Drives) == 1 && susp.Drives[0].Stiffness == 30000; springs != r.caps.Springs {
				t.Errorf("%s/%s: spring %+v, target springs %v", c.name, r.name, susp.Drives, r.caps.Springs)
			}
			if k := kin.Classify(spin); k.Kind != kin.KindContinuous || k.Axis != (convert.Vec3{1, 0, 0}) || spin.Connected != wheel {
				t.Errorf("%s/%s: spin %+v connected %d", c.name, r.name, k, spin.Connected)
			}
			sh := out.Shapes[tyre.Collider.Shape]
			if sh.Kind != convert.Cylinder || sh.RadiusTop != 0.4 || sh.Height != 0.2 || tyre.Parent != wheel {
				t.Errorf("%s/%s: tyre %+v", c.name, r.name, sh)
			}
			if axis := tyre.Transform.R.Rotate(convert.Vec3{0, 1, 0}); math.Abs(math.Abs(axis[0])-1) > 1e-12 {
				t.Errorf("%s/%s: tyre axis %v, want ±X", c.name, r.name, axis)
			}
			if p := lower.Check(out, r.caps); len(p) > 0 {
				t.Errorf("%s/%s: lowered graph breaks the row: %v", c.name, r.name, p)
			}
			if _, d2 := lower.Lower(out, r.caps); len(d2) > 0 {
				t.Errorf("%s/%s: lowering twice said more: %v", c.name, r.name, d2)
			}
		}
	}
}

// lowerFor lowers g for a target, g's own gravity being the target
// engine's default: the cases are about other things than gravity.
func lowerFor(g *convert.Graph, caps *convert.Capabilities) (*convert.Graph, convert.Diagnostics) {
	g.DefaultGravity = caps.DefaultGravity
	return lower.Lower(g, caps)
}
