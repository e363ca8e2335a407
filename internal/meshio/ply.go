package meshio

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/physconv/physconv/convert"
)

// The Stanford PLY format (ASCII and both binary byte orders): a text
// header of elements, each a count of records and a list of typed
// properties, then the records. No well-kept Go library reads it, and
// what a physics converter needs of it is small: the vertex element's
// x, y and z, and the face element's list of vertex indices
// (vertex_indices, or vertex_index as some exporters spell it); other
// elements and properties are read past.

// plyProperty is one property of an element: a scalar, or a list (its
// count's type, then its items').
type plyProperty struct {
	name        string
	list        bool
	count, item plyType
}

// plyElement is one element of the header.
type plyElement struct {
	name  string
	n     int64
	props []plyProperty
}

// plyType is a property's value type: its size in bytes and whether it
// is a float or a signed integer.
type plyType struct {
	size          int
	float, signed bool
}

var plyTypes = map[string]plyType{
	"char": {1, false, true}, "int8": {1, false, true},
	"uchar": {1, false, false}, "uint8": {1, false, false},
	"short": {2, false, true}, "int16": {2, false, true},
	"ushort": {2, false, false}, "uint16": {2, false, false},
	"int": {4, false, true}, "int32": {4, false, true},
	"uint": {4, false, false}, "uint32": {4, false, false},
	"float": {4, true, true}, "float32": {4, true, true},
	"double": {8, true, true}, "float64": {8, true, true},
}

// decodePLY reads a PLY mesh. Polygons are split into fans from their
// first corner, as OBJ faces are; a file without faces is a point cloud
// (read as its convex hull, as MSH point clouds are).
func decodePLY(data []byte, b *builder) error {
	format, elements, body, err := plyHeader(data)
	if err != nil {
		return err
	}
	r := &plyReader{data: body}
	switch format {
	case "ascii":
		r.ascii = true
	case "binary_little_endian":
		r.order = binary.LittleEndian
	case "binary_big_endian":
		r.order = binary.BigEndian
	default:
		return fmt.Errorf("meshio: PLY format %q is none of ascii, binary_little_endian, binary_big_endian", format)
	}
	var positions []convert.Vec3
	var merged []uint32
	faces := false
	for _, el := range elements {
		// a count of records the rest of the file cannot hold is refused
		// before anything is allocated for it
		if least := r.leastSize(el); least > 0 && el.n > int64(len(r.data))/least {
			return fmt.Errorf("meshio: PLY element %q counts %d records of %d bytes at least, more than the %d bytes left hold", el.name, el.n, least, len(r.data))
		}
		switch el.name {
		case "vertex":
			xyz := [3]int{-1, -1, -1}
			for k, p := range el.props {
				if i := strings.Index("xyz", p.name); len(p.name) == 1 && i >= 0 && !p.list {
					xyz[i] = k
				}
			}
			if xyz[0] < 0 || xyz[1] < 0 || xyz[2] < 0 {
				return fmt.Errorf("meshio: PLY vertex element has no x, y and z properties")
			}
			positions = make([]convert.Vec3, 0, el.n)
			var rec []float64
			for v := int64(0); v < el.n; v++ {
				if rec, err = r.record(el, rec[:0], nil); err != nil {
					return fmt.Errorf("meshio: PLY vertex %d: %v", v, err)
				}
				p := convert.Vec3{rec[xyz[0]], rec[xyz[1]], rec[xyz[2]]}
				if !p.Finite() {
					return fmt.Errorf("meshio: PLY vertex %d is not a finite number", v)
				}
				positions = append(positions, p)
			}
			merged = make([]uint32, len(positions))
		case "face":
			list := -1
			for k, p := range el.props {
				if p.list && (p.name == "vertex_indices" || p.name == "vertex_index") {
					list = k
				}
			}
			if list < 0 {
				return fmt.Errorf("meshio: PLY face element has no vertex_indices list")
			}
			if positions == nil {
				return fmt.Errorf("meshio: PLY faces come before the vertices they name")
			}
			faces = true
			// a face is one triangle at least; its count is bounded above
			b.reserve(int(el.n), len(positions))
			var rec []float64
			var corners []float64
			for f := int64(0); f < el.n; f++ {
				corners = corners[:0]
				if rec, err = r.record(el, rec[:0], func(k int, v float64) {
					if k == list {
						corners = append(corners, v)
					}
				}); err != nil {
					return fmt.Errorf("meshio: PLY face %d: %v", f, err)
				}
				if err := plyFace(b, f, corners, positions, merged); err != nil {
					return err
				}
			}
		default:
			var rec []float64
			for i := int64(0); i < el.n; i++ {
				if rec, err = r.record(el, rec[:0], nil); err != nil {
					return fmt.Errorf("meshio: PLY %s %d: %v", el.name, i, err)
				}
			}
		}
	}
	if !faces {
		for i, p := range positions {
			b.sharedVertex(i, p, merged)
		}
	}
	return nil
}

