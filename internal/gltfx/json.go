package gltfx

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"unicode/utf8"

	"github.com/go-json-experiment/json/jsontext"
	"github.com/physconv/physconv/convert"
)

// DecodeJSON decodes one JSON value as encoding/json does with UseNumber
// (objects as map[string]any, numbers as json.Number). Syntax errors
// become FormatErrors carrying the line and column.
func DecodeJSON(raw []byte) (any, error) {
	d, err := decodeTree(raw, false)
	return toGo(d.tree), err
}

// decoded is one JSON document as decodeTree read it.
type decoded struct {
	tree any // *object, []any, json.Number, string, bool or nil
	// members holds the raw bytes of each top-level member's value (the
	// last of a repeated name, as the tree keeps), so parts of the
	// document can be decoded again from their own bytes without scanning
	// the rest
	members map[string][]byte
	// overflow: a number lies beyond float64's range (checkFinite names
	// its path)
	overflow bool
	// duplicate: an object below the top repeats a member name (the tree
	// keeps the last value; encoding/json reads each in turn)
	duplicate bool
}

// decodeTree decodes raw as DecodeJSON does; with members set and an
// object at the top, it also keeps the top-level members' raw bytes.
//
// The tokens come from jsontext (strict RFC 8259, and much faster than
// encoding/json's reflection into interfaces); as with encoding/json, a
// repeated member name keeps its last value and invalid UTF-8 in a string
// becomes U+FFFD.
func decodeTree(raw []byte, members bool) (decoded, error) {
	return decodeTreeLimited(raw, members, 0)
}

// decodeTreeLimited is decodeTree refusing a document of more than
// maxValues JSON values (0: any number): each costs some tens of bytes
// in the tree and again in every copy of it, so a file of a few tens of
// megabytes of "0," in an extras array ran out of memory.
func decodeTreeLimited(raw []byte, members bool, maxValues int64) (decoded, error) {
	t := treeDecoder{dec: newDecoder(raw), raw: raw, left: maxValues, limited: maxValues > 0}
	var err error
	if members && t.dec.PeekKind() == '{' {
		t.out.members = map[string][]byte{}
		t.out.tree, err = t.topObject()
	} else {
		t.out.tree, err = t.value()
	}
	if err != nil {
		var many *tooManyValues
		if errors.As(err, &many) {
			line, col := lineCol(raw, many.off)
			return decoded{}, &convert.FormatError{Line: line, Msg: fmt.Sprintf("column %d: the JSON holds more than %d values, this conversion's limit (--max-json-values)", col, maxValues)}
		}
		return decoded{}, syntaxError(raw, err)
	}
	if _, err := t.dec.ReadToken(); err != io.EOF {
		off := t.dec.InputOffset()
		for off < int64(len(raw)) && isSpace(raw[off]) {
			off++
		}
		line, col := lineCol(raw, off)
		return decoded{}, &convert.FormatError{Line: line, Msg: fmt.Sprintf("column %d: unexpected data after the top-level JSON value", col)}
	}
	return t.out, nil
}

// newDecoder reads raw as encoding/json does: a repeated member name is
// allowed (the last counts) and invalid UTF-8 in a string becomes U+FFFD.
func newDecoder(raw []byte) *jsontext.Decoder {
	return jsontext.NewDecoder(bytes.NewBuffer(raw), jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))
}

type treeDecoder struct {
	dec *jsontext.Decoder
	raw []byte
	out decoded
	// left is how many more values may be read, when limited
	left    int64
	limited bool
	// the members and elements of the objects and arrays still open; each
	// is copied out at its end into a block shared with its neighbours
	// (one allocation for a few hundred small objects, not one each)
	openMembers []member
	openElems   []any
	members     []member
	elems       []any
	objects     []object
	// names and scalars already read, so a member name or a string or
	// number that repeats (a glTF file repeats most of them, node after
	// node) shares one string and one boxed value instead of new ones
	names   map[string]string
	strings map[string]any
	numbers map[string]any
}

// internLimit bounds the names, strings and numbers a decoder remembers: past it,
// new ones are kept as they come (a file of many distinct numbers would
// otherwise grow the tables without gain).
const internLimit = 1 << 14

// blockLen is how many members, elements or objects a block holds.
const blockLen = 256

