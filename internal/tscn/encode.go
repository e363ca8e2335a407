package tscn

import (
	"encoding/binary"
	"math"
	"slices"
	"strconv"
)

// Encode writes a document in Godot's layout: header, then each section
// followed by its properties and a blank line. Format 2 documents use
// Godot 3's spacing (Vector3( 1, 2, 3 ), ExtResource( 1 )).
func Encode(d *Document) []byte {
	e := encoder{godot3: d.Format() == 2}
	// sized once from a scene's usual bytes per section and property,
	// rather than grown by doubling (each growth copies what is written)
	size := 64 * (1 + len(d.Sections))
	for i := range d.Sections {
		size += 48 * (len(d.Sections[i].Attrs) + len(d.Sections[i].Props))
		for _, p := range d.Sections[i].Props {
			size += arrayText(p.Value)
		}
	}
	b := e.section(make([]byte, 0, size), &d.Header)
	for i := range d.Sections {
		b = append(b, '\n')
		b = e.section(b, &d.Sections[i])
	}
	return b
}

// arrayText is about how long the long arrays in v are written (a mesh's
// data, most of a scene with meshes): five characters a byte, "255, ",
// and up to 22 a float, "-0.10000000149011612, ", in a call of more
// than a few arguments (a PackedVector3Array of a shape's points).
func arrayText(v Value) int {
	n := 0
	switch x := v.(type) {
	case *Call:
		n += 5 * len(x.Bytes)
		if len(x.Args) > 16 {
			n += 22 * len(x.Args)
		}
	case Array:
		for _, e := range x {
			n += arrayText(e)
		}
	case Dict:
		for _, e := range x {
			n += arrayText(e.Value)
		}
	}
	return n
}

// EncodeValue writes one value in Godot 4 spelling (for messages and tests).
func EncodeValue(v Value) string {
	var e encoder
	return string(e.value(nil, v))
}

// encoder appends to a slice it is handed and returns, not to a field of
// its own: appending to a local slice needs no write barrier while the
// collector runs, and a scene's text is millions of appends.
type encoder struct {
	godot3 bool
}

func (e *encoder) section(b []byte, s *Section) []byte {
	b = append(b, '[')
	b = append(b, s.Tag...)
	for _, a := range s.Attrs {
		b = append(b, ' ')
		b = append(b, a.Key...)
		b = append(b, '=')
		b = e.value(b, a.Value)
	}
	b = append(b, "]\n"...)
	for _, p := range s.Props {
		if isBareKey(p.Key) {
			b = append(b, p.Key...)
		} else {
			b = appendString(b, p.Key)
		}
		b = append(b, " = "...)
		b = e.value(b, p.Value)
		b = append(b, '\n')
	}
	return b
}
func isBareKey(k string) bool {
	if k == "" {
		return false
	}
	for i := 0; i < len(k); i++ {
		if !isBareByte(k[i]) {
			return false
		}
	}
	return true
}

