package mjcf

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/physconv/physconv/convert"
)

// parser carries the state of one Parse.
type parser struct {
	// actIndex is the place among the file's actuators of the one read
	actIndex int
	in       *convert.Input
	// droppedMakers are the elements dropped unread that would have
	// made bodies, sites or joints (a <composite>, a <flexcomp>)
	droppedMakers []*Element
	g             *convert.Graph
	diags         convert.Diagnostics
	comp          compiler
	classes       map[string]*class
	meshes        map[string]*meshAsset
	textures      map[string]*textureAsset
	// looks holds each <material>'s colour and texture, which the geoms
	// that name it are drawn with.
	looks    map[string]*materialAsset
	lastMesh *meshAsset // the mesh meshAsset added last
	hfields  map[string]*hfieldAsset
	root     int
	// bodyNodes lists the node of each MJCF body in document order
	// (MuJoCo's body ids minus the world).
	bodyNodes  []int
	bodyByName map[string]int
	// joints maps an MJCF joint name to its Graph joint node and whether
	// that Graph joint has exactly one degree of freedom.
	joints map[string]jointRef
	// jointNames are the names of every joint read, free ones too
	jointNames map[string]bool
	dropped    map[string]int
	extra      []*Element
	states     []bodyState
	// replicas counts <replicate> copies made so far (bounded).
	replicas int
	// replicated maps each name given inside a <replicate> (and each
	// element copied for referring to one) to the suffixes of its copies;
	// nil for a name inside nested replicates
	replicated map[string][]string
	// geomNodes, siteByName and tendonByName resolve the names tendons
	// refer to (a named geom's node, a site's Graph.Sites index);
	// geomNodes also finds a geom name used twice, which MuJoCo refuses.
	geomNodes    map[string]int
	siteByName   map[string]int
	tendonByName map[string]int
	// materials finds the Graph material a geom's friction already has;
	// frictionMaterials remembers the answer for each friction (looking
	// it up builds the material's name).
	materials         convert.MaterialFinder
	frictionMaterials map[frictionKey]int
	// filterByName indexes the first filters[:filtersIndexed] by name
	filterByName   map[string]int
	filtersIndexed int
	// geomExtrasByKey holds the contact-attribute maps geoms share
	// (sharedGeomExtras).
	geomExtrasByKey map[string]map[string]string
	// geomMasks are the contype and conaffinity of every geom that
	// collides, made filters once all are read (filterMasks)
	geomMasks []geomMask
	// excludes are the <exclude> pairs read (excludesLost)
	excludes []excludePair
	// excluded gathers each body's <exclude>s, in the order of the bodies'
	// first (exclude, excludeAll)
	excluded      map[int]*bodyExcludes
	excludedOrder []int
	// weldedJoints holds the moving joints whose parent body MuJoCo welds
	// to the world, by their two bodies (weldedParentJoints)
	weldedJoints map[[2]int][]int
	// unnamedLinks are the joint-stack links stackNames names
	unnamedLinks []stackLink
	// attachedCompilers are the compiler settings of attached models
	// (attachCompiler); attachments counts the attachments made
	attachedCompilers []compiler
	attachments       int
	// attachedDefaults are the top-level <default>s attachment added,
	// one per attached model, each a class of its own
	attachedDefaults map[*Element]bool
	// forReport leaves out what only the writer reads
	// (convert.Options.ForReport)
	forReport bool
}

type jointRef struct {
	node   int
	single bool
	// limited, lo and hi are the joint's own range, as written (radians
	// or metres): what a position actuator's inheritrange takes
	limited bool
	lo, hi  float64
}

// Parse reads an MJCF file into a Graph (see the package comment).
func Parse(in *convert.Input) (*convert.Graph, convert.Diagnostics, error) {
	p, err := parse(in)
	if err != nil {
		return nil, nil, err
	}
	return p.g, p.diags, nil
}

