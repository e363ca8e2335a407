package xacro

import (
	"errors"
	"fmt"
	"path"
	"sort"
	"strings"
	"testing"
)

const ns = `xmlns:xacro="http://www.ros.org/wiki/xacro"`

// memFiles serves files from a map of absolute slash paths.
func memFiles(files map[string]string, args map[string]string) *Options {
	return &Options{
		Args: args,
		ReadFile: func(name string) ([]byte, error) {
			if s, ok := files[name]; ok {
				return []byte(s), nil
			}
			return nil, fmt.Errorf("no such file")
		},
		Glob: func(p string) ([]string, error) {
			var out []string
			for k := range files {
				if ok, _ := path.Match(p, k); ok {
					out = append(out, k)
				}
			}
			sort.Strings(out)
			return out, nil
		},
		FindPackage: func(name string) (string, error) {
			if name == "demo_pkg" {
				return "/ws/demo_pkg", nil
			}
			return "", fmt.Errorf("package %q not found", name)
		},
		Getenv: func(k string) (string, bool) {
			if k == "DEMO_ENV" {
				return "from-env", true
			}
			return "", false
		},
	}
}

// includable files shared by the cases below.
var sideFiles = map[string]string{
	"/t/one.xml":           `<r><one/></r>`,
	"/t/two.xml":           `<r><two/></r>`,
	"/t/sub/nested.xacro":  `<r ` + ns + `><xacro:include filename="leaf.xml"/><xacro:include filename="../one.xml"/></r>`,
	"/t/sub/leaf.xml":      `<r><leaf/></r>`,
	"/t/lib_a.xacro":       `<r ` + ns + `><xacro:property name="level" value="1"/><xacro:macro name="mk"><made_a/></xacro:macro></r>`,
	"/t/lib_b.xacro":       `<r ` + ns + `><xacro:property name="level" value="2"/><xacro:property name="only_b" value="b"/><xacro:macro name="mk"><made_b/></xacro:macro><xacro:macro name="show" params="p"><shown p="${p}" level="${level}" outer="${outer}"/></xacro:macro></r>`,
	"/t/cycle_a.xacro":     `<r ` + ns + `><xacro:include filename="cycle_b.xacro"/></r>`,
	"/t/cycle_b.xacro":     `<r ` + ns + `><xacro:include filename="cycle_a.xacro"/></r>`,
	"/t/conf.yaml":         "robots:\n  small:\n    file: one.xml\n    macro: m1\n    size: 10\n  big:\n    file: two.xml\n    macro: m2\n    size: 99\n",
	"/t/seq.yaml":          "- [p, q]\n- [r]\n- a: {x: 1, y: [2, 3]}\n  b: [4, 5]\n",
	"/t/points.yaml":       "- pt: {x: 1}\n- pt: {x: 5}\n",
	"/t/units.yaml":        "plain: 7\nangles: [!radians pi/2, !degrees 90]\nlengths: [!meters 2*1.5, !millimeters 3000, !foot 3/0.3048, !inches 3/0.0254]\n",
	"/t/badunit.yaml":      "a: !degrees nonsense(\n",
	"/t/scalars.yaml":      "a: yes\nb: 1e3\nc: 1.0e+3\nd: 017\ne: !!str 12\nf: '12'\ng: off\nh: ~\ni: 0x1F\nj: 1_000\nk: -.5\nl: 3.\n",
	"/ws/demo_pkg/x.xacro": `<r ` + ns + `><found/></r>`,
	"/t/ns_outer.xacro":    `<r ` + ns + `><xacro:property name="v" value="outer-ns"/><xacro:include filename="ns_inner.xacro" ns="In"/><mark v="${v}" inner="${In.v}"/></r>`,
	"/t/ns_inner.xacro":    `<r ` + ns + `><xacro:property name="v" value="inner-ns"/><xacro:macro name="set"><xacro:property name="v" value="set-by-macro" scope="parent"/></xacro:macro></r>`,
	"/t/broken.xacro":      "<r>\n<unclosed>\n</r>",
	"/t/ns_decl.xml":       `<r xmlns:extra="http://example.org/extra"/>`,
}

// behaviourCase is one xacro behaviour: a main file (at /t/main.xacro,
// beside sideFiles), args, and the expected document or error.
type behaviourCase struct {
	name string
	src  string
	args map[string]string
	want string // expected document; "" when an error is expected
	err  string // substring of the expected error
}

