package xmlx

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestParseMatchesReference: the scanner reads every XML file of the
// corpus and of the repository's testdata, and mutated copies of them and
// of hand-written edge cases, into the same tree (names, namespaces,
// attributes and their lines, text, comments, lines) as the
// encoding/xml-based reader it replaced, and refuses the same inputs.
func TestParseMatchesReference(t *testing.T) {
	inputs := testInputs()
	opts := []Options{{}, {Text: true, Comments: true}, {Text: true, Space: true, Comments: true, MaxDepth: 20, MaxElements: 500},
		{Text: true, Comments: true, Borrow: true}}
	refused, lineDiffs := 0, 0
	for name, data := range inputs {
		for _, o := range opts {
			got, gerr := ParseDocument(data, o)
			want, werr := parseDocumentReference(data, o)
			if (gerr == nil) != (werr == nil) {
				t.Fatalf("%s %+v: error %v, reference %v", name, o, gerr, werr)
			}
			if gerr != nil {
				refused++
				var g, w *convert.FormatError
				if !errors.As(gerr, &g) || !errors.As(werr, &w) {
					t.Fatalf("%s: errors %T %T", name, gerr, werr)
				}
				if g.Line != w.Line {
					lineDiffs++
					if !strings.Contains(w.Msg, "DTD") && !strings.Contains(w.Msg, "EOF") {
						t.Errorf("%s %+v: error at line %d (%s), reference line %d (%s)", name, o, g.Line, g.Msg, w.Line, w.Msg)
					}
				}
				continue
			}
			if diff := sameDocument(got, want); diff != "" {
				t.Fatalf("%s %+v: %s", name, o, diff)
			}
		}
	}
	t.Logf("%d inputs, %d refusals, %d at another line (unterminated constructs)", len(inputs), refused, lineDiffs)
}

// testInputs are the edge cases, every XML file of the repository and
// the corpus, and mutations of each (the same every run).
func testInputs() map[string][]byte {
	inputs := map[string][]byte{}
	for i, s := range edgeCases {
		inputs[fmt.Sprintf("edge%d", i)] = []byte(s)
	}
	roots := []string{filepath.Join("..", "..")}
	if c := os.Getenv("PHYSCONV_CORPUS"); c != "" {
		roots = append(roots, c)
	}
	for _, root := range roots {
		filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() && (d.Name() == ".git" || d.Name() == "node_modules") {
				if d != nil && d.IsDir() {
					return filepath.SkipDir
				}
				return nil
			}
			switch strings.ToLower(filepath.Ext(p)) {
			case ".xml", ".urdf", ".xacro", ".sdf", ".dae", ".launch", ".world":
				if data, err := os.ReadFile(p); err == nil && len(data) < 8<<20 {
					inputs[p] = data
				}
			}
			return nil
		})
	}
	rng := rand.New(rand.NewPCG(5, 6))
	junk := []byte("<>/=\"'&;#x!-[]?: \t\r\nab\x00\xc3\xff")
	var names []string
	for n := range inputs {
		names = append(names, n)
	}
	sort.Strings(names) // the same mutations every run
	for _, n := range names {
		data := inputs[n]
		for k := 0; k < 8 && len(data) > 0 && len(data) < 1<<20; k++ {
			m := bytes.Clone(data)
			for e := 1 + rng.IntN(3); e > 0; e-- {
				m[rng.IntN(len(m))] = junk[rng.IntN(len(junk))]
			}
			inputs[fmt.Sprintf("%s~%d", n, k)] = m
		}
	}
	return inputs
}

var edgeCases = []string{
	`<r a="1" b='2'><c/><c x="&lt;&amp;&#65;&#x42;&quot;&apos;&gt;"/></r>`,
	"<r>\r\n text\r more\r\n<![CDATA[ a]]b ]]> &#13;\n</r>",
	"<r><!-- c - d --><!----></r><!-- after -->",
	"<!-- before --><?pi data?><r/>",
	// markup that opens like a comment and is none (an escaped comment):
	// passed over up to its '>' as white space, as TinyXML2 passes it
	"<r>a<!-\\- x\n -\\->b<c/> <!-x></r><!-after>",
	"<r><!-- <!-x> --><![CDATA[<!-y>]]><c a=\"<!-z>\"/></r>",
	"<r><!-no end</r>",
	`<x:r xmlns:x="u" xmlns="d"><a x:b="1" xmlns:y="v"><y:c/></a></x:r>`,
	"<r a=\"1\"b=\"2\"/>", "<r a = '1' />", "<r\n a=\"1\"\n b=\"2\"/>",
	"<r>]]></r>", "<r a=\"]]>\"/>", "<r><!-- a -- b --></r>", "<r><!- x --></r>", "<r><![CDAT[x]]></r>",
	"<r>&unknown;</r>", "<r>&#xD800;</r>", "<r>&#0;</r>", "<r>&#x110000;</r>", "<r>&amp</r>", "<r>&#12a;</r>",
	"<a:b:c/>", "<:a/>", "<a:/>", "<1a/>", "<a 1b='x'/>", "<é ü='1'/>", "<r>\u00e9\U0001F600</r>", "<r>\x01</r>", "<r>\xff</r>",
	"<r a='<'/>", "<r a=1/>", "<r a/>", "<r></r >", "<r></ r>", "<r></r x>", "<r><a></b></r>", "</r>", "<r>", "<r",
	"<?xml version=\"1.0\"?><r/>", "<r/><?xml version=\"1.1\"?>", "<r/><?xml encoding=\"latin1\"?>", "<? x?><r/>",
	"\xef\xbb\xbf<r/>", "  \n<r/>  text after", "<r/><s/>", "", "   ", "<!DOCTYPE r><r/>", "<r><!DOCTYPE r></r>",
	"<r>\t</r>", "<r> a <b/> c </r>", "<r a='x\r\ny'/>",
}

// sameDocument describes the first difference between two documents.
func sameDocument(a, b *Document) string {
	if d := sameList(a.Before, b.Before, "before"); d != "" {
		return d
	}
	if d := sameList(a.After, b.After, "after"); d != "" {
		return d
	}
	return sameElement(a.Root, b.Root, "root")
}

func sameList(a, b []*Element, at string) string {
	if len(a) != len(b) {
		return fmt.Sprintf("%s: %d nodes vs %d", at, len(a), len(b))
	}
	for i := range a {
		if d := sameElement(a[i], b[i], fmt.Sprintf("%s[%d]", at, i)); d != "" {
			return d
		}
	}
	return ""
}

func sameElement(a, b *Element, at string) string {
	switch {
	case a.Kind != b.Kind || a.Name != b.Name || a.Data != b.Data || a.Line != b.Line:
		return fmt.Sprintf("%s: %+v vs %+v", at, *a, *b)
	case len(a.Attrs) != len(b.Attrs):
		return fmt.Sprintf("%s <%s>: attributes %v vs %v", at, a.Name, a.Attrs, b.Attrs)
	}
	for i := range a.Attrs {
		if a.Attrs[i] != b.Attrs[i] {
			return fmt.Sprintf("%s <%s>: attribute %+v vs %+v", at, a.Name, a.Attrs[i], b.Attrs[i])
		}
	}
	return sameList(a.Children, b.Children, at+"/"+a.Name)
}
