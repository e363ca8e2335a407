package xacro

import (
	"testing"
)

// FuzzEvalExpr: no expression panics or runs away; whatever evaluates
// prints (str and repr never fail).
func FuzzEvalExpr(f *testing.F) {
	for _, s := range []string{
		"1 + 2 * 3 ** 2 // 4 % 3", "-7 // 2", "2 ** -1", "2 ** 62", "10 ** 30", "1e308 * 10",
		"'ab' * 3 + 'c'", "'x' * 10 ** 9", "[1, 2, 3][::-1]", "(1,)", "{'a': [1, {'b': 2}]}['a'][1]['b']",
		"sin(pi / 2) + cos(0) + atan2(1, 1) + sqrt(2) + radians(90) + degrees(1)",
		"1 if 2 > 1 else 0", "not 0 and 1 or 2", "1 < 2 < 3 != 4", "'a' in 'cat'", "None is None",
		"[x * x for x in range(5) if x % 2]", "len('héllo')", "'a,b'.split(',')", "'%s=%d' % ('k', 3)",
		"'{0}-{k}'.format(1, k=2)", "round(2.675, 2)", "int('12') + float('1.5')", "max([3, 1, 2])",
		"sorted({'b': 1, 'a': 2})", "dict(a=1, b=2).items()", "abs(-3) + floor(-2.5) + ceil(2.1)",
		"xs[0]", "1 << 70", "~5 & 3 | 8 ^ 1", "'''triple'''", "r'\\n'", "((((((((1))))))))",
		"math.pi + python.len('ab')", "range(10**9)", "[0] * 10**8", "'a'.join(['x'] * 3)",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		x := &expander{opts: Options{MaxDepth: 10, MaxIncludes: 1, MaxElements: 100, MaxBytes: 1 << 20}, args: map[string]string{}, files: []string{"/fuzz.xacro"}, wk: newWork()}
		x.global = x.globals()
		tab := newTable(x.global, x)
		tab.set("xs", []any{int64(1), "two", 3.0}, false)
		v, err := EvalExpr(src, tab)
		if err != nil {
			return
		}
		_ = Str(v)
		_ = Repr(v)
	})
}

// FuzzExpand: no document panics the expander.
func FuzzExpand(f *testing.F) {
	for _, c := range behaviourCases {
		f.Add(c.src)
	}
	f.Fuzz(func(t *testing.T, src string) {
		files := map[string]string{"/t/main.xacro": src}
		for k, v := range sideFiles {
			files[k] = v
		}
		opts := memFiles(files, nil)
		opts.MaxElements = 5000
		opts.MaxBytes = 1 << 20
		res, err := Expand("/t/main.xacro", opts)
		if err != nil {
			return
		}
		Encode(res.Root)
	})
}
