package xmlx

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"strings"
	"testing"
)

// parseDocumentReference is the encoding/xml-based reader ParseDocument
// replaced, kept to test that the two agree.
// Processing instructions are
// dropped; the XML declaration is not checked beyond being one.
func parseDocumentReference(data []byte, opt Options) (*Document, error) {
	if opt.MaxDepth <= 0 {
		opt.MaxDepth = DefaultMaxDepth
	}
	if opt.MaxElements <= 0 {
		opt.MaxElements = DefaultMaxElements
	}
	data = blankUnknownMarkup(data)
	head := blankDeclaration(data)
	d := xml.NewDecoder(io.MultiReader(bytes.NewReader(head), bytes.NewReader(data[len(head):])))
	d.Strict = true
	doc := &Document{}
	var stack []*Element
	count := 0
	var text *Element // the text run being read, already the last child
	for {
		line, _ := d.InputPos()
		off := d.InputOffset()
		tok, err := d.RawToken()
		if _, more := tok.(xml.CharData); text != nil && !more {
			endText(stack[len(stack)-1], text, opt.Space)
			text = nil
		}
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			var se *xml.SyntaxError
			if errors.As(err, &se) {
				return nil, ErrorAt(se.Line, "malformed XML: %s", se.Msg)
			}
			l, _ := d.InputPos()
			return nil, ErrorAt(l, "malformed XML: %v", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if len(stack) >= opt.MaxDepth {
				return nil, ErrorAt(line, "elements nested deeper than %d", opt.MaxDepth)
			}
			if count++; count > opt.MaxElements {
				return nil, ErrorAt(line, "more than %d elements", opt.MaxElements)
			}
			if len(stack) == 0 && doc.Root != nil {
				return nil, ErrorAt(line, "more than one top-level element")
			}
			e, err := elementReference(t, line, data[off:d.InputOffset()])
			if err != nil {
				return nil, err
			}
			if len(stack) == 0 {
				doc.Root = e
			} else {
				p := stack[len(stack)-1]
				p.Children = append(p.Children, e)
			}
			stack = append(stack, e)
		case xml.EndElement:
			name := qname(t.Name)
			if len(stack) == 0 {
				return nil, ErrorAt(line, "malformed XML: unexpected end element </%s>", name)
			}
			if top := stack[len(stack)-1]; top.Name != name {
				return nil, ErrorAt(line, "malformed XML: element <%s> (line %d) closed by </%s>", top.Name, top.Line, name)
			}
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if !opt.Text || len(stack) == 0 {
				continue
			}
			// the decoder splits text at CDATA sections and entities;
			// runs are joined and trimmed together at their end
			p := stack[len(stack)-1]
			if text == nil {
				text = &Element{Kind: TextNode, Line: line}
				p.Children = append(p.Children, text)
			}
			text.Data += string(t)
			continue
		case xml.Comment:
			if !opt.Comments {
				continue
			}
			c := &Element{Kind: CommentNode, Data: string(t), Line: line}
			switch {
			case len(stack) > 0:
				p := stack[len(stack)-1]
				p.Children = append(p.Children, c)
			case doc.Root == nil:
				doc.Before = append(doc.Before, c)
			default:
				doc.After = append(doc.After, c)
			}
		case xml.Directive:
			return nil, ErrorAt(line, "DTD and entity declarations are not accepted (entities are never expanded; this also stops entity-expansion bombs)")
		}
	}
	if len(stack) > 0 {
		l, _ := d.InputPos()
		top := stack[len(stack)-1]
		return nil, ErrorAt(l, "malformed XML: unexpected end of file: <%s> (line %d) is not closed", top.Name, top.Line)
	}
	if doc.Root == nil {
		return nil, ErrorAt(1, "no XML element found")
	}
	return doc, nil
}

func qname(n xml.Name) string {
	if n.Space == "" {
		return n.Local
	}
	return n.Space + ":" + n.Local
}

// elementReference builds an element from a raw start tag.
func elementReference(t xml.StartElement, line int, raw []byte) (*Element, error) {
	e := &Element{Name: qname(t.Name), Line: line, Attrs: make([]Attr, len(t.Attr))}
	lines := attrLines(raw, line, len(t.Attr))
	for i, a := range t.Attr {
		name := qname(a.Name)
		for _, b := range e.Attrs[:i] {
			if b.Name == name {
				return nil, ErrorAt(lines[i], "<%s> repeats attribute %q", e.Name, name)
			}
		}
		e.Attrs[i] = Attr{Name: name, Value: a.Value, Line: lines[i]}
	}
	return e, nil
}

