package xacro

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/xmlx"
)

// Node is one node of the document tree (element, text or comment), the
// shared XML layer's element. Names keep their prefixes as written because
// xacro recognises its tags by the literal "xacro:" prefix; File and Line
// locate where an element came from, so errors (and URDF errors after
// expansion) can point into the xacro source.
type Node = xmlx.Element

// Kinds of Node.
const (
	ElementNode = xmlx.ElementNode
	TextNode    = xmlx.TextNode
	CommentNode = xmlx.CommentNode
)

// lineError is a parse error at a line of a file.
type lineError struct {
	line int
	msg  string
}

func (e *lineError) Error() string { return e.msg }

// parseXML reads a document into its root element, keeping text exactly
// and comments, and marks every node with the file it came from.
func parseXML(data []byte, file string) (*Node, error) {
	root, err := xmlx.Parse(data, xmlx.Options{Text: true, Space: true, Comments: true})
	if err != nil {
		var fe *convert.FormatError
		if errors.As(err, &fe) {
			return nil, &lineError{fe.Line, fe.Msg}
		}
		return nil, err
	}
	setFile(root, file)
	return root, nil
}

func setFile(n *Node, file string) {
	n.File = file
	for _, c := range n.Children {
		setFile(c, file)
	}
}

// Source is where an output line came from.
type Source struct {
	File string
	Line int
}

// Encode serialises the tree with two-space indentation, one element per
// line, and returns for each output line (index = line-1) the source of
// the element that starts on it. Whitespace-only text is dropped.
func Encode(root *Node) ([]byte, []Source) {
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

// spanned gives each line begun by what was written since offset at (a
// comment or a text that spans lines) the source src, so that the lines
// after it keep theirs.
func (w *writer) spanned(at int, src Source) {
	for range bytes.Count(w.b.Bytes()[at:], []byte{'\n'}) {
		w.lines = append(w.lines, src)
	}
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
		if c.Kind == TextNode && strings.TrimSpace(c.Data) == "" {
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
			at := w.b.Len()
			xmlEscape(&w.b, c.Data, false)
			w.spanned(at, Source{c.File, c.Line})
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
			at := w.b.Len()
			xmlEscape(&w.b, strings.TrimSpace(c.Data), false)
			w.spanned(at, src)
			w.newline(src)
		case CommentNode:
			w.b.WriteString(strings.Repeat("  ", depth+1))
			w.b.WriteString("<!--")
			at := w.b.Len()
			w.b.WriteString(strings.ReplaceAll(c.Data, "--", "- -"))
			w.spanned(at, Source{c.File, c.Line})
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
