package godot

import (
	"errors"
	"fmt"
	"github.com/physconv/physconv/internal/resolve"
	"io/fs"
	"path"
	"strings"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/tscn"
)

// A scene is the node tree of one .tscn with its instanced .tscn scenes
// expanded and their overrides applied, the way Godot would build it.

// maxInstanceDepth bounds nested instancing (cycles are caught earlier).
const maxInstanceDepth = 32

// doc is one decoded file with its resource tables.
type doc struct {
	file    string // path relative to the input's folder, for messages and side files
	version int    // Godot major version: 3 (format=2) or 4
	tscn    *tscn.Document
	ext     map[string]*resource
	sub     map[string]*resource
}

// resource is a sub_resource, an ext_resource, or a loaded .tres.
type resource struct {
	class   string
	id      string
	path    string // ext_resource: the file, relative to the input's folder
	resPath string // ext_resource: as written (res://...)
	section *tscn.Section
	owner   *doc // doc whose tables resolve the section's references
	line    int
	missing bool // ext_resource whose file could not be read
}

// value is one property with the doc its references resolve in.
type value struct {
	v    tscn.Value
	doc  *doc
	line int
}

// node is one scene node after instancing.
type node struct {
	name     string
	class    string // as written (Godot 3 or 4 spelling); "" for an unexpanded instance
	version  int
	props    map[string]value
	order    []string // property names in file order
	parent   *node
	children []*node
	file     string
	line     int
	groups   []string
	instance string // unexpanded instanced file (.glb, .scn …), for messages
	attrs    map[string]tscn.Value
	// gltf is the instanced .gltf/.glb this node comes from (or, on the
	// instancing node itself, instances); xf is the glTF node's own
	// transform, which a transform property set by the scene overrides.
	gltf string
	xf   *convert.Transform
	// gltfMesh is the mesh the glTF node draws, nil when none
	gltfMesh *gltfMesh
	// read names properties a class-specific reader mapped onto Graph
	// attributes; keepProps does not keep them as raw properties.
	read map[string]bool
	// childIndex finds the first of children[:indexed] by name (child).
	childIndex map[string]*node
	indexed    int
}

// markRead records that key was mapped onto the Graph.
func (n *node) markRead(keys ...string) {
	if n.read == nil {
		n.read = map[string]bool{}
	}
	for _, k := range keys {
		n.read[k] = true
	}
}

func (n *node) set(key string, v value) {
	if _, ok := n.props[key]; !ok {
		n.order = append(n.order, key)
	}
	n.props[key] = v
}

func (n *node) get(key string) (value, bool) {
	v, ok := n.props[key]
	return v, ok
}

// child returns the first child named name. A node with many children
// (a scene's root holding thousands of bodies) answers from an index that
// catches up with the children appended since the last call, so finding
// each child as it is added stays linear; children are only ever
// appended, and named before that.
func (n *node) child(name string) *node {
	if len(n.children) <= childScan {
		for _, c := range n.children {
			if c.name == name {
				return c
			}
		}
		return nil
	}
	if n.childIndex == nil {
		n.childIndex = make(map[string]*node, len(n.children))
	}
	for ; n.indexed < len(n.children); n.indexed++ {
		c := n.children[n.indexed]
		if _, ok := n.childIndex[c.name]; !ok {
			n.childIndex[c.name] = c
		}
	}
	return n.childIndex[name]
}

// childScan is the number of children child looks through one by one.
const childScan = 16

// path returns the node's path from the scene root ("." for the root).
func (n *node) path() string {
	var parts []string
	for p := n; p.parent != nil; p = p.parent {
		parts = append(parts, p.name)
	}
	if len(parts) == 0 {
		return "."
	}
	for i, j := 0, len(parts)-1; i < j; i, j = i+1, j-1 {
		parts[i], parts[j] = parts[j], parts[i]
	}
	return strings.Join(parts, "/")
}

