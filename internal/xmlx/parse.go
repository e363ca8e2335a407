package xmlx

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unsafe"

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
	// AfterRoot ignores what follows the top-level element's end but
	// white space, comments and processing instructions (a stray end tag,
	// a second element), as TinyXML2 does for MuJoCo and urdfdom, instead
	// of refusing it: Document.IgnoredFrom says where it began.
	AfterRoot bool
	// Borrow is the caller's promise that data is never modified while
	// the tree, or any string taken from it, is in use. Names and values
	// then point into data, instead of into a copy of the whole document
	// made first (for a robot of thousands of links, megabytes held as
	// long as any name read from it).
	Borrow bool
}

// Document is a parsed file: its top-level element and the comments
// before and after it (kept with Options.Comments).
type Document struct {
	Before []*Element
	Root   *Element
	After  []*Element
	// IgnoredFrom is the line where content after the top-level element
	// began that Options.AfterRoot had ignored; 0 when none.
	IgnoredFrom int
}

// Parse reads XML and returns its top-level element.
func Parse(data []byte, opt Options) (*Element, error) {
	d, err := ParseDocument(data, opt)
	if err != nil {
		return nil, err
	}
	return d.Root, nil
}

// ParseDocument reads XML into a Document. Processing instructions are
// dropped; the XML declaration is not checked beyond being one.
func ParseDocument(data []byte, opt Options) (*Document, error) {
	return parse(data, opt, nil)
}

// Stream reads XML as ParseDocument does, but gives each element child
// of the top-level element (root) to each as soon as its end tag is read,
// instead of adding it to the tree: the Document's Root keeps its
// attributes and text only. Unless each keeps a child (returns true), the
// memory of the child and of everything in it is reused for the next one,
// so a document of thousands of top-level elements (a URDF's links and
// joints) is read in the memory of a few; each must then hold nothing of
// a child it does not keep but strings. Once each returns an error it is
// not called again; the document is still read to its end, and a
// malformed document's error comes first, as ParseDocument's would.
func Stream(data []byte, opt Options, each func(root, child *Element) (keep bool, err error)) (*Document, error) {
	return parse(data, opt, each)
}

func parse(data []byte, opt Options, each func(root, child *Element) (bool, error)) (*Document, error) {
	if opt.MaxDepth <= 0 {
		opt.MaxDepth = DefaultMaxDepth
	}
	if opt.MaxElements <= 0 {
		opt.MaxElements = DefaultMaxElements
	}
	var src string
	if opt.Borrow {
		src = unsafe.String(unsafe.SliceData(data), len(data))
	} else {
		src = string(data)
	}
	s := &scanner{src: src, line: 1}
	s.skipDeclaration()
	b := &builder{opt: opt, doc: &Document{}, each: each}
	for s.i < len(s.src) {
		if opt.AfterRoot && b.doc.Root != nil && len(b.stack) == 0 {
			s.space()
			rest := s.src[s.i:]
			if rest != "" && !strings.HasPrefix(rest, "<!--") && !strings.HasPrefix(rest, "<?") {
				b.doc.IgnoredFrom = s.line
				break
			}
			if rest == "" {
				break
			}
		}
		line := s.line
		if s.src[s.i] != '<' {
			t, ok := s.text(0, false)
			if !ok {
				return nil, s.err.formatError()
			}
			b.charData(t, line)
			continue
		}
		rest := s.src[s.i:]
		var err error
		switch {
		case strings.HasPrefix(rest, "</"):
			b.endText()
			s.i += 2
			err = b.end(s, line)
		case strings.HasPrefix(rest, "<?"):
			b.endText()
			s.i += 2
			s.procInst()
		case strings.HasPrefix(rest, "<!--"):
			b.endText()
			s.i += 4
			if c, ok := s.comment(); ok {
				b.comment(c, line)
			}
		case strings.HasPrefix(rest, "<![CDATA["):
			s.i += 9
			if t, ok := s.text(0, true); ok {
				b.charData(t, line)
			}
		case strings.HasPrefix(rest, "<!-"):
			// not a comment: TinyXML2, which MuJoCo and urdfdom read with,
			// passes over such markup up to its '>' (an escaped comment,
			// <!-\- … -\->, in MuJoCo's own task files); it reads here as
			// the white space it stands in
			end := strings.IndexByte(rest, '>')
			if end < 0 {
				s.i = len(s.src)
				s.eof()
				break
			}
			b.charData(blankMarkup(rest[:end+1]), line)
			s.line += strings.Count(rest[:end], "\n")
			s.i += end + 1
		case strings.HasPrefix(rest, "<!["):
			k := 3
			for k < len(rest) && k < 9 && rest[k] == "<![CDATA["[k] {
				k++
			}
			s.i += k
			if s.i >= len(s.src) {
				s.eof()
			} else {
				s.failAt(s.i, "invalid <![ sequence")
			}
		case strings.HasPrefix(rest, "<!"):
			b.endText()
			return nil, ErrorAt(line, "DTD and entity declarations are not accepted (entities are never expanded; this also stops entity-expansion bombs)")
		default:
			b.endText()
			s.i++
			err = b.start(s, line)
		}
		if err != nil {
			return nil, err
		}
		if s.err != nil {
			return nil, s.err.formatError()
		}
	}
	b.endText()
	if len(b.stack) > 0 {
		top := b.stack[len(b.stack)-1]
		return nil, ErrorAt(s.line, "malformed XML: unexpected end of file: <%s> (line %d) is not closed", top.Name, top.Line)
	}
	if b.doc.Root == nil {
		return nil, ErrorAt(1, "no XML element found")
	}
	if b.eachErr != nil {
		return nil, b.eachErr
	}
	return b.doc, nil
}

