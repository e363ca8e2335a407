package mjcf

import (
	"math"
	"strconv"
	"strings"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/xmlx"
)

// errAt builds a FormatError at an element's line and file.
func errAt(e *Element, format string, args ...any) *convert.FormatError {
	err := convert.ErrorAtLine(e.Line, "mjcf: <"+e.Name+">: "+format, args...)
	err.File = e.File
	return err
}

// floatsOf parses a white-space separated list of numbers.
func floatsOf(s string) ([]float64, bool) { return appendFloats(nil, s) }

// appendFloats is floatsOf appending to dst (a caller that reads a few
// numbers passes an array on its stack).
func appendFloats(dst []float64, s string) ([]float64, bool) {
	var tmp [8]string
	fs := xmlx.AppendFields(tmp[:0], s)
	if dst == nil {
		dst = make([]float64, 0, len(fs))
	}
	for _, f := range fs {
		v, err := convert.ParseDecimal(f)
		if err != nil {
			return nil, false
		}
		dst = append(dst, v)
	}
	return dst, true
}

// attrs is an element's attributes after default classes were applied:
// its own, over its class's defaults for its kind. Nothing is copied per
// element (a large model has tens of thousands of them).
type attrs struct {
	e   *Element
	own []Attr            // the element's attributes; they win
	def map[string]string // the class's defaults (nil: none)
}

// ownAttrs is an element's attributes without defaults.
func ownAttrs(e *Element) attrs { return attrs{e: e, own: e.Attrs} }

// get looks an attribute up: the element's own (the last, should a name
// repeat), else the default.
func (a attrs) get(name string) (string, bool) {
	for i := len(a.own) - 1; i >= 0; i-- {
		if a.own[i].Name == name {
			return a.own[i].Value, true
		}
	}
	v, ok := a.def[name]
	return v, ok
}

// all returns every attribute, defaults included, as one map.
func (a attrs) all() map[string]string {
	m := make(map[string]string, len(a.def)+len(a.own))
	for k, v := range a.def {
		m[k] = v
	}
	for _, x := range a.own {
		m[x.Name] = x.Value
	}
	return m
}

func (a attrs) has(name string) bool { _, ok := a.get(name); return ok }

func (a attrs) str(name, def string) string {
	if v, ok := a.get(name); ok {
		return v
	}
	return def
}

// nums parses an attribute of exactly n numbers (n<0: any count ≥ 1);
// def is returned when the attribute is absent.
func (a attrs) nums(name string, n int, def []float64) ([]float64, error) {
	return a.numsInto(nil, name, n, def)
}

// numsInto is nums reading into buf (nil: a new slice).
func (a attrs) numsInto(buf []float64, name string, n int, def []float64) ([]float64, error) {
	s, ok := a.get(name)
	if !ok {
		return def, nil
	}
	v, good := appendFloats(buf, s)
	if !good {
		return nil, errAt(a.e, "attribute %s=%s is not a list of finite decimal numbers", name, convert.QuoteShort(s))
	}
	if n >= 0 && len(v) != n || n < 0 && len(v) == 0 {
		return nil, errAt(a.e, "attribute %s=%s needs %d numbers, has %d", name, convert.QuoteShort(s), n, len(v))
	}
	return v, nil
}

// numsUpTo parses 1..n numbers into a copy of def (MJCF lets size and
// friction give fewer values than their full length).
func (a attrs) numsUpTo(name string, def []float64) ([]float64, error) {
	return a.numsUpToInto(nil, name, def)
}

// numsUpToInto is numsUpTo copying def into buf (nil: a new slice); a
// caller that reads a few numbers passes an array on its stack.
func (a attrs) numsUpToInto(buf []float64, name string, def []float64) ([]float64, error) {
	out := append(buf[:0], def...)
	s, ok := a.get(name)
	if !ok {
		return out, nil
	}
	var parsed [8]float64
	v, good := appendFloats(parsed[:0], s)
	if !good || len(v) == 0 || len(v) > len(def) {
		return nil, errAt(a.e, "attribute %s=%s needs 1 to %d finite decimal numbers", name, convert.QuoteShort(s), len(def))
	}
	if name == "size" {
		// MJCF readers compute mass from geom sizes themselves: beyond this
		// the moments overflow (the graph check refuses such sizes anyway)
		for _, x := range v {
			if math.Abs(x) > convert.MaxLength {
				return nil, errAt(a.e, "attribute size=%s: %g is beyond ±%g m, which physconv cannot compute with", convert.QuoteShort(s), x, convert.MaxLength)
			}
		}
	}
	copy(out, v)
	return out, nil
}

func (a attrs) num(name string, def float64) (float64, error) {
	var buf [4]float64
	v, err := a.numsInto(buf[:0], name, 1, []float64{def})
	if err != nil {
		return 0, err
	}
	return v[0], nil
}

func (a attrs) vec3(name string, def convert.Vec3) (convert.Vec3, error) {
	var buf [4]float64
	v, err := a.numsInto(buf[:0], name, 3, def[:])
	if err != nil {
		return convert.Vec3{}, err
	}
	return convert.Vec3{v[0], v[1], v[2]}, nil
}

// boolean reads "true"/"false" (def when absent).
func (a attrs) boolean(name string, def bool) (bool, error) {
	s, ok := a.get(name)
	if !ok {
		return def, nil
	}
	switch s {
	case "true":
		return true, nil
	case "false":
		return false, nil
	}
	return false, errAt(a.e, "attribute %s=%q must be true or false", name, s)
}

// tristate reads "true"/"false"/"auto" (MJCF's limited attribute).
func (a attrs) tristate(name string) (string, error) {
	s := a.str(name, "auto")
	switch s {
	case "true", "false", "auto":
		return s, nil
	}
	return "", errAt(a.e, "attribute %s=%q must be true, false or auto", name, s)
}

// intAttr reads an integer attribute.
func (a attrs) intAttr(name string, def int) (int, error) {
	s, ok := a.get(name)
	if !ok {
		return def, nil
	}
	v, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil {
		return 0, errAt(a.e, "attribute %s=%s is not an integer", name, convert.QuoteShort(s))
	}
	return v, nil
}

// fmtFloat is the shortest round-trip spelling, snapped to the short
// decimal a frame change left a few ulps away (a non-finite value is
// refused there).
func fmtFloat(x float64) string { return xmlx.Num(x) }

func fmtFloats(xs ...float64) string { return xmlx.Nums(xs...) }

// exactFloats spells each number as the shortest decimal that reads back
// as it, never a shorter one a few ulps away (fmtFloats' tidying).
// Orientations are written so: MuJoCo derives every frame below a body
// from its quaternion, and a tidied one sat three ulps from the one
// MuJoCo itself computes from a URDF's rpy, a difference a chaotic
// simulation grows.
func exactFloats(xs ...float64) string {
	var buf [160]byte // built on the stack: only the string is allocated
	b := buf[:0]
	for i, x := range xs {
		if i > 0 {
			b = append(b, ' ')
		}
		convert.MustFinite(x)
		b = strconv.AppendFloat(b, x, 'g', -1, 64)
	}
	return string(b)
}