func parse(in *convert.Input) (p *parser, err error) {
	defer func() {
		if r := recover(); r != nil {
			p, err = nil, &convert.FormatError{Msg: fmt.Sprintf("mjcf: internal error on this input: %v", r)}
		}
	}()
	top, ignored, err := decode(in.Data, in.Immutable)
	if err != nil {
		return nil, err
	}
	p = &parser{in: in, g: convert.NewGraph(), comp: defaultCompiler(), classes: map[string]*class{},
		meshes: map[string]*meshAsset{}, textures: map[string]*textureAsset{}, looks: map[string]*materialAsset{}, hfields: map[string]*hfieldAsset{},
		dropped:    map[string]int{},
		siteByName: map[string]int{}, tendonByName: map[string]int{}}
	p.forReport = in.Options != nil && in.Options.ForReport
	tails, includeDiags, err := expandIncludes(in, top)
	p.diags = append(p.diags, includeDiags...)
	if ignored > 0 {
		tails = append([]afterRoot{{line: ignored}}, tails...)
	}
	for _, t := range tails {
		d := p.diags.Add(convert.CodeXMLAfterRootIgnored, convert.DocumentSubject(), "", "content after the top-level element is ignored, as MuJoCo's XML parser passes over it").AtLine(t.line)
		d.File = t.file
	}
	if err != nil {
		return nil, err
	}
	if err := p.expandAttachments(top); err != nil {
		return nil, err
	}
	if err := p.model(top); err != nil {
		return nil, err
	}
	return p, nil
}

// path names an element for diagnostics: its kind, name and line.
func (p *parser) path(e *Element) string { return elementPath(e) }

// elementPath names an element for diagnostics: its file when it is not
// the main one, its kind, name and line.
func elementPath(e *Element) string {
	s := e.Name
	if n, ok := e.Attr("name"); ok {
		s += "[" + n + "]"
	}
	if e.Line > 0 {
		s += fmt.Sprintf("@%d", e.Line)
	}
	if e.File != "" {
		s = e.File + ":" + s
	}
	return s
}

func (p *parser) model(top *Element) error {
	for _, c := range top.Children {
		if c.Name == "compiler" {
			if err := p.comp.apply(p, c); err != nil {
				return err
			}
		}
	}
	for _, c := range top.Children {
		if c.Name == "default" {
			if err := p.collectDefaults(c, nil); err != nil {
				return err
			}
		}
	}
	if _, ok := p.classes["main"]; !ok {
		p.classes["main"] = &class{name: "main", kinds: map[string]map[string]string{}}
	}
	for _, c := range top.Children {
		if c.Name == "asset" {
			if err := p.assets(c); err != nil {
				return err
			}
		}
	}
	name, _ := top.Attr("model")
	rootT := convert.Identity()
	if p.in.Options == nil || p.in.Options.Up != "keep" {
		rootT.R = zUpToYUp()
	}
	size := modelSize{nodes: 1}
	for _, c := range top.Children {
		if c.Name == "worldbody" {
			size.count(c)
		}
	}
	p.g.Reserve(size.nodes, size.shapes)
	p.bodyByName = make(map[string]int, size.namedBodies)
	p.geomNodes = make(map[string]int, size.namedGeoms)
	p.joints = make(map[string]jointRef, size.namedJoints)
	p.jointNames = make(map[string]bool, size.namedJoints)
	p.root = p.g.AddNode(convert.Node{Name: rootName(name), Transform: rootT,
		Extras: map[string]any{extraRoot: true}}, -1)
	p.g.Extras[extraModel] = name
	p.g.Name = name

	for _, c := range top.Children {
		if c.Name == "worldbody" {
			if p.comp.global {
				if err := p.localize(c); err != nil {
					return err
				}
			}
			if err := p.children(c, p.root, -1, convert.Identity(), ""); err != nil {
				return err
			}
		}
	}
	p.filterMasks()
	p.stackNames()
	p.applyTotalMass()
	top, err := p.replicateReferrers(top)
	if err != nil {
		return err
	}
	ctrl, onlyTargets := targetCtrl(top)
	groupsOff := actuatorGroupsOff(top)
	nextActuator := 0
	for _, c := range top.Children {
		if c.Name == "tendon" { // before <equality>, which may refer to tendons
			if err := p.tendons(c); err != nil {
				return err
			}
		}
	}
	for _, c := range top.Children {
		var err error
		switch c.Name {
		case "compiler", "default", "asset", "worldbody", "tendon":
		case "actuator":
			err = p.actuators(c, ctrl, &nextActuator, groupsOff)
		case "keyframe":
			if !onlyTargets {
				p.keepSection(c)
			}
		case "equality":
			err = p.equalities(c)
		case "contact":
			err = p.contacts(c)
		case "option":
			if err = p.gravity(c, rootT); err == nil {
				p.solverSettings(c)
				p.keepSection(c)
			}
		case "body":
			// MuJoCo 3 ignores a body outside <worldbody> (2.2 refuses
			// the file): not kept, so the output loads in both
			p.diags.Add(convert.CodeFieldDropped, convert.DocumentSubject(), p.path(c), "<body> outside <worldbody> is ignored, as MuJoCo 3 ignores it (MuJoCo 2.2 refuses the file): its bodies are not read")
		default:
			if !topSections[c.Name] {
				// MuJoCo refuses the file ("unrecognized element"): a
				// <geom> or <joint> outside <worldbody> is an include
				// fragment, not a model
				return errAt(c, "<%s> cannot be a section of <mujoco> (MuJoCo refuses the file); geoms, joints and sites go inside <worldbody>", c.Name)
			}
			p.keepSection(c)
		}
		if err != nil {
			return err
		}
	}
	p.excludesLost()
	if len(p.extra) > 0 {
		p.g.Extras[extraSections] = p.extra
	}
	p.reportDropped()
	return nil
}

