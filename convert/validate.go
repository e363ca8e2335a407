package convert

import (
	"errors"
	"fmt"
	"math"
)

// Validate checks the Graph's internal consistency: indices resolve, numbers
// are finite where they must be, sizes and radii are positive, axes are
// 0..2, min <= max and the hierarchy has no cycles. Parsers report errors
// with source paths first; Validate is the net under every format and
// under Graphs built by library users.
func Validate(g *Graph) error {
	// A first pass without paths costs no formatting per node; only a
	// Graph that fails is checked again to name the place.
	if validate(&validator{g: g, quiet: true}) == nil {
		return nil
	}
	return validate(&validator{g: g, names: NodeNames(g)})
}

func validate(v *validator) error {
	g := v.g
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
	for i := range g.Meshes {
		if v.err != nil {
			break
		}
		m := &g.Meshes[i]
		p := v.at("meshes[%d]", i)
		if m.Scale != (Vec3{}) {
			v.size(p+".scale", m.Scale[:]...)
		}
		for _, x := range m.Positions {
			if v.bounded(p+".positions", x[:]...); v.err != nil {
				break
			}
		}
	}
	for i, c := range g.Couplings {
		p := v.at("couplings[%d]", i)
		v.jointNode(p+".follower", c.Follower)
		v.jointNode(p+".leader", c.Leader)
		v.finite(p+".multiplier", c.Multiplier)
		v.finite(p+".offset", c.Offset)
	}
	v.tendons()
	return v.err
}

// Bounds every number of a Graph keeps, so that no computation on it
// (volumes, m·L² inertia, composed transforms) overflows or underflows to
// NaN or ±Inf: lengths (positions, sizes, radii, mesh coordinates) within
// ±MaxLength; non-zero sizes, radii, heights and scales at least MinLength
// (0 only where it has a meaning: an infinite plane, a cone's tip, a
// collapsed scale); masses up to MaxMass, moments up to MaxMass·MaxLength²;
// velocities and factors within ±MaxLength. Infinite masses and limits
// keep their meaning (static, unlimited).
const (
	MaxLength = 1e15  // m
	MinLength = 1e-15 // m
	MaxMass   = 1e30  // kg
)

type validator struct {
	g     *Graph
	names []string // NodeNames(g), unless quiet
	quiet bool     // paths are left empty: only whether g is valid is wanted
	err   error
}

// at formats a path, unless v is quiet.
func (v *validator) at(format string, args ...any) string {
	if v.quiet {
		return ""
	}
	return fmt.Sprintf(format, args...)
}

// name is node i's unique name ("" when quiet).
func (v *validator) name(i int) string {
	if v.quiet {
		return ""
	}
	return v.names[i]
}

func (v *validator) fail(path, format string, args ...any) {
	if v.err == nil {
		v.err = Errorf(path, format, args...)
	}
}

// ErrOutOfRange is wrapped by Validate's errors for a number a reader gave
// faithfully but physconv cannot compute with (beyond MaxLength, below
// MinLength, MaxMass): the input is refused, yet the reader did its job.
var ErrOutOfRange = errors.New("number out of the computable range")

func (v *validator) failRange(path, format string, args ...any) {
	if v.err == nil {
		e := Errorf(path, format, args...)
		e.Err = ErrOutOfRange
		v.err = e
	}
}

func (v *validator) nodePath(i int) string { return v.at("node %q", v.name(i)) }

func (v *validator) index(path string, i, n int, what string, optional bool) {
	if optional && i == -1 {
		return
	}
	if i < 0 || i >= n {
		v.fail(path, "%s index %d out of range (%d %s)", what, i, n, what+"s")
	}
}

// finite reports whether every x is finite: callers check before they
// spell a path for the error.
func finite(xs []float64) bool {
	for _, x := range xs {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return false
		}
	}
	return true
}

func (v *validator) finite(path string, xs ...float64) {
	for _, x := range xs {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			v.fail(path, "%v is not a finite number", x)
			return
		}
	}
}

