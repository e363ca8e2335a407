// Package xacro expands ROS xacro documents (https://wiki.ros.org/xacro)
// natively: properties with lazy evaluation and scopes, ${} expressions in
// the Python subset real files use, $(arg|find|env|optenv|eval|dirname)
// substitutions, macros with defaults and block parameters, conditionals,
// includes with namespaces, xacro:element/xacro:attribute and YAML
// loading. It reads files only through the functions it is given and
// bounds macro recursion, includes and output size, so hostile input fails
// with an error instead of exhausting memory.
package xacro

import (
	"errors"
	"fmt"
	"path"
	"strings"

	"github.com/physconv/physconv/internal/xmlx"
)

// Options are the environment of one expansion.
type Options struct {
	// Args are the caller's xacro arguments (NAME:=VALUE); they win over
	// <xacro:arg> defaults.
	Args map[string]string
	// ReadFile reads a file by the absolute slash path Expand built from
	// the root name, relative includes and FindPackage results.
	ReadFile func(name string) ([]byte, error)
	// Glob lists files matching a pattern for includes with * ? [; nil
	// makes such includes an error.
	Glob func(pattern string) ([]string, error)
	// FindPackage returns a package's folder for $(find NAME); nil makes
	// $(find) an error.
	FindPackage func(name string) (string, error)
	// Getenv reads an environment variable for $(env) and $(optenv); nil
	// means none is set.
	Getenv func(name string) (string, bool)
	// Budgets; zero means the default.
	MaxDepth    int   // macro calls nested (default 1000)
	MaxIncludes int   // included and YAML files read (default 1000)
	MaxElements int   // elements processed, copies of macro bodies included (default 500000)
	MaxBytes    int64 // text produced by substitutions (default 64 MiB)
}

// Frame is one macro call in an error's call chain.
type Frame struct {
	Macro string
	File  string
	Line  int
}

// Error is an expansion error at a place of a xacro file, with the chain
// of macro calls that led there (innermost first).
type Error struct {
	File  string
	Line  int
	Msg   string
	Chain []Frame
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Message(nil))
}

// Message is the error text without the file and line, with the call
// chain; name, when given, maps file paths for display.
func (e *Error) Message(name func(string) string) string {
	if name == nil {
		name = func(s string) string { return s }
	}
	var b strings.Builder
	b.WriteString(e.Msg)
	// a deep chain (a recursive macro) shows its innermost and outermost
	// calls, not a line per level
	const inner, outer = 4, 3
	elided := len(e.Chain) > inner+outer+1
	for i, f := range e.Chain {
		if elided && i > inner && i < len(e.Chain)-outer {
			continue
		}
		if i == 0 {
			b.WriteString(" (")
		} else {
			b.WriteString(", ")
		}
		if elided && i == inner {
			fmt.Fprintf(&b, "%d calls more", len(e.Chain)-inner-outer)
			continue
		}
		fmt.Fprintf(&b, "in macro %q called at %s:%d", f.Macro, name(f.File), f.Line)
	}
	if len(e.Chain) > 0 {
		b.WriteString(")")
	}
	return b.String()
}

// Warning is a note from the expansion at a place of a xacro file.
type Warning struct {
	File string
	Line int
	Msg  string
}

// Result is an expanded document.
type Result struct {
	Root *Node
	// Files lists every file read (the root, includes, YAML), in order.
	Files []string
	// Warnings are xacro.warning() messages and similar notes.
	Warnings []Warning
	// Macros counts the macro definitions read (a file that only defines
	// macros is a library meant to be included).
	Macros int
}