// attrLines finds the line of each attribute name in a start tag the
// decoder has already checked, so only a multi-line tag needs a scan.
func attrLines(raw []byte, line, n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = line
	}
	if n == 0 || bytes.IndexByte(raw, '\n') < 0 {
		return out
	}
	i := 0
	skip := func(stop func(byte) bool) {
		for i < len(raw) && !stop(raw[i]) {
			if raw[i] == '\n' {
				line++
			}
			i++
		}
	}
	space := func(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }
	// skip "<name"
	skip(func(c byte) bool { return space(c) || c == '/' || c == '>' })
	for k := 0; k < n && i < len(raw); k++ {
		skip(func(c byte) bool { return !space(c) })
		out[k] = line
		skip(func(c byte) bool { return c == '"' || c == '\'' })
		if i >= len(raw) {
			break
		}
		q := raw[i]
		i++
		skip(func(c byte) bool { return c == q })
		i++
	}
	return out
}

// blankDeclaration returns the start of data up to the end of the XML
// declaration with it and a byte-order mark replaced by spaces (line
// breaks kept, so lines and offsets stay those of data): the decoder
// rejects any version but "1.0", exporters write others, and the input is
// read as UTF-8 whatever encoding it declares. Without either it returns
// an empty slice; the rest of data is read in place.
func blankDeclaration(data []byte) []byte {
	end := 0
	if bytes.HasPrefix(data, []byte("\xef\xbb\xbf")) {
		end = 3
	}
	s := bytes.TrimLeft(data[end:], " \t\r\n")
	if len(s) > 5 && bytes.HasPrefix(s, []byte("<?xml")) && strings.IndexByte(" \t\r\n?", s[5]) >= 0 {
		if i := bytes.Index(s, []byte("?>")); i >= 0 {
			end = len(data) - len(s) + i + 2
		}
	}
	head := make([]byte, end)
	for i, c := range data[:end] {
		head[i] = ' '
		if c == '\n' {
			head[i] = '\n'
		}
	}
	return head
}

// blankUnknownMarkup turns markup that starts "<!-" but is no comment,
// up to its '>', into white space (line breaks kept), as ParseDocument
// passes over it; comments, CDATA sections, processing instructions and
// tags (their quoted values) are skipped whole, so only markup where a
// tag could start is touched.
func blankUnknownMarkup(data []byte) []byte {
	out := data
	skipTo := func(i int, end string) int {
		if k := bytes.Index(data[i:], []byte(end)); k >= 0 {
			return i + k + len(end)
		}
		return len(data)
	}
	for i := 0; i < len(data); {
		rest := data[i:]
		switch {
		case bytes.HasPrefix(rest, []byte("<!--")):
			i = skipTo(i+4, "-->")
		case bytes.HasPrefix(rest, []byte("<![CDATA[")):
			i = skipTo(i+9, "]]>")
		case bytes.HasPrefix(rest, []byte("<?")):
			i = skipTo(i+2, "?>")
		case bytes.HasPrefix(rest, []byte("<!-")):
			k := bytes.IndexByte(rest, '>')
			if k < 0 {
				return out
			}
			if &out[0] == &data[0] {
				out = bytes.Clone(data)
			}
			for j := i; j <= i+k; j++ {
				if out[j] != '\n' && out[j] != '\r' {
					out[j] = ' '
				}
			}
			i += k + 1
		case rest[0] == '<':
			// a tag: to its '>', past quoted values
			j := i + 1
			for j < len(data) && data[j] != '>' {
				if q := data[j]; q == '"' || q == '\'' {
					if k := bytes.IndexByte(data[j+1:], q); k >= 0 {
						j += k + 1
					} else {
						j = len(data)
						break
					}
				}
				j++
			}
			i = j + 1
		default:
			i++
		}
	}
	return out
}

// BenchmarkParseChainReference is BenchmarkParseChain with the
// encoding/xml-based reader, for comparison.
func BenchmarkParseChainReference(b *testing.B) {
	data := chain(4000, true)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := parseDocumentReference(data, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