// topSections are the elements MuJoCo takes directly inside <mujoco>
// (<include> is expanded before).
var topSections = map[string]bool{"compiler": true, "option": true, "size": true, "visual": true, "statistic": true,
	"default": true, "extension": true, "custom": true, "asset": true, "worldbody": true, "contact": true,
	"deformable": true, "equality": true, "tendon": true, "actuator": true, "sensor": true, "keyframe": true}

// Extras keys this package owns.
const (
	extraRoot     = "mjcf.root"     // node: the Z-up → Y-up root Parse added
	extraModel    = "mjcf.model"    // graph: the model name
	extraSections = "mjcf.sections" // graph: []*Element kept verbatim
	extraStack    = "mjcf.stack"    // node: a joint-stack link (body name)
	extraGeom     = "mjcf.geom"     // node: map of contact attributes
	// extraEquality (joint): the kind of MJCF equality ("weld",
	// "connect") the joint was read from; MJCF output writes it back as
	// one, never as a nested body
	extraEquality = "mjcf.equality"
	// extraFreeJoint (body node): the name of the plain <freejoint> of a
	// free body, which the Graph holds as no joint; MJCF output names its
	// <freejoint> so, and actuators and sensors on it keep their joint
	extraFreeJoint = "mjcf.freejoint"
	// extraHFieldName (shape): the <hfield> asset a height field geom
	// named, whose name programs that fill a terrain in look up
	extraHFieldName = "mjcf.hfield"
	// extraJointNames (joint): axis key ("linear0".."angular2", "angular"
	// for a ball) → the MJCF joint name it came from; the shared key, so
	// other emitters name their per-axis joints the same way.
	extraJointNames = convert.ExtraAxisNames
	// extraJointRefs (joint): axis key → the MJCF joint's ref (rad or m,
	// in the sense of that Graph axis). The Graph measures every joint
	// from the pose in the file, which MuJoCo reaches at qpos = ref; Emit
	// writes ref back and shifts range, springref and targets by it.
	extraJointRefs = "mjcf.refs"
	// extraJointSigns (joint): axis key → -1 for an MJCF joint whose axis
	// points against that Graph axis (hinges in a body taken in a
	// left-handed order: a right-handed frame reverses one). Its
	// coordinate is the Graph axis' negated; the sections kept verbatim
	// (actuator gears, tendon coefficients, joint equalities) measure it
	// in the source's sense, and Emit turns them to the sense it writes.
	extraJointSigns = "mjcf.signs"
	// extraJointOrder (joint): the axis keys of a body's joints in the
	// order the file writes them; MJCF output writes them so (slides
	// commute, and hinges keep their order in the joint's frame anyway),
	// keeping each joint's place in qpos
	extraJointOrder = "mjcf.order"
	// extraJointParams (joint): axis key → the MJCF joint's damping (not
	// a spring's: that is its drive's), armature and frictionloss, when
	// they differ between the joints one Graph joint holds (which keeps
	// the largest); MJCF and URDF output write each.
	extraJointParams = convert.ExtraAxisParams
)

func rootName(model string) string {
	if model == "" {
		return "mujoco"
	}
	return model
}

// zUpToYUp is the −90° turn about X that makes MJCF's +Z the Graph's +Y.
func zUpToYUp() convert.Quat { return convert.AxisAngle(convert.Vec3{1, 0, 0}, -math.Pi/2) }

// mujocoGravity is MuJoCo's default gravity, MJCF axes.
var mujocoGravity = convert.Vec3{0, 0, -9.81}