// loader reads the input and its side files.
type loader struct {
	in      *convert.Input
	resRoot string // folder of project.godot relative to the input's folder ("" = unknown)
	// project is project.godot's text, read once when it is found (nil:
	// none found)
	project []byte
	docs    map[string]*doc
	diags   *convert.Diagnostics
	stack   []string // files being instanced, to catch cycles
	// built counts [node] sections expanded, sizes what each instanced
	// file expanded to the first time; prepaid > 0 while an instance whose
	// size was charged in one go is being expanded.
	built   int64
	sizes   map[string]int64
	prepaid int
	// gltfFiles are the instanced glTF files, each read once
	gltfFiles map[string]*gltfFile
}

func newLoader(in *convert.Input, diags *convert.Diagnostics) *loader {
	l := &loader{in: in, docs: map[string]*doc{}, diags: diags, resRoot: ".", sizes: map[string]int64{}, gltfFiles: map[string]*gltfFile{}}
	if in.FS != nil {
		depth := strings.Count(path.Clean(in.Dir), "/") + 1
		if path.Clean(in.Dir) == "." {
			depth = 0
		}
		for k := 0; k <= depth; k++ {
			rel := strings.Repeat("../", k) + "project.godot"
			if data, err := in.Open(rel); err == nil {
				l.resRoot = path.Clean(strings.Repeat("../", k) + ".")
				l.project = data
				if data == nil {
					l.project = []byte{}
				}
				break
			}
		}
	}
	return l
}

// note records a diagnostic at a line of a file (the input itself when
// file is ".").
func (l *loader) note(code convert.Code, subj convert.Subject, file string, line int, nodePath, format string, args ...any) *convert.Diagnostic {
	d := l.diags.Add(code, subj, nodePath, format, args...).AtLine(line)
	if file != l.mainFile() {
		d.File = file
	}
	return d
}

func (l *loader) mainFile() string { return "" }

// resolve maps a path written in a file at dir to a path relative to the
// input's folder.
func (l *loader) resolve(dir, p string) string {
	if rest, ok := strings.CutPrefix(p, "res://"); ok {
		return path.Clean(path.Join(l.resRoot, rest))
	}
	return path.Clean(path.Join(dir, p))
}

func lineErr(file string, line int, format string, args ...any) *convert.FormatError {
	e := convert.ErrorAtLine(line, format, args...)
	if file != "" {
		e.Path = file
	}
	return e
}

// decode turns raw text into a doc with its resource tables.
func (l *loader) decode(file string, data []byte) (*doc, error) {
	if d, ok := l.docs[file]; ok {
		return d, nil
	}
	td, err := tscn.DecodeWith(data, tscn.DecodeOptions{SkipVisualData: l.in.Options != nil && l.in.Options.SkipVisualData})
	if err != nil {
		if se, ok := err.(*tscn.SyntaxError); ok {
			return nil, lineErr(file, se.Line, "%s", se.Msg)
		}
		return nil, err
	}
	for _, p := range td.RunOn {
		l.note(convert.CodeGodotTextRunOn, convert.DocumentSubject(), file, p.Line, "",
			"the text from this line to the next '=' reads as one property name, %q, as Godot reads it (only ';' starts a comment): its value is ignored", p.Key)
	}
	d := &doc{file: file, tscn: td, ext: map[string]*resource{}, sub: map[string]*resource{}, version: 4}
	switch f := td.Format(); {
	case f == 2:
		d.version = 3
	case f == 3 || f == 4:
	case f == 0:
		return nil, lineErr(file, td.Header.Line, "header has no format=N")
	case f == 1:
		// Godot 2 names what Godot 3 reads differently (transform/local,
		// shapes/N/shape on the body): read as Godot 3 it would lose
		// every pose without a word
		return nil, lineErr(file, td.Header.Line, "format=1 is a Godot 2 scene, which this reader does not know (it knows Godot 3's format=2 and Godot 4's 3 and 4): open and save it in Godot 3 to upgrade it")
	default:
		return nil, lineErr(file, td.Header.Line, "unknown format=%d (this reader knows 2, 3 and 4)", f)
	}
	dir := path.Dir(file)
	for i := range td.Sections {
		s := &td.Sections[i]
		switch s.Tag {
		case "ext_resource":
			id, err := sectionID(file, s)
			if err != nil {
				return nil, err
			}
			p := s.AttrString("path")
			if p == "" {
				return nil, lineErr(file, s.Line, "ext_resource %q has no path", id)
			}
			if _, dup := d.ext[id]; dup {
				return nil, lineErr(file, s.Line, "ext_resource id %q defined twice", id)
			}
			d.ext[id] = &resource{class: classOf(d.version, s.AttrString("type")), id: id, path: l.resolve(dir, p), resPath: p, line: s.Line, owner: d}
		case "sub_resource":
			id, err := sectionID(file, s)
			if err != nil {
				return nil, err
			}
			if _, dup := d.sub[id]; dup {
				return nil, lineErr(file, s.Line, "sub_resource id %q defined twice", id)
			}
			if s.AttrString("type") == "" {
				return nil, lineErr(file, s.Line, "sub_resource %q has no type", id)
			}
			if err := checkRefs(d, s, file); err != nil {
				return nil, err
			}
			d.sub[id] = &resource{class: classOf(d.version, s.AttrString("type")), id: id, section: s, owner: d, line: s.Line}
		case "node", "resource":
			if err := checkRefs(d, s, file); err != nil {
				return nil, err
			}
		}
	}
	l.docs[file] = d
	return d, nil
}

