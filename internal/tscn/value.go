// Package tscn reads and writes the text syntax of Godot scenes (.tscn) and
// resources (.tres): section headers, properties and Variant literals, for
// every generation of the format (format=2 of Godot 3, format=3 and 4 of
// Godot 4). It knows nothing of physics; package godot maps documents to
// the Graph.
//
// Reference: Godot's "TSCN file format" documentation and its Variant text
// syntax (core/variant/variant_parser), Godot 3.x and 4.x.
package tscn

import "fmt"

// Value is one Variant literal: nil (null), bool, int64, float64, string,
// StringName, NodePath, Ref, *Call, Array, Dict or *Object.
type Value any

// StringName is a &"name" literal.
type StringName string

// NodePath is a NodePath("a/b") or ^"a/b" literal.
type NodePath string

// Ref is SubResource("id") or ExtResource("id"). Godot 3 writes integer
// ids (ExtResource( 1 )); IntID keeps that spelling for a round trip.
type Ref struct {
	Kind  string // "SubResource" or "ExtResource"
	ID    string
	IntID bool
}

// Call is a constructor literal such as Vector3(1, 2, 3),
// Transform3D(...), PackedVector3Array(...) or a typed Array[int]([...]).
type Call struct {
	Name string
	// Type is the element type of a typed collection (Array[int](...)).
	Type string
	Args []Value
	// Bytes holds the elements of a byte array (PackedByteArray,
	// PoolByteArray) in place of Args: the reader sets it when every
	// element is a plain number from 0 to 255, the bulk of a scene with
	// meshes, and a writer may set it instead of Args.
	Bytes []byte
	// Unread is set on a byte array whose elements were passed over
	// (DecodeOptions.SkipVisualData): Args and Bytes are empty, the
	// elements unknown. Such a call is not to be written.
	Unread bool
}

// IsByteArray reports whether a call names a byte array.
func (c *Call) IsByteArray() bool { return isByteArray(c.Name) }

func isByteArray(name string) bool { return name == "PackedByteArray" || name == "PoolByteArray" }

// ByteArgs returns the elements of a byte array given as numbers: Bytes
// itself (shared with the document: read, do not change), or a copy of
// Args when each is an integer from 0 to 255; ok is false for any other
// call or element, and for elements left unread.
func (c *Call) ByteArgs() (out []byte, ok bool) {
	if !c.IsByteArray() || c.Unread {
		return nil, false
	}
	if c.Bytes != nil {
		return c.Bytes, true
	}
	out = make([]byte, len(c.Args))
	for i, a := range c.Args {
		x, isInt := a.(int64)
		if !isInt || x < 0 || x > 255 {
			return nil, false
		}
		out[i] = byte(x)
	}
	return out, true
}

// Array is a [a, b, c] literal.
type Array []Value

// Entry is one key: value pair of a Dict, in file order.
type Entry struct {
	Key, Value Value
}

// Dict is a { key: value } literal; entries keep their order.
type Dict []Entry

// Object is Godot 4's inline Object(Class, "prop": value, ...).
type Object struct {
	Class string
	Props []Entry
}

// Floats returns the numeric arguments of a call (or its Bytes) as
// float64s; ok is false when an argument is not a number or they were
// left unread.
func (c *Call) Floats() (out []float64, ok bool) {
	if c.Unread {
		return nil, false
	}
	if c.Bytes != nil {
		out = make([]float64, len(c.Bytes))
		for i, b := range c.Bytes {
			out[i] = float64(b)
		}
		return out, true
	}
	out = make([]float64, len(c.Args))
	for i, a := range c.Args {
		f, isNum := Number(a)
		if !isNum {
			return nil, false
		}
		out[i] = f
	}
	return out, true
}

// boxedOne and boxedMinusOne are 1 and -1 as Values, made once.
var boxedOne, boxedMinusOne Value = 1.0, -1.0

// FloatValue returns f as a Value. The 1 and -1 of a rotation's basis
// share one box each (0 boxes without allocating), so the transforms and
// vectors of a scene do not allocate one per element.
func FloatValue(f float64) Value {
	switch f {
	case 1:
		return boxedOne
	case -1:
		return boxedMinusOne
	}
	return f
}

// Number returns v as a float64 when it is an int64 or float64.
func Number(v Value) (float64, bool) {
	switch x := v.(type) {
	case float64:
		return x, true
	case int64:
		return float64(x), true
	}
	return 0, false
}

// TypeName names a value's Variant type for error messages.
func TypeName(v Value) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case bool:
		return "bool"
	case int64:
		return "int"
	case float64:
		return "float"
	case string:
		return "String"
	case StringName:
		return "StringName"
	case NodePath:
		return "NodePath"
	case Ref:
		return x.Kind
	case *Call:
		return x.Name
	case Array:
		return "Array"
	case Dict:
		return "Dictionary"
	case *Object:
		return "Object"
	}
	return fmt.Sprintf("%T", v)
}
