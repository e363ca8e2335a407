package tscn

import (
	"math"
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
	e.b = make([]byte, 0, size)
	e.section(&d.Header)
	for i := range d.Sections {
		e.b = append(e.b, '\n')
		e.section(&d.Sections[i])
	}
	return e.b
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
	e := encoder{}
	e.value(v)
	return string(e.b)
}

type encoder struct {
	b      []byte
	godot3 bool
}

func (e *encoder) section(s *Section) {
	e.b = append(e.b, '[')
	e.b = append(e.b, s.Tag...)
	for _, a := range s.Attrs {
		e.b = append(e.b, ' ')
		e.b = append(e.b, a.Key...)
		e.b = append(e.b, '=')
		e.value(a.Value)
	}
	e.b = append(e.b, "]\n"...)
	for _, p := range s.Props {
		if isBareKey(p.Key) {
			e.b = append(e.b, p.Key...)
		} else {
			e.str(p.Key)
		}
		e.b = append(e.b, " = "...)
		e.value(p.Value)
		e.b = append(e.b, '\n')
	}
}

func isBareKey(k string) bool {
	if k == "" {
		return false
	}
	for i := 0; i < len(k); i++ {
		if !isKeyByte(k[i]) {
			return false
		}
	}
	return true
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
	start := len(b)
	b = strconv.AppendFloat(b, f, 'g', -1, 64)
	for _, c := range b[start:] {
		if c == '.' || c == 'e' {
			return b
		}
	}
	return append(b, ".0"...)
}

func (e *encoder) open() {
	e.b = append(e.b, '(')
	if e.godot3 {
		e.b = append(e.b, ' ')
	}
}

func (e *encoder) close(empty bool) {
	if e.godot3 && !empty {
		e.b = append(e.b, ' ')
	}
	e.b = append(e.b, ')')
}

func (e *encoder) value(v Value) {
	switch x := v.(type) {
	case nil:
		e.b = append(e.b, "null"...)
	case bool:
		e.b = strconv.AppendBool(e.b, x)
	case int64:
		e.b = appendInt(e.b, x)
	case int:
		e.b = appendInt(e.b, int64(x))
	case float64:
		e.b = AppendFloat(e.b, x)
	case string:
		e.str(x)
	case StringName:
		e.b = append(e.b, '&')
		e.str(string(x))
	case NodePath:
		e.b = append(e.b, "NodePath"...)
		e.open()
		e.str(string(x))
		e.close(false)
	case Ref:
		e.b = append(e.b, x.Kind...)
		e.open()
		if x.IntID {
			e.b = append(e.b, x.ID...)
		} else {
			e.str(x.ID)
		}
		e.close(false)
	case *Call:
		e.b = append(e.b, x.Name...)
		if x.Type != "" {
			e.b = append(e.b, '[')
			e.b = append(e.b, x.Type...)
			e.b = append(e.b, ']')
		}
		e.open()
		if x.Bytes != nil {
			for i, c := range x.Bytes {
				if i > 0 {
					e.b = append(e.b, ", "...)
				}
				e.b = appendInt(e.b, int64(c))
			}
			e.close(len(x.Bytes) == 0)
			break
		}
		for i, a := range x.Args {
			if i > 0 {
				e.b = append(e.b, ", "...)
			}
			e.value(a)
		}
		e.close(len(x.Args) == 0)
	case Array:
		e.b = append(e.b, '[')
		for i, a := range x {
			if i > 0 {
				e.b = append(e.b, ", "...)
			}
			e.value(a)
		}
		e.b = append(e.b, ']')
	case Dict:
		if len(x) == 0 {
			e.b = append(e.b, "{}"...)
			return
		}
		e.b = append(e.b, '{')
		for i, en := range x {
			if i > 0 {
				e.b = append(e.b, ',')
			}
			e.b = append(e.b, '\n')
			e.value(en.Key)
			e.b = append(e.b, ": "...)
			e.value(en.Value)
		}
		e.b = append(e.b, "\n}"...)
	case *Object:
		e.b = append(e.b, "Object("...)
		e.b = append(e.b, x.Class...)
		for _, en := range x.Props {
			e.b = append(e.b, ',')
			e.value(en.Key)
			e.b = append(e.b, ':')
			e.value(en.Value)
		}
		e.b = append(e.b, ')')
	default:
		e.b = append(e.b, "null"...)
	}
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

// str writes a quoted string, escaping what the reader would not take
// literally.
func (e *encoder) str(s string) {
	e.b = append(e.b, '"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '"':
			e.b = append(e.b, `\"`...)
		case '\\':
			e.b = append(e.b, `\\`...)
		case '\n':
			e.b = append(e.b, `\n`...)
		case '\r':
			e.b = append(e.b, `\r`...)
		case '\t':
			e.b = append(e.b, `\t`...)
		default:
			e.b = append(e.b, c)
		}
	}
	e.b = append(e.b, '"')
}
