package xacro

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
)

// Values of expressions are the Python types xacro files use:
//
//	nil (None), bool, int64 (int), float64 (float), string,
//	[]any (list), Tuple, *Dict, *Func, *Namespace, *Node (a block).
//
// Ints are 64-bit: an overflow is an error rather than a big number, so a
// hostile expression cannot grow without bound.

// Tuple is an immutable sequence; it prints with parentheses.
type Tuple []any

// Dict is an insertion-ordered dictionary. Dicts read from YAML also allow
// attribute access (d.key), as xacro's YAML wrapper does.
type Dict struct {
	keys []any
	m    map[any]any
}

// NewDict returns an empty dictionary.
func NewDict() *Dict { return &Dict{m: map[any]any{}} }

// Set stores a value, keeping the first insertion position of the key.
func (d *Dict) Set(k, v any) {
	k = dictKey(k)
	if _, ok := d.m[k]; !ok {
		d.keys = append(d.keys, k)
	}
	d.m[k] = v
}

// Get looks a key up.
func (d *Dict) Get(k any) (any, bool) {
	v, ok := d.m[dictKey(k)]
	return v, ok
}

// Len is the number of keys.
func (d *Dict) Len() int { return len(d.keys) }

// dictKey makes equal numbers one key, as Python does (1 == 1.0 == True).
func dictKey(k any) any {
	switch x := k.(type) {
	case bool:
		if x {
			return int64(1)
		}
		return int64(0)
	case float64:
		if x == math.Trunc(x) && math.Abs(x) < 1<<62 {
			return int64(x)
		}
	}
	return k
}

// Func is a callable: a builtin function or a bound method.
type Func struct {
	Name string
	Call func(args []any, kw Kwargs) (any, error)
}

// KW is one keyword argument of a call.
type KW struct {
	Name  string
	Value any
}

// Kwargs are a call's keyword arguments in the order written.
type Kwargs []KW

// Get returns the value of a keyword argument.
func (k Kwargs) Get(name string) (any, bool) {
	for _, a := range k {
		if a.Name == name {
			return a.Value, true
		}
	}
	return nil, false
}

// Namespace gives attribute access to a symbol table: math, xacro,
// python and the namespaces of includes with ns="…".
type Namespace struct {
	Name  string
	table *Table
}

func typeName(v any) string {
	switch v.(type) {
	case nil:
		return "NoneType"
	case bool:
		return "bool"
	case int64:
		return "int"
	case float64:
		return "float"
	case string:
		return "str"
	case []any:
		return "list"
	case Tuple:
		return "tuple"
	case *Dict:
		return "dict"
	case *Set:
		if x := v.(*Set); x.frozen {
			return "frozenset"
		}
		return "set"
	case *Func:
		return "builtin_function_or_method"
	case *Namespace:
		return "namespace"
	case *Node:
		return "block"
	}
	return fmt.Sprintf("%T", v)
}

// Str is Python's str(). Text beyond maxValueLen is cut (see format).
func Str(v any) string {
	s, _ := format(v, false)
	return s
}

// Repr is Python's repr(). Text beyond maxValueLen is cut (see format).
func Repr(v any) string {
	s, _ := format(v, true)
	return s
}

// format is str() or repr() with a bound: a list holding itself many
// times over could otherwise print to terabytes. It fails when the text
// would exceed maxValueLen.
func format(v any, repr bool) (string, error) {
	if s, ok := v.(string); ok && !repr {
		return s, nil
	}
	if n, ok := v.(*Node); ok && !repr {
		return "<block " + n.Name + ">", nil
	}
	var b strings.Builder
	if !writeRepr(&b, v) {
		return b.String(), errTooLong
	}
	return b.String(), nil
}

