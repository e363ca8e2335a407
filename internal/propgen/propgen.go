// Package propgen builds random but valid Graphs from a seed, for the
// property tests (every format must carry them) and the golden tests (their
// output bytes are pinned). The same seed always gives the same Graph, so a
// failure reproduces from its seed alone.
package propgen

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/kin"
)

// graphGen builds random but valid Graphs from a seed: a forest of
// dynamic, kinematic and static bodies under random rigid transforms
// (uniform scale sometimes), colliders of every primitive shape and a
// small convex mesh on the body node and on rotated, offset child nodes,
// given or missing mass properties, joints of every kind between bodies or
// to the world, materials and collision filters.
type graphGen struct {
	rng    *rand.Rand
	g      *convert.Graph
	mesh   int // the shared convex mesh, -1 until first used
	bodies []int
	moving []int
	// world is where world-attached things go: -1 (a scene root) or a
	// plain node holding the scene.
	world int
}

// Generate returns the Graph of one seed. The same seed always gives the
// same Graph.
func Generate(seed uint64) *convert.Graph {
	gen := &graphGen{rng: rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15)), g: convert.NewGraph(), mesh: -1, world: -1}
	gen.materials()
	gen.filters()
	if gen.chance(0.5) {
		gen.world = gen.g.AddNode(convert.Node{Name: "scene", Transform: gen.scaled(1.0)}, -1)
	}
	n := 1 + gen.rng.IntN(4)
	for i := 0; i < n; i++ {
		gen.body(i)
	}
	if gen.chance(0.4) {
		gen.staticCollider()
	}
	for k, b := range gen.moving {
		if k == 0 && gen.chance(0.3) || k > 0 && gen.chance(0.85) {
			gen.joint(b, k)
		}
	}
	return gen.g
}

func (gen *graphGen) chance(p float64) bool { return gen.rng.Float64() < p }

// uniform returns a number in [lo, hi).
func (gen *graphGen) uniform(lo, hi float64) float64 { return lo + (hi-lo)*gen.rng.Float64() }

// rotation is a uniformly random rotation.
func (gen *graphGen) rotation() convert.Quat {
	for {
		q := convert.Quat{gen.rng.NormFloat64(), gen.rng.NormFloat64(), gen.rng.NormFloat64(), gen.rng.NormFloat64()}
		if l := math.Sqrt(q[0]*q[0] + q[1]*q[1] + q[2]*q[2] + q[3]*q[3]); l > 0.1 {
			return q.Normalize()
		}
	}
}

func (gen *graphGen) vec(r float64) convert.Vec3 {
	return convert.Vec3{gen.uniform(-r, r), gen.uniform(-r, r), gen.uniform(-r, r)}
}

// direction is a random unit vector.
func (gen *graphGen) direction() convert.Vec3 {
	for {
		v := convert.Vec3{gen.rng.NormFloat64(), gen.rng.NormFloat64(), gen.rng.NormFloat64()}
		if v.Len() > 0.1 {
			return v.Normalize()
		}
	}
}

// rigid is a random rotation and an offset within ±r.
func (gen *graphGen) rigid(r float64) convert.Transform {
	return convert.Transform{T: gen.vec(r), R: gen.rotation(), S: convert.Vec3{1, 1, 1}}
}

// scaled is rigid with a uniform scale one time in four.
func (gen *graphGen) scaled(r float64) convert.Transform {
	t := gen.rigid(r)
	if gen.chance(0.25) {
		s := gen.uniform(0.5, 2)
		t.S = convert.Vec3{s, s, s}
	}
	return t
}

func (gen *graphGen) materials() {
	combines := []string{"", "average", "minimum", "maximum", "multiply"}
	for i, n := 0, gen.rng.IntN(3); i < n; i++ {
		sf := gen.uniform(0, 1)
		gen.g.Materials = append(gen.g.Materials, convert.Material{
			Name:               fmt.Sprintf("material%d", i),
			StaticFriction:     sf,
			DynamicFriction:    sf * gen.uniform(0.5, 1),
			Restitution:        gen.uniform(0, 1),
			FrictionCombine:    combines[gen.rng.IntN(len(combines))],
			RestitutionCombine: combines[gen.rng.IntN(len(combines))],
		})
	}
}

