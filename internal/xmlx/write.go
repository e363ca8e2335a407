package xmlx

import (
	"slices"
	"strings"
)

// MaxIndent is the deepest level that still adds indentation (two spaces
// a level). Deeper elements line up at this level, so a serial chain of n
// nested bodies writes O(n) bytes, not O(n²); the file stays valid and
// the outer levels, where people read, keep their shape.
const MaxIndent = 16

// Writer appends indented XML to a buffer: one element or comment per
// line, attributes in the order given, values escaped. Open and Close
// nest; the Writer tracks the depth.
type Writer struct {
	b     []byte
	stack []string
}

// Grow makes room for n more bytes: a writer that knows roughly how much
// it will write allocates its buffer once, where append would copy a
// megabyte buffer a dozen times growing it by a quarter.
func (w *Writer) Grow(n int) { w.b = slices.Grow(w.b, n) }

// sizeHint is about the length of e and its subtree written at depth: the
// unescaped text, the indentation and the markup.
func sizeHint(e *Element, depth int) int {
	n := 2*min(depth, MaxIndent) + len(e.Data) + 2*len(e.Name) + 6
	for _, a := range e.Attrs {
		n += len(a.Name) + len(a.Value) + 4
	}
	for _, c := range e.Children {
		n += sizeHint(c, depth+1)
	}
	return n
}

// Bytes is what was written so far.
func (w *Writer) Bytes() []byte { return w.b }

// Declaration writes <?xml version="1.0"?>.
func (w *Writer) Declaration() { w.b = append(w.b, "<?xml version=\"1.0\"?>\n"...) }

func (w *Writer) indent() {
	n := len(w.stack)
	if n > MaxIndent {
		n = MaxIndent
	}
	for range n {
		w.b = append(w.b, ' ', ' ')
	}
}

// startTag writes "<name a="v"…" without the closing bracket; attrs are
// name, value pairs.
func (w *Writer) startTag(name string, attrs []string) {
	w.b = append(w.b, '<')
	w.b = append(w.b, name...)
	for i := 0; i+1 < len(attrs); i += 2 {
		w.b = append(w.b, ' ')
		w.b = append(w.b, attrs[i]...)
		w.b = append(w.b, '=', '"')
		w.b = appendEscaped(w.b, attrs[i+1], true)
		w.b = append(w.b, '"')
	}
}

// Open writes a start tag on its own line; attrs are name, value pairs.
func (w *Writer) Open(name string, attrs ...string) {
	w.indent()
	w.startTag(name, attrs)
	w.b = append(w.b, ">\n"...)
	w.stack = append(w.stack, name)
}

// Empty writes an element with no content: <name a="v"/>.
func (w *Writer) Empty(name string, attrs ...string) {
	w.indent()
	w.startTag(name, attrs)
	w.b = append(w.b, "/>\n"...)
}

// Leaf writes an element holding only text on one line; empty text
// writes an empty element.
func (w *Writer) Leaf(name, text string, attrs ...string) {
	if text == "" {
		w.Empty(name, attrs...)
		return
	}
	w.indent()
	w.startTag(name, attrs)
	w.b = append(w.b, '>')
	w.b = appendEscaped(w.b, text, false)
	w.b = append(w.b, "</"...)
	w.b = append(w.b, name...)
	w.b = append(w.b, ">\n"...)
}

// Close ends the innermost element Open started; without one it does
// nothing.
func (w *Writer) Close() {
	if len(w.stack) == 0 {
		return
	}
	name := w.stack[len(w.stack)-1]
	w.stack = w.stack[:len(w.stack)-1]
	w.indent()
	w.b = append(w.b, "</"...)
	w.b = append(w.b, name...)
	w.b = append(w.b, ">\n"...)
}

// Comment writes a comment on its own line.
func (w *Writer) Comment(text string) {
	w.indent()
	w.b = appendComment(w.b, text)
	w.b = append(w.b, '\n')
}

