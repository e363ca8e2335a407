package physconv_test

import (
	"math"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// TestMasslessChainHoldsInGodot: a mobile base on the planar joints of
// ROS robots (slides along x and y and a turn about z, through two
// massless dummy links) fell 19.8 m in two seconds in Godot, whose
// solver cannot hold a chain through 1e-9 kg stand-ins. Written for
// Godot, and for glTF whose engines solve alike, the chain is one joint
// (joint-chain-fused): in Godot 4.6 the base stays on its plane after 120
// steps while the arm on it swings, and the glTF reads back with one
// joint where the URDF had three.
func TestMasslessChainHoldsInGodot(t *testing.T) {
	const robot = `<robot name="p">
  <link name="world"/>
  <link name="bx"/>
  <link name="by"/>
  <link name="base">
    <inertial><mass value="10"/><inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial>
    <collision><geometry><box size="0.5 0.5 0.3"/></geometry></collision>
  </link>
  <link name="arm">
    <inertial><origin xyz="0.3 0 0"/><mass value="2"/><inertia ixx="0.02" iyy="0.02" izz="0.02" ixy="0" ixz="0" iyz="0"/></inertial>
  </link>
  <joint name="x" type="prismatic"><parent link="world"/><child link="bx"/><axis xyz="1 0 0"/><limit lower="-10" upper="10" effort="100" velocity="1"/></joint>
  <joint name="y" type="prismatic"><parent link="bx"/><child link="by"/><axis xyz="0 1 0"/><limit lower="-10" upper="10" effort="100" velocity="1"/></joint>
  <joint name="theta" type="continuous"><parent link="by"/><child link="base"/><axis xyz="0 0 1"/></joint>
  <joint name="shoulder" type="revolute"><parent link="base"/><child link="arm"/><origin xyz="0.25 0 0.15"/><axis xyz="0 1 0"/><limit lower="-2" upper="2" effort="10" velocity="1"/></joint>
</robot>`
	reg := all.Registry()
	write := func(to string) (*convert.Output, convert.Diagnostics) {
		out, res := convertIn(t, reg, fstest.MapFS{"p.urdf": {Data: []byte(robot)}}, "p.urdf", to)
		for _, d := range mismatches(res) {
			t.Errorf("%s: %v", to, d)
		}
		return out, res.Diagnostics
	}
	// glTF keeps the chain (its links marked massless), for its readers
	// and a round trip
	gltf, diags := write("khr")
	if n := strings.Count(string(gltf.Main), `"connectedNode"`); diags.Has(convert.CodeJointChainFused) || n != 4 {
		t.Errorf("glTF: %d joints (want the URDF's 4), fusion said %v", n, diags.Has(convert.CodeJointChainFused))
	}
	scene, diags := write("godot")
	if !strings.Contains(string(scene.Main), `type="Generic6DOFJoint3D"`) || !diags.Has(convert.CodeJointChainFused) {
		t.Fatalf("no fused joint in the scene:\n%s", scene.Main)
	}
	// and a Godot scene of the glTF is fused alike
	files := fstest.MapFS{"p.gltf": {Data: gltf.Main}}
	for rel, data := range gltf.Files {
		files[rel] = &fstest.MapFile{Data: data}
	}
	if again, res := convertIn(t, reg, files, "p.gltf", "godot"); !res.Diagnostics.Has(convert.CodeJointChainFused) || strings.Count(string(again.Main), "Joint3D") != 2 {
		t.Errorf("Godot scene of the glTF: fusion said %v\n%s", res.Diagnostics.Has(convert.CodeJointChainFused), again.Main)
	}
	at := testenv.GodotOrigins(t, "godot4-inspect", string(scene.Main), 120, nil)
	var base [3]float64
	found := false
	for path, o := range at {
		if strings.HasSuffix(path, "/base") {
			base, found = o, true
		}
	}
	// Godot is Y-up: the base's plane is y = 0; the arm's swing pushes it
	// along the plane
	if !found || math.Abs(base[1]) > 1e-3 || math.Abs(base[0]) < 1e-3 {
		t.Errorf("after 120 steps in Godot 4.6 the base is at %v (found %v), off its plane y = 0 or not pushed along it", base, found)
	}
}
