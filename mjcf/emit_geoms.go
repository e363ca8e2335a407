package mjcf

import (
	"errors"
	"fmt"
	"math"
	pathpkg "path"
	"slices"
	"sort"
	"strings"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/carry"
	"github.com/physconv/physconv/internal/hull"
	"github.com/physconv/physconv/internal/meshio"
)

// geoms writes the shapes a body owns (node owner ≥ 0: every node whose
// body it is) or one static node (owner < 0) into el, placed relative to
// the frame ref.
func (e *emitter) geoms(node int, el *Element, ref convert.Transform, owner int) {
	nodes := []int{node}
	if owner >= 0 {
		nodes = e.ownedNodes()[owner]
	}
	for _, i := range nodes {
		n := &e.g.Nodes[i]
		collides := n.Collider != nil && n.Collider.Shape >= 0 && n.Collider.Shape < len(e.g.Shapes)
		shows := n.Visual != nil && n.Visual.Shape >= 0 && n.Visual.Shape < len(e.g.Shapes)
		// an MJCF geom is drawn and collides at once: a node whose visual
		// is its collider's shape, or that was one geom when read, is one
		// geom; a visual of another shape is a geom of its own
		if shows && collides {
			_, fromMJCF := n.Extras[extraGeom].(map[string]string)
			shows = !fromMJCF && n.Visual.Shape != n.Collider.Shape
		}
		if collides {
			e.geom(el, ref, owner, i, n.Collider.Shape, false)
		}
		if shows {
			g, ok := e.geomElems[i]
			e.geom(el, ref, owner, i, n.Visual.Shape, true)
			if ok {
				e.geomElems[i] = g // tendons wrap the geom that collides
			}
		}
	}
}

// ownedNodes lists, for each body node, the nodes it owns in node order
// (none for other nodes); built once per Emit, all lists in one array, so
// writing every body stays linear in the node count.
func (e *emitter) ownedNodes() [][]int {
	if e.owned == nil {
		owners := e.ownerOf()
		counts := make([]int, len(owners))
		for _, b := range owners {
			if b >= 0 {
				counts[b]++
			}
		}
		e.owned = make([][]int, len(owners))
		all := make([]int, 0, len(owners))
		for b, n := range counts {
			e.owned[b] = all[len(all) : len(all) : len(all)+n]
			all = all[:len(all)+n]
		}
		for i, b := range owners {
			if b >= 0 {
				e.owned[b] = append(e.owned[b], i)
			}
		}
	}
	return e.owned
}

