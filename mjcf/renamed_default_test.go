package mjcf

import (
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// TestRenamedTopDefault: a top-level <default> with a class name of its
// own (older Gym and Meta-World style files) is the class of every element
// without one, and also answers to its name, as MuJoCo 2.2 compiles it;
// the reader says so, since MuJoCo 3 refuses the file. Masses agree with
// MuJoCo 2.2's body by body.
func TestRenamedTopDefault(t *testing.T) {
	const bodies = `
  <worldbody>
    <body name="plain" pos="0 0 1"><freejoint/><geom type="box" size=".1 .1 .1"/></body>
    <body name="heavy" pos="1 0 1"><freejoint/><geom class="heavy" type="box" size=".1 .1 .1"/></body>
    <body name="byname" pos="2 0 1" childclass="table"><freejoint/><geom type="sphere" size=".1"/></body>
    <body name="ownclass" pos="3 0 1"><freejoint/><geom class="table" type="capsule" size=".05 .1"/></body>
  </worldbody>
</mujoco>`
	for _, c := range []struct{ name, defaults string }{
		{"density", `<default class="table"><geom density="500"/><default class="heavy"><geom density="5000"/></default></default>`},
		{"joint and geom", `<default class="table"><joint damping="1"/><geom density="250" friction="0.5"/><default class="heavy"><geom type="sphere" density="3000"/></default></default>`},
		{"mass", `<default class="table"><geom mass="2"/><default class="heavy"><geom mass="7"/></default></default>`},
	} {
		t.Run(c.name, func(t *testing.T) {
			model := "<mujoco>\n  " + c.defaults + bodies
			g, diags, err := Parse(&convert.Input{Name: "m.xml", Data: []byte(model), Options: &convert.Options{}})
			if err != nil {
				t.Fatal(err)
			}
			if !diags.Has(convert.CodeDefaultClassRenamed) {
				t.Errorf("no %s: %v", convert.CodeDefaultClassRenamed, diags)
			}
			file := filepath.Join(t.TempDir(), "m.xml")
			if err := os.WriteFile(file, []byte(model), 0o644); err != nil {
				t.Fatal(err)
			}
			engine := testenv.MuJoCoBodies(t, file, "--backend", "c")
			for i, n := range g.Nodes {
				b, ok := engine[n.Name]
				if n.Motion == nil || !ok {
					continue
				}
				got := math.NaN()
				if n.Motion.Mass != nil {
					got = *n.Motion.Mass
				}
				if !(math.Abs(got-b.Mass) <= 1e-9*b.Mass) {
					t.Errorf("body %s (node %d): mass %g, MuJoCo 2.2 %g", n.Name, i, got, b.Mass)
				}
				delete(engine, n.Name)
			}
			delete(engine, "world")
			if len(engine) > 0 {
				t.Errorf("bodies not read: %v", engine)
			}
		})
	}
	// a class defined twice under its top name is still refused
	twice := `<mujoco><default class="a"><default class="a"/></default><worldbody/></mujoco>`
	if _, _, err := Parse(&convert.Input{Name: "m.xml", Data: []byte(twice), Options: &convert.Options{}}); err == nil {
		t.Error("class \"a\" defined twice: read")
	}
}
