package tscn

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"math/bits"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/physconv/physconv/convert"
)

// SyntaxError is malformed text at a line.
type SyntaxError struct {
	Line int
	Msg  string
}

func (e *SyntaxError) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Msg) }

// maxDepth bounds nesting of arrays, dictionaries and calls so hostile
// input cannot exhaust the stack.
const maxDepth = 256

// Decode parses a whole .tscn/.tres file. The first section must be
// gd_scene or gd_resource.
func Decode(data []byte) (*Document, error) {
	return DecodeWith(data, DecodeOptions{})
}

// DecodeOptions change what Decode reads.
type DecodeOptions struct {
	// SkipVisualData leaves the byte arrays of the resources that only
	// draw (holdsVisualData: an ArrayMesh's vertex, attribute and index
	// streams, an embedded texture's pixels — most of a scene with meshes)
	// unread where their end is certain without reading them: such an
	// array comes out as a Call with Unread set, and malformed elements in
	// it are not reported. For readers that need a scene's physics only,
	// which none of these resources holds.
	SkipVisualData bool
}

// DecodeWith is Decode with options.
func DecodeWith(data []byte, opts DecodeOptions) (*Document, error) {
	d := &decoder{src: data, line: 1, skipVisualData: opts.SkipVisualData}
	doc, err := d.document()
	if err != nil {
		return nil, err
	}
	return doc, nil
}

type decoder struct {
	src   []byte
	pos   int
	line  int
	depth int
	// names holds each section tag, attribute and property name, and
	// constructor name read so far: a scene repeats a few dozen of them
	// thousands of times, and each is kept as one string.
	names map[string]string
	// attrs and props collect the current section's header attributes and
	// properties before they are copied to a slice of their final size.
	attrs, props []Prop
	// noShortcuts turns off the shortcuts for long lists and long
	// numbers, so that tests can compare them with the general reading.
	noShortcuts bool
	// skipVisualData is DecodeOptions.SkipVisualData; inVisualData is set while the
	// properties of an ArrayMesh resource are read with it on.
	skipVisualData, inVisualData bool
}

// name returns the text of b as a string, shared with every earlier
// occurrence of the same name.
func (d *decoder) name(b []byte) string {
	if s, ok := d.names[string(b)]; ok {
		return s
	}
	if d.names == nil {
		d.names = map[string]string{}
	}
	s := string(b)
	d.names[s] = s
	return s
}

// exactProps copies a list of properties to a slice of its own length
// (nil when empty, as appending to nil would leave it).
func exactProps(list []Prop) []Prop {
	if len(list) == 0 {
		return nil
	}
	return append(make([]Prop, 0, len(list)), list...)
}

func (d *decoder) errorf(line int, format string, args ...any) error {
	return &SyntaxError{Line: line, Msg: fmt.Sprintf(format, args...)}
}

func (d *decoder) eof() bool { return d.pos >= len(d.src) }

func (d *decoder) peek() byte {
	if d.pos < len(d.src) {
		return d.src[d.pos]
	}
	return 0
}

// skipSpace skips white space (and, when comments is set, ';' comments
// that run to the end of the line).
func (d *decoder) skipSpace(comments bool) {
	for d.pos < len(d.src) {
		switch c := d.src[d.pos]; {
		case c == '\n':
			d.line++
			d.pos++
		case c == ' ' || c == '\t' || c == '\r':
			d.pos++
		case comments && c == ';':
			for d.pos < len(d.src) && d.src[d.pos] != '\n' {
				d.pos++
			}
		default:
			return
		}
	}
}

// skipBOM drops a UTF-8 byte-order mark at the very start.
func (d *decoder) skipBOM() {
	if strings.HasPrefix(string(d.src[:min(3, len(d.src))]), "\xef\xbb\xbf") {
		d.pos = 3
	}
}

