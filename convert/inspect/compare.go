package inspect

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/kin"
)

// CompareReports lists the physical differences between two reports, empty
// when they describe the same physics within tol (relative, with tol as the
// absolute floor near zero).
//
// Dynamic and kinematic bodies are matched by name. Static colliders are
// compared as one pool, because formats group static geometry differently
// (a KHR file has no static body node; URDF and MJCF attach it to the
// world). Shapes match up to their symmetries (a sphere's rotation, a
// cylinder's spin about its axis, a box's axis permutations). Joints match
// by name; swapped bodies (tree formats re-express joints parent → child)
// compare with the axis reversed.
func CompareReports(a, b *Report, tol float64) []string {
	var out []string
	for _, d := range Diff(a, b, tol) {
		out = append(out, d.Message)
	}
	return out
}

// Difference is one physical difference between two reports: the element
// it is found on, the quantity that differs, and a sentence saying how.
type Difference struct {
	// Element is "body", "joint" or "static" (the pool of static
	// colliders and triggers).
	Element string `json:"element"`
	// Name is the body's or joint's name; "" for the static pool.
	Name string `json:"name,omitempty"`
	// Node names the collider or trigger node a shape difference is on.
	Node     string           `json:"node,omitempty"`
	Quantity convert.Quantity `json:"-"`
	// QuantityName is Quantity's name (mass, shape, limit …) for JSON.
	QuantityName string `json:"quantity"`
	// Missing is "first" or "second" when the element is in one report
	// only.
	Missing string `json:"missing,omitempty"`
	Message string `json:"message"`

	// the message before formatting (DiffDeferred): a format and its
	// arguments, or a function that writes it
	format string
	args   []any
	later  func() string
	// partner is where the other side of a pair difference is (two
	// shapes whose filters pair them otherwise): a diagnostic about either
	// side explains it (Explainer.Explains)
	partner *Difference
}

// Format fills Message of a difference DiffDeferred found, and returns it.
func (d *Difference) Format() string {
	if d.Message == "" && d.later != nil {
		d.Message = d.later()
	} else if d.Message == "" && d.format != "" {
		d.Message = fmt.Sprintf(d.format, d.args...)
	}
	d.format, d.args, d.later = "", nil, nil
	return d.Message
}

// Diff is CompareReports with each difference placed and classified, so
// tools can show, filter or explain them (Diagnostics.Explains).
func Diff(a, b *Report, tol float64) []Difference {
	ds := DiffDeferred(a, b, tol)
	for i := range ds {
		ds[i].Format()
	}
	return ds
}

// DiffDeferred is Diff with each Message left empty until Format: a
// caller that keeps few of the differences (verification keeps those no
// diagnostic explains, often none of thousands) formats only those.
func DiffDeferred(a, b *Report, tol float64) []Difference {
	c := comparer{tol: tol}
	c.scene(a, b)
	c.bodies(a, b)
	c.joints(a, b)
	c.filterPairs()
	return c.diffs
}

type comparer struct {
	tol   float64
	diffs []Difference
	// gravity is the scene gravity of each report (scene)
	gravity [2]convert.Vec3
	// at is where the next differences are found.
	at Difference
	// filters are the matched shapes' filters; filtersDiffer: some are
	// written differently (filterPairs decides which pair differently).
	// Shapes without a filter in either report fall in one group (two:
	// those that respond and those that do not), for which filterPairs
	// needs its first two shapes only (a scene of thousands of unfiltered
	// shapes then keeps a few): unfiltered counts the ones recorded.
	filters       []filterMatch
	filtersDiffer bool
	unfiltered    [2]int
	// senses: the joints of the second report measured the other way
	// (jointSenses)
	senses map[string]float64
}

// filterMatch is one matched shape whose filters are written
// differently in the two reports, with where to report it.
type filterMatch struct {
	at          Difference
	what        shapeList
	shape, node string
	x, y        *convert.Filter
}

func (c *comparer) addf(q convert.Quantity, format string, args ...any) {
	c.add(q, "", format, args...)
}

// missing records an element found in one report only.
func (c *comparer) missing(q convert.Quantity, in, format string, args ...any) {
	c.add(q, in, format, args...)
}

func (c *comparer) add(q convert.Quantity, missing, format string, args ...any) {
	d := c.at
	d.Missing = missing
	d.Quantity, d.QuantityName, d.format, d.args = q, q.String(), format, args
	c.diffs = append(c.diffs, d)
}

// addLater records a difference whose message message writes when it is
// formatted: one allocation for a function of the values it prints
// (copied first, in locals of the caller) where a format's arguments take
// one each. For the differences found by the thousand (every body's
// material or inertia written otherwise, each explained).
func (c *comparer) addLater(q convert.Quantity, message func() string) {
	d := c.at
	d.Quantity, d.QuantityName, d.later = q, q.String(), message
	c.diffs = append(c.diffs, d)
}

