package xmlx

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/physconv/physconv/convert"
)

const (
	// DefaultMaxDepth bounds element nesting. Consumers walk trees
	// recursively; 10,000 levels holds a serial chain of several thousand
	// bodies in MJCF with room to spare.
	DefaultMaxDepth = 10000
	// DefaultMaxElements bounds the number of elements (text and comments
	// not counted), about 200 MB of tree at worst.
	DefaultMaxElements = 1000000
)

// Options tune Parse. The zero value keeps elements only, with the
// default limits.
type Options struct {
	// MaxDepth is the deepest nesting accepted (0: DefaultMaxDepth).
	MaxDepth int
	// MaxElements is the most elements accepted (0: DefaultMaxElements).
	MaxElements int
	// Text keeps character data as TextNode children. Without Space,
	// white-space-only text is dropped and other text is trimmed.
	Text bool
	// Space keeps character data exactly as written (with Text).
	Space bool
	// Comments keeps comments as CommentNode children (and, in
	// ParseDocument, around the top-level element).
	Comments bool
}

// Document is a parsed file: its top-level element and the comments
// before and after it (kept with Options.Comments).
type Document struct {
	Before []*Element
	Root   *Element
	After  []*Element
}

// Parse reads XML and returns its top-level element.
func Parse(data []byte, opt Options) (*Element, error) {
	d, err := ParseDocument(data, opt)
	if err != nil {
		return nil, err
	}
	return d.Root, nil
}

const (
	xmlNS   = "http://www.w3.org/XML/1998/namespace"
	xmlnsNS = "http://www.w3.org/2000/xmlns/"
)

// scope maps prefixes ("" = default) to namespace URIs; a child shares its
// parent's map unless it declares namespaces itself.
type scope map[string]string

// ParseDocument reads XML into a Document. Processing instructions are
// dropped; the XML declaration is not checked beyond being one.
func ParseDocument(data []byte, opt Options) (*Document, error) {
	if opt.MaxDepth <= 0 {
		opt.MaxDepth = DefaultMaxDepth
	}
	if opt.MaxElements <= 0 {
		opt.MaxElements = DefaultMaxElements
	}
	head := blankDeclaration(data)
	d := xml.NewDecoder(io.MultiReader(bytes.NewReader(head), bytes.NewReader(data[len(head):])))
	d.Strict = true
	doc := &Document{}
	var stack []*Element
	scopes := []scope{{"xml": xmlNS}}
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
			e, sc, err := element(t, line, data[off:d.InputOffset()], scopes[len(scopes)-1])
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
			scopes = append(scopes, sc)
		case xml.EndElement:
			name := qname(t.Name)
			if len(stack) == 0 {
				return nil, ErrorAt(line, "malformed XML: unexpected end element </%s>", name)
			}
			if top := stack[len(stack)-1]; top.Name != name {
				return nil, ErrorAt(line, "malformed XML: element <%s> (line %d) closed by </%s>", top.Name, top.Line, name)
			}
			stack = stack[:len(stack)-1]
			scopes = scopes[:len(scopes)-1]
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

// endText trims a finished text run (unless space is kept) and drops it
// when nothing is left.
func endText(p *Element, text *Element, space bool) {
	if !space {
		t := strings.TrimLeft(text.Data, " \t\r\n")
		text.Line += strings.Count(text.Data[:len(text.Data)-len(t)], "\n")
		text.Data = strings.TrimRight(t, " \t\r\n")
	}
	if text.Data == "" {
		p.Children = p.Children[:len(p.Children)-1]
	}
}

func qname(n xml.Name) string {
	if n.Space == "" {
		return n.Local
	}
	return n.Space + ":" + n.Local
}

// element builds an element from a raw start tag, resolving its prefixes
// in the scope it opens.
func element(t xml.StartElement, line int, raw []byte, parent scope) (*Element, scope, error) {
	e := &Element{Name: qname(t.Name), Line: line, Attrs: make([]Attr, len(t.Attr))}
	sc, copied := parent, false
	for _, a := range t.Attr {
		if a.Name.Space == "xmlns" || a.Name.Space == "" && a.Name.Local == "xmlns" {
			if !copied {
				sc, copied = make(scope, len(parent)+1), true
				for k, v := range parent {
					sc[k] = v
				}
			}
			if a.Name.Space == "" {
				sc[""] = a.Value
			} else {
				sc[a.Name.Local] = a.Value
			}
		}
	}
	lines := attrLines(raw, line, len(t.Attr))
	for i, a := range t.Attr {
		name := qname(a.Name)
		for _, b := range e.Attrs[:i] {
			if b.Name == name {
				return nil, nil, ErrorAt(lines[i], "<%s> repeats attribute %q", e.Name, name)
			}
		}
		space := ""
		switch {
		case a.Name.Space == "xmlns" || name == "xmlns":
			space = xmlnsNS
		case a.Name.Space != "":
			space = sc[a.Name.Space]
		}
		e.Attrs[i] = Attr{Name: name, Value: a.Value, Space: space, Line: lines[i]}
	}
	e.Space = sc[t.Name.Space]
	return e, sc, nil
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

// NumberFunc reads one number by a format's own rules.
type NumberFunc func(s string) (float64, error)

var errNotFinite = errors.New("not a finite number")

// ParseFloat reads a finite decimal number (strconv syntax, surrounding
// space allowed); NaN and infinities are refused.
func ParseFloat(s string) (float64, error) {
	v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, errNotFinite
	}
	return v, nil
}

// Float reads a one-number attribute. ok is false when it is absent; the
// error, a FormatError at the attribute's line, says why a present value
// is refused.
func (e *Element) Float(name string, num NumberFunc) (v float64, ok bool, err error) {
	s, ok := e.Attr(name)
	if !ok {
		return 0, false, nil
	}
	v, err = num(s)
	if err != nil {
		return 0, true, e.attrError(name, s, err.Error())
	}
	return v, true, nil
}

// Floats reads a white-space separated list of n numbers (n < 0: any
// count of at least one). ok is false when the attribute is absent.
func (e *Element) Floats(name string, n int, num NumberFunc) (v []float64, ok bool, err error) {
	s, ok := e.Attr(name)
	if !ok {
		return nil, false, nil
	}
	fs := strings.Fields(s)
	if n >= 0 && len(fs) != n {
		return nil, true, e.attrError(name, s, "want "+strconv.Itoa(n)+" numbers")
	}
	if len(fs) == 0 {
		return nil, true, e.attrError(name, s, "want at least one number")
	}
	v = make([]float64, len(fs))
	for i, f := range fs {
		if v[i], err = num(f); err != nil {
			return nil, true, e.attrError(name, s, strconv.Quote(f)+" is "+err.Error())
		}
	}
	return v, true, nil
}

func (e *Element) attrError(name, value, why string) *convert.FormatError {
	return ErrorAt(e.attrLine(name), "<%s %s=%q>: %s", e.Name, name, value, why)
}
