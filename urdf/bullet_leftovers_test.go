package urdf

import (
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestAfterRobotIgnored: urdfdom reads a robot with TinyXML2, which
// passes over what follows the top-level element; PyBullet's humanoid
// ends "</robot>\r\n\x00", and physconv refused it (illegal character
// U+0000). What follows </robot> is ignored now, and said at its line;
// a fault inside the robot is still refused.
func TestAfterRobotIgnored(t *testing.T) {
	robot := "<robot name=\"r\">\n<link name=\"a\"/>\n</robot>"
	for _, c := range []struct {
		name, src string
		line      int // of the ignored content; -1: refused
	}{
		{"NUL padding", robot + "\r\n\x00", 4},
		{"stray end tag", robot + "\n</robot>\n", 4},
		{"second element", robot + "\n<robot name=\"b\"/>", 4},
		{"nothing after", robot + "\n", 0},
		{"NUL inside", "<robot name=\"r\">\n<link name=\"a\"/>\x00\n</robot>", -1},
	} {
		g, diags, err := Parse(&convert.Input{Name: "r.urdf", Data: []byte(c.src), Options: &convert.Options{}})
		if c.line < 0 {
			if err == nil {
				t.Errorf("%s: read", c.name)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		line := 0
		for _, d := range diags {
			if d.Code == convert.CodeXMLAfterRootIgnored {
				line = d.Line
			}
		}
		if line != c.line {
			t.Errorf("%s: ignored content said at line %d, want %d: %v", c.name, line, c.line, diags)
		}
		if len(g.Nodes) == 0 {
			t.Errorf("%s: no link read", c.name)
		}
	}
}

// TestBulletInertiaScaling: Bullet's <contact><inertia_scaling>
// multiplies the inertia Bullet computes from the collision shapes; the
// link's <inertial> is read as written (as ROS tools and MuJoCo read it),
// which a value other than 1 makes differ from Bullet: that is said, and
// the element stays with the link for URDF output.
func TestBulletInertiaScaling(t *testing.T) {
	for _, c := range []struct {
		value string
		said  bool
	}{{"3", true}, {"1", false}} {
		src := `<robot name="r"><link name="a"><contact><lateral_friction value="0.7"/><inertia_scaling value="` + c.value + `"/></contact>` +
			`<inertial><mass value="1"/><inertia ixx="0.1" iyy="0.1" izz="0.1" ixy="0" ixz="0" iyz="0"/></inertial>` +
			`<collision><geometry><box size="1 1 1"/></geometry></collision></link></robot>`
		g, diags, err := Parse(&convert.Input{Name: "r.urdf", Data: []byte(src), Options: &convert.Options{}})
		if err != nil {
			t.Fatal(err)
		}
		if got := diags.Has(convert.CodeBulletInertiaScaling); got != c.said {
			t.Errorf("inertia_scaling %s: said %v: %v", c.value, got, diags)
		}
		for _, n := range g.Nodes {
			if m := n.Motion; m != nil && m.InertiaDiagonal != nil && m.InertiaDiagonal[0] != 0.1 {
				t.Errorf("inertia_scaling %s: inertia read as %v, want the file's 0.1", c.value, *m.InertiaDiagonal)
			}
		}
		out, _, err := Emit(g, &convert.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(out.Main), `<inertia_scaling value="`+c.value+`"`) {
			t.Errorf("inertia_scaling %s: not kept in URDF output:\n%s", c.value, out.Main)
		}
	}
}

// TestSphericalLimitSaid: Bullet reads a spherical joint's <limit lower
// upper twist> as swing and twist ranges; physconv reads the joint as a
// free ball, and says that the limit is not read (every target lost it
// without a word).
func TestSphericalLimitSaid(t *testing.T) {
	for _, c := range []struct {
		limit string
		said  bool
	}{{`<limit lower="0.5" upper="0.7" twist="0.3" effort="10"/>`, true}, {``, false}} {
		src := `<robot name="r"><link name="a"/><link name="b"><inertial><mass value="1"/><inertia ixx="0.1" iyy="0.1" izz="0.1" ixy="0" ixz="0" iyz="0"/></inertial></link>` +
			`<joint name="s" type="spherical"><parent link="a"/><child link="b"/>` + c.limit + `</joint></robot>`
		_, diags, err := Parse(&convert.Input{Name: "r.urdf", Data: []byte(src), Options: &convert.Options{}})
		if err != nil {
			t.Fatal(err)
		}
		said := false
		for _, d := range diags {
			said = said || d.Code == convert.CodeFieldDropped && strings.Contains(d.Message, "spherical joint")
		}
		if said != c.said {
			t.Errorf("%q: the dropped limit said %v: %v", c.limit, said, diags)
		}
	}
}
