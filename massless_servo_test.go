package physconv_test

import (
	"context"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// TestDefaultServosOnMasslessLinksStable: a URDF arm whose links have no
// inertial, each joint commanded by position through ros2_control, gets
// MJCF servos with default gains on the 1e-9 kg stand-ins MuJoCo needs.
// Their damping was sized for 1 kg·m² (what the joint moves being
// unknown), 10^10 times what the step can follow, and MuJoCo 2.2 met NaN
// on the first step. The damping is now sized by what the subtree weighs
// as written, and 200 steps stay finite, the arm where it hangs.
func TestDefaultServosOnMasslessLinksStable(t *testing.T) {
	src := `<robot name="arm"><link name="base"/><link name="l1"/><link name="l2"/>
<joint name="j1" type="revolute"><parent link="base"/><child link="l1"/><axis xyz="0 1 0"/><limit lower="-3" upper="3" effort="10" velocity="1"/></joint>
<joint name="j2" type="revolute"><parent link="l1"/><child link="l2"/><origin xyz="0.5 0 0"/><axis xyz="0 1 0"/><limit lower="-3" upper="3" effort="10" velocity="1"/></joint>
<ros2_control name="s" type="system"><hardware><plugin>mock_components/GenericSystem</plugin></hardware>
<joint name="j1"><command_interface name="position"/></joint><joint name="j2"><command_interface name="position"/></joint></ros2_control></robot>`
	out, _, err := physconv.ConvertBytes(context.Background(), all.Registry(), &convert.Input{Name: "arm.urdf", Data: []byte(src),
		Options: &convert.Options{From: "urdf", To: "mjcf", OutputName: "arm.xml"}})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Count(string(out.Main), "<general ") != 2 {
		t.Fatalf("want two servos:\n%s", out.Main)
	}
	testenv.Oracle(t, "mj-inspect")
	file := filepath.Join(t.TempDir(), "arm.xml")
	if err := os.WriteFile(file, out.Main, 0o644); err != nil {
		t.Fatal(err)
	}
	raw, code := testenv.RunOracle(t, "mj-inspect", "--backend", "c", "--steps", "200", "--compact", file)
	var rep struct {
		OK    bool `json:"ok"`
		After struct {
			Bodies []testenv.MuJoCoBody `json:"bodies"`
		} `json:"after_steps"`
	}
	if err := json.Unmarshal(raw, &rep); err != nil || code != 0 || !rep.OK {
		t.Fatalf("MuJoCo 2.2 after 200 steps: exit %d %v\n%.400s", code, err, raw)
	}
	for _, b := range rep.After.Bodies {
		for _, x := range b.Xpos {
			if math.IsNaN(x) || math.Abs(x) > 1 {
				t.Errorf("body %s at %v after 200 steps", b.Name, b.Xpos)
			}
		}
	}
}
