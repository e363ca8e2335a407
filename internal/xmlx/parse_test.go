package xmlx

import (
	"errors"
	"strings"
	"testing"
	"unsafe"

	"github.com/physconv/physconv/convert"
)

// TestParseMalformed: every refused input fails with a FormatError at the
// exact line and a message naming the problem.
func TestParseMalformed(t *testing.T) {
	deep := strings.Repeat("<a>", 6) + strings.Repeat("</a>", 6)
	cases := []struct {
		name, in string
		opt      Options
		line     int
		msg      string
	}{
		{"empty", "", Options{}, 1, "no XML element found"},
		{"only declaration", `<?xml version="1.0"?>` + "\n", Options{}, 1, "no XML element found"},
		{"unclosed", "<r>\n<a>\n</r>", Options{}, 3, "element <a> (line 2) closed by </r>"},
		{"eof inside", "<r>\n<a>\n", Options{}, 3, "<a> (line 2) is not closed"},
		{"stray end", "<r/>\n</x>", Options{}, 2, "unexpected end element </x>"},
		{"two roots", "<r/>\n\n<s/>", Options{}, 3, "more than one top-level element"},
		{"bad attribute", "<r>\n <a x=1/>\n</r>", Options{}, 2, "malformed XML"},
		{"unknown entity", "<r>\n\n&nope;</r>", Options{}, 3, "malformed XML"},
		{"repeated attribute", "<r>\n<a x=\"1\"\n   x=\"2\"/></r>", Options{}, 3, `<a> repeats attribute "x"`},
		{"entity bomb", "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n <!ENTITY lol \"lol\">\n <!ENTITY lol2 \"&lol;&lol;\">\n]>\n<lolz>&lol2;</lolz>", Options{}, 2, "entity declarations are not accepted"},
		{"external DTD", "\n<!DOCTYPE robot SYSTEM \"http://x/robot.dtd\">\n<robot/>", Options{}, 2, "DTD and entity declarations are not accepted"},
		{"depth", "<r>\n" + deep + "\n</r>", Options{MaxDepth: 5}, 2, "nested deeper than 5"},
		{"count", "<r>\n<a/>\n<a/>\n<a/>\n</r>", Options{MaxElements: 3}, 4, "more than 3 elements"},
		{"invalid utf-8", "<r>\n\xff</r>", Options{Text: true}, 2, "malformed XML"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			doc, err := ParseDocument([]byte(c.in), c.opt)
			var fe *convert.FormatError
			if !errors.As(err, &fe) || doc != nil {
				t.Fatalf("got %v, %T %v; want a FormatError", doc, err, err)
			}
			if fe.Line != c.line || !strings.Contains(fe.Msg, c.msg) {
				t.Errorf("line %d %q; want line %d containing %q", fe.Line, fe.Msg, c.line, c.msg)
			}
		})
	}
}

// TestParseDeclarations: any version and encoding in the declaration, a
// byte-order mark and leading space are accepted, and lines still count
// from the top of the file.
func TestParseDeclarations(t *testing.T) {
	for _, in := range []string{
		"<?xml version=\"0.0\"?>\n<r>\n<a/></r>",
		"<?xml version=\"1.1\" encoding=\"ISO-8859-1\"?>\n<r>\n<a/></r>",
		"\xef\xbb\xbf<?xml version=\"1.0\"?>\n<r>\n<a/></r>",
		"\n<r>\n<a/></r>",
		"<?xml version=\"0.0\"\n  standalone=\"yes\"?><r>\n<a/></r>",
	} {
		r, err := Parse([]byte(in), Options{})
		if err != nil {
			t.Errorf("%q: %v", in, err)
			continue
		}
		a := r.Child("a")
		if r.Name != "r" || a == nil || a.Line != 3 {
			t.Errorf("%q: root %q, <a> %+v; want <r> with <a> on line 3", in, r.Name, a)
		}
	}
}

