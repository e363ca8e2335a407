package physconv_test

import (
	"math"
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/internal/testenv"
)

// TestJointContactsKeptInMJCF: MuJoCo lets the geoms of two bodies an
// equality <connect> joins collide, and two overlapping spheres push
// each other round the joint (the smaller turns some 100°); written as a
// parent and a child body joined by a ball joint, their contact was
// filtered out and nothing moved. The output pairs their geoms, and the
// smaller sphere turns as in the source (the source's connect is soft,
// the output's ball joint rigid: within 15°).
func TestJointContactsKeptInMJCF(t *testing.T) {
	reg := all.Registry()
	src := `<mujoco><option gravity="0 0 0"/><worldbody>` +
		`<body name="a" pos="0 0 1"><freejoint/><geom type="sphere" size="0.2"/></body>` +
		`<body name="b" pos="0.25 0 1"><freejoint/><geom type="sphere" size="0.1" pos="0 0 0.1"/></body>` +
		`</worldbody><equality><connect body1="a" body2="b" anchor="0.25 0 0"/></equality></mujoco>`
	out, res := convertIn(t, reg, fstest.MapFS{"src.xml": {Data: []byte(src)}}, "src.xml", "mjcf")
	if m := mismatches(res); len(m) > 0 {
		t.Errorf("%v", m)
	}
	testenv.Oracle(t, "mj-inspect")
	dir := t.TempDir()
	srcFile, outFile := filepath.Join(dir, "src.xml"), filepath.Join(dir, "out.xml")
	if err := os.WriteFile(srcFile, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(outFile, out.Main, 0o644); err != nil {
		t.Fatal(err)
	}
	turned := func(file string) float64 {
		q := testenv.MuJoCoBodies(t, file, "--backend", "c", "--steps", "400")["b"].Xquat
		return 2 * math.Acos(math.Min(1, math.Abs(q[0]))) * 180 / math.Pi
	}
	want, got := turned(srcFile), turned(outFile)
	if want < 60 {
		t.Fatalf("the source's sphere turned %.1f°, want it pushed round", want)
	}
	if math.Abs(got-want) > 15 {
		t.Errorf("the output's sphere turned %.1f°, the source's %.1f°", got, want)
	}
}
