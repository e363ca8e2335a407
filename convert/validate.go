package convert

import (
	"fmt"
	"math"
)

// Validate checks the Graph's internal consistency: indices resolve, numbers
// are finite where they must be, sizes and radii are positive, axes are
// 0..2, min <= max and the hierarchy has no cycles. Parsers report errors
// with source paths first; Validate is the net under every format and
// under Graphs built by library users.
func Validate(g *Graph) error {
	v := validator{g: g, names: NodeNames(g)}
	v.hierarchy()
	for i := range g.Nodes {
		if v.err != nil {
			break
		}
		v.node(i)
	}
	for i := range g.Shapes {
		if v.err != nil {
			break
		}
		v.shape(i)
	}
	for i, c := range g.Couplings {
		p := fmt.Sprintf("couplings[%d]", i)
		v.jointNode(p+".follower", c.Follower)
		v.jointNode(p+".leader", c.Leader)
		v.finite(p+".multiplier", c.Multiplier)
		v.finite(p+".offset", c.Offset)
	}
	return v.err
}

type validator struct {
	g     *Graph
	names []string
	err   error
}

func (v *validator) fail(path, format string, args ...any) {
	if v.err == nil {
		v.err = Errorf(path, format, args...)
	}
}

func (v *validator) nodePath(i int) string { return fmt.Sprintf("node %q", v.names[i]) }

func (v *validator) index(path string, i, n int, what string, optional bool) {
	if optional && i == -1 {
		return
	}
	if i < 0 || i >= n {
		v.fail(path, "%s index %d out of range (%d %s)", what, i, n, what+"s")
	}
}

func (v *validator) finite(path string, xs ...float64) {
	for _, x := range xs {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			v.fail(path, "%v is not a finite number", x)
			return
		}
	}
}

func (v *validator) hierarchy() {
	n := len(v.g.Nodes)
	for i, node := range v.g.Nodes {
		if node.Parent < -1 || node.Parent >= n {
			v.fail(v.nodePath(i)+".parent", "node index %d out of range (%d nodes)", node.Parent, n)
			return
		}
		for _, c := range node.Children {
			if c < 0 || c >= n || v.g.Nodes[c].Parent != i {
				v.fail(v.nodePath(i)+".children", "child %d does not name this node as its parent", c)
				return
			}
		}
	}
	if c := ParentCycle(n, func(i int) int { return v.g.Nodes[i].Parent }); c >= 0 {
		v.fail(v.nodePath(c), "the node hierarchy has a cycle")
	}
}

// ParentCycle returns a node on a cycle of parent links (parent(i) is -1
// for a root, else in 0..n-1), or -1 when there is none. Each node is
// visited once, so a long chain costs as much as a wide tree.
func ParentCycle(n int, parent func(int) int) int {
	state := make([]byte, n) // 0 new, 1 on the current path, 2 done
	for i := 0; i < n; i++ {
		j := i
		for j >= 0 && state[j] == 0 {
			state[j] = 1
			j = parent(j)
		}
		if j >= 0 && state[j] == 1 {
			return j
		}
		for k := i; k >= 0 && state[k] == 1; k = parent(k) {
			state[k] = 2
		}
	}
	return -1
}

func (v *validator) node(i int) {
	n := &v.g.Nodes[i]
	p := v.nodePath(i)
	t := n.Transform
	v.finite(p+".translation", t.T[:]...)
	v.finite(p+".rotation", t.R[:]...)
	v.finite(p+".scale", t.S[:]...)
	if m := n.Motion; m != nil {
		switch m.Kind {
		case Static, Kinematic, Dynamic:
		default:
			v.fail(p+".motion.kind", "unknown body kind %q", m.Kind)
		}
		if m.Mass != nil && (math.IsNaN(*m.Mass) || *m.Mass < 0) {
			v.fail(p+".motion.mass", "mass %v must be a non-negative number", *m.Mass)
		}
		if m.CenterOfMass != nil {
			v.finite(p+".motion.centerOfMass", m.CenterOfMass[:]...)
		}
		if d := m.InertiaDiagonal; d != nil {
			for _, x := range d {
				if math.IsNaN(x) || x < 0 {
					v.fail(p+".motion.inertiaDiagonal", "moment %v must be a non-negative number", x)
				}
			}
		}
		if m.InertiaOrientation != nil {
			v.finite(p+".motion.inertiaOrientation", m.InertiaOrientation[:]...)
		}
		v.finite(p+".motion.linearVelocity", m.LinearVelocity[:]...)
		v.finite(p+".motion.angularVelocity", m.AngularVelocity[:]...)
		v.finite(p+".motion.gravityFactor", m.GravityFactor)
	}
	if c := n.Collider; c != nil {
		v.index(p+".collider.shape", c.Shape, len(v.g.Shapes), "shape", true)
		v.index(p+".collider.material", c.Material, len(v.g.Materials), "material", true)
		v.index(p+".collider.filter", c.Filter, len(v.g.Filters), "filter", true)
	}
	if t := n.Trigger; t != nil {
		v.index(p+".trigger.shape", t.Shape, len(v.g.Shapes), "shape", true)
		v.index(p+".trigger.filter", t.Filter, len(v.g.Filters), "filter", true)
		for k, c := range t.Nodes {
			v.index(fmt.Sprintf("%s.trigger.nodes[%d]", p, k), c, len(v.g.Nodes), "node", false)
		}
	}
	if vis := n.Visual; vis != nil {
		v.index(p+".visual.shape", vis.Shape, len(v.g.Shapes), "shape", false)
	}
	if j := n.Joint; j != nil {
		v.joint(p+".joint", j)
	}
	if w := n.Wheel; w != nil {
		if !(w.Radius > 0) || !(w.Width > 0) {
			v.fail(p+".wheel", "radius %v and width %v must be positive", w.Radius, w.Width)
		}
		v.index(p+".wheel.material", w.Material, len(v.g.Materials), "material", true)
	}
	if veh := n.Vehicle; veh != nil {
		v.index(p+".vehicle.pilotSeat", veh.PilotSeat, len(v.g.Nodes), "node", true)
	}
}

