package xacro

import (
	"errors"
	"fmt"
	"math"
	"strings"
)

// maxValueLen bounds the length of any string or list an expression
// builds, so "'x' * 10**9" fails instead of exhausting memory.
const maxValueLen = 1 << 20

// scope resolves names during evaluation.
type scope interface {
	lookup(name string) (any, error)
	work() *work
}

// localScope holds the variables of a comprehension over an outer scope.
type localScope struct {
	vars  map[string]any
	outer scope
}

func (l *localScope) work() *work { return l.outer.work() }

func (l *localScope) lookup(name string) (any, error) {
	if v, ok := l.vars[name]; ok {
		return v, nil
	}
	return l.outer.lookup(name)
}

// EvalExpr evaluates one Python expression against a table.
func EvalExpr(src string, t *Table) (any, error) {
	e, err := parseExpr(strings.TrimSpace(src))
	if err != nil {
		return nil, err
	}
	return eval(e, t)
}

var errTooLong = fmt.Errorf("value longer than %d elements", maxValueLen)

// eval evaluates a node and charges its result's size to the step bound.
func eval(e expr, s scope) (any, error) {
	w := s.work()
	if !w.spend(1) {
		return nil, w.err
	}
	v, err := evalNode(e, s, w)
	if err != nil {
		return nil, err
	}
	if !w.spend(size(v)) {
		return nil, w.err
	}
	return v, nil
}

func size(v any) int {
	switch x := v.(type) {
	case string:
		return len(x)
	case []any:
		return len(x)
	case Tuple:
		return len(x)
	case *Dict:
		return x.Len()
	case *Set:
		return x.Len()
	}
	return 0
}

