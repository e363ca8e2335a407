package mjcf

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// readWrite reads an MJCF model and writes it as MJCF again.
func readWrite(t *testing.T, src string) (*convert.Output, convert.Diagnostics) {
	t.Helper()
	g, _, err := Parse(&convert.Input{Name: "m.xml", Data: []byte(src), Options: &convert.Options{}})
	if err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
	out, diags, err := Emit(g, &convert.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return out, diags
}

// sameInMuJoCo converts src MJCF to MJCF and runs both in MuJoCo (backend
// args, then --steps steps): the same bodies by name, the same number of
// joints and degrees of freedom, and every body at the same pose after
// the steps (1e-6 m, 1e-6 in the quaternion).
func sameInMuJoCo(t *testing.T, what, src string, steps int, backend ...string) {
	t.Helper()
	out, _ := readWrite(t, src)
	dir := t.TempDir()
	run := func(file string) (map[string]testenv.MuJoCoBody, map[string]int) {
		raw, code := testenv.RunOracle(t, "mj-inspect", append(append(backend, "--compact", "--steps", fmt.Sprint(steps)), file)...)
		var rep struct {
			Counts map[string]int `json:"counts"`
			After  struct {
				Bodies []testenv.MuJoCoBody `json:"bodies"`
			} `json:"after_steps"`
		}
		if code != 0 || json.Unmarshal(raw, &rep) != nil {
			t.Fatalf("%s: MuJoCo refuses %s: %s", what, file, raw)
		}
		bodies := map[string]testenv.MuJoCoBody{}
		for _, b := range rep.After.Bodies {
			bodies[b.Name] = b
		}
		return bodies, rep.Counts
	}
	want, wc := run(testenv.WriteFiles(t, dir, "in.xml", []byte(src), nil))
	got, gc := run(testenv.WriteFiles(t, dir, "out.xml", out.Main, out.Files))
	for _, k := range []string{"nbody", "njnt", "nq", "nv", "neq"} {
		if wc[k] != gc[k] {
			t.Errorf("%s: %s %d, source %d\n%s", what, k, gc[k], wc[k], out.Main)
		}
	}
	for name, w := range want {
		o, ok := got[name]
		if !ok {
			t.Errorf("%s: body %q not written", what, name)
			continue
		}
		dq := 0.0
		for k := range 4 {
			dq = math.Max(dq, math.Min(math.Abs(w.Xquat[k]-o.Xquat[k]), math.Abs(w.Xquat[k]+o.Xquat[k])))
		}
		if convert.Vec3(w.Xpos).Sub(convert.Vec3(o.Xpos)).Len() > 1e-6 || dq > 1e-6 {
			t.Errorf("%s: body %q after %d steps at %v %v, source %v %v\n%s", what, name, steps, o.Xpos, o.Xquat, w.Xpos, w.Xquat, out.Main)
		}
	}
}

// TestJointsKeepTheirParameters: a free joint's damping, armature and
// frictionloss (which <freejoint> cannot hold), and six one-axis joints
// stacked in one body with their own damping and armature (zero on some),
// come back as the source wrote them: the same joints, degrees of freedom
// and motion in MuJoCo 2.2.2, 300 steps, on 10 generated models each.
func TestJointsKeepTheirParameters(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 61))
	u := func(lo, hi float64) float64 { return lo + (hi-lo)*r.Float64() }
	param := func(name string, lo, hi float64) string {
		if r.IntN(3) == 0 {
			return ""
		}
		return fmt.Sprintf(" %s=%q", name, fmt.Sprintf("%.3f", u(lo, hi)))
	}
	for seed := range 10 {
		free := fmt.Sprintf(`<mujoco>
  <worldbody>
    <body name="b" pos="0 0 1" euler="%.2f %.2f 0">
      <joint name="j" type="free"%s%s%s/>
      <geom type="box" size="0.05 0.08 0.03" mass="0.2"/>
      <body name="arm" pos="0.05 0 0"><joint name="h" type="hinge" axis="0 1 0" stiffness="1" springref="20"/><geom type="capsule" fromto="0 0 0 0.2 0 0" size="0.02" mass="0.1"/></body>
    </body>
  </worldbody>
</mujoco>`, u(-30, 30), u(-30, 30), param("damping", 0.01, 0.5), param("armature", 0.001, 0.01), param("frictionloss", 0.001, 0.01))
		sameInMuJoCo(t, fmt.Sprintf("free joint, seed %d", seed), free, 300, "--backend", "c")
		var stack strings.Builder
		for k, kind := range []string{"slide", "slide", "slide", "hinge", "hinge", "hinge"} {
			axis := [3]int{}
			axis[k%3] = 1
			fmt.Fprintf(&stack, "      <joint name=\"q%d\" type=%q axis=\"%d %d %d\"%s%s/>\n", k, kind, axis[0], axis[1], axis[2], param("damping", 0.01, 0.3), param("armature", 0.001, 0.01))
		}
		stacked := fmt.Sprintf(`<mujoco>
  <worldbody>
    <body name="b" pos="0 0 1">
      <inertial pos="0 0 0" mass="0.25" diaginertia="0.003 0.003 0.001"/>
%s      <body name="arm"><joint name="h" type="hinge" axis="0 1 0" stiffness="1" springref="%.1f"/><geom type="capsule" fromto="0 0 0 0.3 0 0" size="0.02" mass="0.2" contype="0" conaffinity="0"/></body>
    </body>
  </worldbody>
</mujoco>`, stack.String(), u(10, 60))
		sameInMuJoCo(t, fmt.Sprintf("stacked joints, seed %d", seed), stacked, 300, "--backend", "c")
	}
}
