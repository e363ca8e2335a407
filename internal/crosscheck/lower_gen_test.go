package crosscheck

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/lower"
	"github.com/physconv/physconv/convert/mass"
	"github.com/physconv/physconv/internal/meshio"
	"github.com/physconv/physconv/internal/propgen"
)

// cubePositions and cubeFaces are a closed cube of side 2.
var (
	cubePositions = []convert.Vec3{{-1, -1, -1}, {1, -1, -1}, {1, 1, -1}, {-1, 1, -1}, {-1, -1, 1}, {1, -1, 1}, {1, 1, 1}, {-1, 1, 1}}
	cubeFaces     = []uint32{0, 2, 1, 0, 3, 2, 4, 5, 6, 4, 6, 7, 0, 1, 5, 0, 5, 4, 2, 3, 7, 2, 7, 6, 1, 2, 6, 1, 6, 5, 0, 4, 7, 0, 7, 3}
)

// withEverything adds to a generated Graph what the property generator
// leaves out and some target lacks: ellipsoids, heightfields, rays, finite
// planes, tapered capsules and cones, triangle meshes, meshes read on
// demand, triggers (with a shape, implicit compounds, compounds with a
// filter), compound colliders, visuals, vehicles, seats, spawn points,
// couplings and a static body inside a moving one.
func withEverything(g *convert.Graph, seed uint64) *convert.Graph {
	rng := rand.New(rand.NewPCG(seed, 7))
	chance := func(p float64) bool { return rng.Float64() < p }
	u := func(lo, hi float64) float64 { return lo + (hi-lo)*rng.Float64() }
	cube := cubePositions
	faces := cubeFaces
	shape := func() int {
		switch rng.IntN(7) {
		case 0:
			return g.AddShape(convert.Shape{Kind: convert.Ellipsoid, Size: convert.Vec3{u(0.1, 0.5), u(0.1, 0.5), u(0.1, 0.5)}, Mesh: -1})
		case 1:
			return g.AddShape(convert.Shape{Kind: convert.Capsule, Height: u(0.1, 1), RadiusTop: u(0.05, 0.3), RadiusBottom: u(0.05, 0.3), Mesh: -1})
		case 2:
			return g.AddShape(convert.Shape{Kind: convert.Cylinder, Height: u(0.1, 1), RadiusBottom: u(0.05, 0.3), Mesh: -1})
		case 3:
			return g.AddShape(convert.Shape{Kind: convert.Ray, Height: u(0.1, 1), Mesh: -1})
		case 4:
			m := g.AddMesh(convert.Mesh{Name: "tri", Positions: cube, Indices: faces, Loaded: true, Scale: convert.Vec3{0.2, 0.2, 0.2}})
			return g.AddShape(convert.Shape{Kind: convert.TriMesh, Mesh: m})
		case 5:
			m := g.AddMesh(convert.Mesh{Name: "ondemand", File: "ondemand.stl", Scale: convert.Vec3{1, 1, 1},
				Decode: func() ([]convert.Vec3, []uint32, error) { return cube, faces, nil }})
			return g.AddShape(convert.Shape{Kind: convert.Convex, Mesh: m})
		}
		f := &convert.HeightField{Columns: 3, Rows: 3, SizeX: 2, SizeZ: 2, Heights: make([]float64, 9)}
		for k := range f.Heights {
			f.Heights[k] = u(0, 0.2)
		}
		return g.AddShape(convert.Shape{Kind: convert.Heightfield, Field: f, Mesh: -1})
	}
	var moving []int
	for i, n := range g.Nodes {
		if n.Motion != nil && n.Motion.Kind == convert.Dynamic {
			moving = append(moving, i)
		}
	}
	for k, b := range moving {
		g.AddNode(convert.Node{Name: fmt.Sprintf("extra%d", k), Transform: convert.Transform{T: convert.Vec3{u(-1, 1), 0, u(-1, 1)}, R: convert.IdentityQuat(), S: convert.Vec3{1, 1, 1}},
			Collider: &convert.Collider{Shape: shape(), Material: -1, Filter: -1}}, b)
		if chance(0.3) {
			g.AddNode(convert.Node{Name: fmt.Sprintf("look%d", k), Visual: &convert.Visual{Shape: shape()}}, b)
		}
	}
	if len(moving) > 0 && chance(0.5) {
		car := moving[0]
		g.Nodes[car].Vehicle = &convert.Vehicle{MaxSpeed: -1, PilotSeat: -1}
		w := convert.DefaultWheel()
		w.Radius = u(0.1, 0.5)
		g.AddNode(convert.Node{Name: "wheel", Wheel: &w}, car)
		g.AddNode(convert.Node{Name: "thruster", Thruster: &convert.Thruster{MaxForce: 10}}, car)
		g.AddNode(convert.Node{Name: "seat", Seat: &convert.Seat{Back: convert.Vec3{0, 0, -0.3}, Foot: convert.Vec3{0, -0.5, 0.3}, Knee: convert.Vec3{0, 0, 0.3}, Angle: 1.7}}, car)
		ramp := g.AddNode(convert.Node{Name: "ramp", Motion: &convert.Motion{Kind: convert.Static, GravityFactor: 1}, Transform: convert.Identity()}, car)
		g.AddNode(convert.Node{Name: "rampShape", Collider: &convert.Collider{Shape: g.AddShape(convert.Shape{Kind: convert.Box, Size: convert.Vec3{1, 0.1, 1}, Mesh: -1}), Material: -1, Filter: -1}}, ramp)
	}
	if chance(0.5) {
		g.AddNode(convert.Node{Name: "spawn", SpawnPoint: &convert.SpawnPoint{Title: "start"}}, -1)
	}
	if chance(0.5) {
		zone := g.AddNode(convert.Node{Name: "zone", Trigger: &convert.Trigger{Shape: -1, Filter: -1}}, -1)
		if len(g.Filters) > 0 && chance(0.5) {
			g.Nodes[zone].Trigger.Filter = 0
		}
		for k := 0; k < 1+rng.IntN(2); k++ {
			g.AddNode(convert.Node{Name: fmt.Sprintf("zonePart%d", k), Transform: convert.Transform{T: convert.Vec3{float64(k), 0, 0}, R: convert.IdentityQuat(), S: convert.Vec3{1, 1, 1}},
				Trigger: &convert.Trigger{Shape: g.AddShape(convert.Shape{Kind: convert.Sphere, Radius: 0.5, Mesh: -1}), Filter: -1}}, zone)
		}
	}
	if chance(0.5) {
		g.AddNode(convert.Node{Name: "floor", Collider: &convert.Collider{Shape: g.AddShape(convert.Shape{Kind: convert.Plane, SizeX: u(1, 10), SizeZ: u(1, 10), Mesh: -1}), Material: -1, Filter: -1}}, -1)
	}
	if len(moving) > 0 && chance(0.4) {
		group := g.AddNode(convert.Node{Name: "group", Collider: &convert.Collider{Shape: -1, Material: -1, Filter: -1}}, moving[len(moving)-1])
		g.AddNode(convert.Node{Name: "groupPart", Collider: &convert.Collider{Shape: g.AddShape(convert.Shape{Kind: convert.Sphere, Radius: 0.1, Mesh: -1}), Material: -1, Filter: -1}}, group)
	}
	var joints []int
	for i, n := range g.Nodes {
		if n.Joint != nil {
			joints = append(joints, i)
		}
	}
	if len(joints) >= 2 && chance(0.6) {
		g.Couplings = append(g.Couplings, convert.Coupling{Follower: joints[1], Leader: joints[0], Multiplier: u(-2, 2), Offset: u(-0.1, 0.1)})
	}
	return g
}

