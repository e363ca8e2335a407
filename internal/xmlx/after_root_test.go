package xmlx

import (
	"testing"
)

// TestAfterRoot: with Options.AfterRoot, what follows the top-level
// element's end, other than white space, comments and processing
// instructions, is passed over and its line reported (TinyXML2's reading,
// which MuJoCo's models rely on: a stray </mujoco>); without it, or
// inside the element, malformed XML is still refused at its line.
func TestAfterRoot(t *testing.T) {
	cases := []struct {
		src     string
		ignored int // line; 0: nothing ignored; -1: refused even so
	}{
		{"<a><b/></a>\n</a>\n", 2},
		{"<a/>\n\n<b/>", 3},
		{"<a/> text", 1}, // character data, which the strict reading lets by
		{"<a/>\n<!-- c -->\n<?pi x?>\n", 0},
		{"<a/>\n<!-- c -->\n</a>", 3},
		{"<a/>\n<!-- c -->\n<b", 3},
		{"<a/>", 0},
		{"<a><b></a>\n", -1},
		{"<a>\n</b>\n</a>", -1},
		{"</a>", -1},
		{"<a/>\n<!-- bad -- comment -->", -1},
	}
	for _, c := range cases {
		doc, err := ParseDocument([]byte(c.src), Options{AfterRoot: true})
		switch {
		case c.ignored < 0:
			if err == nil {
				t.Errorf("%q: read, want refused", c.src)
			}
		case err != nil:
			t.Errorf("%q: %v", c.src, err)
		case doc.IgnoredFrom != c.ignored || doc.Root.Name != "a":
			t.Errorf("%q: root %s, ignored from line %d, want <a> and line %d", c.src, doc.Root.Name, doc.IgnoredFrom, c.ignored)
		}
		if _, err := ParseDocument([]byte(c.src), Options{}); c.ignored != 0 && err == nil && c.src != "<a/> text" {
			t.Errorf("%q: read without AfterRoot", c.src)
		}
	}
}
