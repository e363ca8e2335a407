package mjcf

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/physconv/physconv/convert"
)

// alongY turns a Graph shape's +Y axis onto MJCF's +Z (+90° about X).
func alongY() convert.Quat { return alongYTurn }

// alongYTurn is alongY's rotation, computed once: every capsule, cylinder
// and plane read turns by it.
var alongYTurn = convert.AxisAngle(convert.Vec3{1, 0, 0}, math.Pi/2)

// geom adds one <geom> as a node under its body's node (a static collider
// under the root for worldbody geoms) and records its mass contribution.
func (p *parser) geom(e *Element, node, body int, pre convert.Transform, childclass string) error {
	a, err := p.resolve(e, childclass)
	if err != nil {
		return err
	}
	kind := a.str("type", "sphere")
	// MuJoCo 3 collides an sdf geom of a plain mesh with the mesh itself
	// (through its signed distance field, not its hull) and weighs it as
	// the mesh: a triangle mesh
	sdfMesh := kind == "sdf" && a.has("mesh") && e.Child("plugin") == nil
	if sdfMesh {
		kind = "mesh"
	}
	if kind == "plane" && len(p.states) > 0 && p.states[len(p.states)-1].moving {
		return errAt(e, "a plane is allowed only in static bodies (MuJoCo refuses it in a body that moves)")
	}
	name := a.str("name", "")
	if name != "" {
		// geomNodes has every geom read so far: a failure on the way
		// there fails the parse
		if _, dup := p.geomNodes[name]; dup {
			return errAt(e, "geom name %q is used twice", name)
		}
	}
	var sizeBuf [3]float64
	size, err := a.numsUpToInto(sizeBuf[:0], "size", []float64{0, 0, 0})
	if err != nil {
		return err
	}
	gi := &geomInfo{kind: kind, size: [3]float64{size[0], size[1], size[2]}}
	t := convert.Identity()
	fromto := a.has("fromto")
	if fromto {
		switch kind {
		case "capsule", "cylinder", "ellipsoid", "box":
		default:
			return errAt(e, "fromto needs a capsule, cylinder, box or ellipsoid, not %s", kind)
		}
		var ftBuf [6]float64
		ft, err := a.numsInto(ftBuf[:0], "fromto", 6, nil)
		if err != nil {
			return err
		}
		if pos, _ := a.vec3("pos", convert.Vec3{}); pos != (convert.Vec3{}) {
			return errAt(e, "both pos and fromto given")
		}
		v := convert.Vec3{ft[0] - ft[3], ft[1] - ft[4], ft[2] - ft[5]}
		half := v.Len() / 2
		if half < eps {
			return errAt(e, "fromto end points coincide")
		}
		gi.size[1] = half
		if kind == "ellipsoid" || kind == "box" {
			gi.size[2], gi.size[1] = half, gi.size[0]
		}
		t.T = convert.Vec3{(ft[0] + ft[3]) / 2, (ft[1] + ft[4]) / 2, (ft[2] + ft[5]) / 2}
		t.R = zToVec(v.Normalize())
	} else if t, err = p.pose(a); err != nil {
		return err
	}
	if a.has("mesh") && kind != "mesh" {
		// a primitive fitted to a mesh: sized and placed from the mesh
		if fromto {
			return errAt(e, "fromto cannot be used with a mesh geom")
		}
		size, frame, err := p.fitToMesh(e, a, kind)
		if err != nil {
			return err
		}
		gi.size, t = size, t.Mul(frame)
	}
	var shape convert.Shape
	var meshA *meshAsset
	var hf *hfieldAsset
	sz := gi.size
	switch kind {
	case "plane":
		if sz[2] <= 0 && !a.has("size") {
			sz[2] = 1 // unspecified grid spacing; MuJoCo needs it positive
		}
		if sz[2] <= 0 {
			return errAt(e, "plane size(3), the grid spacing, must be positive")
		}
		// MuJoCo collides with the whole plane; its size only draws it
		// (half extents of 0 or less draw it infinite), and is kept for
		// MJCF output
		shape = convert.Shape{Kind: convert.Plane, Extras: map[string]any{extraPlaneSize: [3]float64{sz[0], sz[1], sz[2]}}}
	case "sphere":
		shape = convert.Shape{Kind: convert.Sphere, Radius: sz[0]}
	case "capsule":
		shape = convert.Shape{Kind: convert.Capsule, Height: 2 * sz[1], RadiusTop: sz[0], RadiusBottom: sz[0]}
	case "cylinder":
		shape = convert.Shape{Kind: convert.Cylinder, Height: 2 * sz[1], RadiusTop: sz[0], RadiusBottom: sz[0]}
	case "ellipsoid":
		shape = convert.Shape{Kind: convert.Ellipsoid, Size: convert.Vec3{sz[0], sz[1], sz[2]}}
	case "box":
		shape = convert.Shape{Kind: convert.Box, Size: convert.Vec3{2 * sz[0], 2 * sz[1], 2 * sz[2]}}
	case "mesh":
		meshName := a.str("mesh", "")
		meshA = p.meshes[meshName]
		if meshA == nil {
			return errAt(e, "unknown mesh %q", meshName)
		}
		shape = convert.Shape{Kind: convert.Convex, Mesh: meshA.mesh}
		if sdfMesh {
			shape.Kind = convert.TriMesh
		}
	case "hfield":
		hfieldName := a.str("hfield", "")
		hf = p.hfields[hfieldName]
		if hf == nil {
			return errAt(e, "unknown hfield %q", hfieldName)
		}
		gi.size = [3]float64{hf.size[0], hf.size[1], 0.25*hf.size[2] + 0.5*hf.size[3]}
		shape = convert.Shape{Kind: convert.Heightfield, Field: hf.field(), Extras: map[string]any{extraHFieldName: hfieldName}}
	case "sdf":
		return &convert.UnsupportedError{Path: p.path(e), Msg: "mjcf: sdf geoms (signed distance fields, from a plugin or a mesh) are not supported"}
	default:
		return errAt(e, "unknown geom type %q", kind)
	}
	for i := 0; i < sizesNeeded(kind); i++ {
		if gi.size[i] <= 0 {
			return errAt(e, "%s size %d must be positive (zero-size geom)", kind, i+1)
		}
	}

	local := pre.Mul(t)
	nodeT := local
	switch kind {
	case "capsule", "cylinder", "plane", "hfield":
		nodeT.R = nodeT.R.Mul(alongY()).Normalize()
	}
	contype, err := a.intAttr("contype", 1)
	if err != nil {
		return err
	}
	conaff, err := a.intAttr("conaffinity", 1)
	if err != nil {
		return err
	}
	group, err := a.intAttr("group", 0)
	if err != nil {
		return err
	}
	shape.Name = name
	si := p.g.AddShape(shape)
	n := convert.Node{Name: name, Transform: nodeT}
	if !p.forReport {
		n.Extras = map[string]any{extraGeom: p.sharedGeomExtras(a)}
		if rpy, ok := p.spelledRPY(a); ok && !fromto {
			n.Extras[convert.ExtraRotationRPY] = rpy // writers check it still holds
		} else if q, ok := p.spelledQuat(a); ok && !fromto {
			n.Extras[convert.ExtraRotationQuat] = q
		}
	}
	color, err := p.geomColor(a)
	if err != nil {
		return err
	}
	gp := &geomParts{color: color}
	var kept []string // contact attributes without a Graph form
	if contype == 0 && conaff == 0 {
		gp.visual = convert.Visual{Shape: si, Color: &gp.color}
		n.Visual = &gp.visual
	} else {
		mat, err := p.material(a)
		if err != nil {
			return err
		}
		gp.collider = convert.Collider{Shape: si, Material: mat, Filter: -1}
		n.Collider = &gp.collider
		p.geomMasks = append(p.geomMasks, geomMask{collider: &gp.collider, masks: [2]int{contype, conaff}})
		if kept, err = contactKept(a); err != nil {
			return err
		}
		// a geom MuJoCo draws is seen as well as collided with
		if drawn(group, color) {
			if vs := p.visualShape(shape, si, sz); vs >= 0 {
				gp.visual = convert.Visual{Shape: vs, Color: &gp.color}
				n.Visual = &gp.visual
			}
		}
	}
	gn := p.g.AddNode(n, node)
	if len(kept) > 0 {
		p.diags.Add(convert.CodeGeomContactKept, p.g.ColliderSubject(gn), p.path(e), "contact attributes %s have no Graph form: kept for MJCF output only (other formats use their engine's contact)", strings.Join(kept, ", "))
	}
	if n.Visual != nil {
		p.visualLook(e, a, n.Visual, p.g.VisualSubject(gn))
	}
	if n.Name != "" {
		p.geomNodes[n.Name] = gn
	}

	// mass contribution (MuJoCo counts geoms of any kind in the group range)
	if body < 0 || group < p.comp.groupMin || group > p.comp.groupMax {
		return nil
	}
	if p.comp.inertiaFromGeom == "false" {
		return nil
	}
	gi.pos, gi.quat, gi.group = local.T, local.R, group
	if gi.mass, err = a.num("mass", -1); err != nil {
		return err
	}
	if a.has("mass") && gi.mass < 0 {
		return errAt(e, "mass cannot be negative")
	}
	if gi.density, err = a.num("density", 1000); err != nil {
		return err
	}
	if gi.density < 0 {
		return errAt(e, "density cannot be negative")
	}
	if gi.shell, err = a.boolean("shellinertia", false); err != nil {
		return err
	}
	if gi.shell && (kind == "box" || kind == "ellipsoid") {
		p.diags.Add(convert.CodeMassApproximated, convert.BodySubject(body), p.path(e), "shell inertia of a %s uses the solid moments; MuJoCo's shell formula differs", kind)
	}
	if gi.mass == 0 || gi.mass < 0 && gi.density == 0 {
		return nil
	}
	if meshA != nil {
		mm, err := p.massData(meshA)
		if err != nil {
			return err
		}
		gi.mesh = mm
	}
	if len(p.states) == 0 || !p.states[len(p.states)-1].massFromGeoms {
		return nil // the body's <inertial> gives its mass properties
	}
	part := geomMassPart(gi)
	part.special = a.has("mass") || a.has("density") || contype == 0 && conaff == 0 || meshA != nil
	st := &p.states[len(p.states)-1]
	st.parts = append(st.parts, part)
	return nil
}