// writeRepr writes repr(v) and reports false once the text is too long.
func writeRepr(b *strings.Builder, v any) bool {
	if b.Len() > maxValueLen {
		return false
	}
	switch x := v.(type) {
	case nil:
		b.WriteString("None")
	case bool:
		if x {
			b.WriteString("True")
		} else {
			b.WriteString("False")
		}
	case int64:
		b.WriteString(strconv.FormatInt(x, 10))
	case float64:
		b.WriteString(formatFloat(x))
	case string:
		b.WriteString(quote(x))
	case []any:
		b.WriteByte('[')
		if !writeSeq(b, x) {
			return false
		}
		b.WriteByte(']')
	case Tuple:
		b.WriteByte('(')
		if !writeSeq(b, x) {
			return false
		}
		if len(x) == 1 {
			b.WriteByte(',')
		}
		b.WriteByte(')')
	case *Dict:
		b.WriteByte('{')
		for i, k := range x.keys {
			if i > 0 {
				b.WriteString(", ")
			}
			if !writeRepr(b, k) {
				return false
			}
			b.WriteString(": ")
			if !writeRepr(b, x.m[k]) {
				return false
			}
		}
		b.WriteByte('}')
	case *Set:
		switch {
		case x.Len() == 0 && x.frozen:
			b.WriteString("frozenset()")
		case x.Len() == 0:
			b.WriteString("set()")
		default:
			if x.frozen {
				b.WriteString("frozenset(")
			}
			b.WriteByte('{')
			if !writeSeq(b, x.keys) {
				return false
			}
			b.WriteByte('}')
			if x.frozen {
				b.WriteByte(')')
			}
		}
	case *Func:
		b.WriteString("<built-in function " + x.Name + ">")
	case *Namespace:
		b.WriteString("<namespace " + x.Name + ">")
	case *Node:
		b.WriteString("<block " + x.Name + ">")
	default:
		fmt.Fprint(b, v)
	}
	return b.Len() <= maxValueLen
}

func writeSeq(b *strings.Builder, xs []any) bool {
	for i, x := range xs {
		if i > 0 {
			b.WriteString(", ")
		}
		if !writeRepr(b, x) {
			return false
		}
	}
	return true
}