// value reads the next JSON value into *object, []any, json.Number,
// string, bool or nil.
func (t *treeDecoder) value() (any, error) {
	if t.limited {
		if t.left--; t.left < 0 {
			return nil, &tooManyValues{off: t.dec.InputOffset()}
		}
	}
	switch t.dec.PeekKind() {
	case '"', '0':
		return t.scalar()
	}
	tok, err := t.dec.ReadToken()
	if err != nil {
		return nil, err
	}
	switch tok.Kind() {
	case '{':
		return t.object(false)
	case '[':
		base := len(t.openElems)
		for t.dec.PeekKind() != ']' {
			x, err := t.value()
			if err != nil {
				return nil, err
			}
			t.openElems = append(t.openElems, x)
		}
		a := t.elemsOf(len(t.openElems) - base)
		copy(a, t.openElems[base:])
		clear(t.openElems[base:])
		t.openElems = t.openElems[:base]
		_, err := t.dec.ReadToken()
		return a, err
	case 't':
		return true, nil
	case 'f':
		return false, nil
	default: // 'n'
		return nil, nil
	}
}

// scalar reads the next value, a string or a number, as a string or a
// json.Number, the same value as a repeat of it earlier in the file.
func (t *treeDecoder) scalar() (any, error) {
	raw, err := t.dec.ReadValue()
	if err != nil {
		return nil, err
	}
	if raw[0] == '"' {
		return t.stringValue(raw), nil
	}
	if x, ok := t.numbers[string(raw)]; ok {
		return x, nil
	}
	s := string(raw)
	if mayOverflow(s) {
		if f, err := strconv.ParseFloat(s, 64); err != nil || math.IsInf(f, 0) {
			t.out.overflow = true
		}
	}
	var x any = json.Number(s)
	if len(t.numbers) < internLimit {
		if t.numbers == nil {
			t.numbers = map[string]any{}
		}
		t.numbers[s] = x
	}
	return x, nil
}

// stringValue is the string literal quoted as a string in an interface.
func (t *treeDecoder) stringValue(quoted []byte) any {
	if x, ok := t.strings[string(internKey(quoted))]; ok {
		return x
	}
	s := unquote(quoted)
	var x any = s
	if len(t.strings) < internLimit {
		if t.strings == nil {
			t.strings = map[string]any{}
		}
		t.strings[keyString(quoted, s)] = x
	}
	return x
}

// name reads the next member name.
func (t *treeDecoder) name() (string, error) {
	if t.limited {
		// a member costs more than a value: its name, and its entry in
		// every map later made of the object
		if t.left -= memberCost; t.left < 0 {
			return "", &tooManyValues{off: t.dec.InputOffset()}
		}
	}
	if t.dec.PeekKind() != '"' {
		// not a name: reading it as a token reports the syntax error
		tok, err := t.dec.ReadToken()
		return tok.String(), err
	}
	raw, err := t.dec.ReadValue()
	if err != nil {
		return "", err
	}
	if s, ok := t.names[string(internKey(raw))]; ok {
		return s, nil
	}
	s := unquote(raw)
	if len(t.names) < internLimit {
		if t.names == nil {
			t.names = map[string]string{}
		}
		t.names[keyString(raw, s)] = s
	}
	return s, nil
}

// plainText is the text between a string literal's quotes and whether it
// is the string itself (no escape to resolve, no invalid UTF-8 to
// replace), as it is for nearly every string of a glTF file.
func plainText(quoted []byte) ([]byte, bool) {
	text := quoted[1 : len(quoted)-1]
	return text, bytes.IndexByte(text, '\\') < 0 && utf8.Valid(text)
}

// internKey is what a string literal is remembered by: its plain text,
// which then serves as the key without a copy of its own (keyString), or
// else the whole literal, quotes and all, which no plain text can equal.
func internKey(quoted []byte) []byte {
	if text, plain := plainText(quoted); plain {
		return text
	}
	return quoted
}

// keyString is internKey(quoted) as a string, given s, the literal's
// unquoted string.
func keyString(quoted []byte, s string) string {
	if _, plain := plainText(quoted); plain {
		return s
	}
	return string(quoted)
}

// unquote is the text of a JSON string literal the decoder has checked,
// as jsontext's Token.String gives it: escapes resolved, invalid UTF-8
// replaced by U+FFFD.
func unquote(quoted []byte) string {
	if text, plain := plainText(quoted); plain {
		return string(text)
	}
	b, _ := jsontext.AppendUnquote(nil, quoted) // the error only notes invalid UTF-8
	return string(b)
}

