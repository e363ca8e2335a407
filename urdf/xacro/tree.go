package xacro

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"
)

// NodeKind tells elements, text and comments apart.
type NodeKind int

// Kinds of Node.
const (
	ElementNode NodeKind = iota
	TextNode
	CommentNode
)

// Attr is one attribute, its name qualified as written (prefix:local).
type Attr struct {
	Name, Value string
}

// Node is one node of the document tree. Names keep their prefixes as
// written because xacro recognises its tags by the literal "xacro:"
// prefix. File and Line locate where an element came from, so errors (and
// URDF errors after expansion) can point into the xacro source.
type Node struct {
	Kind     NodeKind
	Name     string // element name; text of text and comment nodes is in Text
	Attrs    []Attr
	Children []*Node
	Text     string
	File     string
	Line     int
}

// Attr returns an attribute's value and whether it is present.
func (n *Node) Attr(name string) (string, bool) {
	for _, a := range n.Attrs {
		if a.Name == name {
			return a.Value, true
		}
	}
	return "", false
}

// SetAttr sets or adds an attribute.
func (n *Node) SetAttr(name, value string) {
	for i := range n.Attrs {
		if n.Attrs[i].Name == name {
			n.Attrs[i].Value = value
			return
		}
	}
	n.Attrs = append(n.Attrs, Attr{name, value})
}

// RemoveAttr deletes an attribute if present.
func (n *Node) RemoveAttr(name string) {
	for i := range n.Attrs {
		if n.Attrs[i].Name == name {
			n.Attrs = append(n.Attrs[:i:i], n.Attrs[i+1:]...)
			return
		}
	}
}

// Elements returns the element children.
func (n *Node) Elements() []*Node {
	var out []*Node
	for _, c := range n.Children {
		if c.Kind == ElementNode {
			out = append(out, c)
		}
	}
	return out
}

func (n *Node) clone() *Node {
	c := *n
	c.Attrs = append([]Attr(nil), n.Attrs...)
	c.Children = make([]*Node, len(n.Children))
	for i, ch := range n.Children {
		c.Children[i] = ch.clone()
	}
	return &c
}

// maxNestingXML bounds element nesting of a parsed file.
const maxNestingXML = 512

// lineError is a parse error at a line of a file.
type lineError struct {
	line int
	msg  string
}

func (e *lineError) Error() string { return e.msg }

// parseXML reads a document into its root element. It refuses DTD entity
// declarations (nothing is ever expanded) and accepts any XML version in
// the declaration.
func parseXML(data []byte, file string) (*Node, error) {
	data = blankDecl(data)
	d := xml.NewDecoder(bytes.NewReader(data))
	d.Strict = true
	var root *Node
	var stack []*Node
	for {
		line, _ := d.InputPos()
		tok, err := d.RawToken()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			var se *xml.SyntaxError
			if errors.As(err, &se) {
				return nil, &lineError{se.Line, "malformed XML: " + se.Msg}
			}
			l, _ := d.InputPos()
			return nil, &lineError{l, fmt.Sprintf("malformed XML: %v", err)}
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if len(stack) >= maxNestingXML {
				return nil, &lineError{line, fmt.Sprintf("elements nested deeper than %d", maxNestingXML)}
			}
			n := &Node{Kind: ElementNode, Name: qname(t.Name), File: file, Line: line}
			for _, a := range t.Attr {
				n.Attrs = append(n.Attrs, Attr{qname(a.Name), a.Value})
			}
			if len(stack) == 0 {
				if root != nil {
					return nil, &lineError{line, "more than one top-level element"}
				}
				root = n
			} else {
				p := stack[len(stack)-1]
				p.Children = append(p.Children, n)
			}
			stack = append(stack, n)
		case xml.EndElement:
			if len(stack) == 0 || stack[len(stack)-1].Name != qname(t.Name) {
				return nil, &lineError{line, fmt.Sprintf("malformed XML: unexpected end element </%s>", qname(t.Name))}
			}
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) > 0 {
				p := stack[len(stack)-1]
				if k := len(p.Children); k > 0 && p.Children[k-1].Kind == TextNode {
					p.Children[k-1].Text += string(t)
				} else {
					p.Children = append(p.Children, &Node{Kind: TextNode, Text: string(t), File: file, Line: line})
				}
			} else if strings.TrimSpace(string(t)) != "" {
				return nil, &lineError{line, "malformed XML: text outside the root element"}
			}
		case xml.Comment:
			if len(stack) > 0 {
				p := stack[len(stack)-1]
				p.Children = append(p.Children, &Node{Kind: CommentNode, Text: string(t), File: file, Line: line})
			}
		case xml.Directive:
			if bytes.Contains(t, []byte("ENTITY")) {
				return nil, &lineError{line, "DTD entity declarations are not accepted (entities are never expanded)"}
			}
		}
	}
	if len(stack) > 0 {
		l, _ := d.InputPos()
		return nil, &lineError{l, fmt.Sprintf("malformed XML: element <%s> is not closed", stack[len(stack)-1].Name)}
	}
	if root == nil {
		return nil, &lineError{1, "no XML element found"}
	}
	return root, nil
}

