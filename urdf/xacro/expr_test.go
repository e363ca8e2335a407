package xacro

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/physconv/physconv/internal/testenv"
)

// exprCases are expressions and Python's str() of their value (an
// expression cannot hold "}": xacro's ${…} ends at the first one).
var exprCases = []struct{ expr, want string }{
	// numbers
	{"7 / 2", "3.5"}, {"7 // 2", "3"}, {"-7 // 2", "-4"}, {"7 % -3", "-2"}, {"-7 % 3", "2"},
	{"7.5 // 2", "3.0"}, {"-7.5 % 2", "0.5"}, {"2 ** 10", "1024"}, {"2 ** -2", "0.25"}, {"(-8) ** 2", "64"},
	{"-2 ** 2", "-4"}, {"2 ** 3 ** 2", "512"}, {"10 - 2 - 3", "5"}, {"1 + 2 * 3", "7"}, {"(1 + 2) * 3", "9"},
	{"+3 - -3", "6"}, {"~5", "-6"}, {"6 & 3", "2"}, {"6 | 3", "7"}, {"6 ^ 3", "5"}, {"1 << 4", "16"}, {"-17 >> 2", "-5"},
	{"1.0", "1.0"}, {"1e3", "1000.0"}, {"1e16", "1e+16"}, {"1e-5", "1e-05"}, {"0.0001", "0.0001"}, {".5", "0.5"},
	{"1_000", "1000"}, {"True + True", "2"}, {"True * 2.5", "2.5"}, {"3 * 1.1", "3.3000000000000003"},
	{"1 / 3", "0.3333333333333333"}, {"2 ** 0.5", "1.4142135623730951"}, {"-0.0", "-0.0"}, {"1e308 * 10", "inf"},
	// comparisons and logic
	{"1 < 2 < 3", "True"}, {"1 < 3 < 2", "False"}, {"1 == 1.0", "True"}, {"'a' < 'b'", "True"}, {"[1, 2] < [1, 3]", "True"},
	{"(1, 2) == (1, 2)", "True"}, {"[1] == (1,)", "False"}, {"None is None", "True"}, {"1 is not None", "True"},
	{"'ell' in 'hello'", "True"}, {"3 not in [1, 2]", "True"}, {"'k' in dict(k=1)", "True"},
	{"not 0", "True"}, {"0 or 'x'", "x"}, {"0 and 'x'", "0"}, {"'' or [] or None", "None"}, {"1 and 2 and 3", "3"},
	{"'a' if 0 else 'b'", "b"}, {"1 if 1 else 2 if 0 else 3", "1"},
	// strings
	{"'ab' + \"cd\"", "abcd"}, {"'ab' 'cd'", "abcd"}, {"'ab' * 3", "ababab"}, {"2 * 'ab'", "abab"}, {"'a\\tb'", "a\tb"},
	{"'hello'[1]", "e"}, {"'hello'[-1]", "o"}, {"'hello'[1:3]", "el"}, {"'hello'[::-1]", "olleh"}, {"'hello'[::2]", "hlo"},
	{"'a b  c'.split()", "['a', 'b', 'c']"}, {"'a,b,,c'.split(',')", "['a', 'b', '', 'c']"}, {"'a,b,c'.split(',', 1)", "['a', 'b,c']"},
	{"'  x '.strip()", "x"}, {"'xxhixx'.strip('x')", "hi"}, {"'base_link'.rstrip('_link')", "base"}, {"'__x'.lstrip('_')", "x"},
	{"'Ab'.upper() + 'Ab'.lower()", "ABab"}, {"'a-b'.replace('-', '_')", "a_b"}, {"'abc'.startswith('ab')", "True"},
	{"'abc'.endswith(('x', 'c'))", "True"}, {"'abcb'.find('b')", "1"}, {"'abcb'.count('b')", "2"}, {"'-'.join(['a', 'b'])", "a-b"},
	{"'%s=%d' % ('k', 3)", "k=3"}, {"'%.3f' % pi", "3.142"}, {"'%05.1f' % 2.25", "002.2"},
	{"'12'.isdigit()", "True"}, {"'word'.capitalize()", "Word"}, {"len('héllo')", "5"},
	// lists, tuples, dicts
	{"[1, 2, 3][-1]", "3"}, {"[1, 2, 3][1:]", "[2, 3]"}, {"[1, 2] + [3]", "[1, 2, 3]"}, {"[0] * 3", "[0, 0, 0]"}, {"[] * 10**16", "[]"}, {"10**16 * ()", "()"}, {"'' * 10**16", ""},
	{"(1,)", "(1,)"}, {"()", "()"}, {"(1, 'a', None, True, 2.0)", "(1, 'a', None, True, 2.0)"}, {"['it\\'s']", "[\"it's\"]"},
	{"[x * x for x in range(4)]", "[0, 1, 4, 9]"}, {"[x for x in range(10) if x % 3 == 0]", "[0, 3, 6, 9]"},
	{"[a + b for a, b in [(1, 2), (3, 4)]]", "[3, 7]"}, {"dict(a=1, b=[2])", "{'a': 1, 'b': [2]}"},
	{"dict(a=1)['a']", "1"}, {"dict(a=1).get('z', 5)", "5"}, {"list(dict(a=1, b=2).keys())", "['a', 'b']"},
	{"list(dict(a=1).items())", "[('a', 1)]"}, {"len([1, 2])", "2"}, {"list('ab')", "['a', 'b']"}, {"list((1, 2))", "[1, 2]"},
	{"sorted([3, 1, 2])", "[1, 2, 3]"}, {"sorted(['b', 'a'])", "['a', 'b']"}, {"list(range(2, 8, 3))", "[2, 5]"},
	{"list(range(3, 0, -1))", "[3, 2, 1]"}, {"[1, 2, 1].count(1)", "2"}, {"[1, 2, 3].index(2)", "1"},
	{"list(map(str, [1, 2]))", "['1', '2']"},
	// builtins
	{"int('42') + int(2.9) + int(-2.9)", "42"}, {"float('1e3')", "1000.0"}, {"float(' 2.5 ')", "2.5"}, {"str(1.0) + str(2)", "1.02"},
	{"round(2.5)", "2"}, {"round(3.5)", "4"}, {"round(-0.5)", "0"}, {"round(2.675, 2)", "2.67"}, {"round(1250, -2)", "1200"}, {"round(1351, -2)", "1400"}, {"round(1234.5, -2)", "1200.0"},
	{"max(3, 7.5, 2)", "7.5"}, {"min([4, 2, 8])", "2"}, {"max('ab', 'b')", "b"},
	{"python.abs(-3)", "3"}, {"python.sum([1, 2.5])", "3.5"}, {"python.all([1, 0])", "False"}, {"python.any([0, 1])", "True"},
	{"python.repr('q')", "'q'"}, {"list(python.zip([1, 2], 'ab'))", "[(1, 'a'), (2, 'b')]"},
	{"list(python.enumerate('ab'))", "[(0, 'a'), (1, 'b')]"}, {"list(python.reversed([1, 2]))", "[2, 1]"}, {"python.ord('A')", "65"},
	{"python.tuple([1])", "(1,)"},
	// sets (printed only where Python's hash order cannot show), type tests
	{"len(python.set('a b a'.split()))", "2"}, {"sorted(python.set([3, 1, 3]))", "[1, 3]"}, {"python.set()", "set()"},
	{"python.set([1])", "{1}"}, {"python.frozenset([1])", "frozenset({1})"}, {"python.set([True, 1, 1.0])", "{True}"},
	{"sorted(python.set('a b c'.split()) - python.set(['b']))", "['a', 'c']"}, {"sorted(python.set([1, 2]) & python.set([2, 3]))", "[2]"},
	{"sorted(python.set([1, 2]) ^ python.set([2, 3]))", "[1, 3]"}, {"python.set([1]) | python.set([2]) == python.set([2, 1])", "True"},
	{"'a' in python.set(['a'])", "True"}, {"python.set([1]) <= python.set([1, 2])", "True"}, {"python.set([1, 2]) < python.set([1, 2])", "False"},
	{"not python.set()", "True"}, {"python.set('ab').issubset('abc')", "True"}, {"sorted(python.set([1]).union([2]))", "[1, 2]"},
	{"python.isinstance([1], list)", "True"}, {"python.isinstance(dict(a=1), dict)", "True"}, {"python.isinstance(True, int)", "True"},
	{"python.isinstance('x', (int, str))", "True"}, {"python.isinstance(1.5, int)", "False"}, {"python.type(1) == int", "True"},
	{"python.type([]) == list", "True"}, {"python.type(True) == python.type(False)", "True"}, {"python.type(None) == python.type(1)", "False"}, {"python.issubclass(int, int)", "True"}, {"python.issubclass(list, dict)", "False"},
	{"list(python.filter(None, [0, 1, '', 'a']))", "[1, 'a']"}, {"python.divmod(7, -2)", "(-4, -1)"},
	// math
	{"pi", "3.141592653589793"}, {"math.pi", "3.141592653589793"}, {"e", "2.718281828459045"}, {"sin(pi / 2)", "1.0"},
	{"cos(0)", "1.0"}, {"tan(0)", "0.0"}, {"asin(1)", "1.5707963267948966"}, {"acos(1)", "0.0"}, {"atan(1)", "0.7853981633974483"},
	{"atan2(1, -1)", "2.356194490192345"}, {"sqrt(16)", "4.0"}, {"math.sqrt(2)", "1.4142135623730951"}, {"radians(180)", "3.141592653589793"},
	{"degrees(pi)", "180.0"}, {"fabs(-2)", "2.0"}, {"floor(2.7)", "2"}, {"floor(-2.5)", "-3"}, {"ceil(2.1)", "3"}, {"exp(0)", "1.0"},
	{"log(e)", "1.0"}, {"log(8, 2)", "3.0"}, {"log10(1000)", "3.0"}, {"pow(2, 3)", "8.0"}, {"hypot(3, 4)", "5.0"},
	{"fmod(7, 3)", "1.0"}, {"copysign(1, -0.0)", "-1.0"}, {"trunc(-2.5)", "-2"}, {"isnan(nan)", "True"}, {"isinf(inf)", "True"},
	{"sinh(0) + cosh(0) + tanh(0)", "1.0"},
}