// geom writes node i's shape si into el, placed relative to ref, the
// world frame of body node frame (-1: MJCF's world).
func (e *emitter) geom(el *Element, ref convert.Transform, frame, i, si int, visual bool) {
	n := &e.g.Nodes[i]
	sh := e.g.Shapes[si]
	if e.subj = convert.ColliderSubject(i, e.ownerOf()[i]); visual {
		e.subj = convert.VisualSubject(i, e.ownerOf()[i])
	}
	w := e.frames.World(i)
	sc := convert.Vec3{math.Abs(w.S[0]), math.Abs(w.S[1]), math.Abs(w.S[2])}
	pose, exact := e.localPose(frame, i, func() convert.Transform { return relative(ref, w) })
	g := e.arena.New("geom", 8, 0)
	if n.Name != "" {
		g.SetAttr("name", e.uniqueName("geom", n.Name))
	}
	e.geomElems[i] = g
	zFromY := func() { pose.R = pose.R.Mul(alongY().Conj()).Normalize() }
	uniform := sc[0] == sc[1] && sc[1] == sc[2]
	switch sh.Kind {
	case convert.Sphere:
		g.SetAttr("type", "sphere")
		g.SetAttr("size", fmtFloat(sh.Radius*sc[0]))
		if !uniform {
			e.diags.Add(convert.CodeShapeApproximated, e.subj, e.names[i], "non-uniform scale on a sphere uses the X scale")
		}
	case convert.Box:
		g.SetAttr("type", "box")
		g.SetAttr("size", fmtFloats(sh.Size[0]*sc[0]/2, sh.Size[1]*sc[1]/2, sh.Size[2]*sc[2]/2))
	case convert.Ellipsoid:
		g.SetAttr("type", "ellipsoid")
		g.SetAttr("size", fmtFloats(sh.Size[0]*sc[0], sh.Size[1]*sc[1], sh.Size[2]*sc[2]))
	case convert.Capsule, convert.Cylinder:
		kind := "capsule"
		if sh.Kind == convert.Cylinder {
			kind = "cylinder"
		}
		r := sh.RadiusTop
		if sc[0] != sc[2] {
			e.diags.Add(convert.CodeShapeApproximated, e.subj, e.names[i], "non-uniform cross-section scale on a %s uses the X scale", kind)
		}
		g.SetAttr("type", kind)
		g.SetAttr("size", fmtFloats(r*sc[0], sh.Height*sc[1]/2))
		zFromY()
	case convert.Plane:
		if frame >= 0 && e.g.Nodes[frame].Motion != nil && e.g.Nodes[frame].Motion.Kind == convert.Dynamic && !e.static[el] {
			// MuJoCo refuses a plane in a body that moves (and its
			// collision planes are infinite, as lowering made this one)
			e.diags.Add(convert.CodeShapeDropped, e.subj, e.names[i], "MuJoCo allows planes only in bodies that do not move; the plane of a moving body is dropped")
			return
		}
		g.SetAttr("type", "plane")
		size := [3]float64{sh.SizeX * sc[0] / 2, sh.SizeZ * sc[2] / 2, 1}
		if ps, ok := sh.Extras[extraPlaneSize].([3]float64); ok && sh.SizeX == 0 && sh.SizeZ == 0 {
			size = ps // drawing size of an MJCF plane
		}
		g.SetAttr("size", fmtFloats(size[0], size[1], size[2]))
		zFromY()
	case convert.Convex, convert.TriMesh:
		name, ok := e.mesh(sh.Mesh, sc, e.names[i], visual)
		if !ok {
			return
		}
		g.SetAttr("type", "mesh")
		g.SetAttr("mesh", name)
	case convert.Heightfield:
		name, lo, ok := e.hfield(sh, sc, e.names[i])
		if !ok {
			return
		}
		g.SetAttr("type", "hfield")
		g.SetAttr("hfield", name)
		zFromY()
		pose.T = pose.T.Add(pose.R.Rotate(convert.Vec3{0, 0, lo}))
	default:
		e.diags.Add(convert.CodeShapeDropped, e.subj, e.names[i], "%s shapes have no MJCF geom; dropped", sh.Kind)
		return
	}
	e.setNodePose(g, pose, i, exact)
	extras, _ := n.Extras[extraGeom].(map[string]string)
	if visual {
		g.SetAttr("contype", "0")
		g.SetAttr("conaffinity", "0")
		g.SetAttr("group", "2")
		// a geom read from MJCF keeps the colour it was written with
		// (its material's, or MuJoCo's default, is implied)
		if c := n.Visual.Color; c != nil && (extras == nil || extras["rgba"] != "") {
			g.SetAttr("rgba", fmtFloats(c[0], c[1], c[2], c[3]))
		}
		if im := visualTexture(n.Visual, sh, e.g); im != nil {
			e.textureGeom(g, sh, sc, im, i)
		}
	} else if extras == nil {
		e.contactBits(g, n.Collider.Filter, e.names[i])
		e.friction(g, n.Collider.Material, e.names[i])
		switch v := n.Visual; {
		case v == nil:
		case v.Shape != n.Collider.Shape:
			// drawn by a geom of its own: this one goes to a group
			// MuJoCo's viewer hides, as collision geoms do
			g.SetAttr("group", "3")
		case v.Color != nil:
			c := v.Color
			g.SetAttr("rgba", fmtFloats(c[0], c[1], c[2], c[3]))
		}
	}
	for _, k := range sortedKeys(extras) {
		if k != "material" && !(visual && (k == "contype" || k == "conaffinity")) {
			g.SetAttr(k, extras[k])
		}
	}
	el.Children = append(el.Children, g)
}