// geomParts holds what a geom's node points to (its visual, its collider
// and their colour), allocated as one: a large model has thousands of
// geoms.
type geomParts struct {
	visual   convert.Visual
	collider convert.Collider
	color    [4]float64
}

// geomExtras keeps the contact attributes the Graph has no field for, so
// MJCF output can write them back.
func geomExtras(a attrs) map[string]string {
	var room [contactAttrCount]attrValuePair
	return pairMap(contactAttrs(room[:0], a))
}

// sharedGeomExtras is geomExtras, one map for all the geoms with the same
// contact attributes: a model's geoms mostly repeat a few settings, and a
// map per geom was a large part of reading one. Node Extras are read
// only once built (Graph.Clone shares them too).
func (p *parser) sharedGeomExtras(a attrs) map[string]string {
	var room [contactAttrCount]attrValuePair
	pairs := contactAttrs(room[:0], a)
	// the key spells each name with its value's length, so that no
	// value can pass for more pairs
	var keyRoom [256]byte
	key := keyRoom[:0]
	for _, x := range pairs {
		key = append(key, x.name...)
		key = strconv.AppendInt(append(key, ' '), int64(len(x.value)), 10)
		key = append(append(key, ' '), x.value...)
	}
	if m, ok := p.geomExtrasByKey[string(key)]; ok {
		return m
	}
	m := pairMap(pairs)
	if p.geomExtrasByKey == nil {
		p.geomExtrasByKey = map[string]map[string]string{}
	}
	p.geomExtrasByKey[string(key)] = m
	return m
}