func evalNode(e expr, s scope, w *work) (any, error) {
	switch x := e.(type) {
	case *litExpr:
		return x.v, nil
	case *nameExpr:
		if strings.HasPrefix(x.name, "__") {
			return nil, fmt.Errorf("use of invalid name %s", x.name)
		}
		return s.lookup(x.name)
	case *attrExpr:
		if strings.HasPrefix(x.name, "__") {
			return nil, fmt.Errorf("use of invalid name %s", x.name)
		}
		v, err := eval(x.x, s)
		if err != nil {
			return nil, err
		}
		return attribute(v, x.name, w)
	case *indexExpr:
		v, err := eval(x.x, s)
		if err != nil {
			return nil, err
		}
		i, err := eval(x.i, s)
		if err != nil {
			return nil, err
		}
		return index(v, i)
	case *sliceExpr:
		return evalSlice(x, s)
	case *callExpr:
		fv, err := eval(x.fn, s)
		if err != nil {
			return nil, err
		}
		f, ok := fv.(*Func)
		if !ok {
			return nil, fmt.Errorf("'%s' object is not callable", typeName(fv))
		}
		args := make([]any, len(x.args))
		for i, a := range x.args {
			if args[i], err = eval(a, s); err != nil {
				return nil, err
			}
		}
		var kw Kwargs
		for i, n := range x.kwName {
			v, err := eval(x.kwVal[i], s)
			if err != nil {
				return nil, err
			}
			if _, dup := kw.Get(n); dup {
				return nil, fmt.Errorf("keyword argument repeated: %s", n)
			}
			kw = append(kw, KW{n, v})
		}
		return f.Call(args, kw)
	case *unaryExpr:
		v, err := eval(x.x, s)
		if err != nil {
			return nil, err
		}
		return unary(x.op, v)
	case *binExpr:
		a, err := eval(x.x, s)
		if err != nil {
			return nil, err
		}
		b, err := eval(x.y, s)
		if err != nil {
			return nil, err
		}
		return binary(x.op, a, b)
	case *cmpExpr:
		a, err := eval(x.xs[0], s)
		if err != nil {
			return nil, err
		}
		for i, op := range x.ops {
			b, err := eval(x.xs[i+1], s)
			if err != nil {
				return nil, err
			}
			ok, err := compareOp(op, a, b, w)
			if err != nil || !ok {
				return false, err
			}
			a = b
		}
		return true, nil
	case *boolExpr:
		a, err := eval(x.x, s)
		if err != nil {
			return nil, err
		}
		if truth(a) != x.and {
			return a, nil
		}
		return eval(x.y, s)
	case *notExpr:
		v, err := eval(x.x, s)
		if err != nil {
			return nil, err
		}
		return !truth(v), nil
	case *condExpr:
		c, err := eval(x.c, s)
		if err != nil {
			return nil, err
		}
		if truth(c) {
			return eval(x.a, s)
		}
		return eval(x.b, s)
	case *listExpr:
		out := make([]any, len(x.xs))
		for i, y := range x.xs {
			v, err := eval(y, s)
			if err != nil {
				return nil, err
			}
			out[i] = v
		}
		if x.tuple {
			return Tuple(out), nil
		}
		return out, nil
	case *dictExpr:
		d := NewDict()
		for i := range x.ks {
			k, err := eval(x.ks[i], s)
			if err != nil {
				return nil, err
			}
			if err := hashable(k); err != nil {
				return nil, err
			}
			v, err := eval(x.vs[i], s)
			if err != nil {
				return nil, err
			}
			d.Set(k, v)
		}
		return d, nil
	case *compExpr:
		iv, err := eval(x.iter, s)
		if err != nil {
			return nil, err
		}
		its, err := items(iv)
		if err != nil {
			return nil, err
		}
		var out []any
		for _, it := range its {
			l := &localScope{vars: map[string]any{}, outer: s}
			if len(x.vars) == 1 {
				l.vars[x.vars[0]] = it
			} else {
				parts, err := items(it)
				if err != nil || len(parts) != len(x.vars) {
					return nil, fmt.Errorf("cannot unpack %s into %d names", Repr(it), len(x.vars))
				}
				for i, n := range x.vars {
					l.vars[n] = parts[i]
				}
			}
			keep := true
			for _, c := range x.conds {
				cv, err := eval(c, l)
				if err != nil {
					return nil, err
				}
				if !truth(cv) {
					keep = false
					break
				}
			}
			if !keep {
				continue
			}
			v, err := eval(x.elem, l)
			if err != nil {
				return nil, err
			}
			out = append(out, v)
		}
		if out == nil {
			out = []any{}
		}
		return out, nil
	}
	return nil, fmt.Errorf("cannot evaluate %T", e)
}

func hashable(k any) error {
	switch k.(type) {
	case nil, bool, int64, float64, string:
		return nil
	}
	return fmt.Errorf("unhashable type: '%s'", typeName(k))
}

func unary(op string, v any) (any, error) {
	switch op {
	case "-":
		switch x := v.(type) {
		case bool, int64:
			i, _ := integer(x)
			if i == math.MinInt64 {
				return nil, errOverflow
			}
			return -i, nil
		case float64:
			return -x, nil
		}
	case "+":
		switch x := v.(type) {
		case bool, int64:
			i, _ := integer(x)
			return i, nil
		case float64:
			return x, nil
		}
	case "~":
		if i, ok := integer(v); ok {
			return ^i, nil
		}
	}
	return nil, fmt.Errorf("bad operand type for unary %s: '%s'", op, typeName(v))
}

var (
	errOverflow = errors.New("integer overflow (ints are limited to 64 bits)")
	errZeroDiv  = errors.New("division by zero")
)