// gravity reads <option gravity> (and <flag gravity="disable">, which
// turns it off) into the Graph's scene gravity, turned by root (MJCF's
// axes to the Graph's); MuJoCo's default leaves it unset.
func (p *parser) gravity(opt *Element, root convert.Transform) error {
	v, err := ownAttrs(opt).vec3("gravity", mujocoGravity)
	if err != nil {
		return err
	}
	for _, c := range opt.Children {
		if c.Name == "flag" && c.AttrOr("gravity", "enable") == "disable" {
			v = convert.Vec3{}
		}
	}
	if v == mujocoGravity {
		return nil
	}
	w := root.R.Rotate(v)
	if root.R == zUpToYUp() {
		w = convert.Vec3{v[0], v[2], -v[1]} // the same turn, exactly
	}
	for k := range w {
		if w[k] == 0 {
			w[k] = 0 // not -0
		}
	}
	p.g.Gravity = &w
	return nil
}

// optionDefaults are MuJoCo's defaults of the <option> attributes that
// change how a scene moves (gravity has its own Graph field; magnetic,
// apirate and the like change nothing a body does).
var optionDefaults = map[string]string{
	"timestep": "0.002", "integrator": "Euler", "cone": "pyramidal", "impratio": "1",
	"tolerance": "1e-8", "iterations": "100", "ls_iterations": "50", "ls_tolerance": "0.01",
	"noslip_iterations": "0", "noslip_tolerance": "1e-6", "ccd_iterations": "50", "ccd_tolerance": "1e-6",
	"density": "0", "viscosity": "0", "wind": "0 0 0", "solver": "Newton", "jacobian": "auto",
	"o_margin": "0", "o_solref": "0.02 1", "o_solimp": "0.9 0.95 0.001 0.5 2", "o_friction": "1 1 0.005 0.0001 0.0001",
}

// flagsOff are the <flag> settings MuJoCo has off unless enabled (2.2's
// sensornoise too); every other flag is on. gravity has the Graph's
// field; energy only reports.
var flagsOff = map[string]bool{"override": true, "energy": true, "fwdinv": true, "invdiscrete": true, "multiccd": true, "sensornoise": true}

// solverSettings records the <option> values other than MuJoCo's defaults
// (and flags turned from their default) in Graph.SolverSettings, so that
// a target without them says they are lost.
func (p *parser) solverSettings(opt *Element) {
	for _, a := range opt.Attrs {
		def, ok := optionDefaults[a.Name]
		if ok && !sameOption(a.Value, def) {
			p.g.SolverSettings = append(p.g.SolverSettings, a.Name+" "+a.Value)
		}
	}
	for _, c := range opt.Children {
		if c.Name != "flag" {
			continue
		}
		for _, a := range c.Attrs {
			if a.Name == "gravity" || a.Name == "energy" {
				continue
			}
			on := a.Value == "enable"
			if on == flagsOff[a.Name] {
				p.g.SolverSettings = append(p.g.SolverSettings, "flag "+a.Name+" "+a.Value)
			}
		}
	}
}

// sameOption compares an option's value with its default, number by
// number where both are numbers.
func sameOption(v, def string) bool {
	a, b := strings.Fields(v), strings.Fields(def)
	if len(a) != len(b) {
		return v == def
	}
	for i := range a {
		x, err1 := strconv.ParseFloat(a[i], 64)
		y, err2 := strconv.ParseFloat(b[i], 64)
		if err1 != nil || err2 != nil {
			if a[i] != b[i] {
				return false
			}
			continue
		}
		if x != y {
			return false
		}
	}
	return true
}

// keepSection keeps a top-level section the Graph cannot model so a round
// trip to MJCF can write it back, and says so once.
func (p *parser) keepSection(c *Element) {
	sec := &Element{Name: c.Name, Attrs: c.Attrs, Line: c.Line, File: c.File}
	for _, ch := range c.Children {
		r := p.resolvedCopy(ch, c.Name)
		if order, _ := p.g.Extras[extraActuatorOrder].(map[*Element]int); order != nil {
			if i, ok := order[ch]; ok {
				// the place belongs to the copy kept
				delete(order, ch)
				order[r] = i
			}
		}
		if ch.Name == "fixed" {
			r.Attrs = withoutAttrs(r.Attrs, "width", "rgba", "material", "group") // visual settings only spatial tendons take
		}
		sec.Children = append(sec.Children, r)
	}
	p.extra = append(p.extra, sec)
	switch c.Name {
	case "option", "size", "visual", "statistic", "custom", "extension":
		// settings without bodies: kept, nothing to report
	case "sensor", "keyframe":
		// no output writes them, MJCF's included (emitter.keptSections)
		p.diags.Add(convert.CodeMjcfSectionDropped, convert.DocumentSubject(), p.path(c), "<%s> is not converted: it measures or stores states rather than defining physics, and its elements differ between MuJoCo versions", c.Name).WithSeverity(convert.Info)
	default:
		p.diags.Add(convert.CodeMjcfSectionKept, convert.DocumentSubject(), p.path(c), "<%s> has no Graph equivalent; it is kept for MJCF output only and other formats will not carry it", c.Name)
	}
}