// blankMarkup is markup passed over, as the white space it stands in:
// a space for each byte, its line breaks kept.
func blankMarkup(m string) string {
	b := []byte(m)
	for i, c := range b {
		if c != '\n' && c != '\r' {
			b[i] = ' '
		}
	}
	return string(b)
}

func (e *syntaxErr) formatError() error { return ErrorAt(e.line, "malformed XML: %s", e.msg) }

// procInst skips a processing instruction after "<?"; one named xml must
// say version 1.0 and UTF-8, if anything.
func (s *scanner) procInst() {
	target, ok := s.name()
	if !ok {
		s.fail("expected target name after <?")
		return
	}
	s.space()
	end := strings.Index(s.src[s.i:], "?>")
	if end < 0 {
		s.line += strings.Count(s.src[s.i:], "\n")
		s.i = len(s.src)
		s.eof()
		return
	}
	content := s.src[s.i : s.i+end]
	s.line += strings.Count(content, "\n")
	s.i += end + 2
	if target == "xml" {
		if v := procInstParam("version", content); v != "" && v != "1.0" {
			s.fail(fmt.Sprintf("unsupported version %q; only version 1.0 is supported", v))
		} else if enc := procInstParam("encoding", content); enc != "" && !strings.EqualFold(enc, "utf-8") {
			s.fail(fmt.Sprintf("encoding %q declared but not supported", enc))
		}
	}
}

// procInstParam reads param="value" from a processing instruction, as
// encoding/xml does.
func procInstParam(param, s string) string {
	param += "="
	lenp := len(param)
	i := 0
	var sep byte
	for i < len(s) {
		sub := s[i:]
		k := strings.Index(sub, param)
		if k < 0 || lenp+k >= len(sub) {
			return ""
		}
		i += lenp + k + 1
		if c := sub[lenp+k]; c == '\'' || c == '"' {
			sep = c
			break
		}
	}
	if sep == 0 {
		return ""
	}
	j := strings.IndexByte(s[i:], sep)
	if j < 0 {
		return ""
	}
	return s[i : i+j]
}

// comment reads a comment after "<!--" up to "-->", which no other "--"
// may precede.
func (s *scanner) comment() (string, bool) {
	start := s.i
	for k := s.i; k+1 < len(s.src); k++ {
		if s.src[k] == '-' && s.src[k+1] == '-' {
			s.line += strings.Count(s.src[s.i:k], "\n")
			s.i = k + 2
			if s.i >= len(s.src) {
				return "", s.eof()
			}
			if s.src[s.i] != '>' {
				return "", s.failAt(s.i, `invalid sequence "--" not allowed in comments`)
			}
			s.i++
			return s.src[start:k], true
		}
	}
	s.line += strings.Count(s.src[s.i:], "\n")
	s.i = len(s.src)
	return "", s.eof()
}

// builder makes the tree from what the scanner reads.
type builder struct {
	opt   Options
	doc   *Document
	stack []*Element
	count int
	text  *Element // the text run being read, already the last child
	// elements, attributes and the first children of each element are
	// allocated in blocks
	elems []Element
	attrs []Attr
	kids  []*Element
	// Stream's: the callback, its first error, and where in the blocks
	// the top-level child being read began
	each    func(root, child *Element) (bool, error)
	eachErr error
	mark    blockMark
}

// blockMark is the free part of each block at one moment.
type blockMark struct {
	elems []Element
	attrs []Attr
	kids  []*Element
}

// deliver gives a finished child of the root to each, then frees its
// memory for the next unless each keeps it.
func (b *builder) deliver(e *Element) {
	keep := false
	if b.eachErr == nil {
		keep, b.eachErr = b.each(b.doc.Root, e)
	}
	if !keep {
		b.elems = reuse(b.mark.elems, b.elems)
		b.attrs = reuse(b.mark.attrs, b.attrs)
		b.kids = reuse(b.mark.kids, b.kids)
	}
}