// plyFace adds face f, its corners' vertex indices, as a fan.
func plyFace(b *builder, f int64, corners []float64, positions []convert.Vec3, merged []uint32) error {
	if len(corners) < 3 {
		return fmt.Errorf("meshio: PLY face %d has %d corners; a face needs 3 at least", f, len(corners))
	}
	var idx [3]uint32
	for k, c := range corners {
		if c < 0 || c >= float64(len(positions)) || c != math.Trunc(c) {
			return fmt.Errorf("meshio: PLY face %d names vertex %v of %d", f, c, len(positions))
		}
		i := b.sharedVertex(int(c), positions[int(c)], merged)
		switch {
		case k == 0:
			idx[0] = i
		case k == 1:
			idx[2] = i
		default:
			idx[1], idx[2] = idx[2], i
			if err := b.indexedTriangle(idx[0], idx[1], idx[2], nil); err != nil {
				return err
			}
		}
	}
	return nil
}

// plyHeader reads the header: the body's format, its elements and the
// bytes after "end_header".
func plyHeader(data []byte) (format string, elements []plyElement, body []byte, err error) {
	rest := data
	line := func() (string, bool) {
		i := bytes.IndexByte(rest, '\n')
		if i < 0 {
			return "", false
		}
		l := strings.TrimRight(string(rest[:i]), "\r")
		rest = rest[i+1:]
		return l, true
	}
	if l, ok := line(); !ok || strings.TrimSpace(l) != "ply" {
		return "", nil, nil, fmt.Errorf("meshio: PLY file does not begin with \"ply\"")
	}
	for n := 2; ; n++ {
		l, ok := line()
		if !ok {
			return "", nil, nil, fmt.Errorf("meshio: PLY header has no end_header")
		}
		f := strings.Fields(l)
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "end_header":
			if format == "" {
				return "", nil, nil, fmt.Errorf("meshio: PLY header has no format line")
			}
			return format, elements, rest, nil
		case "comment", "obj_info":
		case "format":
			if len(f) != 3 {
				return "", nil, nil, fmt.Errorf("meshio: PLY header line %d: want format TYPE VERSION", n)
			}
			format = f[1]
		case "element":
			if len(f) != 3 {
				return "", nil, nil, fmt.Errorf("meshio: PLY header line %d: want element NAME COUNT", n)
			}
			count, err := strconv.ParseInt(f[2], 10, 64)
			if err != nil || count < 0 {
				return "", nil, nil, fmt.Errorf("meshio: PLY header line %d: element count %q", n, f[2])
			}
			elements = append(elements, plyElement{name: f[1], n: count})
		case "property":
			if len(elements) == 0 {
				return "", nil, nil, fmt.Errorf("meshio: PLY header line %d: a property before any element", n)
			}
			p, err := plyPropertyOf(f)
			if err != nil {
				return "", nil, nil, fmt.Errorf("meshio: PLY header line %d: %v", n, err)
			}
			el := &elements[len(elements)-1]
			el.props = append(el.props, p)
		default:
			return "", nil, nil, fmt.Errorf("meshio: PLY header line %d: unknown keyword %q", n, f[0])
		}
	}
}

