package urdf

import (
	"fmt"
	"math"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/mass"
)

// TestDrakeGeometry: Drake's <drake:ellipsoid a b c> and <drake:capsule
// radius length> are read as an ellipsoid of those semi-axes along the
// link's x, y, z and as a capsule, reported at their line; a link of one
// gets the mass of that solid (its volume at the density). Other
// extensions stay unknown geometry, left out at their line
// (TestUnknownGeometry).
func TestDrakeGeometry(t *testing.T) {
	for _, c := range []struct {
		shape  string
		kind   convert.ShapeKind
		volume float64
	}{
		{`<drake:ellipsoid a="0.1" b="0.2" c="0.3"/>`, convert.Ellipsoid, 4.0 / 3 * math.Pi * 0.1 * 0.2 * 0.3},
		{`<drake:capsule radius="0.1" length="0.4"/>`, convert.Capsule, math.Pi*0.01*0.4 + 4.0/3*math.Pi*0.001},
	} {
		src := "<robot name=\"r\">\n<link name=\"a\">\n<collision><geometry>\n" + c.shape + "\n</geometry></collision>\n</link>\n" +
			"<link name=\"b\">\n<collision><geometry>\n" + c.shape + "\n</geometry></collision>\n<inertial><mass value=\"1\"/></inertial>\n</link>\n" +
			"<joint name=\"j\" type=\"continuous\"><parent link=\"a\"/><child link=\"b\"/></joint>\n</robot>\n"
		g, diags, err := Parse(&convert.Input{Name: "r.urdf", Data: []byte(src), Options: &convert.Options{}})
		if err != nil {
			t.Fatalf("%s: %v", c.shape, err)
		}
		if d := diags.OfCode(convert.CodeDrakeGeometryRead); len(d) != 2 || d[0].Line != 4 {
			t.Errorf("%s: drake-geometry-read %v", c.shape, d)
		}
		for _, n := range g.Nodes {
			if n.Collider == nil {
				continue
			}
			sh := g.Shapes[n.Collider.Shape]
			if sh.Kind != c.kind || c.kind == convert.Ellipsoid && sh.Size != (convert.Vec3{0.1, 0.2, 0.3}) {
				t.Errorf("%s: read as %+v", c.shape, sh)
			}
		}
		// link b gives a mass: the solid is scaled to it; link a (the root,
		// massless by URDF's meaning) keeps none
		props, _ := mass.ShapeMassProps(g, g.Nodes[firstCollider(g)].Collider.Shape, 1000)
		if math.Abs(props.Mass-1000*c.volume) > 1e-9*props.Mass {
			t.Errorf("%s: solid of %v kg at 1000 kg/m³, want %v", c.shape, props.Mass, 1000*c.volume)
		}
	}
}

func firstCollider(g *convert.Graph) int {
	for i, n := range g.Nodes {
		if n.Collider != nil {
			return i
		}
	}
	return -1
}

// TestImpliedWorldLink: a joint whose parent is a link "world" the robot
// does not declare (robots written for Gazebo or Drake) fixes its child
// to the world, with a warning at the joint's line, as a declared world
// link does; a child named "world" that is not declared, or any other
// undeclared link, is still refused.
func TestImpliedWorldLink(t *testing.T) {
	body := "<link name=\"base\"><inertial><mass value=\"2\"/><inertia ixx=\"0.1\" iyy=\"0.1\" izz=\"0.1\" ixy=\"0\" ixz=\"0\" iyz=\"0\"/></inertial>\n" +
		"<collision><geometry><box size=\"0.2 0.2 0.2\"/></geometry></collision></link>\n" +
		"<link name=\"arm\"><inertial><mass value=\"1\"/><inertia ixx=\"0.01\" iyy=\"0.01\" izz=\"0.01\" ixy=\"0\" ixz=\"0\" iyz=\"0\"/></inertial></link>\n" +
		"<joint name=\"elbow\" type=\"continuous\"><parent link=\"base\"/><child link=\"arm\"/><axis xyz=\"0 1 0\"/></joint>\n"
	weld := "<joint name=\"weld\" type=\"fixed\"><parent link=\"world\"/><child link=\"base\"/><origin xyz=\"0 0 1\"/></joint>\n"
	implied, diags, err := Parse(&convert.Input{Name: "r.urdf", Data: []byte("<robot name=\"r\">\n" + body + weld + "</robot>"), Options: &convert.Options{}})
	if err != nil {
		t.Fatal(err)
	}
	if d := diags.OfCode(convert.CodeWorldLinkImplied); len(d) != 1 || d[0].Line != 6 {
		t.Errorf("world-link-implied %v", d)
	}
	declared, diags2, err := Parse(&convert.Input{Name: "r.urdf", Data: []byte("<robot name=\"r\">\n<link name=\"world\"/>\n" + body + weld + "</robot>"), Options: &convert.Options{}})
	if err != nil {
		t.Fatal(err)
	}
	if diags2.Has(convert.CodeWorldLinkImplied) {
		t.Error("a declared world link reported implied")
	}
	kinds := func(g *convert.Graph) map[string]string {
		out := map[string]string{}
		frames := g.Frames(-1)
		for i, n := range g.Nodes {
			if n.Motion != nil {
				out[n.Name] = fmt.Sprint(n.Motion.Kind, frames.World(i).T)
			}
		}
		return out
	}
	a, b := kinds(implied), kinds(declared)
	if len(a) != len(b) || len(a) == 0 {
		t.Fatalf("bodies %v, declared %v", a, b)
	}
	for k, v := range b {
		if a[k] != v {
			t.Errorf("body %s: %s, with the link declared %s", k, a[k], v)
		}
	}
	for _, bad := range []string{
		"<joint name=\"w\" type=\"fixed\"><parent link=\"base\"/><child link=\"world\"/></joint>\n",
		"<joint name=\"w\" type=\"fixed\"><parent link=\"ground\"/><child link=\"base\"/></joint>\n",
	} {
		if _, _, err := Parse(&convert.Input{Name: "r.urdf", Data: []byte("<robot name=\"r\">\n" + body + bad + "</robot>"), Options: &convert.Options{}}); err == nil {
			t.Errorf("%s: read, want refused", bad)
		}
	}
}
