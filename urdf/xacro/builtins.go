package xacro

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// method builds a function taking between lo and hi positional arguments.
func method(name string, lo, hi int, f func(args []any) (any, error)) *Func {
	return &Func{Name: name, Call: func(args []any, kw Kwargs) (any, error) {
		if len(kw) > 0 {
			return nil, fmt.Errorf("%s() takes no keyword arguments", name)
		}
		if len(args) < lo || hi >= 0 && len(args) > hi {
			return nil, fmt.Errorf("%s() takes %s arguments (%d given)", name, arity(lo, hi), len(args))
		}
		return f(args)
	}}
}

func arity(lo, hi int) string {
	switch {
	case lo == hi:
		return strconv.Itoa(lo)
	case hi < 0:
		return fmt.Sprintf("at least %d", lo)
	}
	return fmt.Sprintf("%d to %d", lo, hi)
}

func str(v any, what string) (string, error) {
	s, ok := v.(string)
	if !ok {
		return "", fmt.Errorf("%s must be a string, not %s", what, typeName(v))
	}
	return s, nil
}

func stringMethod(s, name string) *Func {
	strip := func(f func(string, string) string, g func(string) string) func([]any) (any, error) {
		return func(a []any) (any, error) {
			if len(a) == 0 || a[0] == nil {
				return g(s), nil
			}
			cut, err := str(a[0], name+"() argument")
			if err != nil {
				return nil, err
			}
			return f(s, cut), nil
		}
	}
	switch name {
	case "strip":
		return method(name, 0, 1, strip(strings.Trim, strings.TrimSpace))
	case "lstrip":
		return method(name, 0, 1, strip(strings.TrimLeft, func(x string) string { return strings.TrimLeft(x, " \t\n\r\v\f") }))
	case "rstrip":
		return method(name, 0, 1, strip(strings.TrimRight, func(x string) string { return strings.TrimRight(x, " \t\n\r\v\f") }))
	case "upper":
		return method(name, 0, 0, func([]any) (any, error) { return strings.ToUpper(s), nil })
	case "lower":
		return method(name, 0, 0, func([]any) (any, error) { return strings.ToLower(s), nil })
	case "capitalize":
		return method(name, 0, 0, func([]any) (any, error) {
			if s == "" {
				return s, nil
			}
			return strings.ToUpper(s[:1]) + strings.ToLower(s[1:]), nil
		})
	case "split":
		return method(name, 0, 2, func(a []any) (any, error) {
			limit := -1
			if len(a) == 2 {
				n, ok := integer(a[1])
				if !ok {
					return nil, errors.New("split() maxsplit must be an int")
				}
				if n >= 0 {
					limit = int(n) + 1
				}
			}
			var parts []string
			if len(a) == 0 || a[0] == nil {
				parts = strings.Fields(s)
				if limit > 0 && len(parts) > limit {
					parts = append(parts[:limit-1], strings.Join(parts[limit-1:], " "))
				}
			} else {
				sep, err := str(a[0], "separator")
				if err != nil {
					return nil, err
				}
				if sep == "" {
					return nil, errors.New("empty separator")
				}
				parts = strings.SplitN(s, sep, limit)
			}
			out := make([]any, len(parts))
			for i, p := range parts {
				out[i] = p
			}
			return out, nil
		})
	case "replace":
		return method(name, 2, 2, func(a []any) (any, error) {
			old, err := str(a[0], "replace() argument 1")
			if err != nil {
				return nil, err
			}
			nw, err := str(a[1], "replace() argument 2")
			if err != nil {
				return nil, err
			}
			if n := strings.Count(s, old); n > 0 && len(s)+n*(len(nw)-len(old)) > maxValueLen {
				return nil, errTooLong
			}
			return strings.ReplaceAll(s, old, nw), nil
		})
	case "startswith", "endswith":
		return method(name, 1, 1, func(a []any) (any, error) {
			var cands []any
			if t, ok := a[0].(Tuple); ok {
				cands = t
			} else {
				cands = []any{a[0]}
			}
			for _, c := range cands {
				p, err := str(c, name+"() argument")
				if err != nil {
					return nil, err
				}
				if name == "startswith" && strings.HasPrefix(s, p) || name == "endswith" && strings.HasSuffix(s, p) {
					return true, nil
				}
			}
			return false, nil
		})
	case "find", "count", "index":
		return method(name, 1, 1, func(a []any) (any, error) {
			sub, err := str(a[0], name+"() argument")
			if err != nil {
				return nil, err
			}
			switch name {
			case "count":
				return int64(strings.Count(s, sub)), nil
			}
			i := strings.Index(s, sub)
			if i < 0 && name == "index" {
				return nil, errors.New("substring not found")
			}
			if i > 0 {
				i = len([]rune(s[:i]))
			}
			return int64(i), nil
		})
	case "join":
		return method(name, 1, 1, func(a []any) (any, error) {
			xs, err := items(a[0])
			if err != nil {
				return nil, err
			}
			parts := make([]string, len(xs))
			n := 0
			for i, x := range xs {
				if parts[i], err = str(x, "join() item"); err != nil {
					return nil, err
				}
				n += len(parts[i]) + len(s)
			}
			if n > maxValueLen {
				return nil, errTooLong
			}
			return strings.Join(parts, s), nil
		})
	case "isdigit":
		return method(name, 0, 0, func([]any) (any, error) {
			return s != "" && strings.Trim(s, "0123456789") == "", nil
		})
	case "format":
		return &Func{Name: name, Call: func(args []any, kw Kwargs) (any, error) { return braceFormat(s, args, kw) }}
	}
	return nil
}

