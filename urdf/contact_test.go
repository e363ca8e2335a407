package urdf

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

func contactRobot(linkExtra, robotExtra string) string {
	return fmt.Sprintf(`<?xml version="1.0"?>
<robot name="r">
  <link name="a">
    <inertial><mass value="1"/><inertia ixx="0.01" ixy="0" ixz="0" iyy="0.01" iyz="0" izz="0.01"/></inertial>
    <collision><geometry><box size="0.2 0.2 0.2"/></geometry></collision>
    <collision><origin xyz="0 0 0.2"/><geometry><sphere radius="0.1"/></geometry></collision>
    %s
  </link>
  %s
</robot>`, linkExtra, robotExtra)
}

func parseURDF(t *testing.T, text string) (*convert.Graph, convert.Diagnostics, error) {
	t.Helper()
	return Parse(&convert.Input{Name: "r.urdf", Data: []byte(text), Options: &convert.Options{}})
}

// Gazebo and Bullet contact parameters become the material of the link's
// collisions, and URDF → URDF gives the same material back.
func TestContactMaterials(t *testing.T) {
	cases := []struct {
		name, link, robot string
		want              convert.Material
		codes             string
	}{
		{"gazebo", "", `<gazebo reference="a"><mu1>0.8</mu1><mu2>0.8</mu2><kp>1e5</kp><kd>20</kd></gazebo>`,
			convert.Material{Name: "a", StaticFriction: 0.8, DynamicFriction: 0.8, ContactStiffness: 1e5, ContactDamping: 20}, "contact-material-read"},
		{"gazebo kp only", "", `<gazebo reference="a"><kp>1e5</kp></gazebo>`,
			convert.Material{Name: "a", StaticFriction: 1, DynamicFriction: 1, ContactStiffness: 1e5}, "contact-material-read"},
		{"gazebo anisotropic", "", `<gazebo reference="a"><mu1>0.9</mu1><mu2>0.5</mu2></gazebo>`,
			convert.Material{Name: "a", StaticFriction: 0.9, DynamicFriction: 0.9}, "friction-anisotropic contact-material-read"},
		{"bullet", `<contact><lateral_friction value="0.6"/><rolling_friction value="0.01"/><spinning_friction value="0.03"/><restitution value="0.4"/><stiffness value="3e4"/><damping value="100"/></contact>`, "",
			convert.Material{Name: "a", StaticFriction: 0.6, DynamicFriction: 0.6, RollingFriction: 0.01, SpinningFriction: 0.03, Restitution: 0.4, ContactStiffness: 3e4, ContactDamping: 100}, "contact-material-read"},
		{"bullet restitution only", `<contact><restitution value="0.5"/></contact>`, "",
			convert.Material{Name: "a", StaticFriction: 0.5, DynamicFriction: 0.5, Restitution: 0.5}, "contact-material-read"},
		{"both: gazebo friction wins", `<contact><lateral_friction value="0.3"/><restitution value="0.2"/></contact>`, `<gazebo reference="a"><mu1>0.7</mu1></gazebo>`,
			convert.Material{Name: "a", StaticFriction: 0.7, DynamicFriction: 0.7, Restitution: 0.2}, "contact-material-read"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g, diags, err := parseURDF(t, contactRobot(c.link, c.robot))
			if err != nil {
				t.Fatal(err)
			}
			var codes []string
			for _, d := range diags {
				if d.Code == convert.CodeContactMaterialRead || d.Code == convert.CodeFrictionAnisotropic {
					codes = append(codes, string(d.Code))
				}
			}
			if got := strings.Join(codes, " "); got != c.codes {
				t.Errorf("codes %q, want %q", got, c.codes)
			}
			check := func(g *convert.Graph, when string) {
				t.Helper()
				n := 0
				for _, nd := range g.Nodes {
					if nd.Collider == nil {
						continue
					}
					n++
					if m := nd.Collider.Material; m < 0 || g.Materials[m] != c.want {
						t.Fatalf("%s: collider %s material %d %+v, want %+v", when, nd.Name, m, g.Materials, c.want)
					}
				}
				if n != 2 {
					t.Fatalf("%s: %d colliders", when, n)
				}
			}
			check(g, "parsed")
			out, _, err := Emit(g, &convert.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if n := strings.Count(string(out.Main), "<mu1>"); n != 1 {
				t.Fatalf("%d <mu1> written:\n%s", n, out.Main)
			}
			back, _, err := parseURDF(t, string(out.Main))
			if err != nil {
				t.Fatal(err)
			}
			check(back, "URDF → URDF")
		})
	}
}