// behaviourCases state xacro's documented behaviours one case at a time
// (the behaviours xacro's own test suite checks that need no ROS).
var behaviourCases = []behaviourCase{
	// properties and expressions
	{name: "property", src: `<x ` + ns + `><xacro:property name="w" value="7"/><y v="${w}"/></x>`, want: `<x><y v="7"/></x>`},
	{name: "lazy order", src: `<x ` + ns + `><xacro:property name="d" value="${2*h}"/><xacro:property name="h" value="21"/><y v="${d}"/></x>`, want: `<x><y v="42"/></x>`},
	{name: "lazy spaces", src: `<x ` + ns + `><xacro:property name="h" value=" 5 "/><xacro:property name="d" value="${ 3 * h }"/><y v="${d}"/></x>`, want: `<x><y v="15"/></x>`},
	{name: "chain", src: `<x ` + ns + `><xacro:property name="a" value="3"/><xacro:property name="b" value="${a}"/><xacro:property name="c" value="${b}"/><y v="${c}"/></x>`, want: `<x><y v="3"/></x>`},
	{name: "float product", src: `<x ` + ns + `><xacro:property name="a" value="10"/><xacro:property name="b" value="0.25"/><xacro:property name="c" value="${a*b}"/><y v="${c}"/></x>`, want: `<x><y v="2.5"/></x>`},
	{name: "redefinition", src: `<x ` + ns + `><xacro:property name="a" value="5"/><xacro:property name="b" value="${-a}"/><xacro:property name="b" value="${a}"/><y v="${b} ${b}"/></x>`, want: `<x><y v="5 5"/></x>`},
	{name: "circular", src: `<x ` + ns + `><xacro:property name="p" value="${q}"/><xacro:property name="q" value="${p+1}"/><y v="${q}"/></x>`, err: "circular property definition"},
	{name: "greedy", src: `<x ` + ns + `><xacro:property name="s" value="XyZ"/><xacro:property name="s" value="${s.lower()}" lazy_eval="false"/>${s}</x>`, want: `<x>xyz</x>`},
	{name: "division", src: `<x ` + ns + `><xacro:property name="w" value="9"/><y v="0 ${w/2}"/></x>`, want: `<x><y v="0 4.5"/></x>`},
	{name: "division by zero", src: `<x ` + ns + `><xacro:property name="z" value="0"/><y v="${3/z}"/></x>`, err: "division by zero"},
	{name: "text kept", src: `<x ` + ns + `><xacro:property name="v" value="1 -3"/><y>${v}</y></x>`, want: `<x><y>1 -3</y></x>`},
	{name: "math", src: `<x><y v="${2. + cos(pi)}" w="${0.8 / 4 - 0.1}" r="${radians(180)}" d="${degrees(pi/2)}"/></x>`, want: `<x><y v="1.0" w="0.1" r="3.141592653589793" d="90.0"/></x>`},
	{name: "python semantics", src: "<x>" + `<e a="${1/3}" b="${2**0.5}" c="${1e-5}" d="${10**16*1.0}" e="${-0.0}" f="${[1.0, 'a', None, True, (1,), 'it''s']}" g="${-7//2} ${-7%3} ${7.5//2} ${-7.5%2}" h="${round(2.5)} ${round(-0.5)} ${round(1.25, 1)} ${int(-2.7)} ${python.abs(-3.5)}" i="${'x'.upper() + 'ABC'.lower()[1:]}" j="${' a b '.split()} ${'a,b,,c'.split(',')} ${'  s '.strip()}" k="${max(3, 7.5, 2)} ${min([4, 2, 8])} ${sorted([3,1,2])} ${python.sum([1, 2.5])}" l="${1 &lt; 2 &lt; 3} ${1 &lt; 3 &lt; 2} ${'b' > 'a'} ${not []} ${[] or 'd'} ${0 and 5}" m="${len('héllo')} ${'%.3f' % pi} ${'%d-%s' % (4, 'x')}" n="${floor(2.7)} ${ceil(2.1)} ${sqrt(16)} ${fabs(-2)} ${atan2(1, 1)} ${pow(2, 3)} ${exp(0)} ${log(e)}" o="${1e300*1e10}" p="${2**62} ${2**63 if False else 1}" q="${True + True} ${3 * True} ${'ab' * 2}" r="${[i*2 for i in range(3)]} ${list(range(2, 8, 3))} ${'abc'[::-1]} ${[1,2,3][-2:]}" s="${str(1.0)} ${python.repr('q')} ${float('1e3')} ${int('42')} ${str(10**15*1.0)} ${1e15}" t="${0.1+0.2} ${100.0} ${123456789012345678.0} ${1.5e-7}"/>` + "</x>",
		want: "<x>" + `<e a="0.3333333333333333" b="1.4142135623730951" c="1e-05" d="1e+16" e="-0.0" f="[1.0, 'a', None, True, (1,), 'its']" g="-4 2 3.0 0.5" h="2 0 1.2 -2 3.5" i="Xbc" j="['a', 'b'] ['a', 'b', '', 'c'] s" k="7.5 2 [1, 2, 3] 3.5" l="True False True True d 0" m="5 3.142 4-x" n="2 3 4.0 2.0 0.7853981633974483 8.0 1.0 1.0" o="inf" p="4611686018427387904 1" q="2 3 abab" r="[0, 2, 4] [2, 5] cba [2, 3]" s="1.0 'q' 1000.0 42 1000000000000000.0 1000000000000000.0" t="0.30000000000000004 100.0 1.2345678901234568e+17 1.5e-07"/>` + "</x>"},
	{name: "builtins only through python", src: `<x>${abs(-1)}</x>`, err: "name 'abs' is not defined"},
	{name: "literal list unevaluated", src: `<x ` + ns + `><xacro:property name="l" value="[1, 2+2]"/><y v="${l}"/></x>`, want: `<x><y v="[1, 2+2]"/></x>`},
	{name: "evaluated literals", src: `<x ` + ns + `><xacro:property name="l" value="${[1, 2+2]}"/><xacro:property name="t" value="${(5,6)}"/><xacro:property name="d" value="${dict(k=1, j=2)}"/><y l="${l}" t="${t}" d="${d}"/></x>`, want: `<x><y l="[1, 4]" t="(5, 6)" d="{'k': 1, 'j': 2}"/></x>`},
	{name: "number literals", src: `<x ` + ns + `><xacro:property name="f" value="2.5"/><xacro:property name="i" value="41"/><xacro:property name="s" value="4_2"/>${f+1} ${i+1} ${s}</x>`, want: `<x>3.5 42 4_2</x>`},
	{name: "comprehension", src: `<x ` + ns + `><xacro:property name="l" value="${[3,4]}"/><xacro:property name="sq" value="${[l[i]**2 for i in [0,1]]}"/>${sq}</x>`, want: `<x>[9, 16]</x>`},
	{name: "invalid name", src: `<x ` + ns + `><xacro:property name="bad.name" value="1"/></x>`, err: "valid Python identifiers"},
	{name: "keyword name", src: `<x ` + ns + `><xacro:property name="pass" value="1"/></x>`, err: "valid Python identifiers"},
	{name: "dunder name", src: `<x ` + ns + `><xacro:property name="__x" value="1"/></x>`, err: "double underscore"},
	{name: "dunder access", src: `<x>${"".__class__}</x>`, err: "invalid name"},
	{name: "import refused", src: `<x>${__import__('os')}</x>`, err: "invalid name"},
	{name: "scope parent", src: `<x ` + ns + `><xacro:macro name="m" params="k"><xacro:property name="out" value="${k*3}" scope="parent"/></xacro:macro><xacro:m k="5"/><y v="${out}"/></x>`, want: `<x><y v="15"/></x>`},
	{name: "scope global", src: `<x ` + ns + `><xacro:macro name="m" params="k"><xacro:macro name="n"><xacro:property name="out" value="${k+1}" scope="global"/></xacro:macro><xacro:n/></xacro:macro><xacro:m k="5"/><y v="${out}"/></x>`, want: `<x><y v="6"/></x>`},
	{name: "default property", src: `<x ` + ns + `><xacro:property name="p" default="false"/><xacro:unless value="${p}"><once/><xacro:property name="p" value="true"/></xacro:unless><xacro:unless value="${p}"><twice/></xacro:unless></x>`, want: `<x><once/></x>`},
	{name: "remove property", src: `<x ` + ns + `><xacro:property name="p" default="a"/><xacro:property name="p" remove="true"/><xacro:property name="p" default="b"/>${p}</x>`, want: `<x>b</x>`},
	{name: "exclusive attributes", src: `<x ` + ns + `><xacro:property name="p" value="1" default="2"/></x>`, err: "mutually exclusive"},
	{name: "default with remove false", src: `<x ` + ns + `><xacro:property name="p" default="7" remove="false"/>${p}</x>`, want: `<x>7</x>`},
	{name: "redefine builtin", src: `<x ` + ns + `><xacro:property name="str" value="sin"/>${str}</x>`, want: `<x>sin</x>`},
	{name: "unicode", src: `<x ` + ns + `><xacro:property name="food" value="🍕"/><y v="${food}"/>${food * 2}<xacro:if value="${food == u'🍕'}"><yes/></xacro:if></x>`, want: `<x><y v="🍕"/>🍕🍕<yes/></x>`},

	// escapes and substitutions
	{name: "escapes", src: `<x a="$${p}" b="$$${p}" c="t $${p}" d="$$(cmd)"/>`, want: `<x a="${p}" b="$${p}" c="t ${p}" d="$(cmd)"/>`},
	{name: "lone dollar", src: `<x a="$" b="cost $" c="a $ b"/>`, want: `<x a="$" b="cost $" c="a $ b"/>`},
	{name: "unclosed expression", src: `<x>a${</x>`, err: "invalid expression"},
	{name: "unclosed name", src: `<x>${b</x>`, err: "invalid expression"},
	{name: "empty dict braces", src: `<x>${{}}</x>`, err: "invalid"},
	{name: "unclosed substitution", src: `<x>$(arg</x>`, err: "invalid expression"},
	{name: "arg given", src: `<x v="$(arg who)"/>`, args: map[string]string{"who": "me"}, want: `<x v="me"/>`},
	{name: "arg default", src: `<x ` + ns + `><xacro:arg name="n" default="2"/><y v="0 $(arg n)"/></x>`, want: `<x><y v="0 2"/></x>`},
	{name: "arg override", src: `<x ` + ns + `><xacro:arg name="n" default="2"/><y v="$(arg n)"/></x>`, args: map[string]string{"n": "9"}, want: `<x><y v="9"/></x>`},
	{name: "arg missing", src: `<x v="$(arg nope)"/>`, err: "undefined substitution argument nope"},
	{name: "arg empty default", src: `<x ` + ns + `><xacro:arg name="e" default=""/>$(arg e)</x>`, want: `<x/>`},
	{name: "arg function", src: `<x ` + ns + `><xacro:arg name="e" default="val"/>${xacro.arg('e')}</x>`, want: `<x>val</x>`},
	{name: "arg number", src: `<x ` + ns + `><xacro:arg name="a" default="0.75"/><xacro:arg name="b" default="$(arg a)"/><xacro:property name="p" value="$(arg b)"/><y v="${p-0.25}"/></x>`, want: `<x><y v="0.5"/></x>`},
	{name: "extension in expression", src: `<x>${3*'$(arg s)'}</x>`, args: map[string]string{"s": "ab"}, want: `<x>ababab</x>`},
	{name: "expression in extension", src: `<x>$(arg ${'w'+'ho'})</x>`, args: map[string]string{"who": "me"}, want: `<x>me</x>`},
	{name: "find", src: `<x v="$(find demo_pkg)/a"/>`, want: `<x v="/ws/demo_pkg/a"/>`},
	{name: "find missing", src: `<x v="$(find nope_pkg)"/>`, err: `package "nope_pkg" not found`},
	{name: "env", src: `<x a="$(env DEMO_ENV)" b="$(optenv DEMO_ENV fallback)" c="$(optenv UNSET_ONE fall back)" d="$(optenv UNSET_TWO)"/>`, want: `<x a="from-env" b="from-env" c="fall back" d=""/>`},
	{name: "env unset", src: `<x a="$(env UNSET_ONE)"/>`, err: "environment variable UNSET_ONE is not set"},
	{name: "eval", src: `<x a="$(eval n * 3)" b="$(eval 1 + 2 * 3)" c="$(eval w + '!' if n == '4' else '')"/>`, args: map[string]string{"n": "4", "w": "hi"}, want: `<x a="444" b="7" c="hi!"/>`},
	// $(…) ends at the first ")", so a call inside $(eval) is cut short.
	{name: "eval parentheses", src: `<x a="$(eval int(n) * 2)"/>`, args: map[string]string{"n": "4"}, err: "invalid syntax"},
	{name: "dirname", src: `<x a="$(dirname)"/>`, want: `<x a="/t"/>`},
	{name: "unknown substitution", src: `<x a="$(bogus x)"/>`, err: "unknown substitution $(bogus)"},

	// macros
	{name: "macro", src: `<x ` + ns + `><xacro:macro name="m" params="n"><e n="${n}"/></xacro:macro><xacro:m n="A"/><xacro:m n="B"/></x>`, want: `<x><e n="A"/><e n="B"/></x>`},
	{name: "in order", src: `<x ` + ns + `><xacro:property name="p" value="1.5"/><xacro:macro name="m" params="p"><a p="${p}"/></xacro:macro><xacro:m p="x ${p}"/><xacro:property name="p" value="2.5"/><xacro:macro name="m" params="p"><b q="${p}"/></xacro:macro><xacro:m p="y ${p}"/></x>`, want: `<x><a p="x 1.5"/><b q="y 2.5"/></x>`},
	{name: "nested blocks", src: `<x ` + ns + `><xacro:macro name="inner" params="*b"><i><xacro:insert_block name="b"/></i></xacro:macro><xacro:macro name="outer" params="*b"><o><xacro:inner><xacro:insert_block name="b"/></xacro:inner></o></xacro:macro><xacro:outer><leaf/></xacro:outer></x>`, want: `<x><o><i><leaf/></i></o></x>`},
	{name: "params evaluated first", src: `<x ` + ns + `><xacro:macro name="m" params="l">${l[-1]}</xacro:macro><xacro:m l="${[7,8,9]}"/></x>`, want: `<x>9</x>`},
	{name: "quoted default", src: `<x ` + ns + `><xacro:macro name="m" params="a='3 -4' b=5"><e a="${a}" b="${b}"/></xacro:macro><xacro:m/></x>`, want: `<x><e a="3 -4" b="5"/></x>`},
	{name: "block twice", src: `<x ` + ns + `><xacro:macro name="m" params="*b"><xacro:insert_block name="b"/><xacro:insert_block name="b"/></xacro:macro><xacro:m><blk/></xacro:m></x>`, want: `<x><blk/><blk/></x>`},
	{name: "blocks in order", src: `<x ` + ns + `><xacro:macro name="m" params="*second *first"><xacro:insert_block name="first"/><xacro:insert_block name="second"/></xacro:macro><xacro:m><one/><two/></xacro:m></x>`, want: `<x><two/><one/></x>`},
	{name: "multi block", src: `<x ` + ns + `><xacro:macro name="m" params="**kids"><w><xacro:insert_block name="kids"/></w></xacro:macro><xacro:m><holder><k1/><k2/></holder></xacro:m></x>`, want: `<x><w><k1/><k2/></w></x>`},
	{name: "integer stays", src: `<x ` + ns + `><xacro:macro name="m" params="n"><e n="${n}"/></xacro:macro><xacro:m n="100"/></x>`, want: `<x><e n="100"/></x>`},
	{name: "block property", src: `<x ` + ns + `><xacro:macro name="txt">inner</xacro:macro><xacro:property name="v" value="4"/><xacro:property name="blk"><b v="${v}"><xacro:txt/></b></xacro:property><f><xacro:insert_block name="blk"/></f></x>`, want: `<x><f><b v="4">inner</b></f></x>`},
	{name: "macro scope", src: `<x ` + ns + `><xacro:property name="p" value="out"/><xacro:macro name="m"><o p="${p}"/><xacro:property name="p" value="in"/><xacro:macro name="m"><i p="${p}"/></xacro:macro><xacro:m/></xacro:macro><xacro:m/><xacro:m/></x>`, want: `<x><o p="out"/><i p="in"/><o p="out"/><i p="in"/></x>`},
	{name: "default param", src: `<x ` + ns + `><xacro:macro name="m" params="parent:=base child *pose"><j c="${child}" p="${parent}"><xacro:insert_block name="pose"/></j></xacro:macro><xacro:m child="c1"><origin/></xacro:m><xacro:m child="c2" parent="p2"><origin/></xacro:m></x>`, want: `<x><j c="c1" p="base"><origin/></j><j c="c2" p="p2"><origin/></j></x>`},
	{name: "param missing", src: `<x ` + ns + `><xacro:macro name="m" params="a b"><e/></xacro:macro><xacro:m a="1"/></x>`, err: "undefined parameters [b]"},
	{name: "param unknown", src: `<x ` + ns + `><xacro:macro name="m" params="a"><e/></xacro:macro><xacro:m a="1" c="2"/></x>`, err: `invalid parameter "c"`},
	{name: "not enough blocks", src: `<x ` + ns + `><xacro:macro name="m" params="*a *b"><e/></xacro:macro><xacro:m><one/></xacro:m></x>`, err: "not enough blocks"},
	{name: "unused block", src: `<x ` + ns + `><xacro:macro name="m" params="*a"><e/></xacro:macro><xacro:m><one/><two/></xacro:m></x>`, err: "unused block <two>"},
	{name: "forward", src: `<x ` + ns + `><xacro:property name="v" value="11"/><xacro:macro name="m" params="v:=^">${v}</xacro:macro><xacro:m/></x>`, want: `<x>11</x>`},
	{name: "forward or default", src: `<x ` + ns + `><xacro:property name="v" value="11"/><xacro:macro name="m" params="v:=^|3 w:=^|4">${v} ${w}</xacro:macro><xacro:m/></x>`, want: `<x>11 4</x>`},
	{name: "forward missing", src: `<x ` + ns + `><xacro:macro name="m" params="w:=^">${w}</xacro:macro><xacro:m/></x>`, err: "undefined property to forward: w"},
	{name: "no double evaluation", src: `<x ` + ns + `><xacro:macro name="m" params="a b:=${a} c:=$${a}"> a=${a} b=${b} c=${c} </xacro:macro><xacro:property name="a" value="1"/><xacro:property name="d" value="$${a}"/><d d="${d}"><xacro:m a="2"/></d></x>`, want: `<x><d d="${a}"> a=2 b=1 c=${a} </d></x>`},
	{name: "default evaluation order", src: `<x ` + ns + `><xacro:macro name="m" params="a:=${2*p}"><xacro:property name="p" value="-"/><f v="${a}"/></xacro:macro><xacro:property name="p" value="${3*7}"/><xacro:m/><xacro:property name="p" value="*"/><xacro:m/></x>`, want: `<x><f v="42"/><f v="**"/></x>`},
	{name: "dynamic call", src: `<x ` + ns + `><xacro:macro name="ma"><a/></xacro:macro><xacro:macro name="mb"><b/></xacro:macro><xacro:property name="which" value="mb"/><xacro:call macro="${which}"/></x>`, want: `<x><b/></x>`},
	{name: "macro named call", src: `<x ` + ns + `><xacro:macro name="call"><a/></xacro:macro></x>`, err: "macro name 'call'"},
	{name: "dynamic call undefined", src: `<x ` + ns + `><xacro:call macro="nothing"/></x>`, err: "unknown macro name: xacro:nothing"},
	{name: "macro undefined", src: `<x ` + ns + `><xacro:nothing><a/></xacro:nothing></x>`, err: "unknown macro name: xacro:nothing"},
	{name: "macro prefixed name", src: `<x ` + ns + `><xacro:macro name="xacro:pm"><p/></xacro:macro><xacro:pm/></x>`, want: `<x><p/></x>`},
	{name: "recursion bounded", src: `<x ` + ns + `><xacro:macro name="r"><xacro:r/></xacro:macro><xacro:r/></x>`, err: "nested deeper than"},

	// elements, attributes, conditionals, comments
	{name: "element", src: `<x ` + ns + `><xacro:macro name="m" params="n"><xacro:element xacro:name="${n}" k="v"/></xacro:macro><xacro:m n="P"/><xacro:m n="Q"/></x>`, want: `<x><P k="v"/><Q k="v"/></x>`},
	{name: "attribute", src: `<x ` + ns + `><xacro:macro name="m" params="n v"><t><xacro:attribute name="${n}" value="${v}"/></t></xacro:macro><xacro:m n="A" v="a1"/><xacro:m n="B" v="b2"/></x>`, want: `<x><t A="a1"/><t B="b2"/></x>`},
	{name: "if boolean", src: `<x ` + ns + `><xacro:if value="false"><a/></xacro:if><xacro:if value="true"><b/></xacro:if><xacro:unless value="false"><c/></xacro:unless></x>`, want: `<x><b/><c/></x>`},
	{name: "if integers", src: `<x ` + ns + `><xacro:if value="${0*5}"><a/></xacro:if><xacro:if value="0"><b/></xacro:if><xacro:if value="${2+1}"><c/></xacro:if><xacro:if value="1"><d/></xacro:if></x>`, want: `<x><c/><d/></x>`},
	{name: "if floats", src: `<x ` + ns + `><xacro:if value="${2*0.0}"><a/></xacro:if><xacro:if value="${2*0.5}"><b/></xacro:if></x>`, want: `<x><b/></x>`},
	{name: "if property", src: `<x ` + ns + `><xacro:property name="t" value="${True}"/><xacro:property name="f" value="${False}"/><xacro:if value="${f}"><a/></xacro:if><xacro:if value="${t}"><b/></xacro:if></x>`, want: `<x><b/></x>`},
	{name: "if nested", src: `<x ` + ns + `><xacro:if value="1"><xacro:if value="0"><a/></xacro:if></xacro:if></x>`, want: `<x/>`},
	{name: "if expressions", src: `<x ` + ns + `><xacro:property name="mode" value="fast"/><xacro:if value="${mode == 'fast'}"><a/></xacro:if><xacro:if value="${'as' in mode}"><b/></xacro:if><xacro:if value="${mode != 'fast' or not mode}"><c/></xacro:if></x>`, want: `<x><a/><b/></x>`},
	{name: "if invalid", src: `<x ` + ns + `><xacro:if value="maybe"><a/></xacro:if></x>`, err: "not a boolean expression"},
	{name: "if keeps text", src: `<x ` + ns + `><xacro:if value="1"> words <b>c</b></xacro:if></x>`, want: `<x>words <b>c</b></x>`},
	{name: "conditional expression", src: `<x ` + ns + `><xacro:property name="d" value="y"/><o a="${1.5 if 'x' in d else 0}" b="${pi/2 if 'y' in d else 0}"/></x>`, want: `<x><o a="0" b="1.5707963267948966"/></x>`},
	{name: "target namespace", src: `<x ` + ns + ` xacro:targetNamespace="http://example.org/t"/>`, want: `<x xmlns="http://example.org/t"/>`},
	{name: "target namespace only root", src: `<x ` + ns + `><y xacro:targetNamespace="http://example.org/t"/></x>`, want: `<x><y/></x>`},
	{name: "messages", src: `<x>${xacro.warning('careful', 1, 2.5)}${xacro.message('m')}</x>`, want: `<x/>`},
	{name: "fatal", src: `<x>${xacro.fatal('stop', 'here')}</x>`, err: "stop here"},
	{name: "tokenize", src: `<x a="${xacro.tokenize('p,q; r s')}" b="${len(xacro.tokenize('p  q', sep=' ', skip_empty=False))}"/>`, want: `<x a="['p', 'q', 'r', 's']" b="3"/>`},
	{name: "dotify", src: `<x ` + ns + `><xacro:property name="s" value="${xacro.dotify(dict(a=2, b=5))}"/>${s.a * s.b}</x>`, want: `<x>10</x>`},

	// includes
	{name: "include", src: `<x ` + ns + `><xacro:include filename="one.xml"/></x>`, want: `<x><one/></x>`},
	{name: "include glob star", src: `<x ` + ns + `><xacro:include filename="*o.xml"/></x>`, want: `<x><two/></x>`},
	{name: "include glob", src: `<x ` + ns + `><xacro:include filename="[ot]*.xml"/></x>`, want: `<x><one/><two/></x>`},
	{name: "include missing", src: `<x ` + ns + `><xacro:include filename="none.xml"/></x>`, err: "cannot read /t/none.xml"},
	{name: "include optional", src: `<x ` + ns + `><xacro:include filename="none.xml" optional="True"/></x>`, want: `<x/>`},
	{name: "include variable", src: `<x ` + ns + `><xacro:property name="f" value="two.xml"/><xacro:include filename="${f}"/></x>`, want: `<x><two/></x>`},
	{name: "include relative", src: `<x ` + ns + `><xacro:include filename="./one.xml"/><xacro:include filename="sub/nested.xacro"/></x>`, want: `<x><one/><leaf/><one/></x>`},
	{name: "include lazy", src: `<x ` + ns + `><xacro:if value="false"><xacro:include filename="none.xml"/></xacro:if></x>`, want: `<x/>`},
	{name: "include find", src: `<x ` + ns + `><xacro:include filename="$(find demo_pkg)/x.xacro"/></x>`, want: `<x><found/></x>`},
	{name: "include namespaces", src: `<x ` + ns + `><xacro:property name="level" value="0"/><xacro:property name="outer" value="o"/><xacro:include filename="lib_a.xacro" ns="A"/><xacro:include filename="lib_b.xacro" ns="B"/><xacro:A.mk/><xacro:B.mk/><m level="${level}" a="${A.level*10}" b="${B.level+1}"/><xacro:B.show p="${only_b if False else B.only_b}"/><xacro:B.show p="${level}"/></x>`,
		want: `<x><made_a/><made_b/><m level="0" a="10" b="3"/><shown p="b" level="2" outer="o"/><shown p="2" level="2" outer="o"/></x>`},
	{name: "include cycle", src: `<x ` + ns + `><xacro:include filename="cycle_a.xacro"/></x>`, err: "include cycle"},
	{name: "include broken", src: `<x ` + ns + `><xacro:include filename="broken.xacro"/></x>`, err: "malformed XML"},
	{name: "namespace lifting", src: `<x ` + ns + `><xacro:macro name="m"><xacro:include filename="ns_decl.xml"/></xacro:macro><xacro:m/></x>`, want: `<x xmlns:extra="http://example.org/extra"/>`},
	{name: "scope parent in namespace", src: `<x ` + ns + `><xacro:include filename="ns_outer.xacro" ns="O"/><xacro:O.In.set/><top v="${O.In.v}"/></x>`, want: `<x><mark v="outer-ns" inner="inner-ns"/><top v="inner-ns"/></x>`},

	// YAML
	{name: "yaml", src: `<x ` + ns + `><xacro:property name="c" value="${xacro.load_yaml('conf.yaml')}"/><xacro:include filename="${c['robots'][kind]['file']}"/><s v="${c.robots[kind].size + 1}"/></x>`, args: nil, err: "name 'kind' is not defined"},
	{name: "yaml dotted", src: `<x ` + ns + `><xacro:property name="c" value="${xacro.load_yaml('conf.yaml')}"/><xacro:property name="kind" value="$(arg kind)"/><xacro:include filename="${c.robots[kind].file}"/><s v="${c.robots[kind].size + 1}" has="${'robots' in c} ${'nope' in c}"/></x>`, args: map[string]string{"kind": "big"}, want: `<x><two/><s v="100" has="True False"/></x>`},
	{name: "yaml missing key", src: `<x ` + ns + `><xacro:property name="c" value="${xacro.load_yaml('conf.yaml')}"/>${c.nothing}</x>`, err: "no key 'nothing'"},
	{name: "yaml lists", src: `<x ` + ns + `><xacro:property name="l" value="${xacro.load_yaml('seq.yaml')}"/>${l[0][1]} ${l[1][0]} ${l[2].a.x} ${l[2].a.y[1]} ${l[2].b[0]}</x>`, want: `<x>q r 1 3 4</x>`},
	{name: "yaml iterate", src: `<x>${[3*e.pt.x for e in xacro.load_yaml('points.yaml')]}</x>`, want: `<x>[3, 15]</x>`},
	{name: "yaml units", src: `<x ` + ns + `><xacro:property name="u" value="${xacro.load_yaml('units.yaml')}"/><v p="${u.plain}" a="${u.angles}" l="${[round(v, 9) for v in u.lengths]}"/></x>`, want: `<x><v p="7" a="[1.5707963267948966, 1.5707963267948966]" l="[3.0, 3.0, 3.0, 3.0]"/></x>`},
	{name: "yaml 1.1 scalars", src: `<x>${xacro.load_yaml('scalars.yaml')}</x>`, want: `<x>{'a': True, 'b': '1e3', 'c': 1000.0, 'd': 15, 'e': '12', 'f': '12', 'g': False, 'h': None, 'i': 31, 'j': 1000, 'k': '-.5', 'l': 3.0}</x>`},
	{name: "yaml bad unit", src: `<x ` + ns + `><xacro:property name="u" value="${xacro.load_yaml('badunit.yaml')}"/>${u.a}</x>`, err: "invalid expression"},
}

