package urdf

import (
	"fmt"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestShapeAxisInNodeFrame: a URDF cylinder or capsule lies along its
// origin's Z; the Graph puts that quarter turn in the shape node's own
// transform (shape axis = local Y) instead of adding a node, and URDF
// output writes the origin exactly as it writes a box's: the quarter turn
// leaves no trace.
func TestShapeAxisInNodeFrame(t *testing.T) {
	for _, c := range []struct{ geometry, rpy string }{
		{`<cylinder radius="0.1" length="0.5"/>`, "0 0 0"},
		{`<cylinder radius="0.1" length="0.5"/>`, "0.3 -0.2 1.1"},
		{`<capsule radius="0.05" length="0.4"/>`, "1.5707963267948966 0 0"},
		{`<capsule radius="0.05" length="0.4"/>`, "0.1 0.7 -2.5"},
	} {
		for _, elem := range []string{"collision", "visual"} {
			name := fmt.Sprintf("%s %s rpy=%s", elem, c.geometry, c.rpy)
			src := `<robot name="r"><link name="base"><inertial><mass value="1"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial>` +
				`<` + elem + `><origin xyz="0.25 -0.5 1" rpy="` + c.rpy + `"/><geometry>` + c.geometry + `</geometry></` + elem + `></link></robot>`
			g, _, err := Parse(&convert.Input{Name: "r.urdf", Data: []byte(src), Options: (&convert.Options{}).With(CapsuleOption, "urdf-ext")})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			shapeNode := -1
			for i, n := range g.Nodes {
				if strings.HasSuffix(n.Name, "/axis") {
					t.Errorf("%s: synthetic node %q", name, n.Name)
				}
				if n.Collider != nil || n.Visual != nil {
					shapeNode = i
				}
			}
			if shapeNode < 0 {
				t.Fatalf("%s: no shape node", name)
			}
			// The shape's axis (local Y) is the origin's Z in the link frame.
			n := g.Nodes[shapeNode]
			want := convert.RPYQuat(parseVec(t, c.rpy)).Rotate(convert.Vec3{0, 0, 1})
			if got := n.Transform.R.Rotate(convert.Vec3{0, 1, 0}); got.Sub(want).Len() > 1e-12 {
				t.Errorf("%s: shape axis %v, want %v", name, got, want)
			}
			out, _, err := Emit(g, (&convert.Options{}).With(CapsuleOption, "urdf-ext"))
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			box := strings.Replace(src, c.geometry, `<box size="1 1 1"/>`, 1)
			gb, _, err := Parse(&convert.Input{Name: "r.urdf", Data: []byte(box), Options: &convert.Options{}})
			if err != nil {
				t.Fatal(err)
			}
			outBox, _, err := Emit(gb, &convert.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if got, want := origin(string(out.Main)), origin(string(outBox.Main)); got != want || !strings.Contains(got, `xyz="0.25 -0.5 1"`) {
				t.Errorf("%s: origin %s, want %s as for a box", name, got, want)
			}
		}
	}
}

// origin returns the first <origin> element after <visual> or <collision>.
func origin(urdf string) string {
	i := strings.Index(urdf, "<origin")
	if i < 0 {
		return ""
	}
	return urdf[i : i+strings.Index(urdf[i:], ">")+1]
}

func parseVec(t *testing.T, s string) convert.Vec3 {
	var v convert.Vec3
	if _, err := fmt.Sscan(s, &v[0], &v[1], &v[2]); err != nil {
		t.Fatal(err)
	}
	return v
}
