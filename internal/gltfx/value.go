package gltfx

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strconv"

	"github.com/physconv/physconv/convert"
)

// Value is a piece of decoded JSON that knows where it sits in the file
// (`nodes[3].extensions.KHR_physics_rigid_bodies.motion`), so every type or
// range error names its JSON path. The zero Value is "absent".
//
// Accessors take the key of a member of an object Value; an absent member
// yields the given default, a member of the wrong type a
// *convert.FormatError.
type Value struct {
	v any // *object, []any, json.Number, string, bool, nil (as decodeTree builds it)
	// the path is spelled only when asked for (an error names it): at,
	// then "[index]" when elem, then ".key" for each of keys[:nkeys] that
	// is not empty. Members up to pathKeys deep below an element (a node's
	// extension and the objects in it, the common case) cost no string of
	// their own.
	at     string
	keys   [pathKeys]string
	nkeys  int8
	index  int
	elem   bool
	exists bool
}

// pathKeys is how many member names a Value keeps unspelled after at.
const pathKeys = 6

// NewValue wraps JSON built in memory or decoded by DecodeJSON (maps,
// slices, json.Number or float64, strings, booleans, nil) at path.
func NewValue(v any, path string) Value { return treeValue(fromGo(v), path) }

// treeValue wraps a tree as decodeTree built it at path.
func treeValue(tree any, path string) Value { return Value{v: tree, at: path, exists: true} }

// ParseValue decodes raw JSON into a Value at path; syntax errors and
// non-finite numbers become FormatErrors.
func ParseValue(raw []byte, path string) (Value, error) {
	d, err := decodeTree(raw, false)
	if err != nil {
		if fe, ok := err.(*convert.FormatError); ok && fe.Path == "" {
			fe.Path = path
		}
		return Value{}, err
	}
	val := treeValue(d.tree, path)
	if err := checkFinite(val); err != nil {
		return Value{}, err
	}
	return val, nil
}

// Exists reports whether the value is present in the file.
func (v Value) Exists() bool { return v.exists }

// Path is the JSON path of the value.
func (v Value) Path() string {
	p := v.at
	if v.elem {
		p += "[" + strconv.Itoa(v.index) + "]"
	}
	for _, key := range v.keys[:v.nkeys] {
		switch {
		case key == "":
		case p == "":
			p = key
		default:
			p += "." + key
		}
	}
	return p
}

// Kind names the JSON type: "object", "array", "number", "string",
// "boolean", "null" or "absent".
func (v Value) Kind() string {
	if !v.exists {
		return "absent"
	}
	return kindOf(v.v)
}

func kindOf(x any) string {
	switch x.(type) {
	case *object:
		return "object"
	case []any:
		return "array"
	case json.Number, float64:
		return "number"
	case string:
		return "string"
	case bool:
		return "boolean"
	case nil:
		return "null"
	}
	return fmt.Sprintf("%T", x)
}

// IsObject reports whether the value is a JSON object.
func (v Value) IsObject() bool { _, ok := v.v.(*object); return v.exists && ok }

// Interface returns the JSON as encoding/json decodes it with UseNumber
// (map[string]any, []any, json.Number, …).
func (v Value) Interface() any { return toGo(v.v) }

// Raw re-encodes the value as compact JSON (object keys sorted).
func (v Value) Raw() json.RawMessage {
	if !v.exists {
		return nil
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v.v); err != nil {
		return nil
	}
	return json.RawMessage(bytes.TrimRight(b.Bytes(), "\n"))
}

// Keys returns the object's member names, sorted; nil for non-objects.
func (v Value) Keys() []string {
	o, ok := v.v.(*object)
	if !ok {
		return nil
	}
	keys := make([]string, len(o.members))
	for i, m := range o.members {
		keys[i] = m.key
	}
	sort.Strings(keys)
	return keys
}

// Has reports whether the object has member key.
func (v Value) Has(key string) bool {
	o, ok := v.v.(*object)
	return ok && o.has(key)
}

// Get returns member key (absent when missing or when v is not an object).
func (v Value) Get(key string) Value {
	c := Value{at: v.at, keys: v.keys, nkeys: v.nkeys, index: v.index, elem: v.elem}
	if c.nkeys == pathKeys {
		c = Value{at: v.Path()}
	}
	c.keys[c.nkeys] = key
	c.nkeys++
	o, ok := v.v.(*object)
	if !ok {
		return c
	}
	c.v, c.exists = o.get(key)
	return c
}