func sectionID(file string, s *tscn.Section) (string, error) {
	switch v := s.Attr("id").(type) {
	case string:
		return v, nil
	case int64:
		return fmt.Sprint(v), nil
	}
	return "", lineErr(file, s.Line, "[%s] has no id", s.Tag)
}

// checkRefs rejects references to resources that are not defined before
// the section (Godot requires definition before use).
func checkRefs(d *doc, s *tscn.Section, file string) error {
	var bad *tscn.Ref
	var badLine int
	var walk func(v tscn.Value, line int)
	walk = func(v tscn.Value, line int) {
		if bad != nil {
			return
		}
		switch x := v.(type) {
		case tscn.Ref:
			table := d.sub
			if x.Kind == "ExtResource" {
				table = d.ext
			}
			if _, ok := table[x.ID]; !ok {
				// a copy made only here: taking x's address would move
				// every reference read to the heap
				bad, badLine = new(tscn.Ref), line
				*bad = x
			}
		case *tscn.Call:
			for _, a := range x.Args {
				walk(a, line)
			}
		case tscn.Array:
			for _, a := range x {
				walk(a, line)
			}
		case tscn.Dict:
			for _, e := range x {
				walk(e.Key, line)
				walk(e.Value, line)
			}
		case *tscn.Object:
			for _, e := range x.Props {
				walk(e.Value, line)
			}
		}
	}
	for _, a := range s.Attrs {
		walk(a.Value, a.Line)
	}
	for _, p := range s.Props {
		walk(p.Value, p.Line)
	}
	if bad != nil {
		return lineErr(file, badLine, "%s(%q) is not defined before this line", bad.Kind, bad.ID)
	}
	return nil
}

// open reads and decodes a side file.
func (l *loader) open(file string) (*doc, error) {
	if d, ok := l.docs[file]; ok {
		return d, nil
	}
	data, err := l.in.Open(file)
	if err != nil {
		return nil, err
	}
	return l.decode(file, data)
}