func binary(op string, a, b any) (any, error) {
	if x, ok := a.(*Set); ok {
		if y, ok := b.(*Set); ok {
			return setOp(op, x, y)
		}
	}
	ia, aInt := integer(a)
	ib, bInt := integer(b)
	fa, aNum := number(a)
	fb, bNum := number(b)
	if aInt && bInt {
		switch op {
		case "+":
			r := ia + ib
			if (r > ia) != (ib > 0) {
				return nil, errOverflow
			}
			return r, nil
		case "-":
			r := ia - ib
			if (r < ia) != (ib > 0) {
				return nil, errOverflow
			}
			return r, nil
		case "*":
			if ia != 0 && ib != 0 {
				r := ia * ib
				if r/ib != ia || (ia == -1 && ib == math.MinInt64) || (ib == -1 && ia == math.MinInt64) {
					return nil, errOverflow
				}
				return r, nil
			}
			return int64(0), nil
		case "/":
			if ib == 0 {
				return nil, errZeroDiv
			}
			return float64(ia) / float64(ib), nil
		case "//":
			if ib == 0 {
				return nil, errZeroDiv
			}
			if ia == math.MinInt64 && ib == -1 {
				return nil, errOverflow
			}
			q := ia / ib
			if (ia%ib != 0) && ((ia < 0) != (ib < 0)) {
				q--
			}
			return q, nil
		case "%":
			if ib == 0 {
				return nil, errZeroDiv
			}
			if ib == -1 {
				return int64(0), nil
			}
			m := ia % ib
			if m != 0 && (m < 0) != (ib < 0) {
				m += ib
			}
			return m, nil
		case "**":
			if ib < 0 {
				if ia == 0 {
					return nil, errors.New("0.0 cannot be raised to a negative power")
				}
				return math.Pow(float64(ia), float64(ib)), nil
			}
			r := int64(1)
			base := ia
			for e := ib; e > 0; e >>= 1 {
				if e&1 == 1 {
					n := r * base
					if base != 0 && n/base != r {
						return nil, errOverflow
					}
					r = n
				}
				if e > 1 {
					n := base * base
					if base != 0 && n/base != base {
						if base == 1 || base == -1 {
							continue
						}
						return nil, errOverflow
					}
					base = n
				}
			}
			return r, nil
		case "&":
			return ia & ib, nil
		case "|":
			return ia | ib, nil
		case "^":
			return ia ^ ib, nil
		case "<<":
			if ib < 0 {
				return nil, errors.New("negative shift count")
			}
			if ib >= 63 || (ia<<ib)>>ib != ia {
				if ia == 0 {
					return int64(0), nil
				}
				return nil, errOverflow
			}
			return ia << ib, nil
		case ">>":
			if ib < 0 {
				return nil, errors.New("negative shift count")
			}
			if ib > 63 {
				ib = 63
			}
			return ia >> ib, nil
		}
	}
	if aNum && bNum {
		switch op {
		case "+":
			return fa + fb, nil
		case "-":
			return fa - fb, nil
		case "*":
			return fa * fb, nil
		case "/":
			if fb == 0 {
				return nil, errZeroDiv
			}
			return fa / fb, nil
		case "//":
			if fb == 0 {
				return nil, errZeroDiv
			}
			return math.Floor(fa / fb), nil
		case "%":
			if fb == 0 {
				return nil, errZeroDiv
			}
			m := math.Mod(fa, fb)
			if m != 0 && (m < 0) != (fb < 0) {
				m += fb
			}
			return m, nil
		case "**":
			if fa == 0 && fb < 0 {
				return nil, errors.New("0.0 cannot be raised to a negative power")
			}
			if fa < 0 && fb != math.Trunc(fb) {
				return nil, errors.New("negative number cannot be raised to a fractional power (complex result)")
			}
			return math.Pow(fa, fb), nil
		}
	}
	switch op {
	case "+":
		switch x := a.(type) {
		case string:
			if y, ok := b.(string); ok {
				if len(x)+len(y) > maxValueLen {
					return nil, errTooLong
				}
				return x + y, nil
			}
		case []any:
			if y, ok := b.([]any); ok {
				if len(x)+len(y) > maxValueLen {
					return nil, errTooLong
				}
				return append(append([]any{}, x...), y...), nil
			}
		case Tuple:
			if y, ok := b.(Tuple); ok {
				if len(x)+len(y) > maxValueLen {
					return nil, errTooLong
				}
				return append(append(Tuple{}, x...), y...), nil
			}
		}
	case "*":
		if bInt {
			return repeat(a, ib)
		}
		if aInt {
			return repeat(b, ia)
		}
	case "%":
		if f, ok := a.(string); ok {
			return percentFormat(f, b)
		}
	}
	return nil, fmt.Errorf("unsupported operand type(s) for %s: '%s' and '%s'", op, typeName(a), typeName(b))
}

func repeat(v any, n int64) (any, error) {
	if n < 0 {
		n = 0
	}
	var l int
	switch x := v.(type) {
	case string:
		l = len(x)
	case []any:
		l = len(x)
	case Tuple:
		l = len(x)
	default:
		return nil, fmt.Errorf("can't multiply sequence by non-int of type '%s'", typeName(v))
	}
	if l == 0 || n == 0 {
		n = 0 // an empty sequence repeated, or nothing: no loop over n
	} else if n > int64(maxValueLen/l) {
		return nil, errTooLong
	}
	switch x := v.(type) {
	case string:
		return strings.Repeat(x, int(n)), nil
	case []any:
		out := make([]any, 0, l*int(n))
		for i := int64(0); i < n; i++ {
			out = append(out, x...)
		}
		return out, nil
	default:
		out := make(Tuple, 0, l*int(n))
		for i := int64(0); i < n; i++ {
			out = append(out, v.(Tuple)...)
		}
		return out, nil
	}
}

func compareOp(op string, a, b any, w *work) (bool, error) {
	switch op {
	case "==":
		eq := equal(a, b, w)
		return eq, w.err
	case "!=":
		eq := equal(a, b, w)
		return !eq, w.err
	case "in", "not in":
		in, err := contains(b, a, w)
		return in == (op == "in"), err
	case "is", "is not":
		same := a == nil && b == nil
		if a != nil && b != nil && typeName(a) == typeName(b) {
			switch a.(type) {
			case bool, int64, float64, string:
				same = a == b
			}
		}
		return same == (op == "is"), nil
	}
	if x, ok := a.(*Set); ok {
		if y, ok := b.(*Set); ok {
			return setCompare(op, x, y), nil
		}
	}
	c, err := compare(a, b, w)
	if err != nil {
		return false, err
	}
	switch op {
	case "<":
		return c < 0, nil
	case "<=":
		return c <= 0, nil
	case ">":
		return c > 0, nil
	}
	return c >= 0, nil
}

func contains(container, v any, w *work) (bool, error) {
	switch c := container.(type) {
	case string:
		s, ok := v.(string)
		if !ok {
			return false, fmt.Errorf("'in <string>' requires string as left operand, not %s", typeName(v))
		}
		return strings.Contains(c, s), nil
	case *Dict:
		_, ok := c.Get(v)
		return ok, nil
	case *Set:
		return c.has(v), nil
	case *Namespace:
		s, ok := v.(string)
		return ok && c.table.has(s), nil
	}
	xs, err := items(container)
	if err != nil {
		return false, fmt.Errorf("argument of type '%s' is not iterable", typeName(container))
	}
	for _, x := range xs {
		if equal(x, v, w) {
			return true, nil
		}
	}
	return false, w.err
}

// seqIndex normalises a Python index into [0, n).
func seqIndex(i any, n int) (int, error) {
	k, ok := integer(i)
	if !ok {
		return 0, fmt.Errorf("indices must be integers, not %s", typeName(i))
	}
	if k < 0 {
		k += int64(n)
	}
	if k < 0 || k >= int64(n) {
		return 0, errors.New("index out of range")
	}
	return int(k), nil
}

func index(v, i any) (any, error) {
	switch x := v.(type) {
	case []any:
		k, err := seqIndex(i, len(x))
		if err != nil {
			return nil, fmt.Errorf("list %w", err)
		}
		return x[k], nil
	case Tuple:
		k, err := seqIndex(i, len(x))
		if err != nil {
			return nil, fmt.Errorf("tuple %w", err)
		}
		return x[k], nil
	case string:
		r := []rune(x)
		k, err := seqIndex(i, len(r))
		if err != nil {
			return nil, fmt.Errorf("string %w", err)
		}
		return string(r[k]), nil
	case *Dict:
		if err := hashable(i); err != nil {
			return nil, err
		}
		if w, ok := x.Get(i); ok {
			return w, nil
		}
		return nil, fmt.Errorf("KeyError: %s", Repr(i))
	case *Namespace:
		if s, ok := i.(string); ok {
			return x.table.lookup(s)
		}
	}
	return nil, fmt.Errorf("'%s' object is not subscriptable", typeName(v))
}

func evalSlice(x *sliceExpr, s scope) (any, error) {
	v, err := eval(x.x, s)
	if err != nil {
		return nil, err
	}
	var seq []any
	str, isStr := v.(string)
	switch y := v.(type) {
	case []any:
		seq = y
	case Tuple:
		seq = y
	case string:
		for _, r := range y {
			seq = append(seq, string(r))
		}
	default:
		return nil, fmt.Errorf("'%s' object is not subscriptable", typeName(v))
	}
	_ = str
	n := int64(len(seq))
	bound := func(has bool, e expr, def int64) (int64, bool, error) {
		if !has {
			return def, false, nil
		}
		bv, err := eval(e, s)
		if err != nil {
			return 0, false, err
		}
		if bv == nil {
			return def, false, nil
		}
		k, ok := integer(bv)
		if !ok {
			return 0, false, errors.New("slice indices must be integers or None")
		}
		return k, true, nil
	}
	step, _, err := bound(x.hasStep, x.step, 1)
	if err != nil {
		return nil, err
	}
	if step == 0 {
		return nil, errors.New("slice step cannot be zero")
	}
	lo, hasLo, err := bound(x.hasLo, x.lo, 0)
	if err != nil {
		return nil, err
	}
	hi, hasHi, err := bound(x.hasHi, x.hi, n)
	if err != nil {
		return nil, err
	}
	clamp := func(k int64, lowest, highest int64) int64 {
		if k < 0 {
			k += n
		}
		return max(lowest, min(k, highest))
	}
	var out []any
	if step > 0 {
		lo, hi = clamp(lo, 0, n), clamp(hi, 0, n)
		for k := lo; k < hi; k += step {
			out = append(out, seq[k])
		}
	} else {
		if !hasLo {
			lo = n - 1
		} else {
			lo = clamp(lo, -1, n-1)
		}
		if !hasHi {
			hi = -1
		} else {
			hi = clamp(hi, -1, n-1)
		}
		for k := lo; k > hi; k += step {
			out = append(out, seq[k])
		}
	}
	switch v.(type) {
	case string:
		var b strings.Builder
		for _, c := range out {
			b.WriteString(c.(string))
		}
		return b.String(), nil
	case Tuple:
		return Tuple(out), nil
	}
	if out == nil {
		out = []any{}
	}
	_ = isStr
	return out, nil
}

// attribute is v.name: a namespace member, a method, or a YAML dict key.
func attribute(v any, name string, w *work) (any, error) {
	switch x := v.(type) {
	case *Namespace:
		return x.table.lookup(name)
	case *Dict:
		if m := dictMethod(x, name); m != nil {
			return m, nil
		}
		if w, ok := x.Get(name); ok {
			return w, nil
		}
		return nil, fmt.Errorf("the dictionary has no key '%s'", name)
	case string:
		if m := stringMethod(x, name); m != nil {
			return m, nil
		}
	case []any:
		if m := seqMethod(x, name, w); m != nil {
			return m, nil
		}
	case Tuple:
		if m := seqMethod(x, name, w); m != nil {
			return m, nil
		}
	case *Set:
		if m := setMethod(x, name); m != nil {
			return m, nil
		}
	case float64:
		if name == "is_integer" {
			return method(name, 0, 0, func(a []any) (any, error) { return x == math.Trunc(x) && !math.IsInf(x, 0), nil }), nil
		}
	}
	return nil, fmt.Errorf("'%s' object has no attribute '%s'", typeName(v), name)
}