// scene compares what applies to the whole scene: its gravity.
// A report without a gravity has its engine's default: down, of the
// report's DefaultGravity or 9.81. Gravity acts only on moving bodies, each
// scaled by its factor: the bodies compare the gravity that acts on them
// (a scene of 9.8 m/s² with factors of 9.81/9.8 is one of 9.81).
func (c *comparer) scene(a, b *Report) {
	c.on("scene", "")
	c.gravity = [2]convert.Vec3{sceneGravity(a), sceneGravity(b)}
}

// sceneGravity is the gravity that acts in r's scene.
func sceneGravity(r *Report) convert.Vec3 {
	if r.Gravity != nil {
		return *r.Gravity
	}
	d := convert.StandardGravity
	if r.DefaultGravity != nil {
		d = float64(*r.DefaultGravity)
	}
	return convert.Vec3{0, -d, 0}
}

// damping is a body's [linear, angular] damping (absent: none).
func damping(b *BodyReport) [2]Num {
	if b.Damping == nil {
		return [2]Num{}
	}
	return *b.Damping
}

func gravityFactor(b *BodyReport) float64 {
	if b.GravityFactor == nil {
		return 1
	}
	return float64(*b.GravityFactor)
}

// on sets where the next differences are found.
func (c *comparer) on(element, name string) { c.at = Difference{Element: element, Name: name} }

func (c *comparer) close(x, y float64) bool {
	if math.IsInf(x, 0) || math.IsInf(y, 0) || math.IsNaN(x) || math.IsNaN(y) {
		return x == y
	}
	// neither is NaN or infinite here: the built-in max is math.Max
	return math.Abs(x-y) <= c.tol*max(1, math.Abs(x), math.Abs(y))
}

func (c *comparer) closeVec(x, y convert.Vec3) bool {
	return c.close(x[0], y[0]) && c.close(x[1], y[1]) && c.close(x[2], y[2])
}

func (c *comparer) bodies(a, b *Report) {
	// the moving bodies by name (the last of a name), as indices
	index := func(r *Report) map[string]int {
		m := make(map[string]int, len(r.Bodies))
		for k, body := range r.Bodies {
			if body.Kind != convert.Static {
				m[body.Name] = k
			}
		}
		return m
	}
	ma, mb := index(a), index(b)
	matched := 0
	for _, name := range sortedKeys(ma) {
		x := &a.Bodies[ma[name]]
		k, ok := mb[name]
		c.on("body", name)
		if !ok {
			c.missing(convert.QBodyKind, "second", "body %q: missing in second", name)
			continue
		}
		matched++
		c.body(x, &b.Bodies[k])
	}
	if matched < len(mb) { // else every body of b is one of a's
		for _, name := range sortedKeys(mb) {
			if _, ok := ma[name]; !ok {
				c.on("body", name)
				c.missing(convert.QBodyKind, "first", "body %q: missing in first", name)
			}
		}
	}
	c.on("static", "")
	c.shapes(shapeList{"", "colliders", false}, staticPool(a, false), staticPool(b, false))
	c.shapes(shapeList{"", "triggers", true}, staticPool(a, true), staticPool(b, true))
}

func staticPool(r *Report, triggers bool) []ShapeReport {
	var out []ShapeReport
	for _, body := range r.Bodies {
		if body.Kind == convert.Static {
			if triggers {
				out = append(out, body.Triggers...)
			} else {
				out = append(out, body.Colliders...)
			}
		}
	}
	return out
}