// Elem returns array element i (absent when out of range).
func (v Value) Elem(i int) Value {
	at := v.Path()
	a, ok := v.v.([]any)
	if !ok || i < 0 || i >= len(a) {
		return Value{at: at, index: i, elem: true}
	}
	return Value{v: a[i], at: at, index: i, elem: true, exists: true}
}

// Len is the number of elements of an array (0 otherwise).
func (v Value) Len() int {
	a, _ := v.v.([]any)
	return len(a)
}

func (v Value) childPath(key string) string {
	p := v.Path()
	if key == "" {
		return p
	}
	if p == "" {
		return key
	}
	return p + "." + key
}

// Errorf builds a FormatError at member key of v (key "" = v itself).
func (v Value) Errorf(key, format string, args ...any) *convert.FormatError {
	return convert.Errorf(v.childPath(key), format, args...)
}

func (v Value) typeError(want string) *convert.FormatError {
	return convert.Errorf(v.Path(), "must be %s, not %s", want, v.Kind())
}

// AsFloat reads the value itself as a finite number.
func (v Value) AsFloat() (float64, error) {
	var f float64
	switch n := v.v.(type) {
	case json.Number:
		var err error
		f, err = strconv.ParseFloat(string(n), 64)
		if err != nil {
			return 0, convert.Errorf(v.Path(), "number %s is not finite", n)
		}
	case float64:
		f = n
	default:
		return 0, v.typeError("a number")
	}
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, convert.Errorf(v.Path(), "number is not finite")
	}
	return f, nil
}

// AsInt reads the value itself as an integer.
func (v Value) AsInt() (int, error) {
	f, err := v.AsFloat()
	if err != nil {
		if v.Kind() != "number" {
			return 0, v.typeError("an integer")
		}
		return 0, err
	}
	if f != math.Trunc(f) || math.Abs(f) > 1<<53 {
		return 0, convert.Errorf(v.Path(), "must be an integer, not %v", f)
	}
	return int(f), nil
}

// AsString reads the value itself as a string.
func (v Value) AsString() (string, error) {
	s, ok := v.v.(string)
	if !ok {
		return "", v.typeError("a string")
	}
	return s, nil
}

// Float reads a number member; def when absent.
func (v Value) Float(key string, def float64) (float64, error) {
	c := v.Get(key)
	if !c.exists {
		return def, nil
	}
	return c.AsFloat()
}

// OptFloat reads a number member; nil when absent.
func (v Value) OptFloat(key string) (*float64, error) {
	c := v.Get(key)
	if !c.exists {
		return nil, nil
	}
	f, err := c.AsFloat()
	if err != nil {
		return nil, err
	}
	return &f, nil
}

// Int reads an integer member; def when absent.
func (v Value) Int(key string, def int) (int, error) {
	c := v.Get(key)
	if !c.exists {
		return def, nil
	}
	return c.AsInt()
}

// Index reads a glTFid member pointing into an array of n items named
// what ("shapes", "nodes"). Absent (or OMI's -1) gives -1; anything else
// outside 0..n-1 is an error naming the count.
func (v Value) Index(key string, n int, what string) (int, error) {
	c := v.Get(key)
	if !c.exists {
		return -1, nil
	}
	return c.AsIndex(n, what)
}

// AsIndex reads the value itself as an index into n items named what.
func (v Value) AsIndex(n int, what string) (int, error) {
	i, err := v.AsInt()
	if err != nil {
		return -1, err
	}
	if i == -1 {
		return -1, nil
	}
	if i < 0 || i >= n {
		return -1, convert.Errorf(v.Path(), "index %d out of range (%d %s)", i, n, what)
	}
	return i, nil
}

// Vec3 reads a 3-number array member; def when absent.
func (v Value) Vec3(key string, def convert.Vec3) (convert.Vec3, error) {
	f, err := v.fixedFloats(key, 3)
	if err != nil || f == nil {
		return def, err
	}
	return convert.Vec3{f[0], f[1], f[2]}, nil
}

// Quat reads a 4-number array member [x y z w]; def when absent.
func (v Value) Quat(key string, def convert.Quat) (convert.Quat, error) {
	f, err := v.fixedFloats(key, 4)
	if err != nil || f == nil {
		return def, err
	}
	return convert.Quat{f[0], f[1], f[2], f[3]}, nil
}

