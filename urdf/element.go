package urdf

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"strings"

	"github.com/physconv/physconv/convert"
)

// Element is one XML element with its source line. URDF is decoded into a
// tree of Elements first, so every error can name its line and elements
// physconv does not model (<gazebo>, <transmission>, vendor tags) can be
// written back unchanged.
type Element struct {
	Name     string
	Attrs    []xml.Attr
	Children []*Element
	// Text is the element's character data with surrounding space trimmed.
	Text string
	Line int
}

// Attr returns an attribute's value and whether it is present.
func (e *Element) Attr(name string) (string, bool) {
	for _, a := range e.Attrs {
		if a.Name.Local == name {
			return a.Value, true
		}
	}
	return "", false
}

// Child returns the first child element with the name, or nil.
func (e *Element) Child(name string) *Element {
	for _, c := range e.Children {
		if c.Name == name {
			return c
		}
	}
	return nil
}

// maxDepth bounds element nesting so hostile input cannot exhaust the stack.
const maxDepth = 256

// decodeElements parses XML into an element tree. It accepts any version
// in the XML declaration (exporters write "0.0"), refuses DTD entity
// declarations outright (no entity is ever expanded, so entity bombs fail
// fast with a clear message) and reports the line of every error.
func decodeElements(data []byte) (*Element, error) {
	data = blankDeclaration(data)
	d := xml.NewDecoder(bytes.NewReader(data))
	d.Strict = true
	var root *Element
	var stack []*Element
	var text []*strings.Builder
	prefixes := map[string]string{} // namespace URL → prefix as written
	for {
		line, _ := d.InputPos()
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			var se *xml.SyntaxError
			if errors.As(err, &se) {
				return nil, convert.ErrorAtLine(se.Line, "malformed XML: %s", se.Msg)
			}
			l, _ := d.InputPos()
			return nil, convert.ErrorAtLine(l, "malformed XML: %v", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if len(stack) >= maxDepth {
				return nil, convert.ErrorAtLine(line, "elements nested deeper than %d", maxDepth)
			}
			for _, a := range t.Attr {
				if a.Name.Space == "xmlns" {
					prefixes[a.Value] = a.Name.Local
				}
			}
			prefix := func(space string) string {
				if p, ok := prefixes[space]; ok {
					return p
				}
				return space
			}
			name := t.Name.Local
			if t.Name.Space != "" {
				name = prefix(t.Name.Space) + ":" + name
			}
			attrs := make([]xml.Attr, 0, len(t.Attr))
			for _, a := range t.Attr {
				if a.Name.Space == "" || a.Name.Space == "xmlns" {
					attrs = append(attrs, a)
				} else {
					attrs = append(attrs, xml.Attr{Name: xml.Name{Local: prefix(a.Name.Space) + ":" + a.Name.Local}, Value: a.Value})
				}
			}
			e := &Element{Name: name, Attrs: attrs, Line: line}
			if len(stack) == 0 {
				if root != nil {
					return nil, convert.ErrorAtLine(e.Line, "more than one top-level element")
				}
				root = e
			} else {
				p := stack[len(stack)-1]
				p.Children = append(p.Children, e)
			}
			stack = append(stack, e)
			text = append(text, &strings.Builder{})
		case xml.EndElement:
			e := stack[len(stack)-1]
			e.Text = strings.TrimSpace(text[len(text)-1].String())
			stack = stack[:len(stack)-1]
			text = text[:len(text)-1]
		case xml.CharData:
			if len(text) > 0 {
				text[len(text)-1].Write(t)
			}
		case xml.Directive:
			if bytes.Contains(t, []byte("ENTITY")) {
				return nil, convert.ErrorAtLine(line, "DTD entity declarations are not accepted (entities are never expanded; this also stops entity-expansion bombs)")
			}
		}
	}
	if root == nil {
		return nil, convert.ErrorAtLine(1, "no XML element found")
	}
	return root, nil
}

// blankDeclaration replaces an XML declaration with spaces (keeping line
// breaks), because Go's decoder rejects any version but "1.0" and
// exporters write others.
func blankDeclaration(data []byte) []byte {
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