func seqMethod(xs []any, name string, w *work) *Func {
	switch name {
	case "index":
		return method(name, 1, 1, func(a []any) (any, error) {
			for i, x := range xs {
				if equal(x, a[0], w) {
					return int64(i), nil
				}
			}
			if w.err != nil {
				return nil, w.err
			}
			return nil, fmt.Errorf("%s is not in list", Repr(a[0]))
		})
	case "count":
		return method(name, 1, 1, func(a []any) (any, error) {
			n := int64(0)
			for _, x := range xs {
				if equal(x, a[0], w) {
					n++
				}
			}
			return n, w.err
		})
	}
	return nil
}

func dictMethod(d *Dict, name string) *Func {
	switch name {
	case "keys":
		return method(name, 0, 0, func([]any) (any, error) { return append([]any{}, d.keys...), nil })
	case "values":
		return method(name, 0, 0, func([]any) (any, error) {
			out := make([]any, len(d.keys))
			for i, k := range d.keys {
				out[i] = d.m[k]
			}
			return out, nil
		})
	case "items":
		return method(name, 0, 0, func([]any) (any, error) {
			out := make([]any, len(d.keys))
			for i, k := range d.keys {
				out[i] = Tuple{k, d.m[k]}
			}
			return out, nil
		})
	case "get":
		return method(name, 1, 2, func(a []any) (any, error) {
			if err := hashable(a[0]); err != nil {
				return nil, err
			}
			if v, ok := d.Get(a[0]); ok {
				return v, nil
			}
			if len(a) == 2 {
				return a[1], nil
			}
			return nil, nil
		})
	}
	return nil
}

var braceField = lazyRegexp(`\{\{|\}\}|\{([^{}:!]*)(?:![rs])?(?::([^{}]*))?\}`)

// braceFormat is a small str.format: positional and named fields, with
// the format specs that percentFormat also knows.
func braceFormat(f string, args []any, kw Kwargs) (any, error) {
	auto := 0
	var err error
	out := braceField().ReplaceAllStringFunc(f, func(m string) string {
		if m == "{{" || m == "}}" {
			return m[:1]
		}
		sub := braceField().FindStringSubmatch(m)
		var v any
		switch key := sub[1]; {
		case key == "":
			if auto >= len(args) {
				err = errors.New("format(): not enough arguments")
				return ""
			}
			v = args[auto]
			auto++
		default:
			if n, e := strconv.Atoi(key); e == nil {
				if n >= len(args) {
					err = errors.New("format(): index out of range")
					return ""
				}
				v = args[n]
			} else if w, ok := kw.Get(key); ok {
				v = w
			} else {
				err = fmt.Errorf("format(): KeyError %q", key)
				return ""
			}
		}
		if sub[2] == "" {
			return Str(v)
		}
		s, e := formatSpec(sub[2], v)
		if e != nil {
			err = e
		}
		return s
	})
	return out, err
}

var specRe = lazyRegexp(`^([+\- ]?)(0?)(\d*)(?:\.(\d+))?([dfegsrFEGi%]?)$`)