func TestExpandBehaviours(t *testing.T) {
	for _, c := range behaviourCases {
		t.Run(c.name, func(t *testing.T) {
			files := map[string]string{"/t/main.xacro": c.src}
			for k, v := range sideFiles {
				files[k] = v
			}
			res, err := Expand("/t/main.xacro", memFiles(files, c.args))
			if c.err != "" {
				if err == nil {
					got, _ := Encode(res.Root)
					t.Fatalf("no error, want one containing %q; got\n%s", c.err, got)
				}
				if !strings.Contains(err.Error(), c.err) {
					t.Fatalf("error %q, want it to contain %q", err, c.err)
				}
				var xe *Error
				if !errors.As(err, &xe) || xe.File == "" || xe.Line == 0 {
					t.Fatalf("error %q does not name a file and line", err)
				}
				return
			}
			if err != nil {
				t.Fatalf("expand: %v", err)
			}
			got, _ := Encode(res.Root)
			if d := canonDiff(got, []byte(c.want)); d != "" {
				t.Errorf("%s\ngot:\n%s", d, got)
			}
		})
	}
}

// TestComments: comments are kept as they are, except after
// <!-- xacro:eval-comments --> (until an element, non-blank text or
// xacro:eval-comments:off), where substitutions inside them are evaluated.
func TestComments(t *testing.T) {
	src := `<x ` + ns + `><xacro:property name="n" value="v"/><!-- a ${n} --><!-- xacro:eval-comments --><!-- b ${n} --> <!-- c ${n} --><e/><!-- d ${n} --><!-- xacro:eval-comments --><!-- f ${n} --><!-- xacro:eval-comments:off --><!-- g ${n} --></x>`
	res, err := Expand("/t/main.xacro", memFiles(map[string]string{"/t/main.xacro": src}, nil))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range res.Root.Children {
		if c.Kind == CommentNode {
			got = append(got, strings.TrimSpace(c.Data))
		}
	}
	want := []string{"a ${n}", "b v", "c v", "d ${n}", "f v", "g ${n}"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("comments %q, want %q", got, want)
	}
}