// Element writes a node and its subtree. An element whose content
// includes text is written on one line exactly as its content stands (the
// text is data; added indentation would change it); others get one line
// per child node.
func (w *Writer) Element(e *Element) {
	switch e.Kind {
	case TextNode:
		if s := strings.TrimSpace(e.Data); s != "" {
			w.indent()
			w.b = appendEscaped(w.b, s, false)
			w.b = append(w.b, '\n')
		}
		return
	case CommentNode:
		w.Comment(e.Data)
		return
	}
	mixed, empty := false, true
	for _, c := range e.Children {
		switch {
		case c.Kind != TextNode:
			empty = false
		case strings.TrimSpace(c.Data) != "":
			mixed, empty = true, false
		}
	}
	switch {
	case empty:
		w.indent()
		w.elementTag(e)
		w.b = append(w.b, "/>\n"...)
	case mixed:
		w.indent()
		w.inline(e)
		w.b = append(w.b, '\n')
	default:
		// as Open: the element's attributes are written from its own
		// list, not copied into name, value pairs first
		w.indent()
		w.elementTag(e)
		w.b = append(w.b, ">\n"...)
		w.stack = append(w.stack, e.Name)
		for _, c := range e.Children {
			w.Element(c)
		}
		w.Close()
	}
}

// elementTag writes "<name" and the element's attributes, as startTag.
func (w *Writer) elementTag(e *Element) {
	w.b = append(w.b, '<')
	w.b = append(w.b, e.Name...)
	for _, a := range e.Attrs {
		w.b = append(w.b, ' ')
		w.b = append(w.b, a.Name...)
		w.b = append(w.b, '=', '"')
		w.b = appendEscaped(w.b, a.Value, true)
		w.b = append(w.b, '"')
	}
}

// inline writes a node and its subtree with no added white space.
func (w *Writer) inline(e *Element) {
	switch e.Kind {
	case TextNode:
		w.b = appendEscaped(w.b, e.Data, false)
		return
	case CommentNode:
		w.b = appendComment(w.b, e.Data)
		return
	}
	w.elementTag(e)
	if len(e.Children) == 0 {
		w.b = append(w.b, "/>"...)
		return
	}
	w.b = append(w.b, '>')
	for _, c := range e.Children {
		w.inline(c)
	}
	w.b = append(w.b, "</"...)
	w.b = append(w.b, e.Name...)
	w.b = append(w.b, '>')
}

// Encode writes an element tree as indented XML without a declaration.
func Encode(e *Element) []byte { return AppendEncode(nil, e) }

// AppendEncode is Encode appending to dst (a header the caller wrote).
func AppendEncode(dst []byte, e *Element) []byte {
	w := Writer{b: dst}
	n := sizeHint(e, 0)
	w.Grow(n + n/16)
	w.Element(e)
	return w.b
}

// EncodeDocument writes a declaration, the comments before the
// top-level element, the element and the comments after it.
func EncodeDocument(d *Document) []byte {
	var w Writer
	if d.Root != nil {
		n := sizeHint(d.Root, 0)
		w.Grow(n + n/16)
	}
	w.Declaration()
	for _, c := range d.Before {
		w.Element(c)
	}
	if d.Root != nil {
		w.Element(d.Root)
	}
	for _, c := range d.After {
		w.Element(c)
	}
	return w.b
}

// appendEscaped escapes markup characters; in attributes also quotes
// and the white space that attribute-value normalisation would turn into
// spaces, so values read back as written.
func appendEscaped(b []byte, s string, attr bool) []byte {
	last := 0
	for i := 0; i < len(s); i++ {
		var esc string
		switch s[i] {
		case '&':
			esc = "&amp;"
		case '<':
			esc = "&lt;"
		case '>':
			esc = "&gt;"
		case '"':
			if attr {
				esc = "&quot;"
			}
		case '\t':
			if attr {
				esc = "&#9;"
			}
		case '\n':
			if attr {
				esc = "&#10;"
			}
		case '\r':
			esc = "&#13;"
		}
		if esc != "" {
			b = append(b, s[last:i]...)
			b = append(b, esc...)
			last = i + 1
		}
	}
	return append(b, s[last:]...)
}

// appendComment writes a comment, spacing apart any "--" (which a
// comment may not contain) and a trailing "-".
func appendComment(b []byte, s string) []byte {
	for strings.Contains(s, "--") {
		s = strings.ReplaceAll(s, "--", "- -")
	}
	if strings.HasSuffix(s, "-") {
		s += " "
	}
	b = append(b, "<!--"...)
	b = append(b, s...)
	return append(b, "-->"...)
}