func (v Value) fixedFloats(key string, n int) ([]float64, error) {
	f, err := v.Floats(key)
	if err != nil || f == nil {
		return nil, err
	}
	if len(f) != n {
		return nil, v.Errorf(key, "must have %d numbers, not %d", n, len(f))
	}
	return f, nil
}

// Floats reads an array of numbers; nil when absent.
func (v Value) Floats(key string) ([]float64, error) {
	c, items, err := v.arrayItems(key)
	if err != nil || !c.exists {
		return nil, err
	}
	out := make([]float64, len(items))
	for i, it := range items {
		if out[i], err = (Value{v: it, exists: true}).AsFloat(); err != nil {
			_, err = c.Elem(i).AsFloat() // the same error, naming the element's path
			return nil, err
		}
	}
	return out, nil
}

// Ints reads an array of integers; nil when absent.
func (v Value) Ints(key string) ([]int, error) {
	c, items, err := v.arrayItems(key)
	if err != nil || !c.exists {
		return nil, err
	}
	out := make([]int, len(items))
	for i, it := range items {
		if out[i], err = (Value{v: it, exists: true}).AsInt(); err != nil {
			_, err = c.Elem(i).AsInt() // the same error, naming the element's path
			return nil, err
		}
	}
	return out, nil
}

// String reads a string member; def when absent.
func (v Value) String(key, def string) (string, error) {
	c := v.Get(key)
	if !c.exists {
		return def, nil
	}
	return c.AsString()
}

// Strings reads an array of strings; nil when absent.
func (v Value) Strings(key string) ([]string, error) {
	c, items, err := v.arrayItems(key)
	if err != nil || !c.exists {
		return nil, err
	}
	out := make([]string, len(items))
	for i, it := range items {
		if out[i], err = (Value{v: it, exists: true}).AsString(); err != nil {
			_, err = c.Elem(i).AsString() // the same error, naming the element's path
			return nil, err
		}
	}
	return out, nil
}

// Bool reads a boolean member; def when absent.
func (v Value) Bool(key string, def bool) (bool, error) {
	c := v.Get(key)
	if !c.exists {
		return def, nil
	}
	b, ok := c.v.(bool)
	if !ok {
		return false, c.typeError("a boolean")
	}
	return b, nil
}

// Object reads an object member: (value, true, nil) when present,
// (absent, false, nil) when missing, an error when not an object.
func (v Value) Object(key string) (Value, bool, error) {
	c := v.Get(key)
	if !c.exists {
		return c, false, nil
	}
	if _, ok := c.v.(*object); !ok {
		return Value{}, false, c.typeError("an object")
	}
	return c, true, nil
}

// Array reads an array member as elements; nil when absent, an error when
// not an array.
func (v Value) Array(key string) ([]Value, error) {
	c := v.Get(key)
	if !c.exists {
		return nil, nil
	}
	return c.Elems()
}

// arrayItems reads an array member as Array does, without wrapping each
// element in a Value (its path is spelled only for an error): the member,
// its elements (none when absent) or an error when it is not an array.
func (v Value) arrayItems(key string) (Value, []any, error) {
	c := v.Get(key)
	if !c.exists {
		return c, nil, nil
	}
	a, ok := c.v.([]any)
	if !ok {
		return c, nil, c.typeError("an array")
	}
	return c, a, nil
}

// Elems returns the elements of the value itself, which must be an array.
func (v Value) Elems() ([]Value, error) {
	a, ok := v.v.([]any)
	if !ok {
		return nil, v.typeError("an array")
	}
	out := make([]Value, len(a))
	at := v.Path()
	for i, x := range a {
		out[i] = Value{v: x, at: at, index: i, elem: true, exists: true}
	}
	return out, nil
}

// checkFinite walks every number below v and rejects overflowing ones
// (1e999 decodes to ±Inf), naming the path.
func checkFinite(v Value) error {
	switch x := v.v.(type) {
	case json.Number:
		_, err := v.AsFloat()
		return err
	case *object:
		for _, k := range v.Keys() {
			if err := checkFinite(v.Get(k)); err != nil {
				return err
			}
		}
	case []any:
		for i := range x {
			if err := checkFinite(v.Elem(i)); err != nil {
				return err
			}
		}
	}
	return nil
}