// attrValuePair is an attribute's name and value.
type attrValuePair struct{ name, value string }

// contactAttrs appends to dst the contact attributes of the geom, sorted
// by name: its own (the last of a repeated name) over its class's.
func contactAttrs(dst []attrValuePair, a attrs) []attrValuePair {
	for k, v := range a.def {
		if isContactAttr(k) {
			dst = append(dst, attrValuePair{k, v})
		}
	}
	// the element's own, after the defaults: they win, and the last of a
	// repeated name last
	for _, x := range a.own {
		if !isContactAttr(x.Name) {
			continue
		}
		if i := slices.IndexFunc(dst, func(y attrValuePair) bool { return y.name == x.Name }); i >= 0 {
			dst[i].value = x.Value
		} else {
			dst = append(dst, attrValuePair{x.Name, x.Value})
		}
	}
	slices.SortFunc(dst, func(x, y attrValuePair) int { return strings.Compare(x.name, y.name) })
	return dst
}

// pairMap is the pairs as a map.
func pairMap(pairs []attrValuePair) map[string]string {
	m := make(map[string]string, len(pairs))
	for _, x := range pairs {
		m[x.name] = x.value
	}
	return m
}

// contactAttrCount is the number of names isContactAttr takes.
const contactAttrCount = 15

// isContactAttr names the geom attributes geomExtras keeps: those of its
// contacts, and its shape in the fluid model (fluidshape, fluidcoef),
// which moves a body through the <option> density and viscosity that
// MJCF output keeps too.
func isContactAttr(name string) bool {
	switch name {
	case "contype", "conaffinity", "condim", "group", "priority", "friction",
		"solref", "solimp", "solmix", "margin", "gap", "rgba", "material",
		"fluidshape", "fluidcoef":
		return true
	}
	return false
}