// quote writes a string literal as Python's repr does: single quotes unless
// the text holds a single quote and no double quote.
func quote(s string) string {
	q := byte('\'')
	if strings.IndexByte(s, '\'') >= 0 && strings.IndexByte(s, '"') < 0 {
		q = '"'
	}
	var b strings.Builder
	b.WriteByte(q)
	for _, r := range s {
		switch {
		case r == rune(q) || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\r':
			b.WriteString(`\r`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\x%02x`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte(q)
	return b.String()
}

// formatFloat is Python's float repr: the shortest digits that read back,
// positional between 1e-4 and 1e16 (with ".0" on whole numbers), else
// scientific with a two-digit exponent.
func formatFloat(f float64) string {
	switch {
	case math.IsNaN(f):
		return "nan"
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	}
	e := strconv.FormatFloat(f, 'e', -1, 64)
	i := strings.IndexByte(e, 'e')
	exp, _ := strconv.Atoi(e[i+1:])
	if exp >= -4 && exp < 16 {
		s := strconv.FormatFloat(f, 'f', -1, 64)
		if !strings.ContainsAny(s, ".") {
			s += ".0"
		}
		return s
	}
	return e
}

// truth is Python's bool().
func truth(v any) bool {
	switch x := v.(type) {
	case nil:
		return false
	case bool:
		return x
	case int64:
		return x != 0
	case float64:
		return x != 0
	case string:
		return x != ""
	case []any:
		return len(x) > 0
	case Tuple:
		return len(x) > 0
	case *Dict:
		return x.Len() > 0
	case *Set:
		return x.Len() > 0
	}
	return true
}

// number returns v as a float and whether it is numeric (bool, int, float).
func number(v any) (float64, bool) {
	switch x := v.(type) {
	case bool:
		if x {
			return 1, true
		}
		return 0, true
	case int64:
		return float64(x), true
	case float64:
		return x, true
	}
	return 0, false
}

// integer returns v as an int when it is a bool or int.
func integer(v any) (int64, bool) {
	switch x := v.(type) {
	case bool:
		if x {
			return 1, true
		}
		return 0, true
	case int64:
		return x, true
	}
	return 0, false
}

// work counts evaluation steps (elements built, compared or copied)
// against a bound, so an expression cannot run for hours: comparing two
// lists that each repeat one huge list many times is cheap to write and
// enormous to do.
type work struct {
	n, max int64
	err    error
}

// maxWork is the default number of steps one expansion may take.
const maxWork = 1 << 24

func newWork() *work { return &work{max: maxWork} }

// spend counts k steps and reports whether the bound still holds.
func (w *work) spend(k int) bool {
	if w.err != nil {
		return false
	}
	w.n += int64(k)
	if w.n > w.max {
		w.err = fmt.Errorf("expression evaluation exceeds %d steps", w.max)
		return false
	}
	return true
}

// equal is Python's ==.
func equal(a, b any, w *work) bool {
	if !w.spend(1) {
		return false
	}
	if x, ok := number(a); ok {
		if y, ok := number(b); ok {
			return x == y
		}
		return false
	}
	switch x := a.(type) {
	case nil:
		return b == nil
	case string:
		y, ok := b.(string)
		return ok && x == y
	case []any:
		y, ok := b.([]any)
		return ok && seqEqual(x, y, w)
	case Tuple:
		y, ok := b.(Tuple)
		return ok && seqEqual(x, y, w)
	case *Dict:
		wk := w
		y, ok := b.(*Dict)
		if !ok || x.Len() != y.Len() {
			return false
		}
		for _, k := range x.keys {
			w, ok := y.Get(k)
			if !ok || !equal(x.m[k], w, wk) {
				return false
			}
		}
		return true
	case *Set:
		y, ok := b.(*Set)
		return ok && x.Len() == y.Len() && x.subset(y)
	}
	return a == b
}

func seqEqual(x, y []any, w *work) bool {
	if len(x) != len(y) {
		return false
	}
	if len(x) > 0 && &x[0] == &y[0] {
		return true // the same list (Python compares identical items as equal too)
	}
	for i := range x {
		if !equal(x[i], y[i], w) {
			return false
		}
	}
	return true
}

// compare orders two values as Python's < does: numbers with numbers,
// strings with strings, sequences element-wise.
func compare(a, b any, w *work) (int, error) {
	if !w.spend(1) {
		return 0, w.err
	}
	if x, ok := number(a); ok {
		if y, ok := number(b); ok {
			switch {
			case x < y:
				return -1, nil
			case x > y:
				return 1, nil
			}
			return 0, nil
		}
	}
	switch x := a.(type) {
	case string:
		if y, ok := b.(string); ok {
			return strings.Compare(x, y), nil
		}
	case []any:
		if y, ok := b.([]any); ok {
			return seqCompare(x, y, w)
		}
	case Tuple:
		if y, ok := b.(Tuple); ok {
			return seqCompare(x, y, w)
		}
	}
	return 0, fmt.Errorf("'<' not supported between instances of '%s' and '%s'", typeName(a), typeName(b))
}

func seqCompare(x, y []any, w *work) (int, error) {
	for i := 0; i < len(x) && i < len(y); i++ {
		if equal(x[i], y[i], w) {
			continue
		}
		if w.err != nil {
			return 0, w.err
		}
		return compare(x[i], y[i], w)
	}
	switch {
	case len(x) < len(y):
		return -1, nil
	case len(x) > len(y):
		return 1, nil
	}
	return 0, nil
}

// items returns the elements of an iterable (a dict yields its keys, a
// string its characters).
func items(v any) ([]any, error) {
	switch x := v.(type) {
	case []any:
		return x, nil
	case Tuple:
		return x, nil
	case *Dict:
		return append([]any(nil), x.keys...), nil
	case *Set:
		return append([]any(nil), x.keys...), nil
	case string:
		var out []any
		for _, r := range x {
			out = append(out, string(r))
		}
		return out, nil
	}
	return nil, fmt.Errorf("'%s' object is not iterable", typeName(v))
}

// sortValues sorts in place with Python ordering.
func sortValues(xs []any, w *work) error {
	var err error
	sort.SliceStable(xs, func(i, j int) bool {
		if err != nil {
			return false
		}
		c, e := compare(xs[i], xs[j], w)
		if e != nil && err == nil {
			err = e
		}
		return c < 0
	})
	return err
}