func (d *decoder) document() (*Document, error) {
	d.skipBOM()
	// sections start lines: their count bounds the slice, grown once
	// instead of copied at every doubling
	doc := &Document{Sections: make([]Section, 0, bytes.Count(d.src, []byte("\n["))+1)}
	var cur *Section
	// the properties read so far belong to cur until the next section
	flush := func() {
		if cur != nil {
			cur.Props = exactProps(d.props)
		}
		d.props = d.props[:0]
	}
	haveHeader := false
	for {
		d.skipSpace(true)
		if d.eof() {
			break
		}
		if d.peek() == '[' {
			flush()
			d.inVisualData = false // until the section says it is one
			s, err := d.section()
			if err != nil {
				return nil, err
			}
			if !haveHeader {
				if s.Tag != "gd_scene" && s.Tag != "gd_resource" {
					return nil, d.errorf(s.Line, "file must start with [gd_scene] or [gd_resource], found [%s]", s.Tag)
				}
				doc.Header = s
				haveHeader = true
				cur = &doc.Header
				continue
			}
			if s.Tag == "gd_scene" || s.Tag == "gd_resource" {
				return nil, d.errorf(s.Line, "second [%s] header", s.Tag)
			}
			d.inVisualData = d.skipVisualData && holdsVisualData(&doc.Header, &s)
			doc.Sections = append(doc.Sections, s)
			cur = &doc.Sections[len(doc.Sections)-1]
			continue
		}
		line := d.line
		if cur == nil {
			return nil, d.errorf(line, "property before the [gd_scene] or [gd_resource] header")
		}
		key, err := d.key()
		if err != nil {
			return nil, err
		}
		d.skipSpace(false)
		runOn := false
		if d.peek() != '=' {
			var ok bool
			if key, ok = d.runOnName(key); !ok {
				break // Godot ends the file at text without an '='
			}
			runOn = true
		}
		d.pos++
		v, err := d.value()
		if err != nil {
			return nil, err
		}
		d.props = append(d.props, Prop{Key: key, Value: v, Line: line})
		if runOn {
			doc.RunOn = append(doc.RunOn, d.props[len(d.props)-1])
		}
		if err := d.endOfStatement(); err != nil {
			return nil, err
		}
	}
	flush()
	if !haveHeader {
		return nil, d.errorf(d.line, "empty file: no [gd_scene] or [gd_resource] header")
	}
	return doc, nil
}

// holdsVisualData reports whether section s holds the properties of a
// resource that only draws (its sub_resource, or the [resource] of a
// .tres that is one): an ArrayMesh, or a texture or image with its pixels
// embedded. Collision shapes keep their points in other types.
func holdsVisualData(header, s *Section) bool {
	switch s.Tag {
	case "sub_resource":
		return visualDataType(s.AttrString("type"))
	case "resource":
		return header.Tag == "gd_resource" && visualDataType(header.AttrString("type"))
	}
	return false
}

// visualDataType reports the resource types holdsVisualData takes.
func visualDataType(t string) bool {
	switch t {
	case "ArrayMesh", "PortableCompressedTexture2D", "Image":
		return true
	}
	return false
}

// endOfStatement requires a line break (or a comment, or the end) after a
// property or header.
func (d *decoder) endOfStatement() error {
	for d.pos < len(d.src) {
		switch c := d.src[d.pos]; c {
		case ' ', '\t', '\r':
			d.pos++
		case '\n', ';':
			return nil
		default:
			return d.errorf(d.line, "unexpected %q after value; one property per line", rune(c))
		}
	}
	return nil
}

// runOnName reads on from a property name that no '=' follows, as Godot
// does: every character above a space up to the next '=' (a ';' comment
// and line breaks left out, a quoted string replacing what came before)
// joins the name. It stops at the '='; false at the end of the text.
func (d *decoder) runOnName(name string) (string, bool) {
	b := []byte(name)
	for d.pos < len(d.src) {
		switch c := d.src[d.pos]; {
		case c == '=':
			return string(b), true
		case c == ';':
			for d.pos < len(d.src) && d.src[d.pos] != '\n' {
				d.pos++
			}
		case c == '"':
			q, err := d.quoted()
			if err != nil {
				return "", false
			}
			b = append(b[:0], q...)
		case c == '\n':
			d.line++
			d.pos++
		case c > ' ':
			b = append(b, c)
			d.pos++
		default:
			d.pos++
		}
	}
	return "", false
}

