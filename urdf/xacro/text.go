package xacro

import (
	"errors"
	"fmt"
	"path"
	"regexp"
	"strings"
	"sync"
)

// Pieces of text, in the order xacro tries them: "$$" before { or (
// escapes the substitution, ${expression}, $(substitution), plain text.
var (
	reEscape = lazyRegexp(`^\$\$+[{(]`)
	reExpr   = lazyRegexp(`^\$\{[^}]*\}`)
	reSubst  = lazyRegexp(`^\$\([^)]*\)`)
	rePlain  = lazyRegexp(`^(?:[^$]+|\$[^{($]+|\$$)`)
)

// evalText evaluates the substitutions in text. A text that is exactly one
// ${…} keeps the expression's type (so properties can hold numbers,
// lists, dicts); anything else is joined into a string.
func (x *expander) evalText(text string, t *Table) (any, error) {
	var parts []any
	for rest := text; rest != ""; {
		switch {
		case reEscape().MatchString(rest):
			m := reEscape().FindString(rest)
			parts = append(parts, m[1:])
			rest = rest[len(m):]
		case reExpr().MatchString(rest):
			m := reExpr().FindString(rest)
			v, err := x.expression(m[2:len(m)-1], t)
			if err != nil {
				return nil, err
			}
			parts = append(parts, v)
			rest = rest[len(m):]
		case reSubst().MatchString(rest):
			m := reSubst().FindString(rest)
			inner, err := x.evalText(m[2:len(m)-1], t)
			if err != nil {
				return nil, err
			}
			s, err := format(inner, false)
			if err != nil {
				return nil, err
			}
			v, err := x.substitution(s)
			if err != nil {
				return nil, err
			}
			parts = append(parts, v)
			rest = rest[len(m):]
		case rePlain().MatchString(rest):
			m := rePlain().FindString(rest)
			parts = append(parts, m)
			rest = rest[len(m):]
		default:
			return nil, fmt.Errorf("invalid expression: %s", rest)
		}
	}
	if len(parts) == 1 {
		return parts[0], nil
	}
	var b strings.Builder
	for _, p := range parts {
		s, err := format(p, false)
		if err != nil {
			return nil, err
		}
		b.WriteString(s)
		if b.Len() > maxValueLen {
			return nil, errTooLong
		}
	}
	return b.String(), nil
}

func (x *expander) expression(src string, t *Table) (any, error) {
	inner, err := x.evalText(src, t)
	if err != nil {
		return nil, err
	}
	s, err := format(inner, false)
	if err != nil {
		return nil, err
	}
	v, err := EvalExpr(s, t)
	if err != nil {
		var xe *Error
		if errors.As(err, &xe) {
			return nil, err
		}
		return nil, fmt.Errorf("%v, when evaluating expression '%s'", err, shorten(strings.TrimSpace(src)))
	}
	return v, nil
}

// substitution evaluates "$(cmd args…)" given its inside.
func (x *expander) substitution(s string) (string, error) {
	if strings.HasPrefix(strings.TrimSpace(s), "eval ") {
		return x.evalSubstitution(strings.TrimPrefix(strings.TrimSpace(s), "eval "))
	}
	f := strings.Fields(s)
	if len(f) == 0 {
		return "", errors.New("empty substitution $()")
	}
	need := func(n int) error {
		if len(f) < n+1 {
			return fmt.Errorf("$(%s) needs an argument", f[0])
		}
		return nil
	}
	switch f[0] {
	case "find":
		if err := need(1); err != nil {
			return "", err
		}
		return x.find(f[1])
	case "arg":
		if err := need(1); err != nil {
			return "", err
		}
		return x.arg(f[1])
	case "env":
		if err := need(1); err != nil {
			return "", err
		}
		if v, ok := x.getenv(f[1]); ok {
			return v, nil
		}
		return "", fmt.Errorf("environment variable %s is not set", f[1])
	case "optenv":
		if err := need(1); err != nil {
			return "", err
		}
		if v, ok := x.getenv(f[1]); ok {
			return v, nil
		}
		return strings.Join(f[2:], " "), nil
	case "dirname":
		return path.Dir(x.currentFile()), nil
	case "anon":
		if err := need(1); err != nil {
			return "", err
		}
		return f[1], nil
	}
	return "", fmt.Errorf("unknown substitution $(%s)", f[0])
}

func (x *expander) find(pkg string) (string, error) {
	if x.opts.FindPackage == nil {
		return "", fmt.Errorf("$(find %s): packages cannot be looked up here", pkg)
	}
	return x.opts.FindPackage(pkg)
}

func (x *expander) arg(name string) (string, error) {
	if v, ok := x.args[name]; ok {
		return v, nil
	}
	return "", fmt.Errorf("undefined substitution argument %s (declare it with <xacro:arg name=%q default=…/> or pass it)", name, name)
}

func (x *expander) getenv(name string) (string, bool) {
	if x.opts.Getenv == nil {
		return "", false
	}
	return x.opts.Getenv(name)
}