func (gen *graphGen) filters() {
	systems := []string{"player", "terrain", "props", "debris"}
	for i, n := 0, gen.rng.IntN(3); i < n; i++ {
		f := convert.Filter{Name: fmt.Sprintf("filter%d", i), Systems: []string{systems[gen.rng.IntN(2)]}}
		if gen.chance(0.5) {
			f.CollideWith = []string{systems[2+gen.rng.IntN(2)]}
		} else {
			f.NotCollideWith = []string{systems[2+gen.rng.IntN(2)]}
		}
		gen.g.Filters = append(gen.g.Filters, f)
	}
}

// collider returns a collider of shape s with a material and filter
// sometimes.
func (gen *graphGen) collider(s int) *convert.Collider {
	c := &convert.Collider{Shape: s, Material: -1, Filter: -1}
	if n := len(gen.g.Materials); n > 0 && gen.chance(0.6) {
		c.Material = gen.rng.IntN(n)
	}
	if n := len(gen.g.Filters); n > 0 && gen.chance(0.6) {
		c.Filter = gen.rng.IntN(n)
	}
	return c
}

// body adds body number i with its colliders and mass properties.
func (gen *graphGen) body(i int) {
	kind := convert.Dynamic
	switch r := gen.rng.Float64(); {
	case r < 0.15:
		kind = convert.Static
	case r < 0.3:
		kind = convert.Kinematic
	}
	parent := gen.world
	if kind != convert.Static && len(gen.moving) > 0 && gen.chance(0.25) {
		// a body nested in another body's node moves independently
		parent = gen.moving[gen.rng.IntN(len(gen.moving))]
	}
	name := fmt.Sprintf("body%d", i)
	m := &convert.Motion{Kind: kind, GravityFactor: 1}
	b := gen.g.AddNode(convert.Node{Name: name, Transform: gen.scaled(1.5), Motion: m}, parent)
	gen.bodies = append(gen.bodies, b)
	if kind != convert.Static {
		gen.moving = append(gen.moving, b)
		gen.massProps(m)
	}
	if gen.chance(0.6) {
		gen.g.Nodes[b].Collider = gen.collider(gen.shape(false, kind != convert.Static))
	}
	for k, n := 0, gen.rng.IntN(3); k < n; k++ {
		gen.childCollider(b, fmt.Sprintf("%s_c%d", name, k), kind != convert.Static)
	}
}

// childCollider adds a collider on a rotated, offset child node (now and
// then below a plain node between it and the body); boxes and meshes get a
// non-uniform scale sometimes.
func (gen *graphGen) childCollider(parent int, name string, moving bool) {
	if gen.chance(0.2) {
		parent = gen.g.AddNode(convert.Node{Name: name + "_frame", Transform: gen.scaled(0.4)}, parent)
	}
	t := gen.rigid(0.6)
	stretchable := gen.chance(0.3)
	s := gen.shape(stretchable, moving)
	if kind := gen.g.Shapes[s].Kind; stretchable && (kind == convert.Box || kind == convert.Convex) {
		t.S = convert.Vec3{gen.uniform(0.5, 2), gen.uniform(0.5, 2), gen.uniform(0.5, 2)}
	} else if gen.chance(0.15) {
		u := gen.uniform(0.5, 2)
		t.S = convert.Vec3{u, u, u}
	}
	gen.g.AddNode(convert.Node{Name: name, Transform: t, Collider: gen.collider(s)}, parent)
}

// staticCollider adds a collider without a body (KHR's static geometry).
func (gen *graphGen) staticCollider() {
	s := gen.shape(false, false)
	if gen.chance(0.3) {
		s = gen.g.AddShape(convert.Shape{Kind: convert.Plane})
	}
	gen.g.AddNode(convert.Node{Name: "ground", Transform: gen.rigid(1), Collider: gen.collider(s)}, gen.world)
}