// Expand reads the xacro file at the absolute slash path file and expands
// it.
func Expand(file string, opts *Options) (*Result, error) {
	if opts == nil {
		opts = &Options{}
	}
	x := &expander{opts: *opts, args: map[string]string{}, wk: newWork()}
	for k, v := range opts.Args {
		x.args[k] = v
	}
	if x.opts.MaxDepth <= 0 {
		// ROS xacro nests as deep as Python's stack lets it, about 245
		// calls of a small recursive macro: a robot built by recursion
		// (a chain, a snake, a rope) may go that deep
		x.opts.MaxDepth = 1000
	}
	if x.opts.MaxIncludes <= 0 {
		x.opts.MaxIncludes = 1000
	}
	if x.opts.MaxElements <= 0 {
		x.opts.MaxElements = 500000
	}
	if x.opts.MaxBytes <= 0 {
		x.opts.MaxBytes = 64 << 20
	}
	root, err := x.load(file, &Node{File: file, Line: 0})
	if err != nil {
		return nil, err
	}
	x.files = []string{file}
	x.global = x.globals()
	doc := newTable(x.global, x)
	if ns, ok := root.Attr("xacro:targetNamespace"); ok {
		root.RemoveAttr("xacro:targetNamespace")
		root.SetAttr("xmlns", ns)
	}
	if err := x.evalAll(root, newMacroTable(nil), doc); err != nil {
		return nil, err
	}
	return &Result{Root: root, Files: x.read, Warnings: x.warnings, Macros: x.macros}, nil
}

type expander struct {
	opts     Options
	args     map[string]string
	files    []string // include stack
	calls    []Frame  // macro call stack, outermost first
	read     []string
	warnings []Warning
	at       *Node // the node whose text is being evaluated
	global   *Table
	elements int
	bytes    int64
	includes int
	wk       *work // evaluation steps, shared by every expression
	macros   int
}

// macro is a grabbed <xacro:macro>.
type macro struct {
	Name     string
	Params   []string
	Defaults map[string]paramDefault
	Body     *Node
}

type paramDefault struct {
	forward bool   // ^: take the caller's property of the same name
	value   string // default text
	has     bool   // a default text was given
}

// macroTable is one scope of macro definitions; values are *Macro or, for
// include namespaces, *macroTable.
type macroTable struct {
	parent *macroTable
	m      map[string]any
}

func newMacroTable(parent *macroTable) *macroTable {
	return &macroTable{parent: parent, m: map[string]any{}}
}

func (t *macroTable) get(name string) (any, bool) {
	for s := t; s != nil; s = s.parent {
		if v, ok := s.m[name]; ok {
			return v, true
		}
	}
	return nil, false
}

// errAt locates an error at a node unless it already has a place.
func (x *expander) errAt(n *Node, err error) error {
	var xe *Error
	if errors.As(err, &xe) {
		return err
	}
	chain := make([]Frame, len(x.calls))
	for i, f := range x.calls {
		chain[len(chain)-1-i] = f
	}
	return &Error{File: n.File, Line: n.Line, Msg: err.Error(), Chain: chain}
}

func (x *expander) errorf(n *Node, format string, args ...any) error {
	return x.errAt(n, fmt.Errorf(format, args...))
}

func (x *expander) currentFile() string { return x.files[len(x.files)-1] }

// abs resolves a file name against the folder of the file being read.
// A path whose ".." would climb above the root is an error, not clamped.
func (x *expander) abs(name string) (string, error) {
	p := name
	if !isAbs(name) {
		p = path.Dir(x.currentFile()) + "/" + name
	}
	depth := 0
	for _, part := range strings.Split(p, "/")[1:] {
		switch part {
		case "", ".":
		case "..":
			if depth--; depth < 0 {
				return "", fmt.Errorf("%s climbs above the root folder", name)
			}
		default:
			depth++
		}
	}
	return path.Clean(p), nil
}

func isAbs(p string) bool {
	return strings.HasPrefix(p, "/") || len(p) >= 3 && p[1] == ':' && p[2] == '/'
}

