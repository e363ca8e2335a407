package mjcf

import (
	"slices"
	"testing"

	"github.com/physconv/physconv/convert"
)

// excludeModel is a model of bodies a and b (bodies holds their XML,
// with a's closing tag left to it so b may nest in a) and one
// <exclude body1="a" body2="b">.
func excludeModel(bodies string) string {
	return `<mujoco model="exclude">
  <worldbody>
` + bodies + `
  </worldbody>
  <contact>
    <exclude body1="a" body2="b"/>
  </contact>
</mujoco>`
}

// TestExcludeKeepsEachGeomsMasks: an <exclude> gives each geom of a body
// a filter of its own masks' systems, however many masks the body's
// geoms have (the exclude filters were found by a name that left the
// masks out, so every geom of the body took the first one's).
func TestExcludeKeepsEachGeomsMasks(t *testing.T) {
	src := excludeModel(`
    <body name="a"><freejoint/>
      <geom name="a1" type="sphere" size="0.1" contype="2" conaffinity="2"/>
      <geom name="a2" type="sphere" size="0.1" pos="0.3 0 0" contype="4" conaffinity="4"/>
      <geom name="a3" type="sphere" size="0.1" pos="0.6 0 0"/>
    </body>
    <body name="b" pos="1 0 0"><freejoint/><geom name="b1" type="sphere" size="0.1"/></body>`)
	g, _, err := Parse(&convert.Input{Name: "exclude.xml", Data: []byte(src), Options: &convert.Options{}})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]convert.Filter{
		"a1": {Systems: []string{"bit1", "body:a"}, CollideWith: []string{"bit1"}, NotCollideWith: []string{"body:b"}},
		"a2": {Systems: []string{"bit2", "body:a"}, CollideWith: []string{"bit2"}, NotCollideWith: []string{"body:b"}},
		"a3": {Systems: []string{"body:a"}, NotCollideWith: []string{"body:b"}},
		"b1": {Systems: []string{"body:b"}, NotCollideWith: []string{"body:a"}},
	}
	names := map[string]bool{}
	for _, n := range g.Nodes {
		w, ok := want[n.Name]
		if !ok || n.Collider == nil {
			continue
		}
		if n.Collider.Filter < 0 {
			t.Errorf("%s: no filter", n.Name)
			continue
		}
		f := g.Filters[n.Collider.Filter]
		if !slices.Equal(f.Systems, w.Systems) || !slices.Equal(f.CollideWith, w.CollideWith) || !slices.Equal(f.NotCollideWith, w.NotCollideWith) {
			t.Errorf("%s: filter %+v, want %+v", n.Name, f, w)
		}
		if names[f.Name] {
			t.Errorf("%s: filter name %q is another geom's", n.Name, f.Name)
		}
		names[f.Name] = true
		delete(want, n.Name)
	}
	if len(want) > 0 {
		t.Errorf("geoms not found: %v", want)
	}
}