// shape adds a random shape; stretchable asks for a box or a convex mesh
// (the shapes that take a non-uniform scale).
func (gen *graphGen) shape(stretchable, moving bool) int {
	if stretchable {
		if gen.chance(0.5) {
			return gen.g.AddShape(convert.Shape{Kind: convert.Box, Size: convert.Vec3{gen.uniform(0.1, 1), gen.uniform(0.1, 1), gen.uniform(0.1, 1)}})
		}
		return gen.g.AddShape(convert.Shape{Kind: convert.Convex, Mesh: gen.convexMesh()})
	}
	switch gen.rng.IntN(6) {
	case 0:
		return gen.g.AddShape(convert.Shape{Kind: convert.Box, Size: convert.Vec3{gen.uniform(0.1, 1), gen.uniform(0.1, 1), gen.uniform(0.1, 1)}})
	case 1:
		return gen.g.AddShape(convert.Shape{Kind: convert.Sphere, Radius: gen.uniform(0.05, 0.5)})
	case 2:
		r := gen.uniform(0.05, 0.4)
		s := convert.Shape{Kind: convert.Capsule, Height: gen.uniform(0.1, 1), RadiusTop: r, RadiusBottom: r}
		if gen.chance(0.3) {
			s.RadiusBottom = gen.uniform(0.05, 0.4)
		}
		return gen.g.AddShape(s)
	case 3:
		r := gen.uniform(0.05, 0.4)
		s := convert.Shape{Kind: convert.Cylinder, Height: gen.uniform(0.1, 1), RadiusTop: r, RadiusBottom: r}
		switch x := gen.rng.Float64(); {
		case x < 0.15:
			s.RadiusTop = 0 // a cone
		case x < 0.35:
			s.RadiusBottom = gen.uniform(0.05, 0.4)
		}
		return gen.g.AddShape(s)
	case 4:
		kind := convert.Convex
		if gen.chance(0.3) {
			kind = convert.TriMesh // closed, so it has a volume too
		}
		return gen.g.AddShape(convert.Shape{Kind: kind, Mesh: gen.convexMesh()})
	}
	return gen.g.AddShape(convert.Shape{Kind: convert.Sphere, Radius: gen.uniform(0.05, 0.5)})
}

// convexMesh returns the graph's one convex mesh, an off-centre
// octahedron whose coordinates are multiples of 1/16, exact in float32 so
// glTF's 32-bit vertices keep it unchanged.
func (gen *graphGen) convexMesh() int {
	if gen.mesh >= 0 {
		return gen.mesh
	}
	dyadic := func(lo, hi int) float64 { return float64(lo+gen.rng.IntN(hi-lo+1)) / 16 }
	a, b, c := dyadic(2, 8), dyadic(2, 8), dyadic(2, 8)
	o := convert.Vec3{dyadic(-2, 2), dyadic(-2, 2), dyadic(-2, 2)}
	pos := []convert.Vec3{{a, 0, 0}, {-a, 0, 0}, {0, b, 0}, {0, -b, 0}, {0, 0, c}, {0, 0, -c}}
	for k := range pos {
		pos[k] = pos[k].Add(o)
	}
	var idx []uint32
	for _, sx := range []uint32{0, 1} {
		for _, sy := range []uint32{2, 3} {
			for _, sz := range []uint32{4, 5} {
				// (x, y, z) faces outwards when an even number of the
				// chosen vertices lie on the negative side
				if (sx+sy+sz-6)%2 == 0 {
					idx = append(idx, sx, sy, sz)
				} else {
					idx = append(idx, sx, sz, sy)
				}
			}
		}
	}
	gen.mesh = gen.g.AddMesh(convert.Mesh{Name: "octahedron", Positions: pos, Indices: idx, Loaded: true, Scale: convert.Vec3{1, 1, 1}})
	return gen.mesh
}

