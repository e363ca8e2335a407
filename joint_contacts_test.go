package physconv_test

import (
	"math"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/all"
)

// TestEqualityBodiesKeepContacts: MuJoCo lets the geoms of two bodies an
// equality <connect> or <weld> joins collide, and two overlapping spheres
// push each other round the joint (the smaller turns some 100°) or apart
// against the weld. MJCF output nested one body in the other, so their
// contact was filtered out and nothing moved. An equality read from MJCF
// is written back as one now, its bodies free: MuJoCo moves the output as
// the source (1e-6 m). Through KHR the equality is a joint that lets its
// bodies collide, written as a parent and a child body whose geoms get a
// <pair>: the smaller sphere turns as in the source (the source's connect
// is soft, the output's ball joint rigid: within 15°).
func TestEqualityBodiesKeepContacts(t *testing.T) {
	reg := all.Registry()
	dir := t.TempDir()
	bodies := `<mujoco><option gravity="0 0 0"/><worldbody>` +
		`<body name="a" pos="0 0 1"><freejoint/><geom type="sphere" size="0.2"/></body>` +
		`<body name="b" pos="0.25 0 1"><freejoint/><geom type="sphere" size="0.1" pos="0 0 0.1"/></body></worldbody>`
	for name, eq := range map[string]string{
		"connect": `<connect body1="a" body2="b" anchor="0.25 0 0"/>`,
		"weld":    `<weld body1="a" body2="b"/>`,
	} {
		src := bodies + `<equality>` + eq + `</equality></mujoco>`
		out, res := convertIn(t, reg, fstest.MapFS{"src.xml": {Data: []byte(src)}}, "src.xml", "mjcf")
		if m := mismatches(res); len(m) > 0 {
			t.Errorf("%s: %v", name, m)
		}
		want := stepped(t, dir, name+"-src.xml", []byte(src), nil, 400, "--backend", "c")
		got := stepped(t, dir, name+"-out.xml", out.Main, nil, 400, "--backend", "c")
		for _, body := range []string{"a", "b"} {
			if w, g := want[body].Xpos, got[body].Xpos; apart(g, w) > 1e-6 {
				t.Errorf("%s: body %s at %v after 400 steps, the source's at %v", name, body, g, w)
			}
		}
	}
	src := bodies + `<equality><connect body1="a" body2="b" anchor="0.25 0 0"/></equality></mujoco>`
	gltf, _ := convertIn(t, reg, fstest.MapFS{"src.xml": {Data: []byte(src)}}, "src.xml", "khr")
	files := fstest.MapFS{"src.gltf": {Data: gltf.Main}}
	for n, data := range gltf.Files {
		files[n] = &fstest.MapFile{Data: data}
	}
	out, res := convertIn(t, reg, files, "src.gltf", "mjcf")
	if m := mismatches(res); len(m) > 0 {
		t.Errorf("through KHR: %v", m)
	}
	turned := func(name string, data []byte, side map[string][]byte) float64 {
		q := stepped(t, dir, name, data, side, 400, "--backend", "c")["b"].Xquat
		return 2 * math.Acos(math.Min(1, math.Abs(q[0]))) * 180 / math.Pi
	}
	want, got := turned("src.xml", []byte(src), nil), turned("khr-out.xml", out.Main, out.Files)
	if want < 60 {
		t.Fatalf("the source's sphere turned %.1f°, want it pushed round", want)
	}
	if math.Abs(got-want) > 15 {
		t.Errorf("through KHR, the output's sphere turned %.1f°, the source's %.1f°", got, want)
	}
}