func formatSpec(spec string, v any) (string, error) {
	m := specRe().FindStringSubmatch(spec)
	if m == nil {
		return "", fmt.Errorf("unsupported format spec %q", spec)
	}
	width, _ := strconv.Atoi(m[3])
	if width > 1000 {
		return "", errors.New("format width too large")
	}
	prec := -1
	if m[4] != "" {
		prec, _ = strconv.Atoi(m[4])
		if prec > 100 {
			return "", errors.New("format precision too large")
		}
	}
	verb := m[5]
	var s string
	switch verb {
	case "d", "i":
		i, ok := integer(v)
		if !ok {
			if f, isF := v.(float64); isF && verb == "i" {
				i = int64(f)
			} else {
				return "", fmt.Errorf("%%d format: a number is required, not %s", typeName(v))
			}
		}
		s = strconv.FormatInt(i, 10)
	case "f", "F", "e", "E", "g", "G", "%":
		f, ok := number(v)
		if !ok {
			return "", fmt.Errorf("%%%s format: a number is required, not %s", verb, typeName(v))
		}
		if prec < 0 {
			prec = 6
		}
		if verb == "%" {
			s = strconv.FormatFloat(f*100, 'f', prec, 64) + "%"
		} else {
			s = strconv.FormatFloat(f, verb[0], prec, 64)
		}
	case "r":
		s = Repr(v)
	default:
		s = Str(v)
		if prec >= 0 && prec < len(s) {
			s = s[:prec]
		}
	}
	if m[1] == "+" && !strings.HasPrefix(s, "-") && verb != "s" {
		s = "+" + s
	}
	for len(s) < width {
		if m[2] == "0" {
			s = "0" + s
		} else {
			s = " " + s
		}
	}
	return s, nil
}

var percentField = lazyRegexp(`%%|%([+\- 0]*)(\d*)(?:\.(\d+))?([diouxXeEfFgGcrs])`)

// percentFormat is "fmt" % args for the common conversions.
func percentFormat(f string, arg any) (any, error) {
	args, ok := arg.(Tuple)
	if !ok {
		args = Tuple{arg}
	}
	next := 0
	var err error
	out := percentField().ReplaceAllStringFunc(f, func(m string) string {
		if m == "%%" {
			return "%"
		}
		sub := percentField().FindStringSubmatch(m)
		if next >= len(args) {
			err = errors.New("not enough arguments for format string")
			return ""
		}
		v := args[next]
		next++
		spec := ""
		if strings.Contains(sub[1], "+") {
			spec += "+"
		}
		if strings.Contains(sub[1], "0") {
			spec += "0"
		}
		spec += sub[2]
		if sub[3] != "" {
			spec += "." + sub[3]
		}
		verb := sub[4]
		if verb == "u" {
			verb = "d"
		}
		s, e := formatSpec(spec+verb, v)
		if e != nil {
			err = e
		}
		return s
	})
	if err == nil && next < len(args) {
		err = errors.New("not all arguments converted during string formatting")
	}
	return out, err
}