func sortedKeys(m map[string]string) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// friction writes the material's friction (MuJoCo has one sliding
// coefficient and no restitution coefficient) and reports what MJCF
// cannot keep of it.
func (e *emitter) friction(g *Element, mi int, path string) {
	c := e.materialContact(mi)
	for _, d := range c.notes {
		d.Subject, d.Path = e.subj, path
		e.diags = append(e.diags, d)
	}
	if c.friction != "" {
		g.SetAttr("friction", c.friction)
	}
	if c.condim != "" {
		g.SetAttr("condim", c.condim)
	}
}

// materialContact is what one physics material writes on every geom that
// collides with it: the friction and condim attributes ("" when not
// written) and the diagnostics, without their subject and path.
type materialContact struct {
	friction, condim string
	notes            convert.Diagnostics
}

// materialContact is the contact of material mi (out of range: the
// default material), worked out and its messages formatted once per Emit
// rather than once per geom.
func (e *emitter) materialContact(mi int) *materialContact {
	key := 0 // the default material
	if mi >= 0 && mi < len(e.g.Materials) {
		key = mi + 1
	}
	if e.contacts == nil {
		e.contacts = make([]*materialContact, len(e.g.Materials)+1)
		e.frictionLo, e.frictionHi, _ = e.g.FrictionRange()
	}
	if c := e.contacts[key]; c != nil {
		return c
	}
	c := &materialContact{}
	e.contacts[key] = c
	var none convert.Subject
	m := convert.DefaultMaterial()
	if key > 0 {
		m = e.g.Materials[mi]
	} else {
		c.notes.Add(convert.CodeMJCFMaterialDefault, none, "", "no physics material: glTF's default friction %s is written (MuJoCo's own default, which its URDF import uses, is 1)", fmtFloat(m.DynamicFriction))
	}
	f := m.DynamicFriction
	if m.StaticFriction != m.DynamicFriction {
		f = math.Max(m.StaticFriction, m.DynamicFriction)
		c.notes.Add(convert.CodeFrictionApproximated, none, "", "static %s and dynamic %s friction become MuJoCo's single coefficient %s", fmtFloat(m.StaticFriction), fmtFloat(m.DynamicFriction), fmtFloat(f))
	}
	if m.FrictionCombine != "maximum" {
		rule := m.FrictionCombine
		if rule == "" {
			rule = "not given"
		}
		if e.frictionHi > e.frictionLo {
			// colliders of other frictions touch it: the larger now wins
			c.notes.Add(convert.CodeFrictionCombineMaximum, none, "", "MuJoCo combines the frictions of two touching geoms by their maximum; the material's combine rule (%s) is not kept, and the scene's frictions differ (%s to %s): where two of them touch, the larger one acts", rule, fmtFloat(e.frictionLo), fmtFloat(e.frictionHi)).WithSeverity(convert.Warning)
		} else {
			c.notes.Add(convert.CodeFrictionCombineMaximum, none, "", "MuJoCo combines the frictions of two touching geoms by their maximum; the material's combine rule (%s) is not kept", rule)
		}
	}
	if m.Restitution != 0 {
		c.notes.Add(convert.CodeRestitutionDropped, none, "", "restitution %s has no MJCF coefficient (MuJoCo's bounce comes from solref); dropped", fmtFloat(m.Restitution))
	}
	if m.RestitutionCombine != "" {
		c.notes.Add(convert.CodeCombineDropped, none, "", "restitution combine %q has no MJCF form (MuJoCo has no restitution coefficient); dropped", m.RestitutionCombine)
	}
	// MuJoCo's torsional friction is the spinning friction of Bullet
	torsional, rolling := 0.005, 0.0001
	if m.SpinningFriction != 0 {
		torsional = m.SpinningFriction
	}
	if m.RollingFriction != 0 {
		rolling = m.RollingFriction
	}
	if f != 1 || torsional != 0.005 || rolling != 0.0001 {
		c.friction = fmtFloats(f, torsional, rolling)
	}
	// MuJoCo applies torsional friction from condim 4 and rolling from 6
	// (at its default 3, neither)
	switch {
	case m.RollingFriction != 0:
		c.condim = "6"
	case m.SpinningFriction != 0:
		c.condim = "4"
	}
	return c
}