// scene builds the expanded node tree of a scene document.
func (l *loader) scene(d *doc) (*node, error) {
	if d.tscn.Header.Tag != "gd_scene" {
		return nil, lineErr(d.file, d.tscn.Header.Line, "this is a resource file ([%s]), not a scene", d.tscn.Header.Tag)
	}
	for _, f := range l.stack {
		if f == d.file {
			return nil, lineErr(d.file, 1, "cyclic instancing: %s", strings.Join(append(l.stack, d.file), " -> "))
		}
	}
	if len(l.stack) >= maxInstanceDepth {
		return nil, lineErr(d.file, 1, "instancing nested deeper than %d scenes", maxInstanceDepth)
	}
	l.stack = append(l.stack, d.file)
	defer func() { l.stack = l.stack[:len(l.stack)-1] }()

	var root *node
	// unique holds this scene's nodes marked unique_name_in_owner, which
	// parent paths may name as %Name
	unique := map[string]*node{}
	// vanished holds the paths of nodes Godot skips, as it skips what
	// the file places under them
	var vanished []string
	for i := range d.tscn.Sections {
		s := &d.tscn.Sections[i]
		if s.Tag != "node" {
			continue
		}
		name := s.AttrString("name")
		if name == "" {
			return nil, lineErr(d.file, s.Line, "node without a name")
		}
		// a stored name may hold what Godot's editor never lets a user
		// type but writes itself (@Name@123 for a node it named); what
		// would break a node path may not
		if strings.ContainsAny(name, "/:%") || name == "." || name == ".." {
			return nil, lineErr(d.file, s.Line, "invalid node name %q", name)
		}
		parentPath, hasParent := s.Attr("parent").(string)
		if _, isStr := s.Attr("parent").(string); s.Attr("parent") != nil && !isStr {
			return nil, lineErr(d.file, s.Line, "node %q: parent must be a string, got %s", name, tscn.TypeName(s.Attr("parent")))
		}
		var parent *node
		if hasParent {
			if root == nil {
				return nil, lineErr(d.file, s.Line, "node %q names a parent before the scene has a root node", name)
			}
			p, opaque, err := findPath(root, unique, parentPath)
			var gone *vanishedError
			if errors.As(err, &gone) {
				// Godot skips a node whose parent is not in the scene
				vanished = l.vanish(d, s, vanished, parentPath, name, "its parent %q is not in the scene (%v)", parentPath, err)
				continue
			}
			if err != nil {
				return nil, lineErr(d.file, s.Line, "node %q: parent %q: %v", name, parentPath, err)
			}
			if opaque {
				what := p.instance + ", which is not expanded"
				if p.instance == "" {
					what = p.gltf + ", below a node its import makes (not in the glTF's node tree)"
				}
				l.note(convert.CodeGodotInstanceOpaque, convert.SourceSubject(-1), d.file, s.Line, parentPath+"/"+name,
					"node sits inside instanced %s; the nodes above it that the file brings in are read at the identity", what)
			}
			parent = p
		} else if root != nil {
			return nil, lineErr(d.file, s.Line, "second root node %q (only the first node may omit parent=)", name)
		}
		if err := l.charge(d, s, 1); err != nil {
			return nil, err
		}
		n, err := l.nodeFrom(d, s, name, parent)
		if err != nil {
			return nil, err
		}
		if n == nil {
			// an override of a node the instanced scene no longer has
			vanished = l.vanish(d, s, vanished, parentPath, name, "it has no type and overrides no node of the instanced scene under %q", parent.path())
			continue
		}
		if parent == nil {
			root = n
		}
		if v, ok := n.get("unique_name_in_owner"); ok && v.v == true {
			if _, dup := unique[n.name]; dup {
				return nil, lineErr(d.file, s.Line, "node %q: a second node with the unique name %%%s", name, n.name)
			}
			unique[n.name] = n
		}
	}
	if root == nil {
		return nil, lineErr(d.file, d.tscn.Header.Line, "scene has no nodes")
	}
	return root, nil
}

// vanishedError is a parent path naming a node the scene does not have.
type vanishedError struct{ part, under string }

func (e *vanishedError) Error() string { return fmt.Sprintf("no node %q under %q", e.part, e.under) }

// vanish notes that the node of section s is skipped, as Godot skips it
// (once for a skipped subtree: what lies under a skipped node is skipped
// without a word of its own), and returns vanished with its path added.
func (l *loader) vanish(d *doc, s *tscn.Section, vanished []string, parentPath, name, why string, args ...any) []string {
	at := name
	if parentPath != "" && parentPath != "." {
		at = parentPath + "/" + name
	}
	for _, v := range vanished {
		if parentPath == v || strings.HasPrefix(parentPath, v+"/") {
			return append(vanished, at)
		}
	}
	l.note(convert.CodeGodotNodeVanished, convert.SourceSubject(-1), d.file, s.Line, at,
		"node %q is skipped, with what the file places under it, as Godot skips it: "+why, append([]any{name}, args...)...).
		Affecting(convert.QStructure)
	return append(vanished, at)
}