// load reads and parses one file; from is where it was asked for.
func (x *expander) load(file string, from *Node) (*Node, error) {
	x.includes++
	if x.includes > x.opts.MaxIncludes {
		return nil, x.errorf(from, "more than %d files included", x.opts.MaxIncludes)
	}
	if x.opts.ReadFile == nil {
		return nil, x.errorf(from, "cannot read %s: no file access", file)
	}
	data, err := x.opts.ReadFile(file)
	if err != nil {
		return nil, x.errAt(from, fmt.Errorf("cannot read %s: %w", file, err))
	}
	x.read = append(x.read, file)
	root, err := parseXML(data, file)
	if err != nil {
		var le *lineError
		if errors.As(err, &le) {
			return nil, &Error{File: file, Line: le.line, Msg: le.msg}
		}
		return nil, x.errAt(from, err)
	}
	return root, nil
}

// charge counts work against the element budget.
func (x *expander) charge(n *Node, elements int) error {
	x.elements += elements
	if x.elements > x.opts.MaxElements {
		return x.errorf(n, "expansion exceeds %d elements", x.opts.MaxElements)
	}
	return nil
}

func countNodes(n *Node) int {
	c := 1
	for _, k := range n.Children {
		c += countNodes(k)
	}
	return c
}

// text evaluates text to a string and counts it against the byte budget.
func (x *expander) text(n *Node, s string, t *Table) (string, error) {
	if !strings.Contains(s, "$") {
		return s, nil
	}
	x.at = n
	v, err := x.evalText(s, t)
	if err != nil {
		return "", x.errAt(n, err)
	}
	out, err := format(v, false)
	if err != nil {
		return "", x.errAt(n, err)
	}
	x.bytes += int64(len(out))
	if x.bytes > x.opts.MaxBytes {
		return "", x.errorf(n, "expansion exceeds %d bytes of substituted text", x.opts.MaxBytes)
	}
	return out, nil
}

// evalAll expands an element in place: its attributes, then its children.
func (x *expander) evalAll(n *Node, m *macroTable, t *Table) error {
	if err := x.charge(n, 1); err != nil {
		return err
	}
	attrs := n.Attrs[:0]
	for _, a := range n.Attrs {
		if strings.HasPrefix(a.Name, "xacro:") || a.Name == "xmlns:xacro" {
			continue
		}
		v, err := x.text(n, a.Value, t)
		if err != nil {
			return err
		}
		a.Value = v
		attrs = append(attrs, a)
	}
	n.Attrs = attrs
	kids := n.Children
	out := make([]*Node, 0, len(kids))
	evalComments := false
	for _, c := range kids {
		switch c.Kind {
		case TextNode:
			v, err := x.text(c, c.Data, t)
			if err != nil {
				return err
			}
			c.Data = v
			if strings.TrimSpace(v) != "" {
				evalComments = false
			}
			out = append(out, c)
		case CommentNode:
			if strings.Contains(c.Data, "xacro:eval-comments") {
				evalComments = !strings.Contains(c.Data, "xacro:eval-comments:off")
				continue
			}
			if evalComments {
				v, err := x.text(c, c.Data, t)
				if err != nil {
					return err
				}
				c.Data = v
			}
			out = append(out, c)
		case ElementNode:
			evalComments = false
			res, err := x.element(c, n, m, t)
			if err != nil {
				return err
			}
			out = append(out, res...)
		}
	}
	n.Children = out
	return nil
}