// bitTable assigns MJCF contype/conaffinity bits to the collision systems
// of the Graph's filters (bit 0 stays MuJoCo's default group; bit 31 is
// the sign bit of MuJoCo's int).
func (e *emitter) bitTable() {
	e.sourceMasks = len(e.g.Filters) > 0
	for _, f := range e.g.Filters {
		if _, _, ok := sourceMasks(f); !ok {
			e.sourceMasks = false
			break
		}
	}
	if e.sourceMasks {
		return
	}
	sys := map[string]bool{}
	for _, f := range e.g.Filters {
		for _, lists := range [][]string{f.Systems, f.CollideWith, f.NotCollideWith} {
			for _, s := range lists {
				if !convert.IsBodySystem(s) {
					sys[s] = true
				}
			}
		}
	}
	var names []string
	for s := range sys {
		names = append(names, s)
	}
	sort.Strings(names)
	e.bits = map[string]int{}
	var table []string
	for i, s := range names {
		// MuJoCo reads contype and conaffinity as signed 32-bit integers:
		// bit 31 would not read back, so bits 1–30 carry systems
		if i >= maxContactBit {
			e.bits[s] = maxContactBit
			continue
		}
		e.bits[s] = i + 1
		table = append(table, fmt.Sprintf("%s=bit%d", s, i+1))
	}
	if e.systemBitsWiden() && e.perFilterMasks() {
		return
	}
	if len(names) > maxContactBit {
		e.diags.Add(convert.CodeCollisionFilterApproximated, convert.DocumentSubject(), "filters", "%d collision systems, MuJoCo has 30 bits: %q and the %d after it share bit 30", len(names), names[29], len(names)-30).WithSeverity(convert.Warning)
	}
	if len(table) > 0 {
		e.diags.Add(convert.CodeCollisionBits, convert.DocumentSubject(), "filters", "collision systems as contype/conaffinity bits: %s", strings.Join(table, ", "))
	}
}

// maxContactBit is the highest contype/conaffinity bit a filter gets.
const maxContactBit = 30

// systemBitsWiden reports whether a bit per collision system pairs some
// filters' colliders that the source keeps apart (or the other way
// round). It runs before the excludes are written: a pair one filter
// keeps apart by the other's body (its own system) will get one.
func (e *emitter) systemBitsWiden() bool {
	keptApart := func(a, b convert.Filter) bool {
		return slices.ContainsFunc(a.Systems, func(s string) bool { return convert.IsBodySystem(s) && slices.Contains(b.NotCollideWith, s) })
	}
	excluded := func(i, j int) bool {
		return keptApart(e.g.Filters[i], e.g.Filters[j]) || keptApart(e.g.Filters[j], e.g.Filters[i])
	}
	return len(e.filterMismatches(excluded)) > 0
}