func (c *comparer) body(x, y *BodyReport) {
	n := x.Name
	if x.Kind != y.Kind {
		c.addf(convert.QBodyKind, "body %q: kind %s vs %s", n, x.Kind, y.Kind)
	}
	if fx, fy := gravityFactor(x), gravityFactor(y); x.Kind == y.Kind && x.Kind == convert.Dynamic {
		if gx, gy := c.gravity[0].Scale(fx), c.gravity[1].Scale(fy); !c.closeVec(gx, gy) {
			c.addf(convert.QGravity, "body %q: gravity factor %g vs %g (gravity %v vs %v m/s²)", n, fx, fy, gx, gy)
		}
	}
	if dx, dy := damping(x), damping(y); x.Kind == y.Kind && x.Kind == convert.Dynamic && !(c.close(float64(dx[0]), float64(dy[0])) && c.close(float64(dx[1]), float64(dy[1]))) {
		c.addf(convert.QDamping, "body %q: damping (linear, angular) %g vs %g", n, dx, dy)
	}
	for _, v := range []struct {
		what string
		x, y *convert.Vec3
	}{{"linear", x.LinearVelocity, y.LinearVelocity}, {"angular", x.AngularVelocity, y.AngularVelocity}} {
		var zero convert.Vec3
		vx, vy := v.x, v.y
		if vx == nil {
			vx = &zero
		}
		if vy == nil {
			vy = &zero
		}
		if !c.closeVec(*vx, *vy) {
			c.addf(convert.QVelocity, "body %q: initial %s velocity %v vs %v", n, v.what, *vx, *vy)
		}
	}
	switch {
	case (x.Mass == nil) != (y.Mass == nil):
		c.addf(convert.QMass, "body %q: mass known in only one", n)
	case x.Mass != nil && !c.close(float64(*x.Mass), float64(*y.Mass)):
		c.addf(convert.QMass, "body %q: mass %g vs %g", n, float64(*x.Mass), float64(*y.Mass))
	}
	// a massless body's centre of mass is no point of its physics
	massless := x.Mass != nil && y.Mass != nil && *x.Mass == 0 && *y.Mass == 0
	switch {
	case massless:
	case (x.CenterOfMass == nil) != (y.CenterOfMass == nil):
		c.addf(convert.QCenterOfMass, "body %q: centre of mass known in only one", n)
	case x.CenterOfMass != nil && !c.closeVec(*x.CenterOfMass, *y.CenterOfMass):
		cx, cy := *x.CenterOfMass, *y.CenterOfMass
		c.addLater(convert.QCenterOfMass, func() string { return fmt.Sprintf("body %q: centre of mass %v vs %v", n, cx, cy) })
	}
	switch {
	case (x.Inertia == nil) != (y.Inertia == nil):
		c.addf(convert.QInertia, "body %q: inertia known in only one", n)
	case x.Inertia != nil:
		scale := 0.0
		for i := 0; i < 3; i++ {
			for j := 0; j < 3; j++ {
				if v := math.Abs(float64(x.Inertia[i][j])); !math.IsInf(v, 0) {
					scale = math.Max(scale, v)
				}
			}
		}
		for i := 0; i < 3; i++ {
			for j := 0; j < 3; j++ {
				p, q := float64(x.Inertia[i][j]), float64(y.Inertia[i][j])
				if math.IsInf(p, 0) || math.IsInf(q, 0) {
					if p != q {
						c.addf(convert.QInertia, "body %q: inertia[%d][%d] %g vs %g", n, i, j, p, q)
					}
					continue
				}
				if math.Abs(p-q) > c.tol*math.Max(scale, 1e-300) && math.Abs(p-q) > 1e-300 {
					row, col := i, j
					c.addLater(convert.QInertia, func() string { return fmt.Sprintf("body %q: inertia[%d][%d] %g vs %g", n, row, col, p, q) })
				}
			}
		}
	}
	c.shapes(shapeList{n, "colliders", x.Kind == convert.Dynamic}, x.Colliders, y.Colliders)
	c.shapes(shapeList{n, "triggers", true}, x.Triggers, y.Triggers)
}

// shapeList names a body's (or, body "", the static) colliders or
// triggers in a difference; spelt only when the difference is formatted.
// responds: its shapes act on what they touch (a dynamic body's
// colliders, which are pushed; triggers, which detect).
type shapeList struct {
	body, kind string
	responds   bool
}

func (s shapeList) String() string {
	if s.body == "" {
		return "static " + s.kind
	}
	return fmt.Sprintf("body %q %s", s.body, s.kind)
}

// shapes matches two shape lists as multisets.
func (c *comparer) shapes(what shapeList, xs, ys []ShapeReport) {
	q := convert.QShape
	if what.kind == "triggers" {
		q = convert.QTrigger // a trigger dropped or added
	}
	used := make([]bool, len(ys))
	near := c.shapesNear(ys)
	for _, x := range xs {
		found := false
		if k := near.first(x, used); k >= 0 {
			used[k], found = true, true
			c.surface(what, x, ys[k])
		}
		if !found {
			c.at.Node = x.Node
			c.missing(q, "second", "%s: %s on %q at %v has no match in second", what, x.Shape, x.Node, x.Position)
		}
	}
	for k, y := range ys {
		if !used[k] {
			c.at.Node = y.Node
			c.missing(q, "first", "%s: %s on %q at %v has no match in first", what, y.Shape, y.Node, y.Position)
		}
	}
}

// shapeFinder finds the first shape of a list that is the same as
// another (comparer.sameShape) and not used yet. A long list (the static
// colliders of a large scene, a body of many pieces) is looked through by
// position: of its shapes of each kind, only those whose place may be
// within tolerance of the other shape's (coordIndex) can be the same.
type shapeFinder struct {
	c       *comparer
	ys      []ShapeReport
	byPlace map[convert.ShapeKind]*coordIndex // nil: look through in order
}

// shapeScan is the length up to which a list is looked through in order.
const shapeScan = 16

func (c *comparer) shapesNear(ys []ShapeReport) shapeFinder {
	f := shapeFinder{c: c, ys: ys}
	if len(ys) <= shapeScan {
		return f
	}
	ofKind := map[convert.ShapeKind][]int{}
	for k, y := range ys {
		ofKind[y.Shape] = append(ofKind[y.Shape], k)
	}
	f.byPlace = make(map[convert.ShapeKind]*coordIndex, len(ofKind))
	for kind, list := range ofKind {
		f.byPlace[kind] = newCoordIndex(list, c.tol, func(k int) (convert.Vec3, bool) { return ys[k].Position, true })
	}
	return f
}