// material returns the Graph material for the geom's friction (MuJoCo
// combines friction by maximum, restitution comes from solref and has no
// coefficient): sliding, and the torsional (spinning) and rolling
// coefficients where the geom's condim lets MuJoCo apply them (4 and 6;
// at the default 3 they are not used).
func (p *parser) material(a attrs) (int, error) {
	var fBuf [3]float64
	f, err := a.numsUpToInto(fBuf[:0], "friction", []float64{1, 0.005, 0.0001})
	if err != nil {
		return 0, err
	}
	condim, err := a.intAttr("condim", 3)
	if err != nil {
		return 0, err
	}
	key := frictionKey{used: 1, sliding: math.Float64bits(f[0])}
	if condim >= 4 {
		key.used, key.torsional = 2, math.Float64bits(f[1])
	}
	if condim >= 6 {
		key.used, key.rolling = 3, math.Float64bits(f[2])
	}
	if i, ok := p.frictionMaterials[key]; ok {
		return i, nil
	}
	i := p.frictionMaterial(f, condim)
	if p.frictionMaterials == nil {
		p.frictionMaterials = map[frictionKey]int{}
	}
	p.frictionMaterials[key] = i
	return i, nil
}

// frictionKey is what frictionMaterial makes a material of: how many
// friction coefficients the geom's condim uses, and the bits of each (equal
// bits, equal material).
type frictionKey struct {
	used                        int
	sliding, torsional, rolling uint64
}

