package mjcf

import (
	"slices"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/inspect"
)

// stackMJCF has bodies whose joints sit at different points, so the
// reader chains each through massless links: unnamed bodies with unnamed
// joints (one nested in another, both chains at one place), a named body
// with unnamed joints, an unnamed body with named joints, and a named
// body with named joints.
const stackMJCF = `<mujoco>
  <worldbody>
    <body pos="0 0 1">
      <joint axis="1 0 0" pos="0 0 0.1" range="-30 30"/>
      <joint axis="0 1 0" pos="0 0.1 0"/>
      <joint type="slide" axis="0 0 1" pos="0.1 0 0" range="-0.1 0.2"/>
      <geom size="0.1"/>
      <body>
        <joint axis="1 0 0" pos="0 0 0.2"/>
        <joint axis="0 0 1" pos="0 0.2 0" range="0 45"/>
        <geom size="0.05" pos="0.3 0 0"/>
      </body>
    </body>
    <body name="named" pos="1 0 1">
      <joint axis="1 0 0" pos="0 0 0.1"/>
      <joint axis="0 1 0" pos="0 0.1 0"/>
      <geom size="0.1"/>
    </body>
    <body pos="2 0 1">
      <joint name="ja" axis="1 0 0" pos="0 0 0.1"/>
      <joint name="jb" axis="0 1 0" pos="0 0.1 0"/>
      <geom size="0.1"/>
    </body>
    <body name="both" pos="3 0 1">
      <joint name="jc" axis="1 0 0" pos="0 0 0.1"/>
      <joint name="jd" axis="0 1 0" pos="0 0.1 0"/>
      <geom size="0.1"/>
    </body>
  </worldbody>
</mujoco>`

// TestStackLinkNames: each link of a joint chain is named <body>#<joint>
// after the names the Graph gives its body and the joint that moves it,
// "node<i>" for an unnamed one, so every link has a name of its own; MJCF
// output names unnamed bodies and joints so, folds the links back into
// their bodies, and reads back the very same body names. (After the
// file's empty names, the links of an unnamed body were "#", and what
// NodeNames numbered them depended on the order they were read in.)
func TestStackLinkNames(t *testing.T) {
	g, _ := parseText(t, stackMJCF)
	names := convert.NodeNames(g)
	var links []string
	for i, n := range g.Nodes {
		if _, ok := n.Extras[extraStack]; ok {
			links = append(links, n.Name)
			if strings.HasPrefix(n.Name, "#") || strings.HasSuffix(n.Name, "#") || names[i] != n.Name {
				t.Errorf("link %q (shown as %q) is not named after its body and joint", n.Name, names[i])
			}
		}
	}
	for _, want := range []string{"named#", "node", "#ja", "both#jc"} {
		found := false
		for _, l := range links {
			found = found || strings.Contains(l, want) && (want != "node" || strings.HasPrefix(l, "node"))
		}
		if !found {
			t.Errorf("no link named like %q among %q", want, links)
		}
	}
	if len(links) != 6 {
		t.Errorf("%d links %q, want 6", len(links), links)
	}
	back, text := emitParse(t, g)
	bodies := func(g *convert.Graph) []string {
		var out []string
		for _, b := range inspect.Inspect(g, "mjcf", nil).Bodies {
			out = append(out, b.Name)
		}
		slices.Sort(out)
		return out
	}
	if want, got := bodies(g), bodies(back); !slices.Equal(want, got) {
		t.Errorf("MJCF → MJCF bodies %q, want %q\n%s", got, want, text)
	}
	// and again: names written from names read back are the same
	again, text2 := emitParse(t, back)
	if want, got := bodies(g), bodies(again); !slices.Equal(want, got) {
		t.Errorf("MJCF → MJCF → MJCF bodies %q, want %q\n%s", got, want, text2)
	}
}
