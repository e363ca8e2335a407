package mjcf

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// TestTopLevelElementsRefused: MuJoCo refuses a <geom>, <joint> or other
// element directly inside <mujoco> ("unrecognized element"), the form of
// an include fragment; physconv kept it, reported as kept for MJCF output
// and written nowhere. It is refused now at its line, as by both MuJoCo
// versions. A <body> there MuJoCo 3 ignores (2.2 refuses the file): it was
// written back verbatim, an output 2.2 refuses, with a message saying it
// was dropped; it is ignored now, said by a warning, and not written.
func TestTopLevelElementsRefused(t *testing.T) {
	elements := []string{`<body name="b"><geom size="0.1"/></body>`, `<geom size="0.1"/>`, `<joint name="j"/>`, `<site name="s"/>`}
	file := func(el string) string { return "<mujoco>\n<worldbody/>\n" + el + "\n</mujoco>\n" }
	for _, el := range elements {
		g, diags, err := Parse(&convert.Input{Name: "frag.xml", Data: []byte(file(el)), Options: &convert.Options{}})
		if strings.HasPrefix(el, "<body") {
			if err != nil || !diags.Has(convert.CodeFieldDropped) {
				t.Fatalf("%s: %v %v, want read with field-dropped", el, err, diags)
			}
			out, _, err := Emit(g, &convert.Options{})
			if err != nil || strings.Contains(string(out.Main), `name="b"`) {
				t.Errorf("%s: written back (%v):\n%s", el, err, out.Main)
			}
			continue
		}
		var fe *convert.FormatError
		if !errors.As(err, &fe) || fe.Line != 3 || !strings.Contains(err.Error(), "MuJoCo refuses") {
			t.Errorf("%s: %v, want refused at line 3", el, err)
		}
	}
	testenv.Oracle(t, "mj-inspect")
	for _, el := range elements[1:] {
		path := filepath.Join(t.TempDir(), "frag.xml")
		if err := os.WriteFile(path, []byte(file(el)), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, backend := range [][]string{nil, {"--backend", "c"}} {
			if _, code := testenv.RunOracle(t, "mj-inspect", append(backend, path)...); code == 0 {
				t.Errorf("%s: MuJoCo %v takes it", el, backend)
			}
		}
	}
}