func qname(n xml.Name) string {
	if n.Space != "" {
		return n.Space + ":" + n.Local
	}
	return n.Local
}

// blankDecl replaces an XML declaration with spaces (keeping line breaks):
// Go's decoder rejects versions other than "1.0", which exporters write.
func blankDecl(data []byte) []byte {
	s := bytes.TrimLeft(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")), " \t\r\n")
	if !bytes.HasPrefix(s, []byte("<?xml")) {
		return data
	}
	start := len(data) - len(s)
	end := bytes.Index(s, []byte("?>"))
	if end < 0 {
		return data
	}
	out := append([]byte(nil), data...)
	for i := start; i < start+end+2; i++ {
		if out[i] != '\n' {
			out[i] = ' '
		}
	}
	return out
}

// Source is where an output line came from.
type Source struct {
	File string
	Line int
}

// Write serialises the tree with two-space indentation, one element per
// line, and returns for each output line (index = line-1) the source of
// the element that starts on it. Whitespace-only text is dropped.
func Write(root *Node) ([]byte, []Source) {
	w := &writer{}
	w.b.WriteString("<?xml version=\"1.0\" ?>\n")
	w.lines = append(w.lines, Source{}, Source{})
	w.element(root, 0)
	return w.b.Bytes(), w.lines
}

type writer struct {
	b     bytes.Buffer
	lines []Source
}

func (w *writer) newline(src Source) {
	w.b.WriteByte('\n')
	w.lines = append(w.lines, src)
}

func (w *writer) element(n *Node, depth int) {
	src := Source{n.File, n.Line}
	w.lines[len(w.lines)-1] = src
	w.b.WriteString(strings.Repeat("  ", depth))
	w.b.WriteByte('<')
	w.b.WriteString(n.Name)
	for _, a := range n.Attrs {
		w.b.WriteByte(' ')
		w.b.WriteString(a.Name)
		w.b.WriteString(`="`)
		xmlEscape(&w.b, a.Value, true)
		w.b.WriteByte('"')
	}
	var kids []*Node
	onlyText := true
	for _, c := range n.Children {
		if c.Kind == TextNode && strings.TrimSpace(c.Text) == "" {
			continue
		}
		if c.Kind != TextNode {
			onlyText = false
		}
		kids = append(kids, c)
	}
	if len(kids) == 0 {
		w.b.WriteString("/>")
		w.newline(Source{})
		return
	}
	w.b.WriteByte('>')
	if onlyText {
		for _, c := range kids {
			xmlEscape(&w.b, c.Text, false)
		}
		w.b.WriteString("</" + n.Name + ">")
		w.newline(Source{})
		return
	}
	w.newline(Source{})
	for _, c := range kids {
		switch c.Kind {
		case ElementNode:
			w.element(c, depth+1)
		case TextNode:
			w.b.WriteString(strings.Repeat("  ", depth+1))
			xmlEscape(&w.b, strings.TrimSpace(c.Text), false)
			w.newline(src)
		case CommentNode:
			w.b.WriteString(strings.Repeat("  ", depth+1))
			w.b.WriteString("<!--")
			w.b.WriteString(strings.ReplaceAll(c.Text, "--", "- -"))
			w.b.WriteString("-->")
			w.newline(Source{c.File, c.Line})
		}
	}
	w.b.WriteString(strings.Repeat("  ", depth))
	w.b.WriteString("</" + n.Name + ">")
	w.newline(Source{})
}

func xmlEscape(b *bytes.Buffer, s string, attr bool) {
	for _, r := range s {
		switch r {
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '"':
			if attr {
				b.WriteString("&quot;")
			} else {
				b.WriteRune(r)
			}
		case '\n', '\r', '\t':
			if attr {
				fmt.Fprintf(b, "&#%d;", r)
			} else {
				b.WriteRune(r)
			}
		default:
			b.WriteRune(r)
		}
	}
}