// frictionMaterial finds or adds the Graph material of the friction
// coefficients f at condim.
func (p *parser) frictionMaterial(f []float64, condim int) int {
	m := convert.Material{Name: "friction " + fmtFloat(f[0]), StaticFriction: f[0], DynamicFriction: f[0], FrictionCombine: "maximum"}
	if condim >= 4 {
		m.SpinningFriction = f[1]
		m.Name += " torsional " + fmtFloat(f[1])
	}
	if condim >= 6 {
		m.RollingFriction = f[2]
		m.Name += " rolling " + fmtFloat(f[2])
	}
	if i, ok := p.materials.Find(p.g, m); ok {
		return i
	}
	p.g.Materials = append(p.g.Materials, m)
	return len(p.g.Materials) - 1
}

// attrDefault is a MuJoCo attribute with its default numbers.
type attrDefault struct {
	name string
	def  []float64
}

// contactDefaults are MuJoCo's values of the geom contact attributes the
// Graph has no form for.
var contactDefaults = []attrDefault{
	{"solref", []float64{0.02, 1}}, {"solimp", []float64{0.9, 0.95, 0.001, 0.5, 2}}, {"solmix", []float64{1}},
	{"margin", []float64{0}}, {"gap", []float64{0}}, {"priority", []float64{0}},
}

// attrValue is an attribute as spelled and its numbers.
type attrValue struct {
	name, spelled string
	nums          []float64
}

// differing returns the attributes of defs an element (with its
// defaults) gives other numbers than MuJoCo's, however spelled.
func differing(a attrs, defs []attrDefault) ([]attrValue, error) {
	var out []attrValue
	for _, c := range defs {
		v, ok := a.get(c.name)
		if !ok {
			continue
		}
		var buf [8]float64 // copied only when it differs, the rare case
		got, err := a.numsInto(buf[:0], c.name, -1, nil)
		if err != nil {
			return nil, err
		}
		for k := range got {
			if k >= len(c.def) || got[k] != c.def[k] {
				out = append(out, attrValue{c.name, v, slices.Clone(got)})
				break
			}
		}
	}
	return out, nil
}

// notDefault lists the attributes of defs that differ from MuJoCo's
// defaults as name="value".
func notDefault(a attrs, defs []attrDefault) ([]string, error) {
	vals, err := differing(a, defs)
	out := make([]string, len(vals))
	for i, v := range vals {
		out[i] = fmt.Sprintf("%s=%q", v.name, v.spelled)
	}
	return out, err
}

// contactKept lists a geom's contact attributes that differ from MuJoCo's
// defaults and have no Graph form (geomExtras keeps them for MJCF output),
// as name="value": contact softness and reach, priority, and a condim of 1
// or 2 (no friction when both geoms say so; MuJoCo takes the larger).
func contactKept(a attrs) ([]string, error) {
	out, err := notDefault(a, contactDefaults)
	if err != nil {
		return nil, err
	}
	if condim, err := a.intAttr("condim", 3); err != nil {
		return nil, err
	} else if condim < 3 {
		out = append(out, fmt.Sprintf("condim=%q", fmt.Sprint(condim)))
	}
	return out, nil
}

// Solver classes of the Graph's JointSolver for MuJoCo's joint and
// equality-constraint solver attributes, which MJCF output writes back.
const (
	solverJoint    = "MuJoCo joint"
	solverEquality = "MuJoCo equality"
	solverTendon   = "MuJoCo tendon"
)

// jointSolverDefaults, tendonSolverDefaults and equalitySolverDefaults
// are MuJoCo's values of the solver attributes of joints (limit and
// friction softness, limit margin), of tendons and of equality
// constraints.
var (
	jointSolverDefaults = []attrDefault{
		{"solreflimit", []float64{0.02, 1}}, {"solimplimit", []float64{0.9, 0.95, 0.001, 0.5, 2}},
		{"solreffriction", []float64{0.02, 1}}, {"solimpfriction", []float64{0.9, 0.95, 0.001, 0.5, 2}},
		{"margin", []float64{0}},
	}
	// a tendon's margin is the Graph's own (Tendon.Margin)
	tendonSolverDefaults   = jointSolverDefaults[:4]
	equalitySolverDefaults = []attrDefault{
		{"solref", []float64{0.02, 1}}, {"solimp", []float64{0.9, 0.95, 0.001, 0.5, 2}},
	}
)