// element expands one child element of parent and returns what replaces it.
func (x *expander) element(c, parent *Node, m *macroTable, t *Table) ([]*Node, error) {
	for {
		switch c.Name {
		case "xacro:insert_block":
			name, err := x.attrs(c, []string{"name"}, nil)
			if err != nil {
				return nil, err
			}
			var blk any
			content := true
			if v, err := t.lookup("**" + name[0]); err == nil {
				blk = v
			} else if v, err := t.lookup("*" + name[0]); err == nil {
				blk, content = v, false
			} else {
				return nil, x.errorf(c, "undefined block %q", name[0])
			}
			b, ok := blk.(*Node)
			if !ok {
				return nil, x.errorf(c, "block %q is not a block", name[0])
			}
			if err := x.charge(c, countNodes(b)); err != nil {
				return nil, err
			}
			b = b.Copy()
			if err := x.evalAll(b, m, t); err != nil {
				return nil, err
			}
			if content {
				return b.Children, nil
			}
			return []*Node{b}, nil
		case "xacro:include":
			return x.include(c, parent, m, t)
		case "xacro:property":
			return nil, x.property(c, t)
		case "xacro:macro":
			return nil, x.defineMacro(c, m)
		case "xacro:arg":
			a, err := x.attrs(c, []string{"name", "default"}, nil)
			if err != nil {
				return nil, err
			}
			if _, ok := x.args[a[0]]; !ok {
				v, err := x.text(c, a[1], t)
				if err != nil {
					return nil, err
				}
				x.args[a[0]] = v
			}
			return nil, nil
		case "xacro:element":
			raw, ok := c.Attr("xacro:name")
			if !ok {
				return nil, x.errorf(c, "<xacro:element> needs the attribute xacro:name")
			}
			name, err := x.text(c, raw, t)
			if err != nil {
				return nil, err
			}
			if name == "" {
				return nil, x.errorf(c, "xacro:element: empty name")
			}
			c.RemoveAttr("xacro:name")
			c.Name = name
			continue // process again under its new name
		case "xacro:attribute":
			a, err := x.attrs(c, []string{"name", "value"}, nil)
			if err != nil {
				return nil, err
			}
			name, err := x.text(c, a[0], t)
			if err != nil {
				return nil, err
			}
			value, err := x.text(c, a[1], t)
			if err != nil {
				return nil, err
			}
			if name == "" {
				return nil, x.errorf(c, "xacro:attribute: empty name")
			}
			parent.SetAttr(name, value)
			return nil, nil
		case "xacro:if", "xacro:unless":
			a, err := x.attrs(c, []string{"value"}, nil)
			if err != nil {
				return nil, err
			}
			x.at = c
			v, err := x.evalText(a[0], t)
			if err != nil {
				return nil, x.errAt(c, err)
			}
			keep, err := boolValue(v, a[0])
			if err != nil {
				return nil, x.errAt(c, err)
			}
			if c.Name == "xacro:unless" {
				keep = !keep
			}
			if !keep {
				return nil, nil
			}
			if err := x.evalAll(c, m, t); err != nil {
				return nil, err
			}
			return c.Children, nil
		}
		if strings.HasPrefix(c.Name, "xacro:") {
			return x.call(c, parent, m, t)
		}
		if err := x.evalAll(c, m, t); err != nil {
			return nil, err
		}
		return []*Node{c}, nil
	}
}

// attrs returns required then optional attributes ("" when absent).
func (x *expander) attrs(c *Node, required, optional []string) ([]string, error) {
	var out []string
	for _, r := range required {
		v, ok := c.Attr(r)
		if !ok {
			return nil, x.errorf(c, "<%s> needs the attribute %q", c.Name, r)
		}
		out = append(out, v)
	}
	for _, o := range optional {
		v, _ := c.Attr(o)
		out = append(out, v)
	}
	return out, nil
}

// boolValue is xacro's reading of a condition: true/True/false/False, an
// integer string, or the truth of a typed value.
func boolValue(v any, cond string) (bool, error) {
	if s, ok := v.(string); ok {
		switch s {
		case "true", "True":
			return true, nil
		case "false", "False":
			return false, nil
		}
		if pyInt().MatchString(s) && !strings.Contains(s, "_") {
			return strings.Trim(strings.TrimSpace(s), "+-0") != "", nil
		}
		return false, fmt.Errorf("condition %q evaluated to %q, which is not a boolean expression", cond, s)
	}
	return truth(v), nil
}

var identifier = lazyRegexp(`^[\p{L}_][\p{L}\p{N}_]*$`)

func validName(s string) bool {
	return identifier().MatchString(s) && !keywords[s] && !pyKeywords[s]
}

var pyKeywords = map[string]bool{"as": true, "assert": true, "async": true, "await": true, "break": true, "class": true, "continue": true, "def": true, "del": true, "elif": true, "except": true, "finally": true, "from": true, "global": true, "import": true, "nonlocal": true, "pass": true, "raise": true, "return": true, "try": true, "while": true, "with": true, "yield": true}