// TestExpressions: each expression evaluates to Python's value.
func TestExpressions(t *testing.T) {
	x := &expander{opts: Options{}, args: map[string]string{}, files: []string{"/t.xacro"}, wk: newWork()}
	x.global = x.globals()
	tab := newTable(x.global, x)
	for _, c := range exprCases {
		v, err := EvalExpr(c.expr, tab)
		if err != nil {
			t.Errorf("%s: %v", c.expr, err)
			continue
		}
		if got := Str(v); got != c.want {
			t.Errorf("%s = %s, want %s", c.expr, got, c.want)
		}
	}
}

// TestExpressionsMatchOracle: the reference xacro gives every expression
// the same value (one document, one run).
func TestExpressionsMatchOracle(t *testing.T) {
	oracle := testenv.Oracle(t, "xacro-expand")
	var doc bytes.Buffer
	doc.WriteString(`<x xmlns:xacro="http://www.ros.org/wiki/xacro">` + "\n")
	for i, c := range exprCases {
		fmt.Fprintf(&doc, `<e%d v="`, i)
		xmlEscape(&doc, "${"+c.expr+"}", true)
		doc.WriteString("\"/>\n")
	}
	doc.WriteString("</x>\n")
	out := referenceExpansion(t, oracle, "exprs.xacro", doc.Bytes())
	root, err := parseXML(out, "reference")
	if err != nil {
		t.Fatal(err)
	}
	els := root.Elements()
	if len(els) != len(exprCases) {
		t.Fatalf("reference wrote %d elements, want %d", len(els), len(exprCases))
	}
	for i, c := range exprCases {
		if got, _ := els[i].Attr("v"); got != c.want {
			t.Errorf("%s: reference %q, case %q", c.expr, got, c.want)
		}
	}
}

// referenceExpansion expands a xacro document with the reference (the
// oracle at path oracle), from a file of the given name in a fresh
// folder, failing the test when it refuses the document.
func referenceExpansion(t *testing.T, oracle, name string, doc []byte) []byte {
	t.Helper()
	file := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(file, doc, 0o644); err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd := exec.Command(oracle, file)
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("the reference refuses %s: %v\n%.500s", name, err, stderr.String())
	}
	return out
}