// elemsOf is room for an array of n elements.
func (t *treeDecoder) elemsOf(n int) []any {
	if n > len(t.elems) {
		if n > blockLen/4 {
			return make([]any, n)
		}
		t.elems = make([]any, blockLen)
	}
	a := t.elems[:n:n]
	t.elems = t.elems[n:]
	return a
}

// newObject is room for an object of n members.
func (t *treeDecoder) newObject(n int) *object {
	if len(t.objects) == 0 {
		t.objects = make([]object, blockLen)
	}
	o := &t.objects[0]
	t.objects = t.objects[1:]
	if n > len(t.members) {
		if n > blockLen/4 {
			o.members = make([]member, n)
			return o
		}
		t.members = make([]member, blockLen)
	}
	o.members = t.members[:n:n]
	t.members = t.members[n:]
	return o
}

// topObject reads the top-level object, keeping each member's raw bytes.
func (t *treeDecoder) topObject() (any, error) {
	if _, err := t.dec.ReadToken(); err != nil {
		return nil, err
	}
	return t.object(true)
}

// object reads an object's members after its '{'. At the top (top set)
// it keeps each member's raw bytes; below it, it notes a repeated name.
func (t *treeDecoder) object(top bool) (any, error) {
	base := len(t.openMembers)
	var index map[string]int
	for t.dec.PeekKind() != '}' {
		key, err := t.name()
		if err != nil {
			return nil, err
		}
		at := find(t.openMembers[base:], index, key)
		if at >= 0 && !top {
			t.out.duplicate = true
		}
		start := t.dec.InputOffset()
		v, err := t.value()
		if err != nil {
			return nil, err
		}
		switch open := t.openMembers[base:]; {
		case at >= 0:
			open[at].val = v
		case index != nil:
			index[key] = len(open)
			t.openMembers = append(t.openMembers, member{key, v})
		default:
			t.openMembers = append(t.openMembers, member{key, v})
			if len(open)+1 > indexFrom {
				index = indexOf(t.openMembers[base:])
			}
		}
		if top {
			t.out.members[key] = bytes.TrimLeft(t.raw[start:t.dec.InputOffset()], " \t\r\n:")
		}
	}
	o := t.newObject(len(t.openMembers) - base)
	copy(o.members, t.openMembers[base:])
	o.index = index
	clear(t.openMembers[base:])
	t.openMembers = t.openMembers[:base]
	_, err := t.dec.ReadToken()
	return o, err
}

// mayOverflow reports whether a JSON number literal could lie beyond
// float64's range: only one with an exponent or over 300 characters can.
func mayOverflow(s string) bool {
	if len(s) > 300 {
		return true
	}
	for i := 0; i < len(s); i++ {
		if s[i] == 'e' || s[i] == 'E' {
			return true
		}
	}
	return false
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

func syntaxError(raw []byte, err error) error {
	off := int64(len(raw))
	msg := err.Error()
	var se *jsontext.SyntacticError
	switch {
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		msg = "unexpected end of JSON (truncated file?)"
	case errors.As(err, &se):
		off = se.ByteOffset
		msg = se.Err.Error()
		if se.Err == io.ErrUnexpectedEOF {
			msg = "unexpected end of JSON (truncated file?)"
		}
	}
	line, col := lineCol(raw, off)
	return &convert.FormatError{Line: line, Msg: fmt.Sprintf("column %d: invalid JSON: %s", col, msg), Err: err}
}

// memberCost is what an object member's name counts against a decoder's
// limit besides its value: measured, a member of a large object costs
// about four times the memory of an element of a large array.
const memberCost = 3

// tooManyValues stops a decoder at the first value past its limit.
type tooManyValues struct{ off int64 }

func (e *tooManyValues) Error() string { return "too many JSON values" }

// lineCol converts a byte offset to a 1-based line and column.
func lineCol(raw []byte, off int64) (int, int) {
	if off > int64(len(raw)) {
		off = int64(len(raw))
	}
	if off < 0 {
		off = 0
	}
	before := raw[:off]
	line := bytes.Count(before, []byte{'\n'}) + 1
	col := len(before) - bytes.LastIndexByte(before, '\n')
	return line, col
}
