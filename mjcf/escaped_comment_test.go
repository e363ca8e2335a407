package mjcf

import (
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// TestEscapedCommentMarkup: MuJoCo's XML parser (TinyXML2) passes over
// markup that opens like a comment and is none, up to its '>': mujoco_mpc's
// humanoid tracking task notes what each keyframe include holds as
// <!-\- … -\->. The reader refused such a model as malformed XML; it now
// reads it as MuJoCo does, the markup as white space.
func TestEscapedCommentMarkup(t *testing.T) {
	src := `<mujoco model="m">
  <worldbody>
    <body name="b" pos="0 0 1"><freejoint/><geom type="sphere" size="0.1" mass="1"/></body>
    <!-\- simple jump, balance -\->
  </worldbody>
  <!-\- dance: "xtra fancY charleston" -\->
</mujoco>`
	g, _, err := Parse(&convert.Input{Name: "m.xml", Data: []byte(src), Options: &convert.Options{}})
	if err != nil {
		t.Fatal(err)
	}
	bodies := 0
	for _, n := range g.Nodes {
		if n.Motion != nil {
			bodies++
		}
	}
	if bodies != 1 {
		t.Errorf("%d bodies read, want the one outside the markup", bodies)
	}
	testenv.Oracle(t, "mj-inspect")
	dir := t.TempDir()
	for _, backend := range [][]string{nil, {"--backend", "c"}} {
		b := testenv.MuJoCoBodies(t, testenv.WriteFiles(t, dir, "m.xml", []byte(src), nil), backend...)
		if _, ok := b["b"]; !ok || len(b) != 2 { // the world and b
			t.Errorf("MuJoCo %v reads bodies %v", backend, b)
		}
	}
}