// solverParams returns an element's solver attributes of defs that
// differ from MuJoCo's defaults as the parameters of a Graph JointSolver
// ("solreflimit.0", "solreflimit.1", …, sorted), nil when none does.
func solverParams(a attrs, defs []attrDefault) ([]convert.SolverParam, error) {
	vals, err := differing(a, defs)
	if err != nil {
		return nil, err
	}
	var out []convert.SolverParam
	for _, v := range vals {
		for k, x := range v.nums {
			out = append(out, convert.SolverParam{Key: fmt.Sprintf("%s.%d", v.name, k), Value: x})
		}
	}
	slices.SortFunc(out, func(x, y convert.SolverParam) int { return strings.Compare(x.Key, y.Key) })
	return out, nil
}

// solverAttrs turns a JointSolver's parameters back into attribute
// values: name → its numbers in order.
func solverAttrs(params []convert.SolverParam) map[string]string {
	parts := map[string][]float64{}
	for _, p := range params {
		name, idx, ok := strings.Cut(p.Key, ".")
		k, err := strconv.Atoi(idx)
		if !ok || err != nil || k < 0 || k > 8 {
			continue
		}
		for len(parts[name]) <= k {
			parts[name] = append(parts[name], 0)
		}
		parts[name][k] = p.Value
	}
	out := map[string]string{}
	for name, v := range parts {
		out[name] = fmtFloats(v...)
	}
	return out
}

// couplingSolver reads an equality's solver attributes that differ from
// MuJoCo's defaults as its coupling's solver parameters (nil: none do).
func couplingSolver(a attrs) (*convert.JointSolver, error) {
	params, err := solverParams(a, equalitySolverDefaults)
	if err != nil || params == nil {
		return nil, err
	}
	return &convert.JointSolver{Class: solverEquality, Params: params}, nil
}

func bitNames(mask int) []string {
	var out []string
	for b := 0; b < 32; b++ {
		if mask&(1<<b) != 0 {
			out = append(out, fmt.Sprintf("bit%d", b))
		}
	}
	return out
}

// field converts the asset to the Graph's heightfield: rows along −Y of
// MJCF become rows along +Z of the shape, heights in metres. MuJoCo puts
// the first elevation row (a PNG's top row) at +Y, which is the Graph's
// −Z: the Graph's first row, as it is Godot's.
func (h *hfieldAsset) field() *convert.HeightField {
	f := &convert.HeightField{Columns: h.ncol, Rows: h.nrow, SizeX: 2 * h.size[0], SizeZ: 2 * h.size[1],
		MinY: -h.size[3], MaxY: h.size[2], Heights: make([]float64, h.nrow*h.ncol)}
	if len(h.heights) == h.nrow*h.ncol && len(h.heights) > 0 {
		lo, hi := h.heights[0], h.heights[0]
		for _, v := range h.heights {
			lo, hi = math.Min(lo, v), math.Max(hi, v)
		}
		for r := 0; r < h.nrow; r++ {
			for c := 0; c < h.ncol; c++ {
				v := h.heights[r*h.ncol+c]
				if hi > lo {
					v = (v - lo) / (hi - lo)
				} else {
					v = 0
				}
				f.Heights[r*h.ncol+c] = v * h.size[2]
			}
		}
	}
	return f
}

// sizesNeeded is how many leading size values a primitive geom type must
// have positive.
func sizesNeeded(kind string) int {
	switch kind {
	case "sphere":
		return 1
	case "capsule", "cylinder":
		return 2
	case "ellipsoid", "box":
		return 3
	}
	return 0
}