func (v *validator) joint(p string, j *Joint) {
	v.index(p+".connected", j.Connected, len(v.g.Nodes), "node", false)
	for k, l := range j.Limits {
		lp := fmt.Sprintf("%s.limits[%d]", p, k)
		for _, a := range append(append([]int(nil), l.Linear...), l.Angular...) {
			if a < 0 || a > 2 {
				v.fail(lp, "axis %d must be 0, 1 or 2", a)
			}
		}
		if math.IsNaN(l.Min) || math.IsNaN(l.Max) || l.Min > l.Max {
			v.fail(lp, "min %v must not exceed max %v", l.Min, l.Max)
		}
		if math.IsNaN(l.Stiffness) || l.Stiffness < 0 || math.IsNaN(l.Damping) || l.Damping < 0 {
			v.fail(lp, "stiffness %v and damping %v must be non-negative", l.Stiffness, l.Damping)
		}
	}
	for k, d := range j.Drives {
		dp := fmt.Sprintf("%s.drives[%d]", p, k)
		if d.Axis < 0 || d.Axis > 2 {
			v.fail(dp+".axis", "axis %d must be 0, 1 or 2", d.Axis)
		}
		if math.IsNaN(d.MaxForce) || d.MaxForce < 0 || d.Stiffness < 0 || d.Damping < 0 {
			v.fail(dp, "maxForce, stiffness and damping must be non-negative")
		}
	}
}

func (v *validator) jointNode(p string, i int) {
	v.index(p, i, len(v.g.Nodes), "node", false)
	if v.err == nil && v.g.Nodes[i].Joint == nil {
		v.fail(p, "node %q is not a joint", v.names[i])
	}
}

func (v *validator) shape(i int) {
	s := v.g.Shapes[i]
	p := fmt.Sprintf("shapes[%d]", i)
	positive := func(what string, xs ...float64) {
		for _, x := range xs {
			if !(x > 0) || math.IsInf(x, 0) {
				v.fail(p+"."+what, "%v must be a positive finite number", x)
				return
			}
		}
	}
	switch s.Kind {
	case Box, Ellipsoid:
		positive("size", s.Size[:]...)
	case Sphere:
		positive("radius", s.Radius)
	case Capsule, Cylinder:
		positive("height", s.Height)
		v.finite(p+".radius", s.RadiusTop, s.RadiusBottom)
		if s.RadiusTop < 0 || s.RadiusBottom < 0 || s.RadiusTop == 0 && s.RadiusBottom == 0 {
			v.fail(p+".radius", "radii %v and %v must be non-negative and not both zero", s.RadiusTop, s.RadiusBottom)
		}
	case Plane:
		v.finite(p+".size", s.SizeX, s.SizeZ)
		if s.SizeX < 0 || s.SizeZ < 0 {
			v.fail(p+".size", "plane sizes must be positive (0 = infinite)")
		}
	case Convex, TriMesh:
		v.index(p+".mesh", s.Mesh, len(v.g.Meshes), "mesh", false)
	case Heightfield:
		if f := s.Field; f == nil || f.Columns < 2 || f.Rows < 2 || len(f.Heights) != f.Columns*f.Rows {
			v.fail(p+".heightfield", "needs at least 2×2 samples, rows×columns of them")
		}
	case Ray:
		positive("length", s.Height)
	default:
		v.fail(p+".kind", "unknown shape kind %q", s.Kind)
	}
}