// findPath walks a parent path from the root, or from the scene-unique
// node its first name gives as %Name. opaque reports that the path runs
// into an unexpanded instance; the deepest known node is returned then.
func findPath(root *node, unique map[string]*node, p string) (n *node, opaque bool, err error) {
	n = root
	if p == "." || p == "" {
		return n, false, nil
	}
	k := -1 // the index of part
	for part := range strings.SplitSeq(p, "/") {
		k++
		if k == 0 && strings.HasPrefix(part, "%") {
			if n = unique[part[1:]]; n == nil {
				return nil, false, fmt.Errorf("no node with the unique name %s (unique_name_in_owner) before this one", part)
			}
			continue
		}
		if part == "" || part == "." || part == ".." {
			return nil, false, fmt.Errorf("path segment %q is not allowed here", part)
		}
		c := n.child(part)
		if c == nil {
			if n.instance == "" && n.gltf == "" {
				return nil, false, &vanishedError{part: part, under: n.path()}
			}
			// a node the unexpanded file brings in, or one Godot's glTF
			// importer makes (a Skeleton3D from a skin): kept as a
			// stand-in at the identity so what the scene parents into it
			// keeps its place
			c = &node{name: part, version: n.version, props: map[string]value{}, file: n.file, line: n.line, instance: n.instance, parent: n}
			if n.gltf != "" {
				c.gltf, c.xf = n.gltf, &convert.Transform{R: convert.IdentityQuat(), S: convert.Vec3{1, 1, 1}}
			}
			n.children = append(n.children, c)
			opaque = true
		}
		n = c
	}
	return n, opaque, nil
}

// nodeFrom creates, instances or overrides the node of one [node] section.
func (l *loader) nodeFrom(d *doc, s *tscn.Section, name string, parent *node) (*node, error) {
	class := classOf(d.version, s.AttrString("type"))
	inst, hasInst := s.Attr("instance").(tscn.Ref)
	if s.Attr("instance") != nil && !hasInst {
		return nil, lineErr(d.file, s.Line, "node %q: instance must be ExtResource(...), got %s", name, tscn.TypeName(s.Attr("instance")))
	}
	var n *node
	switch {
	case hasInst:
		r := d.ext[inst.ID]
		if inst.Kind != "ExtResource" || r == nil {
			return nil, lineErr(d.file, s.Line, "node %q: instance must be a defined ExtResource", name)
		}
		var err error
		n, err = l.instance(d, r, s)
		if err != nil {
			return nil, err
		}
		n.name = name
	case class == "" && parent != nil:
		// An override of a node that an instanced scene brought in.
		if existing := parent.child(name); existing != nil {
			n = existing
			break
		}
		if parent.instance != "" || insideOpaque(parent) {
			n = &node{name: name, version: d.version, props: map[string]value{}, file: d.file, line: s.Line, instance: parent.instance}
			break
		}
		if parent.gltf != "" {
			// a node the glTF import makes (a Skeleton3D), overridden
			n = &node{name: name, version: d.version, props: map[string]value{}, file: d.file, line: s.Line, gltf: parent.gltf,
				xf: &convert.Transform{R: convert.IdentityQuat(), S: convert.Vec3{1, 1, 1}}}
			break
		}
		return nil, nil // vanished: Godot skips it
	case class == "":
		return nil, lineErr(d.file, s.Line, "root node %q has no type", name)
	default:
		// sized for the section's properties, which it mostly takes as they are
		n = &node{name: name, class: class, version: d.version, props: make(map[string]value, len(s.Props)),
			order: make([]string, 0, len(s.Props)), file: d.file, line: s.Line}
	}
	for _, p := range s.Props {
		if meta, ok := p.Value.(tscn.Dict); ok && p.Key == "__meta__" {
			// Godot 3 keeps metadata in one dictionary; Godot 4 as metadata/<key>.
			for _, e := range meta {
				if k, ok := e.Key.(string); ok {
					n.set("metadata/"+k, value{v: e.Value, doc: d, line: p.Line})
				}
			}
			continue
		}
		n.set(p.Key, value{v: p.Value, doc: d, line: p.Line})
	}
	if g, ok := s.Attr("groups").(tscn.Array); ok {
		for _, x := range g {
			if str, ok := x.(string); ok {
				n.groups = append(n.groups, str)
			}
		}
	}
	if n.parent == nil && parent != nil && n != parent.child(name) {
		n.parent = parent
		parent.children = append(parent.children, n)
	}
	return n, nil
}