// mathFunctions are the functions of Python's math module xacro files use.
func mathSymbols() map[string]any {
	f1 := func(name string, g func(float64) float64, domain func(float64) bool) *Func {
		return method(name, 1, 1, func(a []any) (any, error) {
			x, ok := number(a[0])
			if !ok {
				return nil, fmt.Errorf("must be real number, not %s", typeName(a[0]))
			}
			if domain != nil && !domain(x) {
				return nil, errors.New("math domain error")
			}
			return g(x), nil
		})
	}
	unit := func(x float64) bool { return x >= -1 && x <= 1 }
	nonneg := func(x float64) bool { return x >= 0 }
	pos := func(x float64) bool { return x > 0 }
	f2 := func(name string, g func(a, b float64) float64) *Func {
		return method(name, 2, 2, func(a []any) (any, error) {
			x, ok1 := number(a[0])
			y, ok2 := number(a[1])
			if !ok1 || !ok2 {
				return nil, errors.New("must be real number")
			}
			return g(x, y), nil
		})
	}
	toInt := func(name string, g func(float64) float64) *Func {
		return method(name, 1, 1, func(a []any) (any, error) {
			if i, ok := integer(a[0]); ok {
				return i, nil
			}
			x, ok := number(a[0])
			if !ok {
				return nil, fmt.Errorf("must be real number, not %s", typeName(a[0]))
			}
			return floatToInt(g(x))
		})
	}
	m := map[string]any{
		"pi": math.Pi, "e": math.E, "tau": 2 * math.Pi, "inf": math.Inf(1), "nan": math.NaN(),
		"sin": f1("sin", math.Sin, nil), "cos": f1("cos", math.Cos, nil), "tan": f1("tan", math.Tan, nil),
		"asin": f1("asin", math.Asin, unit), "acos": f1("acos", math.Acos, unit), "atan": f1("atan", math.Atan, nil),
		"sinh": f1("sinh", math.Sinh, nil), "cosh": f1("cosh", math.Cosh, nil), "tanh": f1("tanh", math.Tanh, nil),
		"asinh": f1("asinh", math.Asinh, nil), "acosh": f1("acosh", math.Acosh, func(x float64) bool { return x >= 1 }),
		"atanh": f1("atanh", math.Atanh, func(x float64) bool { return x > -1 && x < 1 }),
		"sqrt":  f1("sqrt", math.Sqrt, nonneg), "exp": f1("exp", math.Exp, nil),
		"log10": f1("log10", math.Log10, pos), "log2": f1("log2", math.Log2, pos), "log1p": f1("log1p", math.Log1p, func(x float64) bool { return x > -1 }),
		"fabs":    f1("fabs", math.Abs, nil),
		"radians": f1("radians", func(x float64) float64 { return x * math.Pi / 180 }, nil),
		"degrees": f1("degrees", func(x float64) float64 { return x * 180 / math.Pi }, nil),
		"atan2":   f2("atan2", math.Atan2), "hypot": f2("hypot", math.Hypot), "copysign": f2("copysign", math.Copysign),
		"fmod":  f2("fmod", math.Mod),
		"pow":   f2("pow", math.Pow),
		"floor": toInt("floor", math.Floor), "ceil": toInt("ceil", math.Ceil), "trunc": toInt("trunc", math.Trunc),
		"isnan": method("isnan", 1, 1, func(a []any) (any, error) { x, _ := number(a[0]); return math.IsNaN(x), nil }),
		"isinf": method("isinf", 1, 1, func(a []any) (any, error) { x, _ := number(a[0]); return math.IsInf(x, 0), nil }),
		"isfinite": method("isfinite", 1, 1, func(a []any) (any, error) {
			x, _ := number(a[0])
			return !math.IsInf(x, 0) && !math.IsNaN(x), nil
		}),
		"log": method("log", 1, 2, func(a []any) (any, error) {
			x, ok := number(a[0])
			if !ok || x <= 0 {
				return nil, errors.New("math domain error")
			}
			if len(a) == 2 {
				b, ok := number(a[1])
				if !ok || b <= 0 || b == 1 {
					return nil, errors.New("math domain error")
				}
				return math.Log(x) / math.Log(b), nil
			}
			return math.Log(x), nil
		}),
	}
	return m
}

func floatToInt(f float64) (any, error) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return nil, errors.New("cannot convert float NaN or infinity to integer")
	}
	if f >= 9.2e18 || f <= -9.2e18 {
		return nil, errOverflow
	}
	return int64(f), nil
}

var (
	pyInt   = lazyRegexp(`^\s*[+-]?\d+\s*$`)
	pyFloat = lazyRegexp(`(?i)^\s*[+-]?((\d+\.?\d*|\.\d+)(e[+-]?\d+)?|inf|infinity|nan)\s*$`)
)

