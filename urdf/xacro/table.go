package xacro

import (
	"fmt"
	"strconv"
	"strings"
)

// Table is one scope of properties. Lookups fall through to the parent;
// the root holds the global symbols (math, python builtins, xacro.*).
// Property values given as text are kept unevaluated until first use
// (lazy evaluation), then evaluated in the scope that defined them.
type Table struct {
	parent *Table
	vars   map[string]*entry
	x      *expander
	// ns marks a namespace table (an include with ns="…"), which
	// scope="parent" skips over when set from inside a macro.
	ns bool
}

type entry struct {
	v         any
	lazy      bool // v is unevaluated text
	resolving bool
}

func newTable(parent *Table, x *expander) *Table {
	return &Table{parent: parent, vars: map[string]*entry{}, x: x}
}

// has reports whether a name is defined here or in a parent.
func (t *Table) has(name string) bool {
	for s := t; s != nil; s = s.parent {
		if _, ok := s.vars[name]; ok {
			return true
		}
	}
	return false
}

// isRoot is the table of global symbols.
func (t *Table) isRoot() bool { return t.parent == nil }

// top is the outermost table below the global symbols (the document's
// global scope).
func (t *Table) top() *Table {
	s := t
	for s.parent != nil && !s.parent.isRoot() {
		s = s.parent
	}
	return s
}

func (t *Table) work() *work {
	if t.x == nil {
		return newWork()
	}
	return t.x.wk
}

func (t *Table) lookup(name string) (any, error) {
	for s := t; s != nil; s = s.parent {
		if e, ok := s.vars[name]; ok {
			return s.resolve(name, e)
		}
	}
	return nil, fmt.Errorf("name '%s' is not defined", name)
}

func (t *Table) resolve(name string, e *entry) (any, error) {
	if !e.lazy {
		return e.v, nil
	}
	if e.resolving {
		return nil, fmt.Errorf("circular property definition involving %q", name)
	}
	e.resolving = true
	v, err := t.x.evalText(e.v.(string), t)
	e.resolving = false
	if err != nil {
		return nil, err
	}
	e.v, e.lazy = literal(v), false
	return e.v, nil
}

// set stores a value; text is first read as a literal (number, boolean,
// 'quoted string'), and text that is no literal stays lazy when asked.
func (t *Table) set(name string, v any, lazy bool) {
	v = literal(v)
	_, isStr := v.(string)
	t.vars[name] = &entry{v: v, lazy: lazy && isStr}
}

func (t *Table) remove(name string) {
	for s := t; s != nil && !s.isRoot(); s = s.parent {
		delete(s.vars, name)
	}
}

// literal converts text that reads as a number or boolean to it and
// strips one pair of single quotes, as xacro does for property values.
// Text with an underscore is kept (Python would drop it from numbers).
func literal(v any) any {
	s, ok := v.(string)
	if !ok {
		return v
	}
	if len(s) >= 2 && s[0] == '\'' && s[len(s)-1] == '\'' {
		return s[1 : len(s)-1]
	}
	if strings.Contains(s, "_") {
		return s
	}
	if pyInt().MatchString(s) {
		if i, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64); err == nil {
			return i
		}
	}
	if pyFloat().MatchString(s) {
		if f, err := strconv.ParseFloat(strings.TrimSpace(s), 64); err == nil || isRangeErr(err) {
			return f
		}
	}
	switch s {
	case "true", "True":
		return true
	case "false", "False":
		return false
	}
	return s
}
