package mjcf

import (
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/inspect"
	"github.com/physconv/physconv/convert/mass"
)

// FuzzParse feeds arbitrary bytes to Parse: it must never panic, and a
// successful parse must give a Graph whose inspect report can be built.
func FuzzParse(f *testing.F) {
	seeds, _ := filepath.Glob(filepath.Join("..", "testdata", "mjcf", "*", "*.xml"))
	for _, s := range seeds {
		if b, err := os.ReadFile(s); err == nil {
			f.Add(b)
		}
	}
	if root := os.Getenv("PHYSCONV_CORPUS"); root != "" {
		for _, m := range corpusModels {
			if b, err := os.ReadFile(filepath.Join(root, "mjcf", m)); err == nil {
				f.Add(b)
			}
		}
	}
	f.Add([]byte(`<mujoco><worldbody><body><joint/><geom size=".1"/></body></worldbody></mujoco>`))
	f.Fuzz(func(t *testing.T, data []byte) {
		fsys := fstest.MapFS{"inc.xml": {Data: []byte(`<mujoco><default><geom size="1"/></default></mujoco>`)}}
		opts := &convert.Options{Limits: convert.Limits{InputBytes: 1 << 20, Nodes: 100_000, Triangles: 1 << 20, Elements: 1 << 22}}
		in := &convert.Input{Name: "fuzz.xml", Data: data, FS: fsys, Dir: ".", Options: opts}
		g, _, err := Parse(in)
		if err != nil {
			if g != nil {
				t.Fatal("graph returned with an error")
			}
			return
		}
		if convert.Validate(g) != nil {
			return
		}
		if g, _ = mass.Complete(g, opts); convert.ValidateComputed(g) != nil {
			return
		}
		_ = inspect.Inspect(g, "mjcf", nil)
		if out, _, err := Emit(g, (&convert.Options{}).With(InlineMeshesOption, "true")); err == nil {
			if _, _, err := Parse(&convert.Input{Name: "again.xml", Data: out.Main}); err != nil {
				t.Fatalf("emitted MJCF does not parse: %v\n%s", err, out.Main)
			}
		}
	})
}