// A contact value that is not a non-negative number is an error at its line.
func TestContactMalformed(t *testing.T) {
	for _, c := range []struct{ link, robot string }{
		{"", `<gazebo reference="a"><mu1>lots</mu1></gazebo>`},
		{"", `<gazebo reference="a"><kp>-1</kp></gazebo>`},
		{`<contact><lateral_friction value="x"/></contact>`, ""},
	} {
		_, _, err := parseURDF(t, contactRobot(c.link, c.robot))
		var fe *convert.FormatError
		if err == nil || !errors.As(err, &fe) || fe.Line < 7 || !strings.Contains(err.Error(), "non-negative number") {
			t.Errorf("%s%s: error %v", c.link, c.robot, err)
		}
	}
	// a gazebo block about something else stays as it was: the link's
	// collisions touch with URDF's default
	g, _, err := parseURDF(t, contactRobot("", `<gazebo reference="a"><material>Gazebo/Red</material></gazebo>`))
	if err != nil || len(g.Materials) != 1 || g.Materials[0] != defaultContact() {
		t.Fatalf("non-contact gazebo block read as material: %v %+v", err, g.Materials)
	}
}

// TestContactMaterialOwner: the link's material is the first collision
// that has one, whatever order the collisions come in; a collision without
// a material, or with another one, is reported (material-per-link), and a
// combine rule URDF cannot hold is reported (combine-dropped).
func TestContactMaterialOwner(t *testing.T) {
	for _, c := range []struct {
		name     string
		mats     []int // material index per collider (-1 = none)
		combine  string
		perLink  int // material-per-link diagnostics expected
		combined bool
	}{
		{"only one with a material, first", []int{0, -1}, "", 1, false},
		{"only one with a material, last", []int{-1, 0}, "", 1, false},
		{"two with the same", []int{0, 0}, "", 0, false},
		{"two different", []int{0, 1}, "", 1, false},
		{"combine rule", []int{0}, "maximum", 0, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := convert.NewGraph()
			g.Materials = []convert.Material{
				{StaticFriction: 0.3, DynamicFriction: 0.3, Restitution: 0.2, FrictionCombine: c.combine},
				{StaticFriction: 0.9, DynamicFriction: 0.9},
			}
			box := g.AddShape(convert.Shape{Kind: convert.Box, Size: convert.Vec3{1, 1, 1}, Mesh: -1})
			body := g.AddNode(convert.Node{Name: "b", Motion: &convert.Motion{Kind: convert.Dynamic, GravityFactor: 1,
				Mass: convert.Ptr(1.0), CenterOfMass: &convert.Vec3{}, InertiaDiagonal: &convert.Vec3{1, 1, 1},
				MassSource: convert.Given, CenterOfMassSource: convert.Given, InertiaSource: convert.Given}}, -1)
			for k, m := range c.mats {
				g.AddNode(convert.Node{Name: "c" + string(rune('0'+k)), Collider: &convert.Collider{Shape: box, Material: m, Filter: -1}}, body)
			}
			out, diags, err := Emit(g, &convert.Options{})
			if err != nil {
				t.Fatal(err)
			}
			perLink, combined := 0, false
			for _, d := range diags {
				perLink += map[bool]int{true: 1}[d.Code == convert.CodeMaterialPerLink]
				combined = combined || d.Code == convert.CodeCombineDropped
			}
			if perLink != c.perLink || combined != c.combined {
				t.Errorf("material-per-link %d (want %d), combine-dropped %v (want %v): %v", perLink, c.perLink, combined, c.combined, diags)
			}
			back, _, err := parseURDF(t, string(out.Main))
			if err != nil {
				t.Fatal(err)
			}
			want := g.Materials[0]
			if c.mats[0] < 0 || c.mats[0] == 1 && len(c.mats) == 1 {
				want = g.Materials[c.mats[len(c.mats)-1]]
			}
			for _, n := range back.Nodes {
				if n.Collider == nil {
					continue
				}
				if n.Collider.Material < 0 {
					t.Fatalf("collider %q read back without the link's material:\n%s", n.Name, out.Main)
				}
				got := back.Materials[n.Collider.Material]
				if got.DynamicFriction != want.DynamicFriction || got.Restitution != want.Restitution {
					t.Errorf("collider %q: friction %g restitution %g, want %g %g", n.Name, got.DynamicFriction, got.Restitution, want.DynamicFriction, want.Restitution)
				}
			}
		})
	}
}