// children walks the elements inside worldbody, a body or a frame. node is
// the Graph node of the enclosing body (the root for the world); pre is
// the frame transform accumulated since that body.
func (p *parser) children(e *Element, node, body int, pre convert.Transform, childclass string) error {
	for _, c := range e.Children {
		if (c.Name == "joint" || c.Name == "freejoint") && body < 0 {
			return errAt(c, "joints must be inside a body, not in worldbody")
		}
		if c.Name == "inertial" && e.Name != "body" {
			return errAt(c, "<inertial> belongs directly in a body")
		}
	}
	for _, c := range e.Children {
		switch c.Name {
		case "geom":
			if err := p.geom(c, node, body, pre, childclass); err != nil {
				return err
			}
		case "body":
			if err := p.body(c, node, pre, childclass); err != nil {
				return err
			}
		case "frame":
			if err := p.frame(c, node, body, pre, childclass); err != nil {
				return err
			}
		case "replicate":
			if err := p.replicate(c, node, body, pre, childclass); err != nil {
				return err
			}
		case "site":
			if err := p.site(c, node, pre, childclass); err != nil {
				return err
			}
		case "camera", "light":
			p.dropped[c.Name]++
		case "joint", "freejoint", "inertial", "plugin":
		case "include":
			return errAt(c, "include was not expanded")
		default:
			p.unsupportedChild(c, e)
		}
	}
	return nil
}

// frame reads a <frame>'s children in its frame. Like body, it keeps its
// work out of children, which recurses once per level of the model.
func (p *parser) frame(e *Element, node, body int, pre convert.Transform, childclass string) error {
	defer p.useAttachedCompiler(e)()
	t, cc, err := p.framePose(e, childclass)
	if err != nil {
		return err
	}
	return p.children(e, node, body, pre.Mul(t), cc)
}

// useAttachedCompiler reads frame e's elements with the compiler settings
// of the model it attached, if it is an attachment's frame; the returned
// function restores the settings before.
func (p *parser) useAttachedCompiler(e *Element) (restore func()) {
	k, ok := e.Attr(attachCompiler)
	if !ok {
		return func() {}
	}
	i, _ := strconv.Atoi(k)
	own := p.comp
	p.comp = p.attachedCompilers[i]
	return func() { p.comp = own }
}

// framePose is a <frame>'s pose in what encloses it and the class its
// elements take their defaults from.
func (p *parser) framePose(e *Element, childclass string) (convert.Transform, string, error) {
	a, err := p.resolve(e, childclass)
	if err != nil {
		return convert.Transform{}, "", err
	}
	t, err := p.pose(a)
	if err != nil {
		return convert.Transform{}, "", err
	}
	cc := a.str("childclass", childclass)
	if cc != childclass {
		if _, ok := p.classes[cc]; !ok {
			return convert.Transform{}, "", errAt(e, "unknown childclass %q", cc)
		}
	}
	return t, cc, nil
}

// unsupportedChild says that an element children does not read inside
// parent is dropped.
func (p *parser) unsupportedChild(c, parent *Element) {
	p.droppedMakers = append(p.droppedMakers, c)
	p.diags.Add(convert.CodeFieldDropped, convert.SourceSubject(-1), p.path(c), "<%s> is not supported inside <%s>; it and what it would create are dropped", c.Name, parent.Name).Affecting(convert.QStructure)
}

// unknownName is the error for a reference to a name no element has.
// When elements that make bodies, sites or joints of their own were
// dropped (a <composite> cable, a <flexcomp>), the name may be one they
// would have made: the error says so, rather than leave the user to
// find a typo that is not there.
func (p *parser) unknownName(e *Element, format string, args ...any) *convert.FormatError {
	msg := fmt.Sprintf(format, args...)
	if len(p.droppedMakers) == 0 {
		return errAt(e, "%s", msg)
	}
	var where []string
	for _, m := range p.droppedMakers[:min(3, len(p.droppedMakers))] {
		where = append(where, fmt.Sprintf("<%s> at line %d", m.Name, m.Line))
	}
	if n := len(p.droppedMakers) - len(where); n > 0 {
		where = append(where, fmt.Sprintf("%d more", n))
	}
	return errAt(e, "%s; it may be a name the %s would have made, which physconv does not read", msg, strings.Join(where, ", "))
}