// massProps gives some of mass, centre of mass and inertia (with an
// orientation sometimes); Complete computes the rest.
func (gen *graphGen) massProps(m *convert.Motion) {
	if gen.chance(0.5) {
		m.Mass = convert.Ptr(gen.uniform(0.5, 20))
	}
	if gen.chance(0.4) {
		m.CenterOfMass = convert.Ptr(gen.vec(0.3))
	}
	if gen.chance(0.4) {
		a, b := gen.uniform(0.05, 1), gen.uniform(0.05, 1)
		lo, hi := math.Abs(a-b), a+b
		c := gen.uniform(lo+0.1*(hi-lo), hi-0.1*(hi-lo)) // triangle inequality with room
		m.InertiaDiagonal = &convert.Vec3{a, b, c}
		if gen.chance(0.6) {
			m.InertiaOrientation = convert.Ptr(gen.rotation())
		}
	}
}

// JointKinds are the joint kinds the generator draws from: the kinds
// kin.LimitsFor builds, plus free.
var JointKinds = []string{kin.KindFixed, kin.KindBall, kin.KindRevolute, kin.KindContinuous,
	kin.KindPrismatic, kin.KindCylindrical, kin.KindUniversal, kin.KindPlanar,
	kin.KindConeTwist, kin.KindFree}

// joint joins moving body k (node b) to an earlier body or to the world.
// The two frames coincide in the world; which side holds frame A is
// random, so tree formats must sometimes reverse the joint.
func (gen *graphGen) joint(b, k int) {
	other := -1 // the world
	if k > 0 && gen.chance(0.8) {
		other = gen.moving[gen.rng.IntN(k)]
	} else if len(gen.bodies) > 0 && gen.chance(0.3) {
		for _, s := range gen.bodies {
			if gen.g.Nodes[s].Motion.Kind == convert.Static {
				other = s
				break
			}
		}
	}
	a, c := b, other
	if gen.chance(0.5) {
		a, c = c, a
	}
	if a == -1 {
		a = gen.world
	}
	if c == -1 {
		c = gen.world
	}
	kind := JointKinds[gen.rng.IntN(len(JointKinds))]
	lo, hi := gen.jointRange(kind)
	limits, frame := kin.LimitsFor(kind, gen.direction(), lo, hi)
	name := fmt.Sprintf("joint%d", k)
	local := convert.Transform{T: gen.vec(0.5), R: gen.rotation().Mul(frame), S: convert.Vec3{1, 1, 1}}
	j := gen.g.AddNode(convert.Node{Name: name, Transform: local}, a)
	conn := gen.g.AddNode(convert.Node{Name: name + "_b"}, c)
	// frame B: the same world pose as frame A
	wa := gen.g.WorldTransform(j)
	wc := convert.Identity()
	if c >= 0 {
		wc = gen.g.WorldTransform(c)
	}
	gen.g.Nodes[conn].Transform = wc.Inverse().Mul(convert.Transform{T: wa.T, R: wa.R, S: convert.Vec3{1, 1, 1}})
	if kind == kin.KindFree {
		limits = nil
	}
	gen.g.Nodes[j].Joint = &convert.Joint{Connected: conn, Limits: limits}
	// joint frames are nodes like any other: a shape of the body may sit
	// on them or below them
	if a >= 0 && gen.g.BodyOf(a) >= 0 && gen.chance(0.3) {
		moving := gen.g.Nodes[gen.g.BodyOf(a)].Motion.Kind != convert.Static
		if gen.chance(0.5) {
			gen.g.Nodes[j].Collider = gen.collider(gen.shape(false, moving))
		} else {
			gen.childCollider(j, name+"_c", moving)
		}
	}
}

// jointRange is a random range along/about a joint's special axis.
func (gen *graphGen) jointRange(kind string) (float64, float64) {
	inf := math.Inf(1)
	switch kind {
	case kin.KindRevolute, kin.KindConeTwist:
		if kind == kin.KindConeTwist && gen.chance(0.3) {
			return -inf, inf
		}
		lo := gen.uniform(-2.5, 0.5)
		return lo, lo + gen.uniform(0.1, 3)
	case kin.KindPrismatic, kin.KindCylindrical:
		if gen.chance(0.25) {
			return -inf, inf
		}
		lo := gen.uniform(-0.5, 0.2)
		return lo, lo + gen.uniform(0.05, 0.8)
	}
	return -inf, inf
}