// first returns the index of the first unused shape the same as x, or -1.
func (f *shapeFinder) first(x ShapeReport, used []bool) int {
	if f.byPlace == nil {
		for k, y := range f.ys {
			if !used[k] && f.c.sameShape(x, y) {
				return k
			}
		}
		return -1
	}
	best := -1
	if index := f.byPlace[x.Shape]; index != nil {
		other, window := index.near(x.Position)
		for _, list := range [][]int{other, window} {
			for _, k := range list {
				if (best < 0 || k < best) && !used[k] && f.c.sameShape(x, f.ys[k]) {
					best = k
				}
			}
		}
	}
	return best
}

// surface compares what matched shapes collide with: material and filter.
func (c *comparer) surface(what shapeList, x, y ShapeReport) {
	c.at.Node = x.Node
	mx, my := x.Material, y.Material
	if (mx == nil) != (my == nil) {
		c.addf(convert.QMaterial, "%s: %s on %q: material in only one", what, x.Shape, x.Node)
	} else if mx != nil && (!c.close(mx.StaticFriction, my.StaticFriction) || !c.close(mx.DynamicFriction, my.DynamicFriction) ||
		!c.close(mx.Restitution, my.Restitution) || mx.FrictionCombine != my.FrictionCombine || mx.RestitutionCombine != my.RestitutionCombine) {
		shape, node, vx, vy := x.Shape, x.Node, *mx, *my
		c.addLater(convert.QMaterial, func() string {
			return fmt.Sprintf("%s: %s on %q: material %+v vs %+v", what, shape, node, vx, vy)
		})
	}
	fx, fy := x.Filter, y.Filter
	if (fx == nil) != (fy == nil) || fx != nil && !sameFilterText(fx, fy) {
		c.filtersDiffer = true
	}
	if fx == nil && fy == nil {
		k := 0
		if what.responds {
			k = 1
		}
		if c.unfiltered[k] == 2 {
			return
		}
		c.unfiltered[k]++
	}
	c.filters = append(c.filters, filterMatch{at: c.at, what: what, shape: string(x.Shape), node: x.Node, x: fx, y: fy})
}

// maxFilterGroups bounds the filter pairs filterPairs compares (pairs of
// groups, so its time grows with the square of their count); past it,
// filters that are written differently are differences as such.
const maxFilterGroups = 256

// filterPairs reports the shapes whose filters pair them with other
// shapes differently in the two reports. Filters are written
// differently by formats that name systems their own way (MJCF's
// contype/conaffinity bits, Godot's layers); what matters is which
// shapes collide. Shapes are grouped by the two filters they have; every
// two groups (a group with itself too) must collide alike in both (a
// shape without a filter collides with what accepts it; shapes whose
// filters are written alike keep the pairs they have with each other,
// and with every other shape the check goes through the groups).
func (c *comparer) filterPairs() {
	if !c.filtersDiffer {
		return
	}
	type group struct {
		x, y     convert.Filter
		first    int
		n        int
		responds bool
	}
	key := func(f *convert.Filter) string {
		if f == nil {
			return "-"
		}
		return fmt.Sprint(f.Systems, f.CollideWith, f.NotCollideWith)
	}
	deref := func(f *convert.Filter) convert.Filter {
		if f == nil {
			return convert.Filter{}
		}
		return *f
	}
	byKey := map[string]int{}
	var groups []group
	for i, m := range c.filters {
		k := key(m.x) + "|" + key(m.y) + "|" + fmt.Sprint(m.what.responds)
		g, ok := byKey[k]
		if !ok {
			g = len(groups)
			byKey[k] = g
			groups = append(groups, group{x: deref(m.x), y: deref(m.y), first: i, responds: m.what.responds})
		}
		groups[g].n++
	}
	report := func(m filterMatch, detail string, partner *filterMatch) {
		c.at = m.at
		vx, vy := deref(m.x), deref(m.y)
		c.addLater(convert.QFilter, func() string {
			return fmt.Sprintf("%s: %s on %q: collision filter %+v vs %+v%s", m.what, m.shape, m.node, vx, vy, detail)
		})
		if partner != nil {
			at := partner.at
			at.Quantity, at.QuantityName = convert.QFilter, convert.QFilter.String()
			c.diffs[len(c.diffs)-1].partner = &at
		}
	}
	if len(groups) > maxFilterGroups {
		for _, m := range c.filters {
			if (m.x == nil) != (m.y == nil) || m.x != nil && !sameFilterText(m.x, m.y) {
				report(m, "", nil)
			}
		}
		return
	}
	// each group that pairs differently with some group is reported once,
	// on its first shape, naming that other group's first shape
	partner := make([]int, len(groups))
	for a := range partner {
		partner[a] = -1
	}
	for a := range groups {
		for b := a; b < len(groups); b++ {
			if a == b && groups[a].n < 2 || partner[a] >= 0 && partner[b] >= 0 {
				continue
			}
			if !groups[a].responds && !groups[b].responds {
				// static or kinematic both: their contact moves nothing
				continue
			}
			ga, gb := groups[a], groups[b]
			if convert.FiltersCollide(ga.x, gb.x) == convert.FiltersCollide(ga.y, gb.y) {
				continue
			}
			if partner[a] < 0 {
				partner[a] = b
			}
			if partner[b] < 0 {
				partner[b] = a
			}
		}
	}
	for a, b := range partner {
		if b < 0 {
			continue
		}
		ga, gb := groups[a], groups[b]
		other := c.filters[gb.first]
		report(c.filters[ga.first], fmt.Sprintf(": with %s on %q they collide %v in the first, %v in the second",
			other.shape, other.node, convert.FiltersCollide(ga.x, gb.x), convert.FiltersCollide(ga.y, gb.y)), &other)
	}
}