func insideOpaque(n *node) bool {
	for ; n != nil; n = n.parent {
		if n.instance != "" {
			return true
		}
	}
	return false
}

// instance expands an instanced scene, or keeps a placeholder for files
// this reader does not expand (.glb, .scn …) or cannot read.
func (l *loader) instance(d *doc, r *resource, s *tscn.Section) (*node, error) {
	missing := false
	placeholder := func(why string) *node {
		switch to := l.targetFormat(); {
		case missing:
			l.note(convert.CodeGodotInstanceUnread, convert.SourceSubject(-1), d.file, s.Line, s.AttrString("name"),
				"instanced %s does not exist: Godot refuses this scene (and an output that keeps the reference); any physics inside it is not read", r.resPath)
		case to != "" && to != "godot" && to != "godot3":
			l.note(convert.CodeGodotInstanceUnread, convert.SourceSubject(-1), d.file, s.Line, s.AttrString("name"),
				"instanced %s is not read (%s): any physics inside it (a level's collision, its bodies) is missing from the %s output", r.resPath, why, to)
		default:
			l.note(convert.CodeGodotInstanceOpaque, convert.SourceSubject(-1), d.file, s.Line, s.AttrString("name"),
				"instanced %s is kept as a reference (%s); any physics inside it is not read", r.resPath, why)
		}
		return &node{class: "Node3D", version: d.version, props: map[string]value{}, file: d.file, line: s.Line,
			instance: r.resPath, attrs: map[string]tscn.Value{"instance": r.resPath}}
	}
	if ext := strings.ToLower(path.Ext(r.path)); ext == ".gltf" || ext == ".glb" {
		n, unread, err := l.gltfInstance(d, r, s)
		if err != nil {
			return nil, err
		}
		if unread != nil {
			return placeholder("cannot read it: " + unread.Error()), nil
		}
		return n, nil
	}
	if !strings.HasSuffix(strings.ToLower(r.path), ".tscn") {
		return placeholder("not a text scene"), nil
	}
	sub, err := l.open(r.path)
	if err != nil {
		if fe, ok := err.(*convert.FormatError); ok {
			return nil, fe
		}
		var re *resolve.Error
		missing = errors.Is(err, fs.ErrNotExist) || errors.As(err, &re) && re.Kind == resolve.NotFound
		return placeholder("cannot read it: " + err.Error()), nil
	}
	// A file instanced again costs what it cost the first time; charging
	// that before expanding refuses an instancing bomb early.
	if size, ok := l.sizes[sub.file]; ok && l.prepaid == 0 {
		if err := l.charge(d, s, size); err != nil {
			return nil, err
		}
		l.prepaid++
		defer func() { l.prepaid-- }()
	}
	before := l.built
	root, err := l.scene(sub)
	if err != nil {
		return nil, err
	}
	l.sizes[sub.file] = l.built - before
	return root, nil
}

// charge counts n nodes against the input's node budget.
func (l *loader) charge(d *doc, s *tscn.Section, n int64) error {
	if n == 1 {
		l.built++
	}
	if l.prepaid > 0 {
		return nil
	}
	if err := l.in.Budget().Nodes("", n); err != nil {
		return lineErr(d.file, s.Line, "node %q: %v", s.AttrString("name"), err)
	}
	return nil
}

// targetFormat is the format the scene is read to be written as ("":
// not said, an inspection).
func (l *loader) targetFormat() string {
	if l.in.Options == nil {
		return ""
	}
	return l.in.Options.To
}
