package physconv_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// replicateRefsMJCF replicates three pendulums; a tendon joins a site of
// the world to each one's tip, an actuator pulls each tendon, a connect
// ties each bob to a fixed body, and a sensor reads each tip: every such
// element refers to a replicated one, so MuJoCo copies it per replica.
const replicateRefsMJCF = `<mujoco>
  <worldbody>
    <site name="anchor" pos="0 0 2"/>
    <body name="fixed" pos="0 0 3"/>
    <replicate count="3" offset="0.5 0 0">
      <body name="arm" pos="0 0 1">
        <joint name="hinge" axis="0 1 0" range="-1 1"/>
        <geom type="capsule" size="0.02" fromto="0 0 0 0 0 -0.5"/>
        <site name="tip" pos="0 0 -0.5"/>
      </body>
    </replicate>
  </worldbody>
  <tendon>
    <spatial name="rope" range="0 2">
      <site site="anchor"/>
      <site site="tip"/>
    </spatial>
  </tendon>
  <equality><connect body1="arm" body2="fixed" anchor="0 0 0"/></equality>
  <actuator><position name="pull" tendon="rope" kp="10"/></actuator>
  <sensor><framepos name="where" objtype="site" objname="tip"/></sensor>
</mujoco>
`

// TestReplicateReferrers: elements naming replicated ones are copied per
// replica with the replica's suffix on their names and references (it was
// refused: "unknown site tip"); MuJoCo loads the MJCF output with a
// tendon, actuator, connect and sensor for each pendulum, and every
// target reads back without a difference.
func TestReplicateReferrers(t *testing.T) {
	reg := all.Registry()
	for _, to := range []string{"mjcf", "urdf", "godot", "godot3", "khr", "omi"} {
		in := &convert.Input{Name: "r.xml", Data: []byte(replicateRefsMJCF), Options: &convert.Options{From: "mjcf", To: to, OutputName: "out" + emitExt[to]}}
		out, res, err := physconv.ConvertBytes(context.Background(), reg, in)
		if err != nil {
			t.Fatalf("%s: %v", to, err)
		}
		noMismatch(t, res, to)
		if to != "mjcf" {
			continue
		}
		// (sensors are not written: they measure rather than define physics)
		for _, name := range []string{`name="rope0"`, `name="rope2"`, `site="tip1"`, `site="anchor"`, `tendon="rope2"`, `body1="arm1"`} {
			if !strings.Contains(string(out.Main), name) {
				t.Errorf("MJCF output lacks %s:\n%s", name, out.Main)
			}
		}
		p := testenv.WriteFiles(t, t.TempDir(), "r.xml", out.Main, out.Files)
		report, code := testenv.RunOracle(t, "mj-inspect", p)
		if code != 0 {
			t.Fatalf("MuJoCo refuses the output: %s", report)
		}
		var r struct {
			Counts struct {
				Nbody, Njnt, Neq int
			}
		}
		if err := json.Unmarshal(report, &r); err != nil {
			t.Fatal(err)
		}
		if r.Counts.Nbody != 5 || r.Counts.Njnt != 3 || r.Counts.Neq != 3 {
			t.Errorf("MuJoCo counts %+v, want 5 bodies (world, fixed, three arms), 3 joints, 3 connects", r.Counts)
		}
	}
}