// sameFilterText reports whether two filters list the same systems as
// printed: equal lists print alike, and only lists that differ are
// printed to compare (a system's name may hold a space).
func sameFilterText(x, y *convert.Filter) bool {
	if slices.Equal(x.Systems, y.Systems) && slices.Equal(x.CollideWith, y.CollideWith) && slices.Equal(x.NotCollideWith, y.NotCollideWith) {
		return true
	}
	return fmt.Sprint(x.Systems, x.CollideWith, x.NotCollideWith) == fmt.Sprint(y.Systems, y.CollideWith, y.NotCollideWith)
}

func (c *comparer) sameShape(x, y ShapeReport) bool {
	if x.Shape != y.Shape || !c.closeVec(x.Position, y.Position) {
		return false
	}
	if (x.Scale == nil) != (y.Scale == nil) || x.Scale != nil && !c.closeVec(*x.Scale, *y.Scale) {
		return false
	}
	if (x.Mesh == nil) != (y.Mesh == nil) || x.Shape == convert.TriMesh && x.Mesh != nil && x.Mesh.Vertices > 0 && y.Mesh.Vertices > 0 && *x.Mesh != *y.Mesh {
		// A convex shape is the hull of its points however many are
		// listed (a mesh file repeats them per face), and a mesh read
		// on demand has no vertices yet: only loaded triangle meshes
		// compare their counts.
		return false
	}
	if x.Shape == convert.Box || x.Shape == convert.Ellipsoid {
		return c.sameBox(x, y)
	}
	if len(x.Dims) != len(y.Dims) {
		return false
	}
	for k, v := range x.Dims {
		if w, ok := y.Dims[k]; !ok || !c.close(v, w) {
			return false
		}
	}
	rx, ry := x.Rotation.Mat(), y.Rotation.Mat()
	col := func(m convert.Mat3, j int) convert.Vec3 { return convert.Vec3{m[0][j], m[1][j], m[2][j]} }
	switch x.Shape {
	case convert.Sphere:
		return true
	case convert.Capsule, convert.Cylinder:
		ax, ay := col(rx, 1), col(ry, 1)
		if c.closeVec(ax, ay) {
			return true
		}
		// Flipped end for end: the same shape when both radii agree.
		return c.closeVec(ax, ay.Neg()) && c.close(x.Dims["radiusTop"], x.Dims["radiusBottom"])
	case convert.Plane:
		if x.Dims["sizeX"] == 0 && x.Dims["sizeZ"] == 0 {
			return c.closeVec(col(rx, 1), col(ry, 1))
		}
	}
	return c.sameRotation(x.Rotation, y.Rotation)
}