// key reads a property name: bare (any printable character but '=' and
// quotes, as Godot reads a name up to its '=': "anims/<BASE>") or a
// quoted string.
func (d *decoder) key() (string, error) {
	if d.peek() == '"' {
		return d.quoted()
	}
	start := d.pos
	for d.pos < len(d.src) {
		c := d.src[d.pos]
		if c == '=' || c == ' ' || c == '\t' || c == '\n' || c == '\r' {
			break
		}
		if !isKeyByte(c) {
			return "", d.errorf(d.line, "unexpected %q in property name", rune(c))
		}
		d.pos++
	}
	if d.pos == start {
		return "", d.errorf(d.line, "missing property name")
	}
	return d.name(d.src[start:d.pos]), nil
}

func isKeyByte(c byte) bool {
	return c > ' ' && c != '=' && c != '"' && c != ';' && c != 0x7f
}

func isIdentStart(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func isIdentByte(c byte) bool { return isIdentStart(c) || c >= '0' && c <= '9' }

func (d *decoder) ident() string {
	start := d.pos
	for d.pos < len(d.src) && isIdentByte(d.src[d.pos]) {
		d.pos++
	}
	return d.name(d.src[start:d.pos])
}

// section reads [tag key=value ...].
func (d *decoder) section() (Section, error) {
	s := Section{Line: d.line}
	d.pos++ // '['
	d.skipSpace(false)
	if !isIdentStart(d.peek()) {
		return s, d.errorf(d.line, "expected a section name after '['")
	}
	s.Tag = d.ident()
	d.attrs = d.attrs[:0]
	for {
		d.skipSpace(false)
		if d.eof() {
			return s, d.errorf(s.Line, "unterminated section header [%s", s.Tag)
		}
		if d.peek() == ']' {
			d.pos++
			break
		}
		line := d.line
		if !isIdentStart(d.peek()) {
			return s, d.errorf(d.line, "unexpected %q in [%s] header", rune(d.peek()), s.Tag)
		}
		key := d.ident()
		d.skipSpace(false)
		if d.peek() != '=' {
			return s, d.errorf(d.line, "expected '=' after %q in [%s] header", key, s.Tag)
		}
		d.pos++
		v, err := d.value()
		if err != nil {
			return s, err
		}
		d.attrs = append(d.attrs, Prop{Key: key, Value: v, Line: line})
	}
	s.Attrs = exactProps(d.attrs)
	return s, d.endOfStatement()
}

// value reads one Variant literal.
func (d *decoder) value() (Value, error) {
	d.skipSpace(false)
	if d.eof() {
		return nil, d.errorf(d.line, "unexpected end of file: expected a value")
	}
	line := d.line
	switch c := d.peek(); {
	case c == '"':
		return d.quoted()
	case c == '&' || c == '^' || c == '@':
		// &"…" is a StringName, ^"…" a NodePath; @"…" is Godot 3's
		// StringName, which Godot 4 still reads
		d.pos++
		if d.peek() != '"' {
			return nil, d.errorf(line, "expected a string after %q", rune(c))
		}
		s, err := d.quoted()
		if c == '^' {
			return NodePath(s), err
		}
		return StringName(s), err
	case c == '[':
		return d.array()
	case c == '{':
		return d.dict()
	case isNumberStart(c):
		return d.number()
	case isIdentStart(c):
		return d.word()
	default:
		return nil, d.errorf(line, "unexpected %q: expected a value", rune(c))
	}
}

// isNumberStart reports whether c begins a number literal.
func isNumberStart(c byte) bool { return c == '-' || c == '+' || c == '.' || c >= '0' && c <= '9' }

func (d *decoder) enter() error {
	d.depth++
	if d.depth > maxDepth {
		return d.errorf(d.line, "values nested deeper than %d levels", maxDepth)
	}
	return nil
}

func (d *decoder) array() (Value, error) {
	if err := d.enter(); err != nil {
		return nil, err
	}
	defer func() { d.depth-- }()
	start := d.line
	d.pos++ // '['
	out := Array{}
	for {
		d.skipSpace(false)
		if d.eof() {
			return nil, d.errorf(start, "unterminated array: missing ']'")
		}
		if d.peek() == ']' {
			d.pos++
			return out, nil
		}
		v, err := d.value()
		if err != nil {
			return nil, err
		}
		out = append(out, v)
		if err := d.separator(']', start, "array", ""); err != nil {
			return nil, err
		}
	}
}

// separator consumes ',' or stops before the closing byte. what+suffix
// names the collection in an error; they are joined only then, since a
// mesh's array has a separator per number.
func (d *decoder) separator(close byte, start int, what, suffix string) error {
	d.skipSpace(false)
	switch {
	case d.eof():
		return d.errorf(start, "unterminated %s%s: missing %q", what, suffix, rune(close))
	case d.peek() == ',':
		d.pos++
		return nil
	case d.peek() == close:
		return nil
	}
	return d.errorf(d.line, "expected ',' or %q in %s%s, found %q", rune(close), what, suffix, rune(d.peek()))
}

func (d *decoder) dict() (Value, error) {
	if err := d.enter(); err != nil {
		return nil, err
	}
	defer func() { d.depth-- }()
	start := d.line
	d.pos++ // '{'
	out := Dict{}
	for {
		d.skipSpace(false)
		if d.eof() {
			return nil, d.errorf(start, "unterminated dictionary: missing '}'")
		}
		if d.peek() == '}' {
			d.pos++
			return out, nil
		}
		k, err := d.value()
		if err != nil {
			return nil, err
		}
		d.skipSpace(false)
		if d.peek() != ':' {
			return nil, d.errorf(d.line, "expected ':' after dictionary key")
		}
		d.pos++
		v, err := d.value()
		if err != nil {
			return nil, err
		}
		out = append(out, Entry{Key: k, Value: v})
		if err := d.separator('}', start, "dictionary", ""); err != nil {
			return nil, err
		}
	}
}

func (d *decoder) number() (Value, error) {
	line := d.line
	start := d.pos
	if c := d.peek(); c == '-' || c == '+' {
		d.pos++
		if isIdentStart(d.peek()) { // -inf
			w := d.ident()
			if w == "inf" {
				if c == '-' {
					return math.Inf(-1), nil
				}
				return math.Inf(1), nil
			}
			return nil, d.errorf(line, "malformed number %q", string(d.src[start:d.pos]))
		}
	}
	digits, points, exponents := 0, 0, 0
	for d.pos < len(d.src) {
		c := d.src[d.pos]
		switch {
		case c >= '0' && c <= '9':
			digits++
		case c == '.':
			points++
		case c == 'e' || c == 'E':
			exponents++
		case (c == '-' || c == '+') && (d.src[d.pos-1] == 'e' || d.src[d.pos-1] == 'E'):
		default:
			goto done
		}
		d.pos++
	}
done:
	// parsed straight from the input's bytes: the conversion does not
	// allocate when the string does not outlive the call
	raw := d.src[start:d.pos]
	if points == 1 && exponents == 0 && digits > 15 && !d.noShortcuts {
		// a sign, digits and one point, as ParseDecimal takes them, but
		// too many digits for its one-pass path: it would scan the
		// number twice more before coming to ParseFloat, as here (a
		// float32 written as a float64 has 17 digits)
		f, err := strconv.ParseFloat(string(raw), 64)
		if err != nil || math.IsInf(f, 0) {
			return nil, d.errorf(line, "malformed number %q", raw)
		}
		return FloatValue(f), nil
	}
	if points > 0 || exponents > 0 {
		// the characters scanned above are all decimal syntax, which
		// ParseDecimal reads as ParseFloat does, short numbers in one pass
		f, err := convert.ParseDecimal(string(raw))
		if err != nil {
			return nil, d.errorf(line, "malformed number %q", raw)
		}
		return FloatValue(f), nil
	}
	if n, ok := shortInt(raw); ok {
		return n, nil // a mesh's bytes and indices: most numbers of a scene
	}
	n, err := strconv.ParseInt(string(raw), 10, 64)
	if err != nil {
		f, ferr := strconv.ParseFloat(string(raw), 64)
		if ferr != nil || math.IsInf(f, 0) {
			return nil, d.errorf(line, "malformed number %q", raw)
		}
		return f, nil
	}
	return n, nil
}

// shortInt reads an integer of at most 18 digits after an optional sign,
// which int64 holds whatever the digits; ok is false for anything else.
func shortInt(raw []byte) (int64, bool) {
	digits := raw
	if len(digits) > 0 && (digits[0] == '-' || digits[0] == '+') {
		digits = digits[1:]
	}
	if len(digits) == 0 || len(digits) > 18 {
		return 0, false
	}
	var n int64
	for _, c := range digits {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int64(c-'0')
	}
	if raw[0] == '-' {
		n = -n
	}
	return n, true
}

// elementTypeEnd returns the index in src (which starts at the '[' of a
// typed collection) of the ']' closing its element type, or -1. A type is
// a name (Array[int]), a script class as a resource
// (Array[ExtResource("2_ab")]) or, for a typed Dictionary, two of those
// with a comma: parentheses and quoted strings may occur, a line end or
// another collection may not.
func elementTypeEnd(src []byte) int {
	depth := 0
	for i := 1; i < len(src); i++ {
		switch src[i] {
		case '"':
			for i++; i < len(src) && src[i] != '"'; i++ {
				if src[i] == '\\' {
					i++
				} else if src[i] == '\n' {
					return -1
				}
			}
		case '(':
			depth++
		case ')':
			if depth--; depth < 0 {
				return -1
			}
		case ']':
			if depth == 0 {
				return i
			}
			return -1
		case '\n', '[', '{':
			return -1
		}
	}
	return -1
}

// word reads a keyword or a constructor call.
func (d *decoder) word() (Value, error) {
	line := d.line
	name := d.ident()
	save := d.pos
	for d.pos < len(d.src) && (d.src[d.pos] == ' ' || d.src[d.pos] == '\t') {
		d.pos++
	}
	next := d.peek()
	if next == '[' && d.pos != save {
		next = 0 // a typed collection's [ follows its name directly
	}
	if next != '(' && next != '[' {
		d.pos = save
		switch name {
		case "true":
			return true, nil
		case "false":
			return false, nil
		case "null", "nil":
			return nil, nil
		case "inf":
			return math.Inf(1), nil
		case "inf_neg":
			return math.Inf(-1), nil
		case "nan":
			return math.NaN(), nil
		}
		return nil, d.errorf(line, "unknown word %q: expected a value", name)
	}
	if err := d.enter(); err != nil {
		return nil, err
	}
	defer func() { d.depth-- }()
	var call *Call
	if next == '[' {
		call = &Call{Name: name} // typed collection: Array[int]([...])
		// on the bytes: a string conversion of the rest of the file
		// would copy it for every typed collection
		end := elementTypeEnd(d.src[d.pos:])
		if end < 0 {
			return nil, d.errorf(line, "unterminated element type after %s[", name)
		}
		call.Type = strings.TrimSpace(string(d.src[d.pos+1 : d.pos+end]))
		d.pos += end + 1
		d.skipSpace(false)
		if d.peek() != '(' {
			return nil, d.errorf(d.line, "expected '(' after %s[%s]", name, call.Type)
		}
	}
	d.pos++ // '('
	if name == "Object" {
		return d.object(line)
	}
	if (name == "SubResource" || name == "ExtResource") && call == nil {
		if ref, ok := d.quotedRef(name); ok {
			return ref, nil
		}
	}
	if d.inVisualData && call == nil && isByteArray(name) && d.skipList() {
		return &Call{Name: name, Unread: true}, nil
	}
	if isByteArray(name) && !d.noShortcuts {
		if b, ok := d.bytes(); ok {
			if call == nil {
				call = &Call{Name: name}
			}
			call.Bytes = b
			return call, nil
		}
	}
	n := d.flatArgs()
	if call == nil {
		call = newCall(name, n)
	} else {
		call.Args = make([]Value, 0, n)
	}
	for {
		d.skipSpace(false)
		if d.eof() {
			return nil, d.errorf(line, "unterminated %s(: missing ')'", name)
		}
		if d.peek() == ')' {
			d.pos++
			break
		}
		var v Value
		var err error
		if isNumberStart(d.src[d.pos]) && !d.noShortcuts {
			v, err = d.number() // what value would do after its own skipSpace
		} else {
			v, err = d.value()
		}
		if err != nil {
			return nil, err
		}
		call.Args = append(call.Args, v)
		if d.pos < len(d.src) && d.src[d.pos] == ',' && !d.noShortcuts {
			d.pos++ // what separator does with no space before the comma
			continue
		}
		if err := d.separator(')', line, name, "(...)"); err != nil {
			return nil, err
		}
	}
	return d.special(call, line)
}

// newCall makes a call with room for n arguments. The calls of three and
// twelve (a Vector3, a Transform3D: one or more per node of a scene) are
// allocated in one piece with their arguments.
func newCall(name string, n int) *Call {
	switch n {
	case 3:
		c := &struct {
			Call
			args [3]Value
		}{}
		c.Call = Call{Name: name, Args: c.args[:0]}
		return &c.Call
	case 12:
		c := &struct {
			Call
			args [12]Value
		}{}
		c.Call = Call{Name: name, Args: c.args[:0]}
		return &c.Call
	}
	return &Call{Name: name, Args: make([]Value, 0, n)}
}

// quotedRef reads the rest of a reference written with a quoted id, as
// Godot 4 writes them, after its '(' up to and including its ')', without
// the Call that the general path builds; otherwise ok is false and nothing
// is consumed, and the reference is read as any call.
func (d *decoder) quotedRef(kind string) (ref Ref, ok bool) {
	pos, line := d.pos, d.line
	d.skipSpace(false)
	if d.peek() == '"' {
		id, err := d.quoted()
		d.skipSpace(false)
		if err == nil && d.peek() == ')' {
			d.pos++
			return Ref{Kind: kind, ID: id}, true
		}
	}
	d.pos, d.line = pos, line
	return Ref{}, false
}

// bytes reads the elements of a byte array after its '(' up to and
// including its ')' when each is a plain number from 0 to 255 (one to
// three digits, as Godot writes them) and only white space and commas lie
// between them; otherwise ok is false and nothing is consumed, and the
// elements are read one by one as any call's. A mesh's arrays hold
// hundreds of thousands of elements: the list is scanned once, on local
// variables, up to the first ')', which ends it when it is a byte list.
func (d *decoder) bytes() (out []byte, ok bool) {
	rest := d.src[d.pos:]
	end := bytes.IndexByte(rest, ')')
	if end < 0 {
		return nil, false
	}
	list := rest[:end]
	out = make([]byte, 0, 1+bytes.Count(list, []byte{','}))
	lines := 0
	i := 0
	for {
		// Godot's spelling, one to three digits and ", ", read eight bytes
		// at a time without a branch on the number's length; anything
		// else, and the last element, is read byte by byte below.
		for i+8 <= len(list) {
			w := binary.LittleEndian.Uint64(list[i:])
			// each byte less '0'; a byte below '0' borrows from the next,
			// but only bytes past the number's digits are so changed
			t := w - 0x3030303030303030
			// the high bit of each byte that is not a digit (t ≥ 10)
			nonDigit := (t | (t + 0x7676767676767676)) & 0x8080808080808080
			n := bits.TrailingZeros64(nonDigit) >> 3
			if n == 0 || n > 3 || (w>>(8*n))&0xffff != commaSpace {
				break
			}
			// the digits right-aligned in the low three bytes
			x := t << (24 - 8*n)
			v := (x&0xff)*100 + (x>>8&0xff)*10 + x>>16&0xff
			if v > 255 {
				break
			}
			out = append(out, byte(v))
			i += n + 2
		}
		for i < len(list) && isSpaceByte(list[i]) {
			if list[i] == '\n' {
				lines++
			}
			i++
		}
		if i == len(list) {
			return nil, false // an empty element: "()", "(1, )"
		}
		x := uint(list[i]) - '0'
		if x > 9 {
			return nil, false
		}
		i++
		if i < len(list) && list[i]-'0' <= 9 {
			x = x*10 + uint(list[i]-'0')
			i++
			if i < len(list) && list[i]-'0' <= 9 {
				x = x*10 + uint(list[i]-'0')
				i++
				if x > 255 || i < len(list) && list[i]-'0' <= 9 {
					return nil, false
				}
			}
		}
		out = append(out, byte(x))
		for i < len(list) && isSpaceByte(list[i]) {
			if list[i] == '\n' {
				lines++
			}
			i++
		}
		if i == len(list) {
			d.pos += end + 1
			d.line += lines
			return out, true
		}
		if list[i] != ',' {
			return nil, false
		}
		i++
	}
}

// skipList passes over the elements of a call after its '(' up to and
// including its ')' when that ')' certainly ends the call: no string,
// call or collection comes before it, which alone could hold a ')' (a
// byte array's elements are numbers, or in Godot 4.3 on one base64
// string, which is read as usual). Otherwise it consumes nothing and
// returns false. The elements are not looked at.
func (d *decoder) skipList() bool {
	list, ok := d.flatList()
	if !ok {
		return false
	}
	d.line += bytes.Count(list, []byte{'\n'})
	d.pos += len(list) + 1
	return true
}

// flatList returns the text of a call's arguments, from the current
// position up to its first ')', when no string, call or collection lies
// before that ')' (only they could hold one that does not end the call).
// Each byte looked for is searched alone: four vectorised scans of a long
// list are faster than one scan testing each byte against a set.
func (d *decoder) flatList() (list []byte, ok bool) {
	rest := d.src[d.pos:]
	end := bytes.IndexByte(rest, ')')
	if end < 0 {
		return nil, false
	}
	list = rest[:end]
	if bytes.IndexByte(list, '(') >= 0 || bytes.IndexByte(list, '[') >= 0 ||
		bytes.IndexByte(list, '{') >= 0 || bytes.IndexByte(list, '"') >= 0 {
		return nil, false
	}
	return list, true
}

// commaSpace is ", " read as a little-endian 16-bit word.
const commaSpace = ' '<<8 | ','

// isSpaceByte reports whether skipSpace (without comments) skips c.
func isSpaceByte(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

// flatArgs counts the arguments of a call whose list, from the current
// position, holds no nested call, collection or string (a packed array's
// numbers), so its slice is sized once; 0 for any other.
func (d *decoder) flatArgs() int {
	list, ok := d.flatList()
	if !ok {
		return 0
	}
	return 1 + bytes.Count(list, []byte{','})
}

// special turns the calls with their own Value types into them.
func (d *decoder) special(call *Call, line int) (Value, error) {
	switch call.Name {
	case "SubResource", "ExtResource":
		if len(call.Args) != 1 {
			return nil, d.errorf(line, "%s takes one id, got %d arguments", call.Name, len(call.Args))
		}
		switch id := call.Args[0].(type) {
		case string:
			return Ref{Kind: call.Name, ID: id}, nil
		case int64:
			return Ref{Kind: call.Name, ID: strconv.FormatInt(id, 10), IntID: true}, nil
		}
		return nil, d.errorf(line, "%s id must be a string or an integer, got %s", call.Name, TypeName(call.Args[0]))
	case "NodePath":
		if len(call.Args) != 1 {
			return nil, d.errorf(line, "NodePath takes one string")
		}
		s, ok := call.Args[0].(string)
		if !ok {
			return nil, d.errorf(line, "NodePath takes a string, got %s", TypeName(call.Args[0]))
		}
		return NodePath(s), nil
	}
	return call, nil
}

func (d *decoder) object(line int) (Value, error) {
	d.skipSpace(false)
	if !isIdentStart(d.peek()) {
		return nil, d.errorf(line, "Object( needs a class name")
	}
	obj := &Object{Class: d.ident()}
	for {
		d.skipSpace(false)
		switch {
		case d.eof():
			return nil, d.errorf(line, "unterminated Object(: missing ')'")
		case d.peek() == ')':
			d.pos++
			return obj, nil
		case d.peek() == ',':
			d.pos++
		default:
			return nil, d.errorf(d.line, "expected ',' or ')' in Object(...)")
		}
		d.skipSpace(false)
		if d.peek() == ')' {
			continue
		}
		k, err := d.value()
		if err != nil {
			return nil, err
		}
		d.skipSpace(false)
		if d.peek() != ':' {
			return nil, d.errorf(d.line, "expected ':' after Object property name")
		}
		d.pos++
		v, err := d.value()
		if err != nil {
			return nil, err
		}
		obj.Props = append(obj.Props, Entry{Key: k, Value: v})
	}
}

// quoted reads a "..." string with Godot's escapes.
func (d *decoder) quoted() (string, error) {
	start := d.line
	d.pos++ // opening quote
	// most strings hold no escape: they are the input's bytes up to the
	// closing quote, converted once
	for end := d.pos; end < len(d.src); end++ {
		c := d.src[end]
		if c == '\\' {
			break
		}
		if c == '"' {
			raw := d.src[d.pos:end]
			d.line += bytes.Count(raw, []byte{'\n'})
			d.pos = end + 1
			return string(raw), nil
		}
	}
	var b strings.Builder
	for {
		if d.eof() {
			return "", d.errorf(start, "unterminated string")
		}
		c := d.src[d.pos]
		switch c {
		case '"':
			d.pos++
			return b.String(), nil
		case '\n':
			d.line++
			b.WriteByte(c)
			d.pos++
		case '\\':
			if d.pos+1 >= len(d.src) {
				return "", d.errorf(start, "unterminated string")
			}
			e := d.src[d.pos+1]
			d.pos += 2
			switch e {
			case 'b':
				b.WriteByte('\b')
			case 't':
				b.WriteByte('\t')
			case 'n':
				b.WriteByte('\n')
			case 'f':
				b.WriteByte('\f')
			case 'r':
				b.WriteByte('\r')
			case '"', '\\', '\'':
				b.WriteByte(e)
			case 'u', 'U':
				n := 4
				if e == 'U' {
					n = 6
				}
				if d.pos+n > len(d.src) {
					return "", d.errorf(d.line, "short \\%c escape", e)
				}
				r, err := strconv.ParseUint(string(d.src[d.pos:d.pos+n]), 16, 32)
				if err != nil || !utf8.ValidRune(rune(r)) {
					return "", d.errorf(d.line, "malformed \\%c escape", e)
				}
				b.WriteRune(rune(r))
				d.pos += n
			default:
				// any other escaped character stands for itself, as
				// Godot reads it ("SceneTree\?")
				if e == '\n' {
					d.line++
				}
				b.WriteByte(e)
			}
		default:
			b.WriteByte(c)
			d.pos++
		}
	}
}