// TestParseTree: names, namespaces, attribute order and lines, text and
// comments in order.
func TestParseTree(t *testing.T) {
	in := `<?xml version="1.0"?>
<!-- head -->
<robot xmlns:xacro="http://www.ros.org/wiki/xacro" name="r">
  <xacro:macro name="m" params="a
      b">
    <link name="${a}"/> tail &amp; more
    <!-- inside -->
  </xacro:macro>
  <inner xmlns="urn:d"><x:y xmlns:x="urn:x" x:k="1" k="2"/></inner>
  <t>  two  <![CDATA[<raw>]]> </t>
</robot>
<!-- foot -->
`
	doc, err := ParseDocument([]byte(in), Options{Text: true, Comments: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(doc.Before) != 1 || doc.Before[0].Data != " head " || len(doc.After) != 1 || doc.After[0].Line != 12 {
		t.Errorf("comments around the root: %+v %+v", doc.Before, doc.After)
	}
	r := doc.Root
	if r.Line != 3 || len(r.Attrs) != 2 || r.Attrs[0].Name != "xmlns:xacro" || r.Attrs[1].Name != "name" {
		t.Fatalf("root %+v", r)
	}
	m := r.Child("xacro:macro")
	if m == nil || m.Prefix() != "xacro" || m.Local() != "macro" || m.Line != 4 {
		t.Fatalf("macro %+v", m)
	}
	if m.Attrs[0].Line != 4 || m.Attrs[1].Line != 4 || m.Attrs[1].Value != "a\n      b" {
		t.Errorf("macro attributes %+v", m.Attrs)
	}
	kinds := []Kind{}
	for _, c := range m.Children {
		kinds = append(kinds, c.Kind)
	}
	if len(kinds) != 3 || kinds[0] != ElementNode || kinds[1] != TextNode || kinds[2] != CommentNode {
		t.Fatalf("macro children kinds %v", kinds)
	}
	if m.Children[1].Data != "tail & more" || m.Children[1].Line != 6 || m.Children[2].Data != " inside " || m.Children[2].Line != 7 {
		t.Errorf("macro text and comment %+v %+v", m.Children[1], m.Children[2])
	}
	if xy := r.Child("inner").Child("x:y"); xy == nil || xy.Prefix() != "x" || xy.Local() != "y" {
		t.Errorf("prefixed element inside a default namespace: %+v", xy)
	}
	if got := r.Child("t").Text(); got != "two  <raw>" {
		t.Errorf("text with CDATA = %q", got)
	}
	// without Text and Comments only elements remain
	plain, err := Parse([]byte(in), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(plain.Child("xacro:macro").Children); n != 1 {
		t.Errorf("elements-only parse kept %d macro children, want 1", n)
	}
	spaced, err := Parse([]byte(in), Options{Text: true, Space: true})
	if err != nil {
		t.Fatal(err)
	}
	if got := spaced.Child("t").Children[0].Data; got != "  two  <raw> " {
		t.Errorf("Space kept %q", got)
	}
}

// TestAttrLines: attributes of a multi-line start tag name their own line,
// whatever quotes and spacing the tag uses.
func TestAttrLines(t *testing.T) {
	in := "<r>\n<inertia ixx=\"1\"\n  iyy = '2'\n\n  izz=\"a\nb\" ixy=\"0\"\n/></r>"
	r, err := Parse([]byte(in), Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{"ixx": 2, "iyy": 3, "izz": 5, "ixy": 6}
	for _, a := range r.Child("inertia").Attrs {
		if a.Line != want[a.Name] {
			t.Errorf("%s on line %d, want %d", a.Name, a.Line, want[a.Name])
		}
	}
}

// TestFloats: attribute numbers go through the format's own rules and
// errors name the attribute's line.
func TestFloats(t *testing.T) {
	r, err := Parse([]byte("<r>\n<o xyz=\"1 2 3\"\n rpy=\"1 x 3\" s=\" 2.5 \" n=\"nan\" short=\"1 2\"/></r>"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	o := r.Child("o")
	if v, ok, err := o.Floats("xyz", 3, ParseFloat); !ok || err != nil || v[0] != 1 || v[1] != 2 || v[2] != 3 {
		t.Errorf("xyz = %v %v %v", v, ok, err)
	}
	// AppendFloats appends after what dst holds, and returns dst as it was
	// when the attribute is absent or refused
	dst := []float64{9}
	if v, ok, err := o.AppendFloats(dst, "xyz", 3, ParseFloat); !ok || err != nil || len(v) != 4 || v[0] != 9 || v[3] != 3 {
		t.Errorf("append xyz = %v %v %v", v, ok, err)
	}
	if v, ok, err := o.AppendFloats(dst, "missing", 3, ParseFloat); ok || err != nil || len(v) != 1 {
		t.Errorf("append missing = %v %v %v", v, ok, err)
	}
	if v, ok, err := o.AppendFloats(dst, "rpy", 3, ParseFloat); !ok || err == nil || len(v) != 1 {
		t.Errorf("append rpy = %v %v %v", v, ok, err)
	}
	if v, ok, err := o.Float("s", ParseFloat); !ok || err != nil || v != 2.5 {
		t.Errorf("s = %v %v %v", v, ok, err)
	}
	if _, ok, err := o.Float("missing", ParseFloat); ok || err != nil {
		t.Errorf("missing: %v %v", ok, err)
	}
	errs := []struct {
		name string
		n    int
		line int
		msg  string
	}{
		{"rpy", 3, 3, `<o rpy="1 x 3">: "x" is not a finite number`},
		{"n", 1, 3, `<o n="nan">: "nan" is not a finite number`},
		{"short", 3, 3, `<o short="1 2">: want 3 numbers`},
	}
	for _, c := range errs {
		_, _, err := o.Floats(c.name, c.n, ParseFloat)
		var fe *convert.FormatError
		if !errors.As(err, &fe) || fe.Line != c.line || !strings.Contains(fe.Msg, c.msg) {
			t.Errorf("%s: %v; want line %d containing %q", c.name, err, c.line, c.msg)
		}
	}
	// a format's own rule: only non-negative numbers
	nonneg := func(s string) (float64, error) {
		v, err := ParseFloat(s)
		if err == nil && v < 0 {
			return 0, errors.New("negative")
		}
		return v, err
	}
	r2, _ := Parse([]byte(`<r m="-1"/>`), Options{})
	if _, _, err := r2.Float("m", nonneg); err == nil || !strings.Contains(err.Error(), "negative") {
		t.Errorf("format rule not applied: %v", err)
	}
}

// TestMutate: the tree edits the xacro expander relies on.
func TestMutate(t *testing.T) {
	r, err := Parse([]byte(`<r a="1" b="2"><x/><y/><z/></r>`), Options{})
	if err != nil {
		t.Fatal(err)
	}
	c := r.Copy()
	r.SetAttr("a", "9")
	r.SetAttr("c", "3")
	if !r.RemoveAttr("b") || r.RemoveAttr("b") {
		t.Error("RemoveAttr")
	}
	y := r.Child("y")
	r.Replace(r.Index(y), &Element{Name: "p"}, &Element{Kind: TextNode, Data: "t"}, &Element{Name: "q"})
	r.Remove(0)
	r.Insert(0, &Element{Kind: CommentNode, Data: "c"})
	r.Append(&Element{Name: "w"})
	if got := string(Encode(r)); got != `<r a="9" c="3"><!--c--><p/>t<q/><z/><w/></r>`+"\n" {
		t.Errorf("edited tree = %q", got)
	}
	if got := string(Encode(c)); got != "<r a=\"1\" b=\"2\">\n  <x/>\n  <y/>\n  <z/>\n</r>\n" {
		t.Errorf("copy changed: %q", got)
	}
	if n := len(r.Elements()); n != 4 {
		t.Errorf("Elements() = %d, want 4", n)
	}
}

// TestSpliceKeepsArguments: Insert and Replace never write into the
// slice the caller passed or into an earlier Children slice.
func TestSpliceKeepsArguments(t *testing.T) {
	r := &Element{Name: "r"}
	r.Append(&Element{Name: "a"}, &Element{Name: "b"})
	old := r.Children
	backing := []*Element{{Name: "x"}, {Name: "y"}, {Name: "z"}}
	r.Replace(0, backing[:1]...)
	r.Insert(1, backing[:2]...)
	if backing[1].Name != "y" || backing[2].Name != "z" || old[0].Name != "a" {
		t.Errorf("arguments changed: %v %v %v, old %v", backing[0].Name, backing[1].Name, backing[2].Name, old[0].Name)
	}
	var names []string
	for _, c := range r.Children {
		names = append(names, c.Name)
	}
	if strings.Join(names, " ") != "x x y b" {
		t.Errorf("children %v, want x x y b", names)
	}
}

// TestTextLineAfterSpace: a text node that starts with space between
// elements, a CDATA section or an entity reports the line its first
// character other than space is on, whether or not the space before it is
// a run of its own.
func TestTextLineAfterSpace(t *testing.T) {
	for _, c := range []struct {
		src  string
		data string
		line int
	}{
		{"<a>\n  <![CDATA[\n x]]></a>", "x", 3},
		{"<a>\n\n  <![CDATA[x]]>y\n</a>", "xy", 3},
		{"<a>  \n <![CDATA[  ]]>\n z </a>", "z", 3},
		{"<a>\n  &amp;\n</a>", "&", 2},
		{"<a><b/>\n \n <![CDATA[]]>\n\n q<c/></a>", "q", 5},
		{"<a>\n <![CDATA[ \n ]]> \n</a>", "", 0},
	} {
		doc, err := ParseDocument([]byte(c.src), Options{Text: true})
		if err != nil {
			t.Fatalf("%q: %v", c.src, err)
		}
		var text *Element
		for _, ch := range doc.Root.Children {
			if ch.Kind == TextNode {
				text = ch
			}
		}
		switch {
		case c.data == "" && text != nil:
			t.Errorf("%q: text %q, want none", c.src, text.Data)
		case c.data != "" && (text == nil || text.Data != c.data || text.Line != c.line):
			t.Errorf("%q: text %+v, want %q on line %d", c.src, text, c.data, c.line)
		}
	}
}

// TestBorrow: with Borrow the tree's names and values point into the
// caller's bytes; without it the tree is the caller's to keep, whatever
// happens to the bytes afterwards.
func TestBorrow(t *testing.T) {
	const doc = `<robot name="r"><link name="base"><inertial><mass value="2.5"/></inertial></link></robot>`
	within := func(s string, data []byte) bool {
		p, lo := uintptr(unsafe.Pointer(unsafe.StringData(s))), uintptr(unsafe.Pointer(&data[0]))
		return p >= lo && p < lo+uintptr(len(data))
	}
	borrowed := []byte(doc)
	root, err := Parse(borrowed, Options{Borrow: true})
	if err != nil {
		t.Fatal(err)
	}
	link := root.Child("link")
	name, _ := link.Attr("name")
	if name != "base" || !within(name, borrowed) || !within(root.Name, borrowed) {
		t.Errorf("borrowed parse: name %q (in data: %v), root %q (in data: %v)", name, within(name, borrowed), root.Name, within(root.Name, borrowed))
	}

	copied := []byte(doc)
	root, err = Parse(copied, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for i := range copied {
		copied[i] = 'x'
	}
	name, _ = root.Child("link").Attr("name")
	mass, _ := root.Child("link").Child("inertial").Child("mass").Attr("value")
	if root.Name != "robot" || name != "base" || mass != "2.5" {
		t.Errorf("after the caller's bytes changed: root %q, link %q, mass %q", root.Name, name, mass)
	}
}