// pythonBuiltins are the builtins xacro exposes (directly and as python.*).
func pythonBuiltins(w *work) map[string]any {
	toFloat := method("float", 0, 1, func(a []any) (any, error) {
		if len(a) == 0 {
			return 0.0, nil
		}
		if f, ok := number(a[0]); ok {
			return f, nil
		}
		if s, ok := a[0].(string); ok && pyFloat().MatchString(s) {
			f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
			if err == nil || isRangeErr(err) {
				return f, nil
			}
		}
		return nil, fmt.Errorf("could not convert %s to float", Repr(a[0]))
	})
	toInt := method("int", 0, 2, func(a []any) (any, error) {
		if len(a) == 0 {
			return int64(0), nil
		}
		if i, ok := integer(a[0]); ok && len(a) == 1 {
			return i, nil
		}
		if f, ok := a[0].(float64); ok && len(a) == 1 {
			return floatToInt(math.Trunc(f))
		}
		if s, ok := a[0].(string); ok {
			base := int64(10)
			if len(a) == 2 {
				base, _ = integer(a[1])
			}
			if base < 2 || base > 36 {
				return nil, errors.New("int() base must be between 2 and 36")
			}
			if i, err := strconv.ParseInt(strings.TrimSpace(s), int(base), 64); err == nil && !strings.Contains(s, "_") {
				return i, nil
			}
		}
		return nil, fmt.Errorf("invalid literal for int(): %s", Repr(a[0]))
	})
	minMax := func(name string, sign int) *Func {
		return method(name, 1, -1, func(a []any) (any, error) {
			xs := a
			if len(a) == 1 {
				var err error
				if xs, err = items(a[0]); err != nil {
					return nil, err
				}
			}
			if len(xs) == 0 {
				return nil, fmt.Errorf("%s() arg is an empty sequence", name)
			}
			best := xs[0]
			for _, x := range xs[1:] {
				c, err := compare(x, best, w)
				if err != nil {
					return nil, err
				}
				if c*sign > 0 {
					best = x
				}
			}
			return best, nil
		})
	}
	builtins := map[string]any{
		"True": true, "False": false, "None": nil,
		"float": toFloat, "int": toInt,
		"str":  method("str", 0, 1, func(a []any) (any, error) { return strOf(a) }),
		"repr": method("repr", 1, 1, func(a []any) (any, error) { return format(a[0], true) }),
		"len": method("len", 1, 1, func(a []any) (any, error) {
			switch x := a[0].(type) {
			case string:
				return int64(len([]rune(x))), nil
			case []any:
				return int64(len(x)), nil
			case Tuple:
				return int64(len(x)), nil
			case *Dict:
				return int64(x.Len()), nil
			case *Set:
				return int64(x.Len()), nil
			}
			return nil, fmt.Errorf("object of type '%s' has no len()", typeName(a[0]))
		}),
		"list": method("list", 0, 1, func(a []any) (any, error) {
			if len(a) == 0 {
				return []any{}, nil
			}
			xs, err := items(a[0])
			return append([]any{}, xs...), err
		}),
		"tuple": method("tuple", 0, 1, func(a []any) (any, error) {
			if len(a) == 0 {
				return Tuple{}, nil
			}
			xs, err := items(a[0])
			return append(Tuple{}, xs...), err
		}),
		"dict": &Func{Name: "dict", Call: func(a []any, kw Kwargs) (any, error) {
			d := NewDict()
			if len(a) > 1 {
				return nil, errors.New("dict expected at most 1 argument")
			}
			if len(a) == 1 {
				if src, ok := a[0].(*Dict); ok {
					for _, k := range src.keys {
						d.Set(k, src.m[k])
					}
				} else {
					xs, err := items(a[0])
					if err != nil {
						return nil, err
					}
					for _, x := range xs {
						kv, err := items(x)
						if err != nil || len(kv) != 2 {
							return nil, errors.New("dict() sequence elements must be pairs")
						}
						if err := hashable(kv[0]); err != nil {
							return nil, err
						}
						d.Set(kv[0], kv[1])
					}
				}
			}
			for _, a := range kw {
				d.Set(a.Name, a.Value)
			}
			return d, nil
		}},
		"min": minMax("min", -1), "max": minMax("max", 1),
		"abs": method("abs", 1, 1, func(a []any) (any, error) {
			if i, ok := integer(a[0]); ok {
				if i == math.MinInt64 {
					return nil, errOverflow
				}
				if i < 0 {
					i = -i
				}
				return i, nil
			}
			if f, ok := a[0].(float64); ok {
				return math.Abs(f), nil
			}
			return nil, fmt.Errorf("bad operand type for abs(): '%s'", typeName(a[0]))
		}),
		"round": method("round", 1, 2, func(a []any) (any, error) {
			f, ok := number(a[0])
			if !ok {
				return nil, fmt.Errorf("type %s doesn't define __round__", typeName(a[0]))
			}
			if len(a) == 1 || a[1] == nil {
				if i, ok := integer(a[0]); ok {
					return i, nil
				}
				return floatToInt(math.RoundToEven(f))
			}
			n, ok := integer(a[1])
			if !ok {
				return nil, errors.New("round() ndigits must be an int")
			}
			if i, ok := integer(a[0]); ok {
				if n >= 0 {
					return i, nil
				}
				if n < -18 {
					return int64(0), nil
				}
				p := math.Pow(10, float64(-n))
				return floatToInt(math.RoundToEven(float64(i)/p) * p)
			}
			if n > 300 || n < -300 {
				return f, nil
			}
			s := strconv.FormatFloat(f, 'f', int(max(n, 0)), 64)
			if n < 0 {
				p := math.Pow(10, float64(-n))
				return math.RoundToEven(f/p) * p, nil
			}
			r, _ := strconv.ParseFloat(s, 64)
			return r, nil
		}),
		"sum": method("sum", 1, 2, func(a []any) (any, error) {
			xs, err := items(a[0])
			if err != nil {
				return nil, err
			}
			var acc any = int64(0)
			if len(a) == 2 {
				acc = a[1]
			}
			for _, x := range xs {
				if acc, err = binary("+", acc, x); err != nil {
					return nil, err
				}
			}
			return acc, nil
		}),
		"all": method("all", 1, 1, func(a []any) (any, error) {
			xs, err := items(a[0])
			for _, x := range xs {
				if !truth(x) {
					return false, err
				}
			}
			return true, err
		}),
		"any": method("any", 1, 1, func(a []any) (any, error) {
			xs, err := items(a[0])
			for _, x := range xs {
				if truth(x) {
					return true, err
				}
			}
			return false, err
		}),
		"sorted": method("sorted", 1, 1, func(a []any) (any, error) {
			xs, err := items(a[0])
			if err != nil {
				return nil, err
			}
			out := append([]any{}, xs...)
			return out, sortValues(out, w)
		}),
		"reversed": method("reversed", 1, 1, func(a []any) (any, error) {
			xs, err := items(a[0])
			if err != nil {
				return nil, err
			}
			out := make([]any, len(xs))
			for i, x := range xs {
				out[len(xs)-1-i] = x
			}
			return out, nil
		}),
		"range": method("range", 1, 3, func(a []any) (any, error) {
			var b [3]int64
			b[2] = 1
			for i, x := range a {
				n, ok := integer(x)
				if !ok {
					return nil, fmt.Errorf("'%s' object cannot be interpreted as an integer", typeName(x))
				}
				b[i] = n
			}
			lo, hi, step := b[0], b[1], b[2]
			if len(a) == 1 {
				lo, hi = 0, b[0]
			}
			if step == 0 {
				return nil, errors.New("range() arg 3 must not be zero")
			}
			n := int64(0)
			if step > 0 && hi > lo {
				n = (hi - lo + step - 1) / step
			} else if step < 0 && lo > hi {
				n = (lo - hi - step - 1) / -step
			}
			if n > maxValueLen || n < 0 {
				return nil, errTooLong
			}
			out := make([]any, n)
			for i := range out {
				out[i] = lo + int64(i)*step
			}
			return out, nil
		}),
		"enumerate": method("enumerate", 1, 1, func(a []any) (any, error) {
			xs, err := items(a[0])
			out := make([]any, len(xs))
			for i, x := range xs {
				out[i] = Tuple{int64(i), x}
			}
			return out, err
		}),
		"zip": method("zip", 0, -1, func(a []any) (any, error) {
			var seqs [][]any
			n := -1
			for _, x := range a {
				xs, err := items(x)
				if err != nil {
					return nil, err
				}
				seqs = append(seqs, xs)
				if n < 0 || len(xs) < n {
					n = len(xs)
				}
			}
			out := make([]any, max(n, 0))
			for i := range out {
				t := make(Tuple, len(seqs))
				for j := range seqs {
					t[j] = seqs[j][i]
				}
				out[i] = t
			}
			return out, nil
		}),
		"map": method("map", 2, 2, func(a []any) (any, error) {
			f, ok := a[0].(*Func)
			if !ok {
				return nil, fmt.Errorf("'%s' object is not callable", typeName(a[0]))
			}
			xs, err := items(a[1])
			if err != nil {
				return nil, err
			}
			out := make([]any, len(xs))
			for i, x := range xs {
				if out[i], err = f.Call([]any{x}, nil); err != nil {
					return nil, err
				}
			}
			return out, nil
		}),
		"ord": method("ord", 1, 1, func(a []any) (any, error) {
			s, ok := a[0].(string)
			if r := []rune(s); ok && len(r) == 1 {
				return int64(r[0]), nil
			}
			return nil, errors.New("ord() expected a character")
		}),
	}
	for k, v := range setBuiltins(builtins) {
		builtins[k] = v
	}
	return builtins
}

func strOf(a []any) (any, error) {
	if len(a) == 0 {
		return "", nil
	}
	return format(a[0], false)
}