// TestParseParams: parameter specs with defaults, forwarding and quoting.
func TestParseParams(t *testing.T) {
	for _, c := range []struct {
		spec  string
		names string
		defs  string
	}{
		{"a b c", "a b c", ""},
		{"a:=1 b=2", "a b", "a=1 b=2"},
		{"  a \t b=42  ", "a b", "b=42"},
		{"a:=^ b:=^|x c:=^|", "a b c", "a=^ b=^x c=^"},
		{"a:='q r' b:=\"s t\" c:=${1 + 2} d:=$(arg x y)", "a b c d", "a='q r' b=\"s t\" c=${1 + 2} d=$(arg x y)"},
		{"a:=w~o-'sp ace'(\"x y\") z", "a z", "a=w~o-'sp ace'(\"x y\")"},
		{"*blk **blks n:=3", "*blk **blks n", "n=3"},
		{"e:=", "e", ""},
	} {
		names, defs := parseParams(c.spec)
		var ds []string
		for _, n := range names {
			if d, ok := defs[n]; ok {
				s := n + "="
				if d.forward {
					s += "^"
				}
				ds = append(ds, s+d.value)
			}
		}
		if strings.Join(names, " ") != c.names || strings.Join(ds, " ") != c.defs {
			t.Errorf("%q: names %q defaults %q, want %q and %q", c.spec, names, ds, c.names, c.defs)
		}
	}
}

// TestHostileExpressions: expressions that would take unbounded memory or
// time fail with an error instead.
func TestHostileExpressions(t *testing.T) {
	for _, src := range []string{
		`${'x' * 10**9}`,
		`${[0] * 10**9}`,
		`${range(10**12)}`,
		`${2 ** 10000}`,
		`${[[0] * 1000000] * 1000000 == [[0] * 1000000] * 1000000}`,
		`${len([[0] * 1000000 for i in range(1000000)])}`,
		`${str([[0] * 1000000] * 1000000)}`,
		`${` + strings.Repeat("(", 5000) + `1` + strings.Repeat(")", 5000) + `}`,
	} {
		files := map[string]string{"/t/main.xacro": `<x>` + src + `</x>`}
		if _, err := Expand("/t/main.xacro", memFiles(files, nil)); err == nil {
			t.Errorf("%.60s: no error", src)
		}
	}
}
