package mjcf

import (
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/inspect"
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
	f.Add([]byte(`<mujoco><worldbody><body><joint name="j"/><geom size=".1"/></body></worldbody><actuator><position joint="j" kp="3" forcerange="-1 1"/><general joint="j" gainprm="2" biastype="affine" biasprm="1 -2 -1"/><motor joint="j" ctrlrange="-2 2"/></actuator><keyframe><key name="drive_targets" ctrl="0.1 0 0"/></keyframe></mujoco>`))
	f.Fuzz(func(t *testing.T, data []byte) {
		fsys := fstest.MapFS{"inc.xml": {Data: []byte(`<mujoco><default><geom size="1"/></default></mujoco>`)}}
		in := &convert.Input{Name: "fuzz.xml", Data: data, FS: fsys, Dir: "."}
		g, _, err := Parse(in)
		if err != nil {
			if g != nil {
				t.Fatal("graph returned with an error")
			}
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
