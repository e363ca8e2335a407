package urdf

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/physconv/physconv/convert"
)

// FuzzParse: no input panics; whatever parses emits, and the emitted file
// parses again.
func FuzzParse(f *testing.F) {
	for _, dir := range []string{filepath.Join("..", "testdata", "urdf", "bad"), filepath.Join("..", "testdata", "urdf"), filepath.Join("..", "testdata", "urdf", "actuated")} {
		files, _ := filepath.Glob(filepath.Join(dir, "*.urdf"))
		for _, p := range files {
			if b, err := os.ReadFile(p); err == nil {
				f.Add(b)
			}
		}
	}
	f.Add([]byte(`<robot name="r"><link name="a"><inertial><mass value="1"/><inertia ixx="1" ixy="0.1" ixz="0" iyy="2" iyz="0" izz="3"/></inertial><collision><geometry><capsule radius="0.1" length="0.5"/></geometry></collision></link><link name="b"><inertial><mass value="1"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial></link><joint name="j" type="revolute"><parent link="a"/><child link="b"/><axis xyz="0 1 1"/><limit lower="-1" upper="1" effort="1" velocity="1"/><mimic joint="j"/></joint></robot>`))
	f.Fuzz(func(t *testing.T, data []byte) {
		in := &convert.Input{Name: "fuzz.urdf", Data: data}
		g, _, err := Parse(in)
		if err != nil {
			return
		}
		out, _, err := Emit(g, &convert.Options{})
		if err != nil {
			t.Fatalf("emit: %v", err)
		}
		if _, _, err := Parse(&convert.Input{Name: "again.urdf", Data: out.Main}); err != nil {
			t.Fatalf("emitted URDF does not parse: %v\n%s", err, out.Main)
		}
	})
}