// droppedWithMaker drops element e, which names name that no element has,
// with a warning when elements that make bodies and joints of their own
// were dropped (a <composite> cable's B_first, B_last): MuJoCo makes the
// name and takes the file, and what refers to the dropped elements goes
// with them. It reports whether it did.
func (p *parser) droppedWithMaker(e *Element, name string) bool {
	if len(p.droppedMakers) == 0 {
		return false
	}
	m := p.droppedMakers[0]
	p.diags.Add(convert.CodeFieldDropped, convert.SourceSubject(-1), p.path(e), "<%s> names %q, which no element read makes (the <%s> at line %d, dropped, may have made it): it is dropped too", e.Name, name, m.Name, m.Line).
		Affecting(convert.QLoop, convert.QCoupling, convert.QFilter)
	return true
}

// pose reads pos and orientation.
func (p *parser) pose(a attrs) (convert.Transform, error) {
	t := convert.Identity()
	var err error
	if t.T, err = a.vec3("pos", convert.Vec3{}); err != nil {
		return t, err
	}
	if t.R, err = p.orientation(a); err != nil {
		return t, err
	}
	return t, nil
}

func (p *parser) reportDropped() {
	var parts []string
	for _, k := range []string{"camera", "light", "site"} {
		if n := p.dropped[k]; n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, k))
		}
	}
	if len(parts) > 0 {
		p.diags.Add(convert.CodeNonPhysicsDropped, convert.DocumentSubject(), "worldbody", "%s element(s) carry no physics and are not converted", strings.Join(parts, ", "))
	}
}

// resolvedCopy copies an element with its default class applied (its
// children, e.g. a fixed tendon's joints, take no defaults), so it can be
// written without the <default> section.
func (p *parser) resolvedCopy(e *Element, section string) *Element {
	c := &Element{Name: e.Name, Line: e.Line, File: e.File}
	probe := e
	if k := sectionKind(section, e.Name); k != e.Name {
		probe = &Element{Name: k, Attrs: e.Attrs, Line: e.Line, File: e.File}
	}
	a, err := p.resolve(probe, "")
	if err != nil {
		a = ownAttrs(e)
	}
	m := a.all()
	for _, k := range sortedKeys(m) {
		if k != "class" {
			c.Attrs = append(c.Attrs, Attr{Name: k, Value: m[k]})
		}
	}
	c.Children = append(c.Children, e.Children...)
	return c
}

// sectionKind is the defaults kind an element of a section reads:
// tendons read <tendon>, equality constraints <equality>, contact pairs
// <pair>, actuators their own shortcut; sensors read none.
func sectionKind(section, name string) string {
	switch section {
	case "tendon":
		return "tendon"
	case "equality":
		return "equality"
	case "sensor", "keyframe":
		return "\x00none"
	}
	return name
}

func withoutAttrs(as []Attr, names ...string) []Attr {
	var out []Attr
	for _, a := range as {
		drop := false
		for _, n := range names {
			drop = drop || a.Name == n
		}
		if !drop {
			out = append(out, a)
		}
	}
	return out
}

// modelSize estimates the Graph nodes and shapes the bodies under
// worldbody become (a node per body and geom, two per joint) and the
// names of bodies, geoms and joints to index, so that the Graph and the
// indexes are allocated once; the estimate only sizes them.
type modelSize struct {
	nodes, shapes                        int
	namedBodies, namedGeoms, namedJoints int
}

// count adds the elements under e.
func (s *modelSize) count(e *Element) {
	for _, c := range e.Children {
		switch c.Name {
		case "body":
			s.nodes++
			if _, ok := c.Attr("name"); ok {
				s.namedBodies++
			}
		case "geom":
			s.nodes++
			s.shapes++
			if _, ok := c.Attr("name"); ok {
				s.namedGeoms++
			}
		case "joint", "freejoint":
			s.nodes += 2
			if _, ok := c.Attr("name"); ok {
				s.namedJoints++
			}
		}
		if c.Name == "body" || c.Name == "frame" {
			s.count(c)
		}
	}
}