// plyPropertyOf reads a property line's fields.
func plyPropertyOf(f []string) (plyProperty, error) {
	if len(f) == 5 && f[1] == "list" {
		c, ok1 := plyTypes[f[2]]
		t, ok2 := plyTypes[f[3]]
		if !ok1 || !ok2 || c.float {
			return plyProperty{}, fmt.Errorf("list of types %q and %q", f[2], f[3])
		}
		return plyProperty{name: f[4], list: true, count: c, item: t}, nil
	}
	if len(f) != 3 {
		return plyProperty{}, fmt.Errorf("want property TYPE NAME or property list COUNT ITEM NAME")
	}
	t, ok := plyTypes[f[1]]
	if !ok {
		return plyProperty{}, fmt.Errorf("unknown type %q", f[1])
	}
	return plyProperty{name: f[2], item: t}, nil
}

// plyReader reads the records of a PLY body.
type plyReader struct {
	data  []byte
	ascii bool
	order binary.ByteOrder
}

// record reads one record of el: its scalar properties' values are
// appended to rec in order (lists take one slot each, their length),
// and every list item is given to item with its property's index.
func (r *plyReader) record(el plyElement, rec []float64, item func(k int, v float64)) ([]float64, error) {
	for k, p := range el.props {
		if !p.list {
			v, err := r.value(p.item)
			if err != nil {
				return rec, err
			}
			rec = append(rec, v)
			continue
		}
		n, err := r.value(p.count)
		if err != nil {
			return rec, err
		}
		if n < 0 || n != math.Trunc(n) || n > float64(len(r.data)) {
			return rec, fmt.Errorf("list %s of %v items", p.name, n)
		}
		for range int(n) {
			v, err := r.value(p.item)
			if err != nil {
				return rec, err
			}
			if item != nil {
				item(k, v)
			}
		}
		rec = append(rec, n)
	}
	return rec, nil
}

// leastSize is the fewest bytes a record of el takes: a binary value its
// type's size (a list its count's), an ASCII one a digit and a space.
func (r *plyReader) leastSize(el plyElement) int64 {
	n := int64(0)
	for _, p := range el.props {
		switch {
		case r.ascii:
			n += 2
		case p.list:
			n += int64(p.count.size)
		default:
			n += int64(p.item.size)
		}
	}
	return n
}

// value reads one value of type t.
func (r *plyReader) value(t plyType) (float64, error) {
	if r.ascii {
		i := 0
		for i < len(r.data) && isSpace(r.data[i]) {
			i++
		}
		j := i
		for j < len(r.data) && !isSpace(r.data[j]) {
			j++
		}
		if i == j {
			return 0, fmt.Errorf("the file ends in it")
		}
		tok := string(r.data[i:j])
		r.data = r.data[j:]
		v, err := strconv.ParseFloat(tok, 64)
		if err != nil || !t.float && v != math.Trunc(v) {
			return 0, fmt.Errorf("%q is not a number of its type", tok)
		}
		return v, nil
	}
	if len(r.data) < t.size {
		return 0, fmt.Errorf("the file ends in it")
	}
	d := r.data[:t.size]
	r.data = r.data[t.size:]
	switch {
	case t.size == 1 && t.signed:
		return float64(int8(d[0])), nil
	case t.size == 1:
		return float64(d[0]), nil
	case t.size == 2 && t.signed:
		return float64(int16(r.order.Uint16(d))), nil
	case t.size == 2:
		return float64(r.order.Uint16(d)), nil
	case t.size == 4 && t.float:
		return float64(math.Float32frombits(r.order.Uint32(d))), nil
	case t.size == 4 && t.signed:
		return float64(int32(r.order.Uint32(d))), nil
	case t.size == 4:
		return float64(r.order.Uint32(d)), nil
	}
	return math.Float64frombits(r.order.Uint64(d)), nil
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }
