package xacro

import (
	"errors"
	"fmt"
)

// Set is Python's set or frozenset: distinct hashable values, kept in the
// order first added. Python orders a set by hashes (of strings, different
// in every run), so nothing a description computes may depend on the
// order; only the text of a message does.
type Set struct {
	keys   []any
	m      map[any]bool
	frozen bool
}

// newSet builds a set of the items of xs.
func newSet(xs []any, frozen bool) (*Set, error) {
	s := &Set{m: make(map[any]bool, len(xs)), frozen: frozen}
	for _, x := range xs {
		if err := s.add(x); err != nil {
			return nil, err
		}
	}
	return s, nil
}

func (s *Set) add(x any) error {
	if err := hashable(x); err != nil {
		return err
	}
	k := dictKey(x)
	if !s.m[k] {
		s.m[k] = true
		s.keys = append(s.keys, x)
	}
	return nil
}

func (s *Set) has(x any) bool {
	if hashable(x) != nil {
		return false
	}
	return s.m[dictKey(x)]
}

// Len is the number of elements.
func (s *Set) Len() int { return len(s.keys) }

// subset reports whether every element of s is in t.
func (s *Set) subset(t *Set) bool {
	for _, k := range s.keys {
		if !t.has(k) {
			return false
		}
	}
	return true
}

// setOp is a set operator (- | & ^) between two sets; the result is
// frozen when the left operand is, as in Python.
func setOp(op string, a, b *Set) (*Set, error) {
	out := &Set{m: map[any]bool{}, frozen: a.frozen}
	keep := func(x any) {
		if err := out.add(x); err != nil {
			panic(err) // elements of a set are hashable
		}
	}
	switch op {
	case "-":
		for _, k := range a.keys {
			if !b.has(k) {
				keep(k)
			}
		}
	case "&":
		for _, k := range a.keys {
			if b.has(k) {
				keep(k)
			}
		}
	case "|", "^":
		for _, k := range a.keys {
			if op == "|" || !b.has(k) {
				keep(k)
			}
		}
		for _, k := range b.keys {
			if op == "|" || !a.has(k) {
				keep(k)
			}
		}
	default:
		return nil, fmt.Errorf("unsupported operand type(s) for %s: '%s' and '%s'", op, typeName(a), typeName(b))
	}
	return out, nil
}

// setCompare is < <= > >= between sets: subset and superset tests.
func setCompare(op string, a, b *Set) bool {
	switch op {
	case "<":
		return a.Len() < b.Len() && a.subset(b)
	case "<=":
		return a.subset(b)
	case ">":
		return b.Len() < a.Len() && b.subset(a)
	}
	return b.subset(a)
}

// setMethod returns a set's method name, or nil.
func setMethod(s *Set, name string) *Func {
	other := func(f func(t *Set) (any, error)) *Func {
		return method(name, 1, 1, func(a []any) (any, error) {
			xs, err := items(a[0])
			if err != nil {
				return nil, err
			}
			t, err := newSet(xs, false)
			if err != nil {
				return nil, err
			}
			return f(t)
		})
	}
	op := func(o string) *Func {
		return other(func(t *Set) (any, error) { return setOp(o, s, t) })
	}
	switch name {
	case "union":
		return op("|")
	case "intersection":
		return op("&")
	case "difference":
		return op("-")
	case "symmetric_difference":
		return op("^")
	case "issubset":
		return other(func(t *Set) (any, error) { return s.subset(t), nil })
	case "issuperset":
		return other(func(t *Set) (any, error) { return t.subset(s), nil })
	case "isdisjoint":
		return other(func(t *Set) (any, error) {
			both, _ := setOp("&", s, t)
			return both.Len() == 0, nil
		})
	case "copy":
		return method(name, 0, 0, func([]any) (any, error) { return newSet(s.keys, s.frozen) })
	}
	return nil
}

// setBuiltins are set, frozenset and the type tests (isinstance,
// issubclass, type) xacro's python namespace gives, with filter and
// divmod. types maps a type's name to its builtin (list, dict …), which
// type() returns so that type(x) == list holds.
func setBuiltins(types map[string]any) map[string]any {
	build := func(frozen bool) func(a []any) (any, error) {
		return func(a []any) (any, error) {
			if len(a) == 0 {
				return &Set{m: map[any]bool{}, frozen: frozen}, nil
			}
			xs, err := items(a[0])
			if err != nil {
				return nil, err
			}
			return newSet(xs, frozen)
		}
	}
	isType := func(v any, t any) (bool, error) {
		f, ok := t.(*Func)
		if !ok {
			return false, errors.New("isinstance() arg 2 must be a type or tuple of types")
		}
		name := typeName(v)
		// bool is a subclass of int
		return f.Name == name || f.Name == "int" && name == "bool", nil
	}
	others := map[string]*Func{}
	out := map[string]any{
		"set":       method("set", 0, 1, build(false)),
		"frozenset": method("frozenset", 0, 1, build(true)),
		"isinstance": method("isinstance", 2, 2, func(a []any) (any, error) {
			if ts, ok := a[1].(Tuple); ok {
				for _, t := range ts {
					if yes, err := isType(a[0], t); yes || err != nil {
						return yes, err
					}
				}
				return false, nil
			}
			return isType(a[0], a[1])
		}),
		"issubclass": method("issubclass", 2, 2, func(a []any) (any, error) {
			c, ok1 := a[0].(*Func)
			t, ok2 := a[1].(*Func)
			if !ok1 || !ok2 {
				return nil, errors.New("issubclass() arguments must be types")
			}
			return c.Name == t.Name, nil
		}),
		"type": method("type", 1, 1, func(a []any) (any, error) {
			name := typeName(a[0])
			if t, ok := types[name].(*Func); ok {
				return t, nil
			}
			// a type with no builtin (bool, NoneType …): one value per
			// name, so that type(True) == type(False)
			if t, ok := others[name]; ok {
				return t, nil
			}
			t := &Func{Name: name, Call: func([]any, Kwargs) (any, error) {
				return nil, fmt.Errorf("cannot create '%s' instances", name)
			}}
			others[name] = t
			return t, nil
		}),
		"filter": method("filter", 2, 2, func(a []any) (any, error) {
			xs, err := items(a[1])
			if err != nil {
				return nil, err
			}
			f, callable := a[0].(*Func)
			if a[0] != nil && !callable {
				return nil, fmt.Errorf("'%s' object is not callable", typeName(a[0]))
			}
			out := []any{}
			for _, x := range xs {
				keep := x
				if callable {
					if keep, err = f.Call([]any{x}, nil); err != nil {
						return nil, err
					}
				}
				if truth(keep) {
					out = append(out, x)
				}
			}
			return out, nil
		}),
		"divmod": method("divmod", 2, 2, func(a []any) (any, error) {
			q, err := binary("//", a[0], a[1])
			if err != nil {
				return nil, err
			}
			r, err := binary("%", a[0], a[1])
			if err != nil {
				return nil, err
			}
			return Tuple{q, r}, nil
		}),
	}
	// set and frozenset are types too: type(s) == python.set holds
	types["set"], types["frozenset"] = out["set"], out["frozenset"]
	return out
}
