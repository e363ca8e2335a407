package urdf

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// badCases maps each malformed file in testdata/urdf/bad to a fragment its
// error must contain and the line it must name.
var badCases = map[string]struct {
	msg  string
	line int
}{
	"broken-xml":             {"malformed XML", 3},
	"unknown-parent":         {`unknown link "nope"`, 4},
	"two-roots":              {"two root links", 4},
	"cycle":                  {"cycle", 6},
	"duplicate-link":         {`duplicate link name "a"`, 3},
	"duplicate-joint":        {`duplicate joint name "j"`, 6},
	"negative-mass":          {"negative", 4},
	"bad-number":             {`"abc" is not a finite number`, 4},
	"nan-number":             {"not a finite number", 4},
	"missing-mesh":           {"cannot be read", 4},
	"billion-laughs":         {"entity declarations are not accepted", 2},
	"escaping-package":       {"escapes the allowed root", 4},
	"escaping-relative":      {"escapes the allowed root", 4},
	"unknown-joint-type":     {`unknown type "hinge"`, 4},
	"revolute-without-limit": {"needs a <limit>", 4},
	"two-parents":            {"child of two joints", 6},
	"wrong-root-element":     {"want <robot>", 1},
	"zero-axis":              {"zero axis", 4},
	"unknown-mimic":          {`mimics unknown joint "ghost"`, 4},
	"vector-length":          {"want 3 numbers", 4},
	"unknown-entity":         {"malformed XML", 1},
}

func TestBadInput(t *testing.T) {
	dir := filepath.Join("..", "testdata", "urdf", "bad")
	files, err := filepath.Glob(filepath.Join(dir, "*.urdf"))
	if err != nil || len(files) < 15 {
		t.Fatalf("want at least 15 malformed cases, found %d (%v)", len(files), err)
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".urdf")
		t.Run(name, func(t *testing.T) {
			want, ok := badCases[name]
			if !ok {
				t.Fatalf("no expectation for %s", name)
			}
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			in := &convert.Input{Name: f, Data: data, FS: os.DirFS(dir), Dir: "."}
			g, _, err := Parse(in)
			var fe *convert.FormatError
			if !errors.As(err, &fe) || g != nil {
				t.Fatalf("got graph %v, error %T %v; want a FormatError and no graph", g != nil, err, err)
			}
			if !strings.Contains(fe.Msg, want.msg) || fe.Line != want.line {
				t.Errorf("error = line %d %q; want line %d containing %q", fe.Line, fe.Msg, want.line, want.msg)
			}
		})
	}
}