// evalSubstitution is $(eval expr): a Python expression over the args
// (as variables and through arg()), env(), optenv(), find() and math.
func (x *expander) evalSubstitution(src string) (string, error) {
	src = strings.TrimSpace(src)
	root := newTable(nil, x)
	for k, v := range mathSymbols() {
		root.vars[k] = &entry{v: v}
	}
	for k, v := range x.args {
		root.vars[k] = &entry{v: v}
	}
	root.vars["arg"] = &entry{v: method("arg", 1, 1, func(a []any) (any, error) { return x.arg(Str(a[0])) })}
	root.vars["env"] = &entry{v: method("env", 1, 1, func(a []any) (any, error) {
		if v, ok := x.getenv(Str(a[0])); ok {
			return v, nil
		}
		return nil, fmt.Errorf("environment variable %s is not set", Str(a[0]))
	})}
	root.vars["optenv"] = &entry{v: method("optenv", 1, 2, func(a []any) (any, error) {
		if v, ok := x.getenv(Str(a[0])); ok {
			return v, nil
		}
		if len(a) == 2 {
			return a[1], nil
		}
		return "", nil
	})}
	root.vars["find"] = &entry{v: method("find", 1, 1, func(a []any) (any, error) { return x.find(Str(a[0])) })}
	for _, k := range []string{"True", "False", "None"} {
		root.vars[k] = &entry{v: pythonBuiltins(x.wk)[k]}
	}
	v, err := EvalExpr(src, root)
	if err != nil {
		return "", fmt.Errorf("$(eval %s): %v", src, err)
	}
	return Str(v), nil
}

// globals builds the table of global symbols: Python builtins and math
// functions directly and as python.* and math.*, and the xacro.*
// functions.
func (x *expander) globals() *Table {
	root := newTable(nil, x)
	py := newTable(nil, x)
	mth := newTable(nil, x)
	xa := newTable(nil, x)
	// Only these builtins are global in xacro; the rest are python.*.
	global := map[string]bool{"list": true, "dict": true, "map": true, "len": true, "str": true, "float": true, "int": true,
		"True": true, "False": true, "min": true, "max": true, "round": true, "sorted": true, "range": true}
	for k, v := range pythonBuiltins(x.wk) {
		if global[k] {
			root.vars[k] = &entry{v: v}
		}
		py.vars[k] = &entry{v: v}
	}
	for k, v := range mathSymbols() {
		root.vars[k] = &entry{v: v}
		mth.vars[k] = &entry{v: v}
	}
	msg := func(name string) *Func {
		return method(name, 0, -1, func(a []any) (any, error) {
			parts := make([]string, len(a))
			for i, v := range a {
				parts[i] = Str(v)
			}
			w := Warning{Msg: strings.Join(parts, " ")}
			if x.at != nil {
				w.File, w.Line = x.at.File, x.at.Line
			}
			x.warnings = append(x.warnings, w)
			return "", nil
		})
	}
	fns := map[string]any{
		"load_yaml": method("load_yaml", 1, 1, func(a []any) (any, error) {
			name, err := str(a[0], "load_yaml() file name")
			if err != nil {
				return nil, err
			}
			p, err := x.abs(name)
			if err != nil {
				return nil, err
			}
			return x.loadYAML(p)
		}),
		"abs_filename": method("abs_filename", 1, 1, func(a []any) (any, error) {
			name, err := str(a[0], "abs_filename() argument")
			if err != nil {
				return nil, err
			}
			return x.abs(name)
		}),
		"dotify":         method("dotify", 1, 1, func(a []any) (any, error) { return a[0], nil }),
		"arg":            method("arg", 1, 1, func(a []any) (any, error) { return x.arg(Str(a[0])) }),
		"message":        msg("message"),
		"warning":        msg("warning"),
		"error":          msg("error"),
		"print_location": msg("print_location"),
		"fatal": method("fatal", 0, -1, func(a []any) (any, error) {
			parts := make([]string, len(a))
			for i, v := range a {
				parts[i] = Str(v)
			}
			return nil, errors.New(strings.Join(parts, " "))
		}),
		"tokenize": &Func{Name: "tokenize", Call: func(a []any, kw Kwargs) (any, error) {
			if len(a) < 1 || len(a) > 3 {
				return nil, errors.New("tokenize() takes 1 to 3 arguments")
			}
			s, err := str(a[0], "tokenize() argument")
			if err != nil {
				return nil, err
			}
			sep, skip := ",; ", true
			if len(a) > 1 {
				sep = Str(a[1])
			}
			if v, ok := kw.Get("sep"); ok {
				sep = Str(v)
			}
			if len(a) > 2 {
				skip = truth(a[2])
			}
			if v, ok := kw.Get("skip_empty"); ok {
				skip = truth(v)
			}
			parts := strings.FieldsFunc(s, func(r rune) bool { return strings.ContainsRune(sep, r) })
			if !skip {
				parts = splitAny(s, sep)
			}
			out := make([]any, len(parts))
			for i, p := range parts {
				out[i] = p
			}
			return out, nil
		}},
	}
	for k, v := range fns {
		xa.vars[k] = &entry{v: v}
	}
	for _, k := range []string{"load_yaml", "abs_filename", "dotify"} {
		root.vars[k] = &entry{v: fns[k]}
	}
	root.vars["python"] = &entry{v: &Namespace{Name: "python", table: py}}
	root.vars["math"] = &entry{v: &Namespace{Name: "math", table: mth}}
	root.vars["xacro"] = &entry{v: &Namespace{Name: "xacro", table: xa}}
	return root
}

func splitAny(s, sep string) []string {
	var out []string
	start := 0
	for i, r := range s {
		if strings.ContainsRune(sep, r) {
			out = append(out, s[start:i])
			start = i + len(string(r))
		}
	}
	return append(out, s[start:])
}

// shorten cuts long expression text for messages.
func shorten(s string) string {
	if len(s) > 120 {
		return s[:117] + "..."
	}
	return s
}

// lazyRegexp compiles expr on first use: the xacro reader's expressions
// are compiled by the runs that read xacro, not at the start of every
// program that links the reader (0.4 ms each time).
func lazyRegexp(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}