// perFilterMasks gives each distinct filter a contype bit of its own and
// a conaffinity of the bits of every filter it collides with under the
// source's rule (bit 0 too when it accepts a collider without a filter,
// which keeps MuJoCo's default masks of 1 and 1). Either side's bit then
// meets the other's conaffinity exactly when the source pairs them, so
// the pairs are the source's, where a bit per system widens one-sided
// filters. Filters differing only in the bodies' own systems (kept apart
// by <exclude>) share a bit; filters no collider uses take none. It
// reports false, leaving the system bits, when more than 30 filters in use
// differ or one lists a body's own system among those it collides with.
func (e *emitter) perFilterMasks() bool {
	strip := func(list []string) []string {
		var out []string
		for _, s := range list {
			if !convert.IsBodySystem(s) {
				out = append(out, s)
			}
		}
		return slices.Compact(slices.Sorted(slices.Values(out)))
	}
	// only the filters colliders use take bits
	used := make([]bool, len(e.g.Filters))
	for _, n := range e.g.Nodes {
		if c := n.Collider; c != nil && c.Filter >= 0 && c.Filter < len(used) {
			used[c.Filter] = true
		}
	}
	for i, f := range e.g.Filters {
		if used[i] && slices.ContainsFunc(f.CollideWith, convert.IsBodySystem) {
			return false
		}
	}
	canon := func(f convert.Filter) convert.Filter {
		return convert.Filter{Systems: strip(f.Systems), CollideWith: strip(f.CollideWith), NotCollideWith: strip(f.NotCollideWith)}
	}
	reps, classOf, ok := convert.FilterClasses(e.g.Filters, used, canon, maxContactBit)
	if !ok {
		return false
	}
	own, mask := convert.PairMasks(reps)
	e.perFilter = make([][2]int, len(e.g.Filters))
	table := make([]string, len(reps))
	for i, c := range classOf {
		if c < 0 {
			continue
		}
		e.perFilter[i] = [2]int{int(own[c]), int(mask[c])}
		if table[c] == "" {
			table[c] = fmt.Sprintf("%s=bit%d", convert.FilterLabel(e.g, i), c+1)
		}
	}
	e.diags.Add(convert.CodeCollisionBits, convert.DocumentSubject(), "filters", "collision filters as contype/conaffinity bits, one per filter (a bit per collision system would pair one-sided filters MuJoCo's way, either side accepting): %s", strings.Join(table, ", "))
	return true
}

// contactBits writes a filter as contype (membership) and conaffinity
// (what it collides with). MuJoCo pairs two geoms when either one's
// contype meets the other's conaffinity, so one-sided filters widen
// (filterWidening says where).
func (e *emitter) contactBits(g *Element, fi int, path string) {
	if fi < 0 || fi >= len(e.g.Filters) {
		return
	}
	ct, ca := e.filterBits(fi)
	g.SetAttr("contype", fmt.Sprint(ct))
	g.SetAttr("conaffinity", fmt.Sprint(ca))
}

// hasBit reports whether a collision system gets a contype bit: every
// one but a body's own (convert.IsBodySystem), written as <exclude>.
func hasBit(system string) bool { return !convert.IsBodySystem(system) }

// filterBits returns filter fi's contype and conaffinity bits.
func (e *emitter) filterBits(fi int) (ct, ca int) {
	if e.perFilter != nil {
		return e.perFilter[fi][0], e.perFilter[fi][1]
	}
	f := e.g.Filters[fi]
	if e.sourceMasks {
		ct, ca, _ = sourceMasks(f)
		return ct, ca
	}
	for _, s := range f.Systems {
		if b, ok := e.bits[s]; ok {
			ct |= 1 << b
		}
	}
	switch {
	case len(f.CollideWith) > 0:
		for _, s := range f.CollideWith {
			if b, ok := e.bits[s]; ok {
				ca |= 1 << b
			}
		}
	default:
		ca = 1
		for _, b := range e.bits {
			ca |= 1 << b
		}
		for _, s := range f.NotCollideWith {
			if b, ok := e.bits[s]; ok {
				ca &^= 1 << b
			}
		}
	}
	if ct == 0 && !slices.ContainsFunc(f.Systems, hasBit) {
		// no system with a bit: the default membership. A body's own
		// system ("body:" from an <exclude>) has none; the <exclude>
		// elements written for it keep those bodies apart, and a
		// contype of 0 would let the geom collide with nothing
		ct = 1
	}
	if ct == 0 && ca == 0 {
		ca = 0
	}
	return ct, ca
}

