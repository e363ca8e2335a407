// Package xmlx is the one XML layer of the XML formats (URDF, MJCF, xacro):
// a line-tracking element tree, a bounded and entity-free parser, and a
// writer with deterministic output.
//
// Parsing (XML 1.0, https://www.w3.org/TR/xml/; names with a prefix, as
// in https://www.w3.org/TR/xml-names/, are kept as written: the formats
// read name their elements by prefix, xacro:macro, and no namespace URI is
// resolved):
//
//	Parse(data, Options) (*Element, error)          the top-level element
//	ParseDocument(data, Options) (*Document, error) plus comments around it
//	Options{MaxDepth, MaxElements, Text, Comments, Space}
//	DefaultMaxDepth, DefaultMaxElements
//
// Every error is a *convert.FormatError naming the line. DTDs are refused
// outright (no entity is ever expanded, so entity bombs cannot start), the
// version in the XML declaration is not checked (exporters write "0.0"),
// and nesting depth and element count are bounded.
//
// The tree (mutable; the zero Kind is an element, so &Element{Name: "geom"}
// builds one):
//
//	Element{Kind, Name, Attrs, Children, Data, Line, File}
//	Kind: ElementNode, TextNode, CommentNode
//	Attr{Name, Value, Line}
//	(*Element).Prefix, Local, Attr, AttrOr, Has, SetAttr, RemoveAttr, AddChild,
//	  Child, Elements, Text, Copy, Append, Insert, Replace, Remove, Index
//	(*Element).Float, Floats with a NumberFunc such as ParseFloat
//	ErrorAt(line, format, args...)
//	Arena: New, AddChild make a built tree's elements in shared blocks
//
// Writing:
//
//	Encode(*Element) []byte, EncodeDocument(*Document) []byte
//	Writer: Declaration, Open, Empty, Leaf, Close, Comment, Element, Bytes
//	MaxIndent: indentation stops growing past this depth, so a deeply
//	  nested file grows linearly with its depth
//	Num, Nums, AppendNum: shortest round-trip numbers, snapped to a short
//	  decimal within SnapULPs
package xmlx

import (
	"strings"

	"github.com/physconv/physconv/convert"
)

// Kind says what an Element node is.
type Kind uint8

const (
	// ElementNode is an element: Name, Attrs and Children are set.
	ElementNode Kind = iota
	// TextNode is character data in Data (entities already replaced).
	TextNode
	// CommentNode is a comment; Data holds the text between <!-- and -->.
	CommentNode
)

// Element is one node of the tree. Elements, text and comments share the
// type so a mutable list of children keeps their order.
type Element struct {
	Kind Kind
	// Name is the qualified name as written ("xacro:macro", "link").
	Name string
	// Attrs are the attributes in source order, namespace declarations
	// included.
	Attrs []Attr
	// Children are the child nodes in source order.
	Children []*Element
	// Data is the text of a TextNode or CommentNode.
	Data string
	// Line is the 1-based line the node starts on (0 for built nodes).
	Line int
	// File names the file the node came from when it is not the main one
	// (set by callers that splice in included files).
	File string
}

// Attr is one attribute.
type Attr struct {
	// Name is the qualified name as written ("xmlns:xacro", "xyz").
	Name  string
	Value string
	// Line is where the attribute's name starts (0 for built attributes).
	Line int
}

// Prefix is the part of the name before the colon ("" when none).
func (e *Element) Prefix() string {
	if i := strings.IndexByte(e.Name, ':'); i >= 0 {
		return e.Name[:i]
	}
	return ""
}

// Local is the name without its prefix.
func (e *Element) Local() string {
	if i := strings.IndexByte(e.Name, ':'); i >= 0 {
		return e.Name[i+1:]
	}
	return e.Name
}

// Attr returns an attribute's value and whether it is present.
func (e *Element) Attr(name string) (string, bool) {
	for i := range e.Attrs {
		if e.Attrs[i].Name == name {
			return e.Attrs[i].Value, true
		}
	}
	return "", false
}

// AttrOr returns an attribute's value, or def when it is absent.
func (e *Element) AttrOr(name, def string) string {
	if v, ok := e.Attr(name); ok {
		return v
	}
	return def
}

// Has reports whether the attribute is present.
func (e *Element) Has(name string) bool { _, ok := e.Attr(name); return ok }

// attrLine is the line of an attribute, or of the element when unknown.
func (e *Element) attrLine(name string) int {
	for i := range e.Attrs {
		if e.Attrs[i].Name == name && e.Attrs[i].Line > 0 {
			return e.Attrs[i].Line
		}
	}
	return e.Line
}