// bounded checks lengths and other magnitudes against MaxLength.
func (v *validator) bounded(path string, xs ...float64) {
	v.finite(path, xs...)
	for _, x := range xs {
		if math.Abs(x) > MaxLength {
			v.failRange(path, "%g is beyond ±%g, which physconv cannot compute with", x, MaxLength)
			return
		}
	}
}

// size checks a size, radius, height or scale: bounded, and 0 or at
// least MinLength in magnitude.
func (v *validator) size(path string, xs ...float64) {
	v.bounded(path, xs...)
	for _, x := range xs {
		if x != 0 && math.Abs(x) < MinLength {
			v.failRange(path, "%g is smaller than %g m, which physconv cannot compute with", x, MinLength)
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
	v.bounded(p+".translation", t.T[:]...)
	v.finite(p+".rotation", t.R[:]...)
	v.size(p+".scale", t.S[:]...)
	if m := n.Motion; m != nil {
		switch m.Kind {
		case Static, Kinematic, Dynamic:
		default:
			v.fail(p+".motion.kind", "unknown body kind %q", m.Kind)
		}
		if m.Mass != nil && (math.IsNaN(*m.Mass) || *m.Mass < 0) {
			v.fail(p+".motion.mass", "mass %v must be a non-negative number", *m.Mass)
		}
		if m.Mass != nil && *m.Mass > MaxMass && !math.IsInf(*m.Mass, 1) {
			v.failRange(p+".motion.mass", "mass %g kg is beyond %g kg, which physconv cannot compute with", *m.Mass, MaxMass)
		}
		if m.CenterOfMass != nil {
			v.bounded(p+".motion.centerOfMass", m.CenterOfMass[:]...)
		}
		if d := m.InertiaDiagonal; d != nil {
			for _, x := range d {
				if math.IsNaN(x) || x < 0 {
					v.fail(p+".motion.inertiaDiagonal", "moment %v must be a non-negative number", x)
				}
				if x > MaxMass*MaxLength*MaxLength && !math.IsInf(x, 1) {
					v.failRange(p+".motion.inertiaDiagonal", "moment %g kg·m² is beyond %g, which physconv cannot compute with", x, MaxMass*MaxLength*MaxLength)
				}
			}
		}
		if m.InertiaOrientation != nil {
			v.finite(p+".motion.inertiaOrientation", m.InertiaOrientation[:]...)
		}
		v.bounded(p+".motion.linearVelocity", m.LinearVelocity[:]...)
		v.bounded(p+".motion.angularVelocity", m.AngularVelocity[:]...)
		v.bounded(p+".motion.gravityFactor", m.GravityFactor)
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
			v.index(v.at("%s.trigger.nodes[%d]", p, k), c, len(v.g.Nodes), "node", false)
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
		// the path is spelt only for a limit that fails
		lp := func() string { return v.at("%s.limits[%d]", p, k) }
		for _, axes := range [2][]int{l.Linear, l.Angular} {
			for _, a := range axes {
				if a < 0 || a > 2 {
					v.fail(lp(), "axis %d must be 0, 1 or 2", a)
				}
			}
		}
		if math.IsNaN(l.Min) || math.IsNaN(l.Max) || l.Min > l.Max {
			v.fail(lp(), "min %v must not exceed max %v", l.Min, l.Max)
		}
		if math.IsNaN(l.Stiffness) || l.Stiffness < 0 || math.IsNaN(l.Damping) || l.Damping < 0 {
			v.fail(lp(), "stiffness %v and damping %v must be non-negative", l.Stiffness, l.Damping)
		}
	}
	for k, d := range j.Drives {
		dp := v.at("%s.drives[%d]", p, k)
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
		v.fail(p, "node %q is not a joint", v.name(i))
	}
}

func (v *validator) shape(i int) {
	s := v.g.Shapes[i]
	p := v.at("shapes[%d]", i)
	positive := func(what string, xs ...float64) {
		for _, x := range xs {
			if !(x > 0) || math.IsInf(x, 0) {
				v.fail(p+"."+what, "%v must be a positive finite number", x)
				return
			}
		}
		v.size(p+"."+what, xs...)
	}
	switch s.Kind {
	case Box, Ellipsoid:
		positive("size", s.Size[:]...)
	case Sphere:
		positive("radius", s.Radius)
	case Capsule, Cylinder:
		positive("height", s.Height)
		v.size(p+".radius", s.RadiusTop, s.RadiusBottom)
		if s.RadiusTop < 0 || s.RadiusBottom < 0 || s.RadiusTop == 0 && s.RadiusBottom == 0 {
			v.fail(p+".radius", "radii %v and %v must be non-negative and not both zero", s.RadiusTop, s.RadiusBottom)
		}
	case Plane:
		v.size(p+".size", s.SizeX, s.SizeZ)
		if s.SizeX < 0 || s.SizeZ < 0 {
			v.fail(p+".size", "plane sizes must be positive (0 = infinite)")
		}
	case Convex, TriMesh:
		v.index(p+".mesh", s.Mesh, len(v.g.Meshes), "mesh", false)
	case Heightfield:
		if f := s.Field; f == nil || f.Columns < 2 || f.Rows < 2 || len(f.Heights) != f.Columns*f.Rows {
			v.fail(p+".heightfield", "needs at least 2×2 samples, rows×columns of them")
		} else {
			v.size(p+".heightfield.size", f.SizeX, f.SizeZ)
			v.bounded(p+".heightfield.heights", f.Heights...)
		}
	case Ray:
		positive("length", s.Height)
	default:
		v.fail(p+".kind", "unknown shape kind %q", s.Kind)
	}
}

// nonFinite is what MustFinite panics with; safeEmit turns it into an
// error, so an emitter never writes NaN or ±Inf.
type nonFinite struct{ x float64 }

func (n nonFinite) error(format string) error {
	return &FormatError{Msg: fmt.Sprintf("refusing to write %v into the %s output: a number computed from the input is not finite (are sizes or masses extreme?); nothing written", n.x, format)}
}

// MustFinite returns x. When x is NaN or ±Inf it panics with a value that
// ConvertBytes and ConvertFile report as an input error: emitters pass
// every number they write through it, the last guard against a
// non-finite number reaching a file.
func MustFinite(x float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		panic(nonFinite{x})
	}
	return x
}

// ValidateComputed checks what Complete computed (masses, centres of mass,
// inertia): a NaN or an infinite centre means the input's numbers were
// too extreme to compute with.
func ValidateComputed(g *Graph) error {
	v := validator{g: g}
	for i := range g.Nodes {
		m := g.Nodes[i].Motion
		if m == nil || v.err != nil {
			continue
		}
		p := func(what string) string { return fmt.Sprintf("node %q.motion.%s", g.Nodes[i].Name, what) }
		if m.Mass != nil && math.IsNaN(*m.Mass) {
			v.fail(p("mass"), "the computed mass is not a number; the input's sizes or masses are too extreme")
		}
		if m.CenterOfMass != nil && !finite(m.CenterOfMass[:]) {
			v.finite(p("centerOfMass"), m.CenterOfMass[:]...)
		}
		if d := m.InertiaDiagonal; d != nil && (math.IsNaN(d[0]) || math.IsNaN(d[1]) || math.IsNaN(d[2])) {
			v.fail(p("inertiaDiagonal"), "the computed inertia is not a number; the input's sizes or masses are too extreme")
		}
		if m.InertiaOrientation != nil && !finite(m.InertiaOrientation[:]) {
			v.finite(p("inertiaOrientation"), m.InertiaOrientation[:]...)
		}
	}
	return v.err
}

// EmitChecked runs f.Emit as every conversion does: a NaN or ±Inf an
// emitter would write fails the emit with an error instead of a file.
func EmitChecked(f *Format, g *Graph, opts *Options) (out *Output, diags Diagnostics, err error) {
	defer func() {
		if r := recover(); r != nil {
			if nf, ok := r.(nonFinite); ok {
				out, err = nil, nf.error(f.Name)
				return
			}
			out, err = nil, fmt.Errorf("internal error while writing %s: %v", f.Name, r)
		}
	}()
	return f.Emit(g, opts)
}