// mesh writes a Graph mesh once as an asset (file or inline) and returns
// its name. A flat mesh (all its points in one plane: a floor, a decal)
// has no hull and no volume, which MuJoCo needs of every mesh it
// compiles: it gets a back face FlatThickness behind its front one, said
// by mesh-thickened for a collider (for a visual nothing changes that is
// seen). A mesh on a line or a point is dropped.
func (e *emitter) mesh(mi int, sc convert.Vec3, path string, visual bool) (string, bool) {
	if mi < 0 || mi >= len(e.g.Meshes) {
		e.diags.Add(convert.CodeShapeDropped, e.subj, path, "mesh index %d out of range; geom dropped", mi)
		return "", false
	}
	thicken := false
	if err := e.flat[mi]; err != nil {
		var flat *hull.DegenerateError
		if !errors.As(err, &flat) || flat.Dim != 2 {
			e.diags.Add(convert.CodeShapeDropped, e.subj, path, "mesh %q is flat or degenerate (%v); MuJoCo cannot build it, geom dropped", meshLabel(e.g.Meshes[mi]), err)
			return "", false
		}
		thicken = true
	}
	key := mi
	if name, ok := e.meshNames[key]; ok && sc == (convert.Vec3{1, 1, 1}) {
		return name, true
	}
	m := e.g.Meshes[mi]
	// a file mesh the parser left unread (URDF visuals) is read now
	positions, indices, ok, err := m.Triangles()
	switch {
	case err != nil:
		e.diags.Add(convert.CodeShapeDropped, e.subj, path, "mesh %q cannot be read (%v); geom dropped", meshLabel(m), err)
		return "", false
	case !ok:
		e.diags.Add(convert.CodeShapeDropped, e.subj, path, "mesh %q has no triangles and no way to read its file; geom dropped", meshLabel(m))
		return "", false
	case len(positions) < 4 || len(indices) < 3:
		e.diags.Add(convert.CodeShapeDropped, e.subj, path, "mesh %q has fewer than 4 vertices, which MuJoCo rejects; geom dropped", meshLabel(m))
		return "", false
	}
	s := sc
	if m.Scale != (convert.Vec3{}) {
		s = s.Mul(m.Scale)
	}
	if thicken {
		var ok bool
		if positions, indices, ok = hull.ThickenFlat(positions, indices, s); !ok {
			e.diags.Add(convert.CodeShapeDropped, e.subj, path, "mesh %q is flat or degenerate; MuJoCo cannot build it, geom dropped", meshLabel(m))
			return "", false
		}
		if !visual {
			e.diags.Add(convert.CodeMeshThickened, e.subj, path, hull.ThickenedMessage, meshLabel(m), hull.FlatThickness)
		}
		m.File, m.Source, m.SourceFile = "", nil, "" // the file's triangles are not the asset's
	}
	m.Positions, m.Indices = positions, indices // local copy; the Graph is not changed
	// the same triangles at the same scale (a URDF link's visual and
	// collision mesh from one file) become one asset
	content := meshContent{positions, indices, s}
	hash := content.hash()
	if name, ok := e.meshAssets.find(content, hash); ok {
		if sc == (convert.Vec3{1, 1, 1}) {
			e.meshNames[key] = name
		}
		return name, true
	}
	base := m.Name
	if m.File != "" && (strings.Contains(base, "/") || base == pathpkg.Base(m.File)) {
		// a file reference (package://pkg/meshes/arm.stl, arm.stl) names
		// the asset "arm"
		base = strings.TrimSuffix(pathpkg.Base(base), pathpkg.Ext(base))
	}
	if base == "" {
		base = fmt.Sprintf("mesh%d", mi)
	}
	name := e.uniqueName("mesh", sanitize(base))
	el := e.asset.AddChild("mesh", "name", name)
	e.meshAssets.add(content, hash, name)
	exactScale := false
	if e.opts.Bool(InlineMeshesOption) {
		v := make([]float64, 0, 3*len(m.Positions))
		for _, p := range m.Positions {
			v = append(v, p[0], p[1], p[2])
		}
		el.SetAttr("vertex", fmtFloats(v...))
		f := make([]string, len(m.Indices))
		for i, x := range m.Indices {
			f[i] = fmt.Sprint(x)
		}
		el.SetAttr("face", strings.Join(f, " "))
	} else if data, ext, fileScale, ok := e.sourceFile(m); ok {
		// the original file, which MuJoCo reads as it is; the scale the
		// parser baked into the triangles goes into the attribute, every
		// digit of it
		s = s.Mul(fileScale)
		exactScale = true
		file := name + "." + ext
		if ref := e.referenceTo(m.SourceFile); ref != "" {
			el.SetAttr("file", ref)
		} else {
			e.out.Files["meshes/"+file] = data
			if m.SourceFile != "" && e.opts.SideFiles != "copy" {
				e.linkSide("meshes/"+file, m.SourceFile)
			}
			e.copied = append(e.copied, carry.Copy{Name: "meshes/" + file, Mesh: m, Subject: e.subj, Where: path})
			el.SetAttr("file", e.meshPrefix()+file)
		}
	} else {
		mm := &meshio.Mesh{Positions: m.Positions, Indices: m.Indices}
		file := name + ".stl"
		encode := func() []byte { return meshio.EncodeSTL(mm, name) }
		if e.meshFormat() == "obj" {
			file, encode = name+".obj", func() []byte { return meshio.EncodeOBJ(mm) }
		}
		e.encodeLater("meshes/"+file, encode)
		el.SetAttr("file", e.meshPrefix()+file)
	}
	switch {
	case s == (convert.Vec3{1, 1, 1}):
	case exactScale:
		el.SetAttr("scale", exactFloats(s[0], s[1], s[2]))
	default:
		el.SetAttr("scale", fmtFloats(s[0], s[1], s[2]))
	}
	if sc == (convert.Vec3{1, 1, 1}) {
		e.meshNames[key] = name
	} else {
		e.meshNames[-1-len(e.meshNames)] = name
	}
	return name, true
}