// reuse returns mark, the free part of a block at an earlier moment, with
// what was taken from it since cleared, when cur is still the same
// block's free part; otherwise (a new block was begun) cur. Blocks are
// taken from the front, so a block's free parts all end where it ends.
func reuse[T any](mark, cur []T) []T {
	if cap(mark) == 0 || cap(cur) == 0 || &mark[:cap(mark)][cap(mark)-1] != &cur[:cap(cur)][cap(cur)-1] {
		return cur
	}
	clear(mark[:len(mark)-len(cur)])
	return mark
}

func (b *builder) newElement() *Element {
	if len(b.elems) == 0 {
		b.elems = make([]Element, 256)
	}
	e := &b.elems[0]
	b.elems = b.elems[1:]
	return e
}

func (b *builder) attrSlice(n int) []Attr {
	if n > len(b.attrs) {
		b.attrs = make([]Attr, max(1024, n))
	}
	a := b.attrs[:n:n]
	b.attrs = b.attrs[n:]
	return a
}

// firstKids is the capacity of an element's first children slice, taken
// from a block: most elements have a few children (a link's inertial,
// visual, collision), which then cost no allocation of their own. A full
// slice of fewer than blockKids is replaced by one twice its size from
// the block (a URDF joint has five or six children); longer ones grow as
// append grows them.
const (
	firstKids = 4
	blockKids = 16
)

// addChild appends c to p's children.
func (b *builder) addChild(p, c *Element) {
	if n := len(p.Children); n == cap(p.Children) && n < blockKids {
		room := max(firstKids, 2*n)
		if len(b.kids) < room {
			b.kids = make([]*Element, 256*firstKids)
		}
		p.Children = append(b.kids[:0:room], p.Children...)
		b.kids = b.kids[room:]
	}
	p.Children = append(p.Children, c)
}

// charData adds text to the current run: the scanner splits text at
// CDATA sections; runs are joined and trimmed together at their end.
func (b *builder) charData(t string, line int) {
	if !b.opt.Text || len(b.stack) == 0 {
		return
	}
	if b.text == nil && !b.opt.Space && strings.TrimLeft(t, " \t\r\n") == "" {
		// space between elements, which endText would drop: a run
		// that goes on (a CDATA section) starts its own node at its
		// own line, where the trimmed node would have started
		return
	}
	p := b.stack[len(b.stack)-1]
	if b.text == nil {
		b.text = &Element{Kind: TextNode, Line: line}
		b.addChild(p, b.text)
	}
	b.text.Data += t
}

func (b *builder) endText() {
	if b.text != nil {
		endText(b.stack[len(b.stack)-1], b.text, b.opt.Space)
		b.text = nil
	}
}

func (b *builder) comment(c string, line int) {
	if !b.opt.Comments {
		return
	}
	e := &Element{Kind: CommentNode, Data: c, Line: line}
	switch {
	case len(b.stack) > 0:
		b.addChild(b.stack[len(b.stack)-1], e)
	case b.doc.Root == nil:
		b.doc.Before = append(b.doc.Before, e)
	default:
		b.doc.After = append(b.doc.After, e)
	}
}

// end reads an end tag after "</" and closes the open element.
func (b *builder) end(s *scanner, line int) error {
	name, ok := s.nsname()
	if !ok {
		return s.nameErr("expected element name after </")
	}
	s.space()
	if s.i >= len(s.src) {
		s.eof()
		return nil
	}
	if s.src[s.i] != '>' {
		_, local, _ := qualified(name)
		s.failAt(s.i, "invalid characters between </"+local+" and >")
		return nil
	}
	s.i++
	if len(b.stack) == 0 {
		return ErrorAt(line, "malformed XML: unexpected end element </%s>", name)
	}
	top := b.stack[len(b.stack)-1]
	if top.Name != name {
		return ErrorAt(line, "malformed XML: element <%s> (line %d) closed by </%s>", top.Name, top.Line, name)
	}
	b.stack = b.stack[:len(b.stack)-1]
	if b.each != nil && len(b.stack) == 1 {
		b.deliver(top)
	}
	return nil
}

// nameErr is the error for a missing or unreadable name: the scanner's,
// or msg.
func (s *scanner) nameErr(msg string) error {
	if s.err == nil {
		s.fail(msg)
	}
	return s.err.formatError()
}

