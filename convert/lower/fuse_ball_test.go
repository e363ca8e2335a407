package lower_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/lower"
	"github.com/physconv/physconv/godot"
	"github.com/physconv/physconv/mjcf"
	"github.com/physconv/physconv/urdf"
)

// TestFuseBallChains: where the target's engine solves bodies in world
// coordinates (Godot), three joints turning freely about perpendicular
// axes through one point, through two bare stand-in links (massless, or
// of the 1e-9 kg stand-in mass URDF output gives dummy links), are one
// ball joint; a limit, axes not perpendicular, joints apart, a
// link of real mass or with a shape, or a target in joint coordinates
// (MJCF) keep the three joints.
func TestFuseBallChains(t *testing.T) {
	const standIn = `<inertial><mass value="1e-09"/><inertia ixx="1e-12" iyy="1e-12" izz="1e-12" ixy="0" ixz="0" iyz="0"/></inertial>`
	type joint struct{ kind, axis, origin, extra string }
	free := func(axis string) joint { return joint{kind: "continuous", axis: axis, origin: "0 0 1"} }
	robot := func(js [3]joint, link1, link2 string) string {
		s := `<robot name="r">
  <link name="world"/>
  <link name="d0">` + link1 + `</link>
  <link name="d1">` + link2 + `</link>
  <link name="arm"><inertial><origin xyz="0.5 0 0"/><mass value="1"/><inertia ixx="0.01" iyy="0.1" izz="0.1" ixy="0" ixz="0" iyz="0"/></inertial>
    <collision><origin xyz="0.5 0 0"/><geometry><box size="1 0.1 0.1"/></geometry></collision></link>`
		links := [4]string{"world", "d0", "d1", "arm"}
		for k, j := range js {
			origin := j.origin
			if k > 0 {
				origin = "0 0 0"
			}
			if j.origin != "0 0 1" && k > 0 {
				origin = j.origin
			}
			s += fmt.Sprintf(`
  <joint name="j%d" type="%s"><origin xyz="%s"/><axis xyz="%s"/>%s<parent link="%s"/><child link="%s"/></joint>`, k, j.kind, origin, j.axis, j.extra, links[k], links[k+1])
		}
		return s + "\n</robot>"
	}
	ball := [3]joint{free("1 0 0"), free("0 1 0"), free("0 0 1")}
	limited, oblique, apart := ball, ball, ball
	limited[1] = joint{kind: "revolute", axis: "0 1 0", origin: "0 0 1", extra: `<limit lower="-0.5" upper="0.5" effort="1" velocity="1"/>`}
	oblique[1].axis = "1 1 0"
	apart[2] = joint{kind: "continuous", axis: "0 0 1", origin: "0.2 0 0"}
	for _, c := range []struct {
		name, urdf string
		caps       *convert.Capabilities
		fused      bool
	}{
		{"stand-in links", robot(ball, standIn, standIn), &godot.Capabilities, true},
		{"massless links", robot(ball, `<inertial><mass value="0"/><inertia ixx="0" iyy="0" izz="0" ixy="0" ixz="0" iyz="0"/></inertial>`, ""), &godot.Capabilities3, true},
		{"into MJCF", robot(ball, standIn, standIn), &mjcf.Capabilities, false},
		{"a limit", robot(limited, standIn, standIn), &godot.Capabilities, false},
		{"oblique axes", robot(oblique, standIn, standIn), &godot.Capabilities, false},
		{"joints apart", robot(apart, standIn, standIn), &godot.Capabilities, false},
		{"a link of real mass", robot(ball, standIn, `<inertial><mass value="0.01"/><inertia ixx="1e-6" iyy="1e-6" izz="1e-6" ixy="0" ixz="0" iyz="0"/></inertial>`), &godot.Capabilities, false},
		{"a link with a shape", robot(ball, standIn+`<collision><geometry><sphere radius="0.01"/></geometry></collision>`, standIn), &godot.Capabilities, false},
	} {
		g, _, err := urdf.Parse(&convert.Input{Name: "r.urdf", Data: []byte(c.urdf), Options: &convert.Options{Up: "keep"}})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		out, diags := lower.Lower(g, c.caps)
		var joints []*convert.Joint
		for _, n := range out.Nodes {
			if n.Joint != nil {
				joints = append(joints, n.Joint)
			}
		}
		said := slices.ContainsFunc(diags, func(d convert.Diagnostic) bool { return d.Code == convert.CodeJointChainFused })
		if !c.fused {
			if said || len(joints) < 3 {
				t.Errorf("%s: fused (said %v, %d joints), want the three joints kept", c.name, said, len(joints))
			}
			continue
		}
		// one ball joint: every position held, every angle free, and the
		// stand-ins no bodies
		if !said || len(joints) != 1 {
			t.Fatalf("%s: said %v, %d joints, want one ball joint", c.name, said, len(joints))
		}
		j := joints[0]
		if len(j.Limits) != 1 || !j.Limits[0].Fixed() || len(j.Limits[0].Linear) != 3 || len(j.Limits[0].Angular) != 0 {
			t.Errorf("%s: limits %+v, want the three positions held and nothing else", c.name, j.Limits)
		}
		for _, n := range out.Nodes {
			if (n.Name == "d0" || n.Name == "d1") && n.Motion != nil {
				t.Errorf("%s: stand-in %q is still a body", c.name, n.Name)
			}
		}
	}
}