func (x *expander) property(c *Node, t *Table) error {
	rawName, ok := c.Attr("name")
	if !ok {
		return x.errorf(c, "<xacro:property> needs the attribute \"name\"")
	}
	name, err := x.text(c, rawName, t)
	if err != nil {
		return err
	}
	if !validName(name) {
		return x.errorf(c, "property names must be valid Python identifiers: %q", name)
	}
	if strings.HasPrefix(name, "__") {
		return x.errorf(c, "property names must not start with a double underscore: %q", name)
	}
	rawValue, hasValue := c.Attr("value")
	def, hasDefault := c.Attr("default")
	removeText, _ := c.Attr("remove")
	if removeText == "" {
		removeText = "false"
	}
	x.at = c
	rv, err := x.evalText(removeText, t)
	if err != nil {
		return x.errAt(c, err)
	}
	remove, err := boolValue(rv, removeText)
	if err != nil {
		return x.errAt(c, err)
	}
	n := 0
	for _, b := range []bool{hasValue, hasDefault, remove} {
		if b {
			n++
		}
	}
	if n > 1 {
		return x.errorf(c, "property %q: default, value and remove are mutually exclusive", name)
	}
	if remove {
		t.remove(name)
		return nil
	}
	if hasDefault {
		if t.has(name) {
			return nil
		}
		rawValue, hasValue = def, true
	}
	var value any = rawValue
	if !hasValue {
		name = "**" + name
		value = c
	}
	lazyText, ok := c.Attr("lazy_eval")
	if !ok {
		lazyText = "true"
	}
	x.at = c
	lv, err := x.evalText(lazyText, t)
	if err != nil {
		return x.errAt(c, err)
	}
	lazy, err := boolValue(lv, lazyText)
	if err != nil {
		return x.errAt(c, err)
	}
	target := t
	switch sc, _ := c.Attr("scope"); sc {
	case "global":
		target, lazy = t.top(), false
	case "parent":
		if t.parent == nil || t.parent.isRoot() {
			x.warnings = append(x.warnings, Warning{c.File, c.Line, fmt.Sprintf("property %q: scope=\"parent\" at the top level has no parent scope; ignored", name)})
			return nil
		}
		target, lazy = t.parent, false
		if !t.ns {
			for target.ns && target.parent != nil && !target.parent.isRoot() {
				target = target.parent
			}
		}
	}
	if s, ok := value.(string); ok && !lazy {
		x.at = c
		v, err := x.evalText(s, t)
		if err != nil {
			return x.errAt(c, err)
		}
		value = v
	}
	target.set(name, value, lazy)
	return nil
}

// macroParam matches one parameter spec: name, then optionally := or =,
// ^ or ^|, and a default (an expression, a substitution, or a possibly
// quoted word).
var macroParam = lazyRegexp(`^\s*([^\s:=]+?)\s*:?=\s*(\^\|?)?(\$\{.*?\}|\$\(.*?\)|(?:'.*?'|".*?"|[^\s'"]+)+|)(?:\s+|$)((?s).*)`)

func parseParams(spec string) ([]string, map[string]paramDefault) {
	var names []string
	defs := map[string]paramDefault{}
	for strings.TrimSpace(spec) != "" {
		if m := macroParam().FindStringSubmatch(spec); m != nil {
			d := paramDefault{forward: m[2] != "", value: m[3], has: m[3] != ""}
			names = append(names, m[1])
			if d.forward || d.has {
				defs[m[1]] = d
			}
			spec = m[4]
			continue
		}
		f := strings.Fields(spec)
		names = append(names, f[0])
		spec = strings.TrimSpace(spec)[len(f[0]):]
	}
	return names, defs
}