// sameBox compares boxes by their three world half-axes, up to sign and
// order.
func (c *comparer) sameBox(x, y ShapeReport) bool {
	axes := func(s ShapeReport) [3]convert.Vec3 {
		m := s.Rotation.Mat()
		d := [3]float64{s.Dims["x"], s.Dims["y"], s.Dims["z"]}
		var out [3]convert.Vec3
		for j := 0; j < 3; j++ {
			out[j] = convert.Vec3{m[0][j], m[1][j], m[2][j]}.Scale(d[j])
		}
		return out
	}
	ax, ay := axes(x), axes(y)
	used := [3]bool{}
	for _, u := range ax {
		ok := false
		for k, v := range ay {
			if !used[k] && (c.closeVec(u, v) || c.closeVec(u, v.Neg())) {
				used[k], ok = true, true
				break
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

func (c *comparer) sameRotation(p, q convert.Quat) bool {
	d := p[0]*q[0] + p[1]*q[1] + p[2]*q[2] + p[3]*q[3]
	return math.Abs(math.Abs(d)-1) <= c.tol*10
}

func (c *comparer) joints(a, b *Report) {
	// b's joints by name (the last of a name), as indices
	mb := make(map[string]int, len(b.Joints))
	sa, sb := staticBodies(a), staticBodies(b)
	for k, j := range b.Joints {
		mb[j.Name] = k
	}
	c.senses = jointSenses(a, b, mb, sa, sb)
	seen := make(map[string]bool, len(a.Joints))
	for _, x := range a.Joints {
		x = worldForStatic(x, sa)
		k, ok := mb[x.Name]
		c.on("joint", x.Name)
		if !ok {
			c.missing(convert.QJointKind, "second", "joint %q: missing in second", x.Name)
			continue
		}
		seen[x.Name] = true
		c.joint(x, worldForStatic(b.Joints[k], sb))
	}
	for _, y := range b.Joints {
		if !seen[y.Name] {
			c.on("joint", y.Name)
			c.missing(convert.QJointKind, "first", "joint %q: missing in first", y.Name)
		}
	}
}

// jointSenses gives, for each one-axis joint of a that b has, the sign
// that turns b's coordinate into a's: -1 when b measures the motion the
// other way, its axis reversed or its bodies swapped (not both). A
// coupling names coordinates, so its factors change sign with them.
// mb is b's joints by name; sa and sb are the reports' static bodies.
func jointSenses(a, b *Report, mb map[string]int, sa, sb map[string]bool) map[string]float64 {
	var senses map[string]float64
	for _, x := range a.Joints {
		k, ok := mb[x.Name]
		if !ok || x.Axis == nil || b.Joints[k].Axis == nil || b.Joints[k].chain != nil {
			continue
		}
		x, y := worldForStatic(x, sa), worldForStatic(b.Joints[k], sb)
		s := 1.0
		if x.Axis.Dot(*y.Axis) < 0 {
			s = -s
		}
		if x.BodyA != y.BodyA && x.BodyA == y.BodyB && x.BodyB == y.BodyA {
			s = -s
		}
		if s < 0 {
			if senses == nil {
				senses = map[string]float64{}
			}
			senses[x.Name] = s
		}
	}
	return senses
}

// sense is the sign jointSenses found for joint n (1 when none).
func (c *comparer) sense(n string) float64 {
	if s, ok := c.senses[n]; ok {
		return s
	}
	return 1
}

// mimic compares joint n's couplings, y's measured in x's senses of the
// follower and the leader: follower = multiplier·leader + offset.
func (c *comparer) mimic(n string, x, y *MimicReport) {
	switch {
	case (x == nil) != (y == nil):
		c.addf(convert.QCoupling, "joint %q: mimic in only one", n)
	case x == nil:
	default:
		sf, sl := c.sense(n), c.sense(y.Joint)
		if x.Joint != y.Joint || !c.close(x.Multiplier, sf*sl*y.Multiplier) || !c.close(x.Offset, sf*y.Offset) {
			c.addf(convert.QCoupling, "joint %q: mimic %+v vs %+v", n, *x, *y)
		}
	}
}

// worldForStatic names the world ("") instead of a static body: a joint
// to something that never moves is a joint to the world, and formats
// disagree on whether static geometry is a body (OMI static motion, Godot
// StaticBody3D) or not (KHR). static is the report's set of static bodies
// (staticBodies), built once so that each joint costs a lookup.
func worldForStatic(j JointReport, static map[string]bool) JointReport {
	if static[j.BodyA] {
		j.BodyA = ""
	}
	if static[j.BodyB] {
		j.BodyB = ""
	}
	return j
}

// staticBodies is the set of a report's static body names.
func staticBodies(r *Report) map[string]bool {
	s := map[string]bool{}
	for _, b := range r.Bodies {
		if b.Kind == convert.Static {
			s[b.Name] = true
		}
	}
	return s
}

func (c *comparer) joint(x, y JointReport) {
	n := x.Name
	swapped := false
	switch {
	case x.BodyA == y.BodyA && x.BodyB == y.BodyB:
	case x.BodyA == y.BodyB && x.BodyB == y.BodyA:
		swapped = true
	default:
		c.addf(convert.QStructure, "joint %q: bodies %q–%q vs %q–%q", n, x.BodyA, x.BodyB, y.BodyA, y.BodyB)
	}
	if y.chain != nil {
		c.chained(x, y)
		return
	}
	if x.Kind != y.Kind {
		c.addf(convert.QJointKind, "joint %q: kind %s vs %s", n, x.Kind, y.Kind)
		return
	}
	if x.Kind == kin.KindFixed {
		// a weld holds its bodies where they are: where its frames sit
		// changes nothing (MJCF reads one back at the child's origin)
		return
	}
	if !swapped && !c.closeVec(x.Anchor, y.Anchor) {
		c.addf(convert.QFrame, "joint %q: anchor %v vs %v", n, x.Anchor, y.Anchor)
	}
	c.mimic(n, x.Mimic, y.Mimic)
	c.drives(n, x, y, swapped)
	c.solvers(n, x.Solver, y.Solver)
	if x.Kind == "generic" {
		// A generic joint means its limits: each limits motion along or
		// about world directions, whatever axis numbers a format's frame
		// gives them (MJCF writes one joint per axis and reads back
		// another frame). With the bodies swapped every limited offset
		// or angle changes sign; y's frame A is then x's frame B, the
		// same at rest when the frames coincide (a writer that moves one
		// says so).
		if !c.closeVec(x.Anchor, y.Anchor) {
			c.addf(convert.QFrame, "joint %q: anchor %v vs %v", n, x.Anchor, y.Anchor)
		}
		wx, wy := worldLimits(x.Frame, x.Limits, false), worldLimits(y.Frame, y.Limits, swapped)
		if !c.sameWorldLimits(wx, wy) {
			c.addf(convert.QLimit, "joint %q: limits (world axes) %v vs %v", n, wx, wy)
		}
		return
	}
	if (x.Axis == nil) != (y.Axis == nil) {
		c.addf(convert.QAxis, "joint %q: axis in only one", n)
		return
	}
	if x.Axis == nil {
		return
	}
	ax, lx, ux := canonicalAxis(*x.Axis, float64(*x.Lower), float64(*x.Upper), false)
	ay, ly, uy := canonicalAxis(*y.Axis, float64(*y.Lower), float64(*y.Upper), swapped)
	if !c.closeVec(ax, ay) || !c.close(lx, ly) || !c.close(ux, uy) {
		q := convert.QLimit
		if !c.closeVec(ax, ay) {
			q = convert.QAxis
		}
		c.addf(q, "joint %q: axis %v [%g, %g] vs %v [%g, %g]", n, ax, lx, ux, ay, ly, uy)
	}
}

// canonicalAxis writes (axis, lower, upper) with the axis' first clearly
// non-zero component positive: (n, lo, hi) and (−n, −hi, −lo) are the same
// motion. swapped reverses the motion's sense first, as when a joint's
// bodies swap roles: the range about n becomes (−hi, −lo).
func canonicalAxis(a convert.Vec3, lo, hi float64, swapped bool) (convert.Vec3, float64, float64) {
	if swapped {
		lo, hi = -hi, -lo
	}
	for _, v := range a {
		if math.Abs(v) > 1e-9 {
			if v < 0 {
				return a.Neg(), -hi, -lo
			}
			break
		}
	}
	return a, lo, hi
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// worldLimit is a generic joint's limit on world directions.
type worldLimit struct {
	Linear                       bool
	Axes                         []convert.Vec3
	Min, Max, Stiffness, Damping float64
}

// worldLimits places each limit's axes in the world through the joint's
// frame; a one-axis limit gets its axis' first clear component positive
// (its range reversed with it), and negated ranges when the joint's bodies
// are swapped.
func worldLimits(frame convert.Quat, ls []LimitReport, swapped bool) []worldLimit {
	m := frame.Mat()
	col := func(j int) convert.Vec3 { return convert.Vec3{m[0][j], m[1][j], m[2][j]} }
	var out []worldLimit
	for _, l := range ls {
		add := func(linear bool, axes []int) {
			if len(axes) == 0 {
				return
			}
			w := worldLimit{Linear: linear, Min: float64(l.Min), Max: float64(l.Max), Stiffness: float64(l.Stiffness), Damping: float64(l.Damping)}
			for _, k := range axes {
				if k >= 0 && k < 3 {
					w.Axes = append(w.Axes, col(k))
				}
			}
			if len(w.Axes) == 1 {
				if swapped {
					w.Min, w.Max = -w.Max, -w.Min
				}
				w.Axes[0], w.Min, w.Max = canonicalAxis(w.Axes[0], w.Min, w.Max, false)
			}
			out = append(out, w)
		}
		add(true, l.Linear)
		add(false, l.Angular)
	}
	return out
}

// sameWorldLimits matches two limit lists as multisets, axes up to sign
// and order within a limit.
func (c *comparer) sameWorldLimits(xs, ys []worldLimit) bool {
	if len(xs) != len(ys) {
		return false
	}
	used := make([]bool, len(ys))
	for _, x := range xs {
		found := false
		for k, y := range ys {
			if !used[k] && c.sameWorldLimit(x, y) {
				used[k], found = true, true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

func (c *comparer) sameWorldLimit(x, y worldLimit) bool {
	if x.Linear != y.Linear || len(x.Axes) != len(y.Axes) || !c.close(x.Min, y.Min) || !c.close(x.Max, y.Max) ||
		!c.close(x.Stiffness, y.Stiffness) || !c.close(x.Damping, y.Damping) {
		return false
	}
	used := make([]bool, len(y.Axes))
	for _, u := range x.Axes {
		found := false
		for k, v := range y.Axes {
			if !used[k] && (c.closeVec(u, v) || c.closeVec(u, v.Neg())) {
				used[k], found = true, true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// worldDrive is a drive about or along a world direction, its targets'
// signs following the direction's.
type worldDrive struct {
	Type, Mode                   string
	Axis                         convert.Vec3
	MaxForce, Stiffness, Damping float64
	Position, Velocity           *float64
}

// worldDrives gives a joint's drives in world terms, the springs that
// act as one taken as one (convert.MergeSprings: a format that holds one
// spring per axis writes their sum).
func worldDrives(frame convert.Quat, ds []DriveReport, swapped bool) []worldDrive {
	ds = mergedSprings(ds)
	m := frame.Mat()
	out := make([]worldDrive, 0, len(ds))
	for _, d := range ds {
		w := worldDrive{Type: d.Type, Mode: d.Mode, MaxForce: float64(d.MaxForce), Stiffness: d.Stiffness, Damping: d.Damping}
		if d.Axis >= 0 && d.Axis < 3 {
			w.Axis = convert.Vec3{m[0][d.Axis], m[1][d.Axis], m[2][d.Axis]}
		}
		sign := 1.0
		if swapped {
			sign = -sign
		}
		for _, v := range w.Axis {
			if math.Abs(v) > 1e-9 {
				if v < 0 {
					w.Axis, sign = w.Axis.Neg(), -sign
				}
				break
			}
		}
		if d.PositionTarget != nil {
			p := sign * *d.PositionTarget
			w.Position = &p
		}
		if d.VelocityTarget != nil {
			v := sign * *d.VelocityTarget
			w.Velocity = &v
		}
		out = append(out, w)
	}
	return out
}

// mergedSprings is convert.MergeSprings on reported drives; ds itself
// when there is nothing to merge.
func mergedSprings(ds []DriveReport) []DriveReport {
	if len(ds) < 2 {
		return ds
	}
	in := make([]convert.Drive, len(ds))
	for k, d := range ds {
		in[k] = convert.Drive{Type: d.Type, Mode: d.Mode, Axis: d.Axis, MaxForce: float64(d.MaxForce),
			PositionTarget: d.PositionTarget, VelocityTarget: d.VelocityTarget, Stiffness: d.Stiffness, Damping: d.Damping}
	}
	merged := convert.MergeSprings(in)
	if len(merged) == len(in) {
		return ds
	}
	out := make([]DriveReport, len(merged))
	for k, d := range merged {
		out[k] = DriveReport{Type: d.Type, Mode: d.Mode, Axis: d.Axis, MaxForce: Num(d.MaxForce),
			PositionTarget: d.PositionTarget, VelocityTarget: d.VelocityTarget, Stiffness: d.Stiffness, Damping: d.Damping}
	}
	return out
}

// solvers compares two joints' engine solver parameters.
func (c *comparer) solvers(n string, x, y *SolverReport) {
	if !c.sameSolver(x, y) {
		c.addf(convert.QJointParam, "joint %q: solver parameters %s vs %s", n, solverText(x), solverText(y))
	}
}

func (c *comparer) sameSolver(x, y *SolverReport) bool {
	same := (x == nil) == (y == nil)
	if same && x != nil {
		same = x.Class == y.Class && len(x.Params) == len(y.Params)
		for k, v := range x.Params {
			w, ok := y.Params[k]
			same = same && ok && c.close(v, w)
		}
	}
	return same
}

func solverText(s *SolverReport) string {
	if s == nil {
		return "none"
	}
	keys := make([]string, 0, len(s.Params))
	for k := range s.Params {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for i, k := range keys {
		keys[i] = fmt.Sprintf("%s %g", k, s.Params[k])
	}
	return s.Class + " {" + strings.Join(keys, ", ") + "}"
}

// drives compares two joints' drives as multisets in world terms.
func (c *comparer) drives(n string, x, y JointReport, swapped bool) {
	if len(x.Drives) == 0 && len(y.Drives) == 0 {
		return
	}
	wx, wy := worldDrives(x.Frame, x.Drives, false), worldDrives(y.Frame, y.Drives, swapped)
	if !c.sameDrives(wx, wy) {
		c.addf(convert.QDrive, "joint %q: drives %s vs %s", n, driveText(wx), driveText(wy))
	}
}

// sameDrives matches two lists of drives in world terms as multisets.
func (c *comparer) sameDrives(wx, wy []worldDrive) bool {
	optional := func(p, q *float64) bool { return (p == nil) == (q == nil) && (p == nil || c.close(*p, *q)) }
	same := func(p, q worldDrive) bool {
		return p.Type == q.Type && p.Mode == q.Mode && c.closeVec(p.Axis, q.Axis) && c.close(p.MaxForce, q.MaxForce) &&
			c.close(p.Stiffness, q.Stiffness) && c.close(p.Damping, q.Damping) && optional(p.Position, q.Position) && optional(p.Velocity, q.Velocity)
	}
	ok := len(wx) == len(wy)
	used := make([]bool, len(wy))
	for _, p := range wx {
		if !ok {
			break
		}
		found := false
		for k, q := range wy {
			if !used[k] && same(p, q) {
				used[k], found = true, true
				break
			}
		}
		ok = found
	}
	return ok
}

func driveText(ds []worldDrive) string {
	var parts []string
	for _, d := range ds {
		s := fmt.Sprintf("%s %s about %v max %g k %g d %g", d.Type, d.Mode, d.Axis, d.MaxForce, d.Stiffness, d.Damping)
		if d.Position != nil {
			s += fmt.Sprintf(" to %g", *d.Position)
		}
		if d.Velocity != nil {
			s += fmt.Sprintf(" at %g/s", *d.Velocity)
		}
		parts = append(parts, s)
	}
	return "[" + strings.Join(parts, "; ") + "]"
}