// SetAttr replaces an attribute's value in place or appends it.
func (e *Element) SetAttr(name, value string) {
	for i := range e.Attrs {
		if e.Attrs[i].Name == name {
			e.Attrs[i].Value = value
			return
		}
	}
	if cap(e.Attrs) == 0 {
		e.Attrs = make([]Attr, 0, 4) // most written elements have a few; one allocation for them
	}
	e.Attrs = append(e.Attrs, Attr{Name: name, Value: value})
}

// RemoveAttr deletes an attribute and reports whether it was present.
func (e *Element) RemoveAttr(name string) bool {
	for i := range e.Attrs {
		if e.Attrs[i].Name == name {
			e.Attrs = append(e.Attrs[:i:i], e.Attrs[i+1:]...)
			return true
		}
	}
	return false
}

// Child returns the first child element with the qualified name, or nil.
func (e *Element) Child(name string) *Element {
	for _, c := range e.Children {
		if c.Kind == ElementNode && c.Name == name {
			return c
		}
	}
	return nil
}

// Elements returns the child elements, skipping text and comments.
func (e *Element) Elements() []*Element {
	n := 0
	for _, c := range e.Children {
		if c.Kind == ElementNode {
			n++
		}
	}
	if n == len(e.Children) {
		return e.Children
	}
	out := make([]*Element, 0, n)
	for _, c := range e.Children {
		if c.Kind == ElementNode {
			out = append(out, c)
		}
	}
	return out
}

// Text is the concatenated character data of the direct text children
// with surrounding space trimmed.
func (e *Element) Text() string {
	var b strings.Builder
	for _, c := range e.Children {
		if c.Kind == TextNode {
			b.WriteString(c.Data)
		}
	}
	return strings.TrimSpace(b.String())
}

// Copy returns a deep copy: changing the copy never changes e.
func (e *Element) Copy() *Element {
	c := *e
	if e.Attrs != nil {
		c.Attrs = append([]Attr(nil), e.Attrs...)
	}
	if e.Children != nil {
		c.Children = make([]*Element, len(e.Children))
		for i, ch := range e.Children {
			c.Children[i] = ch.Copy()
		}
	}
	return &c
}

// Append adds nodes after the last child.
func (e *Element) Append(nodes ...*Element) { e.Children = append(e.Children, nodes...) }

// Insert puts nodes before child i (i == len(Children) appends).
func (e *Element) Insert(i int, nodes ...*Element) { e.splice(i, i, nodes) }

// Replace puts nodes in place of child i (none removes it).
func (e *Element) Replace(i int, nodes ...*Element) { e.splice(i, i+1, nodes) }

// splice puts nodes in place of Children[i:j] in a new slice, so neither
// the caller's nodes nor a slice of the old children is overwritten.
func (e *Element) splice(i, j int, nodes []*Element) {
	out := make([]*Element, 0, len(e.Children)-(j-i)+len(nodes))
	out = append(out, e.Children[:i]...)
	out = append(out, nodes...)
	e.Children = append(out, e.Children[j:]...)
}

// Remove deletes child i.
func (e *Element) Remove(i int) { e.Replace(i) }

// Index is the position of child c, or -1.
func (e *Element) Index(c *Element) int {
	for i, x := range e.Children {
		if x == c {
			return i
		}
	}
	return -1
}

// ErrorAt is a FormatError at a line.
func ErrorAt(line int, format string, args ...any) *convert.FormatError {
	return convert.ErrorAtLine(line, format, args...)
}

// AddChild appends a new child element with attributes given as name,
// value pairs, in that order, and returns it.
func (e *Element) AddChild(name string, attrs ...string) *Element {
	var c *Element
	if n := len(attrs) / 2; n <= builtAttrs {
		// the element and room for the few attributes a written element
		// mostly has (SetAttr adds more later) in one allocation
		x := &builtElement{}
		c = &x.e
		c.Attrs = x.attrs[:0:builtAttrs]
	} else {
		c = &Element{Attrs: make([]Attr, 0, n)}
	}
	c.Name = name
	for i := 0; i+1 < len(attrs); i += 2 {
		c.Attrs = append(c.Attrs, Attr{Name: attrs[i], Value: attrs[i+1]})
	}
	e.Children = append(e.Children, c)
	return c
}

// builtAttrs is the attribute capacity AddChild gives an element with
// its own allocation.
const builtAttrs = 4

// builtElement is an element AddChild makes and its first attributes.
type builtElement struct {
	e     Element
	attrs [builtAttrs]Attr
}
