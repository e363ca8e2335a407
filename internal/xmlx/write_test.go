package xmlx

import (
	"bytes"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func TestWriter(t *testing.T) {
	var w Writer
	w.Declaration()
	w.Open("robot", "name", `a"b<c>&d`, "note", "tab\there\nline")
	w.Comment("x -- y-")
	w.Leaf("t", "1 < 2 & \"q\"")
	w.Leaf("e", "", "k", "v")
	w.Empty("link", "name", "l")
	w.Close()
	w.Close() // nothing open: no output
	want := `<?xml version="1.0"?>
<robot name="a&quot;b&lt;c&gt;&amp;d" note="tab&#9;here&#10;line">
  <!--x - - y- -->
  <t>1 &lt; 2 &amp; "q"</t>
  <e k="v"/>
  <link name="l"/>
</robot>
`
	if got := string(w.Bytes()); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	// what was written reads back as given
	r, err := Parse(w.Bytes(), Options{Text: true, Comments: true})
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := r.Attr("name"); v != `a"b<c>&d` {
		t.Errorf("name read back %q", v)
	}
	if v, _ := r.Attr("note"); v != "tab\there\nline" {
		t.Errorf("note read back %q", v)
	}
	if v := r.Child("t").Text(); v != `1 < 2 & "q"` {
		t.Errorf("text read back %q", v)
	}
}

// TestEncodeRoundTrip: a parsed document encodes to the same tree.
func TestEncodeRoundTrip(t *testing.T) {
	in := `<?xml version="1.0"?>
<!-- top -->
<robot xmlns:xacro="http://www.ros.org/wiki/xacro" name="r">
  <xacro:property name="p" value="1"/>
  <!-- c -->
  <gazebo>
    <plugin name="x">
      <mixed>a<b/>c</mixed>
      <param>text &amp; more</param>
    </plugin>
  </gazebo>
</robot>
`
	doc, err := ParseDocument([]byte(in), Options{Text: true, Comments: true})
	if err != nil {
		t.Fatal(err)
	}
	if got := string(EncodeDocument(doc)); got != in {
		t.Errorf("got\n%s\nwant\n%s", got, in)
	}
}

// TestIndentCap: indentation stops at MaxIndent levels and the file stays
// well formed.
func TestIndentCap(t *testing.T) {
	out := chain(MaxIndent+5, false)
	lines := strings.Split(string(out), "\n")
	for i, l := range lines[:MaxIndent+6] {
		want := min(i, MaxIndent) * 2
		if got := len(l) - len(strings.TrimLeft(l, " ")); got != want {
			t.Errorf("line %d indented %d, want %d: %q", i+1, got, want, l)
		}
	}
	r, err := Parse(out, Options{})
	if err != nil {
		t.Fatal(err)
	}
	depth := 0
	for e := r; e != nil; e = e.Child("body") {
		depth++
	}
	if depth != MaxIndent+5 {
		t.Errorf("read back %d levels, want %d", depth, MaxIndent+5)
	}
}

// chain encodes n nested bodies, each (but the first) with a geom when
// geoms is set.
func chain(n int, geoms bool) []byte {
	root := &Element{Name: "body", Attrs: []Attr{{Name: "name", Value: "b0"}}}
	e := root
	for i := 1; i < n; i++ {
		c := &Element{Name: "body", Attrs: []Attr{{Name: "name", Value: "b" + strconv.Itoa(i)}, {Name: "pos", Value: "0 0 0.1"}}}
		if geoms {
			c.Append(&Element{Name: "geom", Attrs: []Attr{{Name: "size", Value: "0.05"}}})
		}
		e.Append(c)
		e = c
	}
	return Encode(root)
}

// TestChainLinear: a 4,000-deep chain encodes to a size linear in its
// depth (issue: quadratic indentation made such files 40× too big).
func TestChainLinear(t *testing.T) {
	small, big := len(chain(1000, true)), len(chain(4000, true))
	if ratio := float64(big) / float64(small); ratio > 4.1 {
		t.Errorf("4,000 levels: %d bytes, 1,000 levels: %d bytes, ratio %.2f; want ≤ 4.1", big, small, ratio)
	}
	// per level: a body line, a geom line and a closing line, with at
	// most MaxIndent levels of indentation each
	perLevel := len(`<body name="b3999" pos="0 0 0.1">`) + len(`<geom size="0.05"/>`) + len(`</body>`) + 3 + 3*2*MaxIndent
	if big > 4000*perLevel {
		t.Errorf("4,000 levels: %d bytes, want ≤ %d", big, 4000*perLevel)
	}
	if _, err := Parse(chain(4000, true), Options{}); err != nil {
		t.Errorf("4,000 levels do not read back: %v", err)
	}
}

func TestNum(t *testing.T) {
	cases := []struct {
		x    float64
		want string
	}{
		{0, "0"},
		{math.Copysign(0, -1), "0"},
		{1, "1"},
		{-2.5, "-2.5"},
		{1.0000000000000002, "1"},             // 1 ulp above 1
		{0.9999999999999999, "1"},             // 1 ulp below 1
		{0.04999999999999999, "0.05"},         // an axis change's residue
		{1.1000000000000003, "1.1"},           // 1 ulp above 1.1000000000000001
		{0.30000000000000004, "0.3"},          // 0.1 + 0.2
		{math.Nextafter(0.1, 1), "0.1"},       // 1 ulp
		{step(0.1, 4), "0.1"},                 // 4 ulps: still snapped
		{step(0.1, 5), "0.10000000000000007"}, // 5 ulps: kept
		{step(0.1, -5), "0.0999999999999999"}, // 5 below 0.1, 3 above this
		{math.Sqrt(0.5), "0.707106781186548"}, // 4 ulps from 15 digits
		{math.Cos(1), "0.54030230586814"},     // 2 ulps
		{math.Pi, "3.141592653589793"},        // 7 ulps: kept
		{1.0 / 3, "0.3333333333333333"},       // 6 ulps: kept
		{0.123456789012345, "0.123456789012345"},
		{math.Sqrt2, "1.4142135623730951"}, // nearest 15-digit decimal is 11 ulps off
		{1e-300 * 1.0000000000000002, "1e-300"},
		{6.02214076e23, "6.02214076e+23"},
		{-1e21, "-1e+21"},
		{99.99999999999999, "100"}, // rounds up across a decade
	}
	for _, c := range cases {
		got := Num(c.x)
		if got != c.want {
			t.Errorf("Num(%v) = %s, want %s", c.x, got, c.want)
			continue
		}
		if y, err := strconv.ParseFloat(got, 64); err == nil && ulps(c.x, y) > SnapULPs {
			t.Errorf("Num(%v) = %s is %d ulps away", c.x, got, ulps(c.x, y))
		}
	}
	if got := Nums(0, 1.0000000000000002, 0); got != "0 1 0" {
		t.Errorf("Nums = %q", got)
	}
}

// step moves x by n representable doubles.
func step(x float64, n int) float64 {
	for ; n > 0; n-- {
		x = math.Nextafter(x, math.Inf(1))
	}
	for ; n < 0; n++ {
		x = math.Nextafter(x, math.Inf(-1))
	}
	return x
}

// TestNumGenerated: over many values Num reads back within SnapULPs and is
// never longer than the shortest round-trip spelling.
func TestNumGenerated(t *testing.T) {
	x := 0.0123
	for i := range 20000 {
		x = math.Mod(x*7.123456789+0.3+float64(i)*1e-7, 1000) - 500
		s := Num(x)
		y, err := strconv.ParseFloat(s, 64)
		if err != nil || ulps(x, y) > SnapULPs {
			t.Fatalf("Num(%v) = %s reads back %v", x, s, y)
		}
		if full := strconv.FormatFloat(x, 'g', -1, 64); len(s) > len(full) {
			t.Fatalf("Num(%v) = %s is longer than %s", x, s, full)
		}
		if s != strconv.FormatFloat(x, 'g', -1, 64) && digits([]byte(s)) > snapDigits {
			t.Fatalf("Num(%v) = %s has more than %d digits", x, s, snapDigits)
		}
	}
}

func BenchmarkNum(b *testing.B) {
	xs := []float64{0.7071067811865476, 1.0000000000000002, 0.25, 123.456, 1.4142135623730951}
	var buf []byte
	for i := 0; i < b.N; i++ {
		buf = AppendNum(buf[:0], xs[i%len(xs)])
	}
	_ = bytes.Clone(buf)
}

// BenchmarkParseChain reads a 4,000-deep chain (about 330 kB).
func BenchmarkParseChain(b *testing.B) {
	data := chain(4000, true)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse(data, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkEncodeChain writes a 4,000-deep chain.
func BenchmarkEncodeChain(b *testing.B) {
	root, err := Parse(chain(4000, true), Options{})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		Encode(root)
	}
}

// TestAppendFieldsIsFields holds AppendFields to strings.Fields on
// generated strings of ASCII and Unicode white space and text.
func TestAppendFieldsIsFields(t *testing.T) {
	alphabet := []string{"1", "-2.5", "e", " ", "  ", "\t", "\n", "\v", "\f", "\r", "\u0085", "\u00a0", "\u2003", "é", "\x00", "\xff"}
	r := rand.New(rand.NewPCG(3, 4))
	cases := []string{"", " ", "1", " 1 2 ", "1\t2\n3"}
	for range 20000 {
		var s string
		for range r.IntN(10) {
			s += alphabet[r.IntN(len(alphabet))]
		}
		cases = append(cases, s)
	}
	for _, s := range cases {
		var tmp [2]string
		got, want := AppendFields(tmp[:0], s), strings.Fields(s)
		if !slices.Equal(got, want) {
			t.Fatalf("AppendFields(%q) = %q, want %q", s, got, want)
		}
		if pre := AppendFields([]string{"x"}, s); len(pre) != len(want)+1 || pre[0] != "x" || !slices.Equal(pre[1:], want) {
			t.Fatalf("AppendFields after x (%q) = %q", s, pre)
		}
	}
}