// meshLabel names a mesh in messages: its name, else its file.
func meshLabel(m convert.Mesh) string {
	if m.Name != "" {
		return m.Name
	}
	return m.File
}

func sanitize(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '_', r == '-', r == '.':
			return r
		}
		return '_'
	}, s)
}

// hfield writes a height field asset; lo is the lowest height, which the
// geom's position absorbs (MJCF fields start at 0).
func (e *emitter) hfield(sh convert.Shape, sc convert.Vec3, path string) (string, float64, bool) {
	f := sh.Field
	if f == nil || f.Rows < 2 || f.Columns < 2 || len(f.Heights) != f.Rows*f.Columns {
		e.diags.Add(convert.CodeShapeDropped, e.subj, path, "height field without a usable grid; dropped")
		return "", 0, false
	}
	lo, hi := f.Heights[0], f.Heights[0]
	for _, h := range f.Heights {
		lo, hi = math.Min(lo, h), math.Max(hi, h)
	}
	top := (hi - lo) * sc[1]
	if top <= 0 {
		// a flat field keeps the height scale its source gave (an MJCF
		// terrain whose heights a program fills in at run time)
		top = 1e-6
		if f.MaxY > lo && !math.IsInf(f.MaxY, 0) {
			top = (f.MaxY - lo) * sc[1]
		}
	}
	elev := make([]float64, 0, len(f.Heights))
	for r := 0; r < f.Rows; r++ {
		for c := 0; c < f.Columns; c++ {
			v := 0.0
			if hi > lo {
				v = (f.Heights[r*f.Columns+c] - lo) / (hi - lo)
			}
			elev = append(elev, v)
		}
	}
	e.hfieldCount++
	name, _ := sh.Extras[extraHFieldName].(string) // programs that fill a terrain in find it by name
	if name == "" {
		name = fmt.Sprintf("hfield%d", e.hfieldCount)
	}
	name = e.uniqueName("hfield", name)
	// the depth below the lowest point its source gave (MJCF's base), or
	// one MuJoCo accepts for a source without one
	base := (lo - f.MinY) * sc[1]
	if !(base > 0) || math.IsInf(base, 0) {
		base = math.Max(top*0.1, 1e-3)
	}
	h := e.asset.AddChild("hfield", "name", name, "nrow", fmt.Sprint(f.Rows), "ncol", fmt.Sprint(f.Columns),
		"size", fmtFloats(f.SizeX*sc[0]/2, f.SizeZ*sc[2]/2, top, base))
	if hi > lo {
		h.SetAttr("elevation", fmtFloats(elev...)) // flat fields need none (and MuJoCo 2.2 has no elevation)
	}
	return name, lo * sc[1], true
}