// TestLowerGenerated lowers generated Graphs for every writable format
// through the conversion pipeline and proves each emitter receives only
// what its row allows, that the output reads back, and that lowering the
// lowered Graph again changes nothing.
func TestLowerGenerated(t *testing.T) {
	const seeds = 150
	reg := all.Registry()
	exts := map[string]string{"khr": ".gltf", "omi": ".gltf", "urdf": ".urdf", "mjcf": ".xml", "godot": ".tscn", "godot3": ".tscn"}
	for _, f := range reg.Formats() {
		if f.Emit == nil {
			continue
		}
		if f.Capabilities == nil {
			t.Errorf("%s writes files but declares no capability row", f.Name)
			continue
		}
		t.Run(f.Name, func(t *testing.T) {
			for seed := uint64(1); seed <= seeds; seed++ {
				g := withEverything(propgen.Generate(seed), seed)
				if err := convert.Validate(g); err != nil {
					t.Fatalf("seed %d: the generator made an invalid graph: %v", seed, err)
				}
				g, _ = mass.Complete(g, &convert.Options{})
				spy := *f
				var received *convert.Graph
				spy.Emit = func(lg *convert.Graph, opts *convert.Options) (*convert.Output, convert.Diagnostics, error) {
					received = lg
					return f.Emit(lg, opts)
				}
				file := "gen" + exts[f.Name]
				out, _, err := physconv.EmitGraph(&spy, g, &convert.Options{OutputName: file})
				if err != nil {
					t.Errorf("seed %d: emit: %v", seed, err)
					continue
				}
				for _, p := range lower.Check(received, f.Capabilities) {
					t.Errorf("seed %d: the emitter received what its row does not allow: %s", seed, p)
				}
				if _, d := lower.Lower(received, f.Capabilities); len(d) > 0 {
					t.Errorf("seed %d: lowering the lowered Graph again said %v", seed, d)
				}
				// The mesh read on demand sits beside the output, as it
				// would beside a converted file.
				fsys := fstest.MapFS{"ondemand.stl": &fstest.MapFile{Data: meshio.EncodeSTL(&meshio.Mesh{Positions: cubePositions, Indices: cubeFaces}, "cube")}}
				for rel, data := range out.Files {
					fsys[rel] = &fstest.MapFile{Data: data}
				}
				in := &convert.Input{Name: file, Data: out.Main, FS: fsys, Dir: ".", Options: &convert.Options{}}
				back, _, err := f.Parse(in)
				if err == nil {
					err = convert.Validate(back)
				}
				if err != nil {
					t.Errorf("seed %d: the output does not read back: %v", seed, err)
				}
			}
		})
	}
}