// start reads a start tag after "<" and opens its element (and closes it
// again when empty).
func (b *builder) start(s *scanner, line int) error {
	name, ok := s.nsname()
	if !ok {
		return s.nameErr("expected element name after <")
	}
	var raw [8]Attr // the attributes as read, copied into the element's block
	attrs := raw[:0]
	empty := false
	for {
		s.space()
		if s.i >= len(s.src) {
			s.eof()
			return nil
		}
		c := s.src[s.i]
		if c == '/' {
			s.i++
			if s.i >= len(s.src) {
				s.eof()
				return nil
			}
			if s.src[s.i] != '>' {
				s.failAt(s.i, "expected /> in element")
				return nil
			}
			s.i++
			empty = true
			break
		}
		if c == '>' {
			s.i++
			break
		}
		aline := s.line
		an, ok := s.nsname()
		if !ok {
			return s.nameErr("expected attribute name in element")
		}
		s.space()
		if s.i >= len(s.src) {
			s.eof()
			return nil
		}
		if s.src[s.i] != '=' {
			s.fail("attribute name without = in element")
			return nil
		}
		s.i++
		s.space()
		if s.i >= len(s.src) {
			s.eof()
			return nil
		}
		q := s.src[s.i]
		if q != '"' && q != '\'' {
			s.fail("unquoted or missing attribute value in element")
			return nil
		}
		s.i++
		v, ok := s.text(q, false)
		if !ok {
			return nil
		}
		attrs = append(attrs, Attr{Name: an, Value: v, Line: aline})
	}
	if len(b.stack) >= b.opt.MaxDepth {
		return ErrorAt(line, "elements nested deeper than %d", b.opt.MaxDepth)
	}
	if b.count++; b.count > b.opt.MaxElements {
		return ErrorAt(line, "more than %d elements", b.opt.MaxElements)
	}
	if len(b.stack) == 0 && b.doc.Root != nil {
		return ErrorAt(line, "more than one top-level element")
	}
	streamed := b.each != nil && len(b.stack) == 1
	if streamed {
		b.mark = blockMark{b.elems, b.attrs, b.kids}
	}
	e, err := b.element(name, line, attrs)
	if err != nil {
		return err
	}
	switch {
	case len(b.stack) == 0:
		b.doc.Root = e
	case streamed:
		if empty {
			b.deliver(e)
		}
	default:
		b.addChild(b.stack[len(b.stack)-1], e)
	}
	if !empty {
		b.stack = append(b.stack, e)
	}
	return nil
}

// element builds an element from its name and attributes.
func (b *builder) element(name string, line int, attrs []Attr) (*Element, error) {
	e := b.newElement()
	e.Name, e.Line = name, line
	if len(attrs) > 0 {
		e.Attrs = b.attrSlice(len(attrs))
	}
	// a repeated name is found by comparing with those before it, or for
	// an element of many attributes through a set (comparing each with
	// all before it took 7 s for 60,000 attributes)
	var seen map[string]bool
	if len(attrs) > manyAttrs {
		seen = make(map[string]bool, len(attrs))
	}
	for i, a := range attrs {
		repeated := seen[a.Name]
		if seen != nil {
			seen[a.Name] = true
		} else {
			for _, x := range e.Attrs[:i] {
				repeated = repeated || x.Name == a.Name
			}
		}
		if repeated {
			return nil, ErrorAt(a.Line, "<%s> repeats attribute %q", e.Name, a.Name)
		}
		e.Attrs[i] = a
	}
	return e, nil
}

// manyAttrs is the count of attributes past which element looks for a
// repeated one through a set: a robot element has a handful.
const manyAttrs = 32

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
	return e.AppendFloats(nil, name, n, num)
}

// AppendFloats is Floats appending the numbers to dst, so a caller that
// passes an array on its stack reads a vector without an allocation. On
// an error, or when the attribute is absent, it returns dst unchanged.
func (e *Element) AppendFloats(dst []float64, name string, n int, num NumberFunc) (v []float64, ok bool, err error) {
	s, ok := e.Attr(name)
	if !ok {
		return dst, false, nil
	}
	var tmp [8]string
	fs := AppendFields(tmp[:0], s)
	if n >= 0 && len(fs) != n {
		return dst, true, e.attrError(name, s, "want "+strconv.Itoa(n)+" numbers")
	}
	if len(fs) == 0 {
		return dst, true, e.attrError(name, s, "want at least one number")
	}
	v = slices.Grow(dst, len(fs))
	for _, f := range fs {
		x, err := num(f)
		if err != nil {
			return dst, true, e.attrError(name, s, convert.QuoteShort(f)+" is "+err.Error())
		}
		v = append(v, x)
	}
	return v, true, nil
}

func (e *Element) attrError(name, value, why string) *convert.FormatError {
	return ErrorAt(e.attrLine(name), "<%s %s=%s>: %s", e.Name, name, convert.QuoteShort(value), why)
}