func (x *expander) defineMacro(c *Node, m *macroTable) error {
	a, err := x.attrs(c, []string{"name"}, []string{"params"})
	if err != nil {
		return err
	}
	name := a[0]
	if name == "call" {
		return x.errorf(c, "invalid use of macro name 'call'")
	}
	if strings.Contains(name, ".") {
		return x.errorf(c, "macro names must not contain '.' (reserved for namespaces): %s", name)
	}
	name = strings.TrimPrefix(name, "xacro:")
	params, defs := parseParams(a[1])
	x.macros++
	m.m[name] = &macro{Name: name, Params: params, Defaults: defs, Body: c}
	return nil
}

// resolveMacro finds a macro by its full name, else through include
// namespaces ("ns.name"), returning the namespace's tables.
func (x *expander) resolveMacro(name string, m *macroTable, t *Table) (*macro, *macroTable, *Table, bool) {
	if v, ok := m.get(name); ok {
		if mac, ok := v.(*macro); ok {
			return mac, m, t, true
		}
	}
	parts := strings.Split(name, ".")
	if len(parts) < 2 {
		return nil, nil, nil, false
	}
	for _, ns := range parts[:len(parts)-1] {
		v, ok := m.get(ns)
		if !ok {
			return nil, nil, nil, false
		}
		mt, ok := v.(*macroTable)
		if !ok {
			return nil, nil, nil, false
		}
		sv, err := t.lookup(ns)
		if err != nil {
			return nil, nil, nil, false
		}
		nsv, ok := sv.(*Namespace)
		if !ok {
			return nil, nil, nil, false
		}
		m, t = mt, nsv.table
	}
	v, ok := m.m[parts[len(parts)-1]]
	if !ok {
		return nil, nil, nil, false
	}
	mac, ok := v.(*macro)
	return mac, m, t, ok
}

func (x *expander) call(c, parent *Node, m *macroTable, t *Table) ([]*Node, error) {
	name := strings.TrimPrefix(c.Name, "xacro:")
	if name == "call" {
		raw, ok := c.Attr("macro")
		if !ok || raw == "" {
			return nil, x.errorf(c, "xacro:call is missing the 'macro' attribute")
		}
		v, err := x.text(c, raw, t)
		if err != nil {
			return nil, err
		}
		c.RemoveAttr("macro")
		name = v
		c.Name = "xacro:" + v
	}
	mac, mt, st, ok := x.resolveMacro(name, m, t)
	if !ok {
		return nil, x.errorf(c, "unknown macro name: xacro:%s", name)
	}
	if len(x.calls) >= x.opts.MaxDepth {
		return nil, x.errorf(c, "macro calls nested deeper than %d (recursive macro?)", x.opts.MaxDepth)
	}
	if err := x.charge(c, countNodes(mac.Body)); err != nil {
		return nil, err
	}
	x.calls = append(x.calls, Frame{Macro: name, File: c.File, Line: c.Line})
	defer func() { x.calls = x.calls[:len(x.calls)-1] }()

	scoped := newTable(st, x)
	params := append([]string(nil), mac.Params...)
	take := func(p string) bool {
		for i, q := range params {
			if q == p {
				params = append(params[:i], params[i+1:]...)
				return true
			}
		}
		return false
	}
	for _, a := range c.Attrs {
		if strings.HasPrefix(a.Name, "xmlns") {
			continue
		}
		if !take(a.Name) {
			return nil, x.errorf(c, "invalid parameter %q of macro %q", a.Name, name)
		}
		x.at = c
		v, err := x.evalText(a.Value, st)
		if err != nil {
			return nil, x.errAt(c, err)
		}
		scoped.set(a.Name, v, false)
	}
	c.Attrs = nil
	if err := x.evalAll(c, mt, st); err != nil {
		return nil, err
	}
	blocks := c.Elements()
	for _, p := range append([]string(nil), params...) {
		if !strings.HasPrefix(p, "*") {
			continue
		}
		if len(blocks) == 0 {
			return nil, x.errorf(c, "not enough blocks for macro %q (missing %s)", name, p)
		}
		take(p)
		scoped.vars[p] = &entry{v: blocks[0]}
		blocks = blocks[1:]
	}
	if len(blocks) > 0 {
		return nil, x.errorf(blocks[0], "unused block <%s> in call of macro %q", blocks[0].Name, name)
	}
	for _, p := range append([]string(nil), params...) {
		d, ok := mac.Defaults[p]
		if !ok {
			continue
		}
		var v any
		var err error
		switch {
		case d.forward && st.has(p):
			v, err = st.lookup(p)
		case d.has:
			x.at = c
			v, err = x.evalText(d.value, st)
		default:
			err = fmt.Errorf("undefined property to forward: %s", p)
		}
		if err != nil {
			return nil, x.errAt(c, err)
		}
		scoped.set(p, v, false)
		take(p)
	}
	if len(params) > 0 {
		return nil, x.errorf(c, "macro %q: undefined parameters [%s]", name, strings.Join(params, ","))
	}
	body := mac.Body.Copy()
	// The definition's own attributes (name, params) are not output; only
	// its namespace declarations move up.
	var keep []xmlx.Attr
	for _, a := range body.Attrs {
		if strings.HasPrefix(a.Name, "xmlns:") && a.Name != "xmlns:xacro" {
			keep = append(keep, a)
		}
	}
	body.Attrs = keep
	if err := x.evalAll(body, newMacroTable(mt), scoped); err != nil {
		return nil, err
	}
	importNamespaces(parent, body)
	return body.Children, nil
}

