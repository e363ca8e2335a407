package mjcf

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"strings"

	"github.com/physconv/physconv/convert"
)

// Element is one MJCF XML element with its attributes in file order, its
// child elements and the line it starts on.
type Element struct {
	Name     string
	Attrs    []Attr
	Children []*Element
	Line     int
	// File is the include file the element came from ("" = the main file).
	File string
}

// Attr is one attribute.
type Attr struct {
	Name, Value string
}

// Get returns an attribute's value and whether it is present.
func (e *Element) Get(name string) (string, bool) {
	for _, a := range e.Attrs {
		if a.Name == name {
			return a.Value, true
		}
	}
	return "", false
}

// Has reports whether the attribute is present.
func (e *Element) Has(name string) bool { _, ok := e.Get(name); return ok }

// Set replaces or appends an attribute.
func (e *Element) Set(name, value string) {
	for i, a := range e.Attrs {
		if a.Name == name {
			e.Attrs[i].Value = value
			return
		}
	}
	e.Attrs = append(e.Attrs, Attr{name, value})
}

// Child appends a new child element and returns it.
func (e *Element) Child(name string, attrs ...Attr) *Element {
	c := &Element{Name: name, Attrs: attrs}
	e.Children = append(e.Children, c)
	return c
}

// maxDepth bounds element nesting so hostile input cannot exhaust the stack.
const maxDepth = 2000

// Decode parses MJCF bytes into an element tree. Comments, processing
// instructions and character data are dropped (MJCF keeps all its data
// in attributes). Errors are *convert.FormatError with the line.
func Decode(data []byte) (*Element, error) {
	d := xml.NewDecoder(bytes.NewReader(data))
	d.Strict = true
	lineOf := lineCounter(data)
	var stack []*Element
	var root *Element
	for {
		off := d.InputOffset()
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			var se *xml.SyntaxError
			if errors.As(err, &se) {
				return nil, convert.ErrorAtLine(se.Line, "mjcf: malformed XML: %s", se.Msg)
			}
			return nil, convert.ErrorAtLine(lineOf(d.InputOffset()), "mjcf: malformed XML: %v", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if len(stack) >= maxDepth {
				return nil, convert.ErrorAtLine(lineOf(off), "mjcf: elements nested deeper than %d", maxDepth)
			}
			e := &Element{Name: t.Name.Local, Line: lineOf(off)}
			for _, a := range t.Attr {
				if a.Name.Space == "xmlns" || a.Name.Local == "xmlns" {
					continue
				}
				if e.Has(a.Name.Local) {
					return nil, convert.ErrorAtLine(e.Line, "mjcf: <%s> repeats attribute %q", e.Name, a.Name.Local)
				}
				e.Attrs = append(e.Attrs, Attr{a.Name.Local, a.Value})
			}
			if len(stack) == 0 {
				if root != nil {
					return nil, convert.ErrorAtLine(e.Line, "mjcf: more than one top-level element")
				}
				root = e
			} else {
				p := stack[len(stack)-1]
				p.Children = append(p.Children, e)
			}
			stack = append(stack, e)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		}
	}
	if root == nil {
		return nil, convert.ErrorAtLine(1, "mjcf: no XML element found")
	}
	if root.Name != "mujoco" {
		return nil, convert.ErrorAtLine(root.Line, "mjcf: top-level element is <%s>, want <mujoco>", root.Name)
	}
	return root, nil
}

// lineCounter returns a function mapping byte offsets to 1-based lines;
// offsets only grow, so it scans forward once.
func lineCounter(data []byte) func(int64) int {
	line, pos := 1, 0
	return func(off int64) int {
		o := int(off)
		if o > len(data) {
			o = len(data)
		}
		if o < pos {
			return line
		}
		// skip white space so an element's line is where its '<' is
		for o < len(data) && (data[o] == ' ' || data[o] == '\t' || data[o] == '\r' || data[o] == '\n') {
			o++
		}
		line += bytes.Count(data[pos:o], []byte{'\n'})
		pos = o
		return line
	}
}

// Encode writes the element tree as indented XML, attributes in the order
// given (Emit sorts what needs sorting), children nested two spaces.
func Encode(root *Element) []byte {
	var b bytes.Buffer
	encodeElement(&b, root, 0)
	return b.Bytes()
}

func encodeElement(b *bytes.Buffer, e *Element, depth int) {
	b.WriteString(strings.Repeat("  ", depth))
	b.WriteByte('<')
	b.WriteString(e.Name)
	for _, a := range e.Attrs {
		b.WriteByte(' ')
		b.WriteString(a.Name)
		b.WriteString(`="`)
		xml.EscapeText(b, []byte(a.Value))
		b.WriteByte('"')
	}
	if len(e.Children) == 0 {
		b.WriteString("/>\n")
		return
	}
	b.WriteString(">\n")
	for _, c := range e.Children {
		encodeElement(b, c, depth+1)
	}
	b.WriteString(strings.Repeat("  ", depth))
	b.WriteString("</")
	b.WriteString(e.Name)
	b.WriteString(">\n")
}
