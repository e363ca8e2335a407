package physconv_test

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// pinScene is a Godot 4 arm hanging from a post by a PinJoint3D (a ball
// joint), tilted so that it swings.
var pinScene = godotArmScene(staticPost, "0.866025, 0.5, 0, -0.5, 0.866025, 0, 0, 0, 1, 0.433013, 0.75, 0.1", "", `[node name="Pin" type="PinJoint3D" parent="."]
transform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 0)
node_a = NodePath("../Post")
node_b = NodePath("../Arm")
`)

// TestBallChainIntoGodot: URDF has no ball joint, so a ball joint is
// written as three continuous joints through two dummy links of the
// stand-in mass 1e-9 kg; read into Godot, the arm hung from a chain of
// 1e-9 kg bodies that Godot's solver cannot hold, and fell away from its
// pivot. Three free turns about perpendicular axes through one point are
// one ball joint, which Godot output now writes (joint-chain-fused); in
// Godot the arm swings as the source's does.
func TestBallChainIntoGodot(t *testing.T) {
	reg := all.Registry()
	fsys := fstest.MapFS{"pin.tscn": {Data: []byte(pinScene)}}
	urdf, _ := convertIn(t, reg, fsys, "pin.tscn", "urdf")
	if n := strings.Count(string(urdf.Main), `type="continuous"`); n != 3 {
		t.Fatalf("the ball joint is %d continuous URDF joints, want 3:\n%s", n, urdf.Main)
	}
	for _, to := range []string{"godot", "godot3"} {
		back, res := convertIn(t, reg, outputFS(urdf, "pin.urdf"), "pin.urdf", to)
		fused := false
		for _, d := range res.Diagnostics {
			switch d.Code {
			case convert.CodeJointChainFused:
				fused = true
			case convert.CodeVerifyMismatch:
				t.Errorf("%s: %v", to, d)
			}
		}
		scene := string(back.Main)
		if !fused || !strings.Contains(scene, `type="PinJoint`) || strings.Contains(scene, "mass = 1e-09") {
			t.Errorf("%s: fused %v, want one pin joint and no stand-in bodies:\n%s", to, fused, scene)
		}
		if to != "godot" {
			continue
		}
		testenv.Oracle(t, "godot4-inspect")
		files := map[string]string{"project.godot": testenv.Godot4Project}
		// where the arm's box is (URDF puts the arm's frame at its pivot)
		want := testenv.GodotOrigins(t, "godot4-inspect", pinScene, 60, files)["Arm/Shape"]
		var got [3]float64
		for path, at := range testenv.GodotOrigins(t, "godot4-inspect", scene, 60, files) {
			if strings.HasSuffix(path, "/Arm/Shape") {
				got = at
			}
		}
		if d := apart(got, want); d > 0.02 {
			t.Errorf("after a second the arm's box is at %.3f, the source's at %.3f (%.3g m apart)", got, want, d)
		}
	}
}