// importNamespaces copies xmlns:* declarations of an expanded element to
// the element it was expanded into.
func importNamespaces(parent, from *Node) {
	for _, a := range from.Attrs {
		if strings.HasPrefix(a.Name, "xmlns:") {
			if _, ok := parent.Attr(a.Name); !ok {
				parent.SetAttr(a.Name, a.Value)
			}
		}
	}
}

var globChars = lazyRegexp(`[*[?]+`)

func (x *expander) include(c, parent *Node, m *macroTable, t *Table) ([]*Node, error) {
	a, err := x.attrs(c, []string{"filename"}, []string{"ns", "optional"})
	if err != nil {
		return nil, err
	}
	nsM, nsT := m, t
	if a[1] != "" {
		ns, err := x.text(c, a[1], t)
		if err != nil {
			return nil, err
		}
		nsM = newMacroTable(nil)
		m.m[ns] = nsM
		nsT = newTable(t, x)
		nsT.ns = true
		t.set(ns, &Namespace{Name: ns, table: nsT}, false)
	}
	optional := a[2] == "true" || a[2] == "True" || a[2] == "1"
	spec, err := x.text(c, a[0], t)
	if err != nil {
		return nil, err
	}
	if spec, err = x.abs(spec); err != nil {
		return nil, x.errAt(c, err)
	}
	files := []string{spec}
	if globChars().MatchString(spec) {
		if x.opts.Glob == nil {
			return nil, x.errorf(c, "include pattern %q: file patterns are not supported here", spec)
		}
		if files, err = x.opts.Glob(spec); err != nil {
			return nil, x.errAt(c, err)
		}
		if len(files) == 0 {
			x.warnings = append(x.warnings, Warning{c.File, c.Line, fmt.Sprintf("include pattern %q matched no files", spec)})
		}
	}
	var out []*Node
	for _, f := range files {
		for _, g := range x.files {
			if g == f {
				return nil, x.errorf(c, "include cycle: %s includes %s again", x.currentFile(), f)
			}
		}
		root, err := x.load(f, c)
		if err != nil {
			if optional && x.opts.ReadFile != nil {
				if _, rerr := x.opts.ReadFile(f); rerr != nil {
					continue
				}
			}
			return nil, err
		}
		x.files = append(x.files, f)
		err = x.evalAll(root, nsM, nsT)
		x.files = x.files[:len(x.files)-1]
		if err != nil {
			return nil, err
		}
		importNamespaces(parent, root)
		out = append(out, root.Children...)
	}
	return out, nil
}