// isBareByte is a byte the encoder writes in a bare property name: those
// Godot's own files use (letters, digits, _ / : . - @ | and the angle
// brackets of "anims/<BASE>"); any other name is quoted.
func isBareByte(c byte) bool {
	return c == '_' || c == '/' || c == ':' || c == '.' || c == '-' || c == '@' || c == '|' || c == '<' || c == '>' ||
		c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

// FormatFloat writes a float the way Godot reads it back exactly:
// shortest round-trip digits, ".0" on integral values, inf/nan words.
func FormatFloat(f float64) string { return string(AppendFloat(nil, f)) }

// AppendFloat appends FormatFloat(f) to b.
func AppendFloat(b []byte, f float64) []byte {
	switch {
	case math.IsInf(f, 1):
		return append(b, "inf"...)
	case math.IsInf(f, -1):
		return append(b, "-inf"...)
	case math.IsNaN(f):
		return append(b, "nan"...)
	}
	// whole numbers that 'g' writes without an exponent (below a
	// million), a transform's 0 and 1 among them, are integers with ".0";
	// -0 keeps its sign through strconv
	if f > -1e6 && f < 1e6 {
		if i := int64(f); float64(i) == f && (i != 0 || !math.Signbit(f)) {
			return append(appendInt(b, i), ".0"...)
		}
	}
	start := len(b)
	b = strconv.AppendFloat(b, f, 'g', -1, 64)
	for _, c := range b[start:] {
		if c == '.' || c == 'e' {
			return b
		}
	}
	return append(b, ".0"...)
}

func (e *encoder) open(b []byte) []byte {
	b = append(b, '(')
	if e.godot3 {
		b = append(b, ' ')
	}
	return b
}

func (e *encoder) close(b []byte, empty bool) []byte {
	if e.godot3 && !empty {
		b = append(b, ' ')
	}
	return append(b, ')')
}

func (e *encoder) value(b []byte, v Value) []byte {
	switch x := v.(type) {
	case nil:
		b = append(b, "null"...)
	case bool:
		b = strconv.AppendBool(b, x)
	case int64:
		b = appendInt(b, x)
	case int:
		b = appendInt(b, int64(x))
	case float64:
		b = AppendFloat(b, x)
	case string:
		b = appendString(b, x)
	case StringName:
		b = append(b, '&')
		b = appendString(b, string(x))
	case NodePath:
		b = append(b, "NodePath"...)
		b = e.open(b)
		b = appendString(b, string(x))
		b = e.close(b, false)
	case Ref:
		b = append(b, x.Kind...)
		b = e.open(b)
		if x.IntID {
			b = append(b, x.ID...)
		} else {
			b = appendString(b, x.ID)
		}
		b = e.close(b, false)
	case *Call:
		b = append(b, x.Name...)
		if x.Type != "" {
			b = append(b, '[')
			b = append(b, x.Type...)
			b = append(b, ']')
		}
		b = e.open(b)
		if x.Bytes != nil {
			b = appendByteList(b, x.Bytes)
			b = e.close(b, len(x.Bytes) == 0)
			break
		}
		for i, a := range x.Args {
			if i > 0 {
				b = append(b, ", "...)
			}
			b = e.value(b, a)
		}
		b = e.close(b, len(x.Args) == 0)
	case Array:
		b = append(b, '[')
		for i, a := range x {
			if i > 0 {
				b = append(b, ", "...)
			}
			b = e.value(b, a)
		}
		b = append(b, ']')
	case Dict:
		if len(x) == 0 {
			return append(b, "{}"...)
		}
		b = append(b, '{')
		for i, en := range x {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, '\n')
			b = e.value(b, en.Key)
			b = append(b, ": "...)
			b = e.value(b, en.Value)
		}
		b = append(b, "\n}"...)
	case *Object:
		b = append(b, "Object("...)
		b = append(b, x.Class...)
		for _, en := range x.Props {
			b = append(b, ',')
			b = e.value(b, en.Key)
			b = append(b, ':')
			b = e.value(b, en.Value)
		}
		b = append(b, ')')
	default:
		b = append(b, "null"...)
	}
	return b
}

// byteText holds each byte's decimal digits followed by ", ", little
// endian, and byteTextLen their length: appendByteList writes an element
// with one store.
var byteText, byteTextLen = func() (text [256]uint64, n [256]uint8) {
	for c := range 256 {
		s := strconv.Itoa(c) + ", "
		var word [8]byte
		copy(word[:], s)
		text[c] = binary.LittleEndian.Uint64(word[:])
		n[c] = uint8(len(s))
	}
	return text, n
}()

// appendByteList appends data as "1, 2, 3": a mesh's bytes, most of a
// scene's text, are written into room made once, each element but the
// last with one eight-byte store whose surplus the next one overwrites.
func appendByteList(b []byte, data []byte) []byte {
	if len(data) == 0 {
		return b
	}
	start := len(b)
	b = slices.Grow(b, 5*len(data)) // "255, " an element at most
	out := b[start : start+5*len(data)]
	k := 0
	last := len(data) - 1
	for _, c := range data[:last] {
		binary.LittleEndian.PutUint64(out[k:], byteText[c])
		k += int(byteTextLen[c])
	}
	return appendInt(b[:start+k], int64(data[last]))
}

// appendInt appends x in decimal; the bytes of a mesh, most numbers of a
// scene, are written digit by digit.
func appendInt(b []byte, x int64) []byte {
	switch {
	case x < 0 || x >= 1000:
		return strconv.AppendInt(b, x, 10)
	case x < 10:
		return append(b, byte('0'+x))
	case x < 100:
		return append(b, byte('0'+x/10), byte('0'+x%10))
	}
	return append(b, byte('0'+x/100), byte('0'+x/10%10), byte('0'+x%10))
}

// appendString appends a quoted string, escaping what the reader would
// not take literally.
func appendString(b []byte, s string) []byte {
	b = append(b, '"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '"':
			b = append(b, `\"`...)
		case '\\':
			b = append(b, `\\`...)
		case '\n':
			b = append(b, `\n`...)
		case '\r':
			b = append(b, `\r`...)
		case '\t':
			b = append(b, `\t`...)
		default:
			b = append(b, c)
		}
	}
	b = append(b, '"')
	return b
}
