package crosscheck

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// TestURDFToMJCFCompilesAsMuJoCoReadsURDF: MuJoCo 3.3 compiles the MJCF
// physconv writes for a corpus URDF (root fixed and no actuators added, as
// MuJoCo reads a URDF) to the same bodies and joints, bit for bit, as it
// compiles the URDF itself: every body with mass (its pose in its parent
// and in the world, mass, principal moments and axes, centre of mass) and
// every joint (axis, anchor, range, damping, stiffness, friction loss,
// armature), and then moves the two the same, to the last bit, through
// behaviourMJSteps steps under gravity, friction included.
// Bodies and geoms are placed as the source spelled them, rpy
// as euler under eulerseq XYZ and the inertia tensor as fullinertia, so
// MuJoCo does the same arithmetic on the same numbers. A difference is
// allowed only where the conversion reports it (a continuous joint's
// range, continuous-limit-ignored). Left out: a joint's actuator force
// range, which MuJoCo 3 takes from URDF's effort and MJCF output gives the
// actuators instead (MuJoCo 2 has no such joint attribute).
func TestURDFToMJCFCompilesAsMuJoCoReadsURDF(t *testing.T) {
	testenv.Oracle(t, "mj-inspect")
	compared := 0
	for _, a := range urdfAssets {
		if a.meshdir == "" {
			continue
		}
		t.Run(a.name, func(t *testing.T) {
			src := a.path(t)
			meshdir := filepath.Join(a.root(t), filepath.FromSlash(a.meshdir))
			theirs, why, ok := mujocoModel(t, src, "--keep-static", "--meshdir", meshdir)
			if !ok {
				t.Skipf("MuJoCo refuses the source: %s", why)
			}
			out := filepath.Join(t.TempDir(), "model.xml")
			opts := a.options(t, "mjcf")
			opts.SetOption("base", "fixed")
			opts.SetOption("actuators", "none")
			res, err := physconv.ConvertFile(context.Background(), all.Registry(), src, out, opts)
			if err != nil {
				t.Fatal(err)
			}
			ours, why, ok := mujocoModel(t, out)
			if !ok {
				t.Fatalf("MuJoCo refuses the output: %s", why)
			}
			reported := map[string]bool{}
			for _, d := range res.Diagnostics {
				if d.Code == convert.CodeContinuousLimitIgnored {
					reported[d.Path] = true
				}
			}
			bodies := byName(ours["bodies"])
			for _, b := range theirs["bodies"] {
				if mass, _ := b["mass"].(float64); mass == 0 {
					continue // the world, and static frames MuJoCo keeps
				}
				name, _ := b["name"].(string)
				o, ok := bodies[name]
				if !ok {
					t.Errorf("body %q is not in the output", name)
					continue
				}
				for _, k := range []string{"pos", "quat", "xpos", "xquat", "mass", "inertia", "ipos", "iquat", "xipos"} {
					if !reflect.DeepEqual(b[k], o[k]) {
						t.Errorf("body %q %s: %v from the URDF, %v from the MJCF", name, k, b[k], o[k])
					}
				}
				compared++
			}
			joints := byName(ours["joints"])
			for _, j := range theirs["joints"] {
				name, _ := j["name"].(string)
				o, ok := joints[name]
				if !ok {
					t.Errorf("joint %q is not in the output", name)
					continue
				}
				for _, k := range []string{"type", "axis", "pos", "range", "limited", "stiffness", "damping", "frictionloss", "armature"} {
					if reflect.DeepEqual(j[k], o[k]) {
						continue
					}
					if (k == "range" || k == "limited") && reported["robot/joint["+name+"]"] {
						continue
					}
					t.Errorf("joint %q %s: %v from the URDF, %v from the MJCF", name, k, j[k], o[k])
				}
				compared++
			}
			if why, ok := urdfMJCFBehaviourDiffers[a.name]; ok {
				t.Logf("behaviour not compared: %s", why)
				return
			}
			// With the same bodies and joints, MuJoCo moves the two the
			// same to the last bit: a URDF gives no friction, and the
			// output's is the 1 MuJoCo's import gives it
			// (urdf-friction-default). A fixed base is kept apart from
			// the links jointed to it, which MuJoCo's import lets touch
			// (mjcf-welded-exclude): the output without those excludes
			// moves as the import, and with them as the conversion says.
			moved := out
			if text, dropped := withoutWeldedExcludes(t, out, res.Diagnostics); dropped > 0 {
				moved = filepath.Join(filepath.Dir(out), "model_as_import.xml")
				testenv.WriteFiles(t, filepath.Dir(out), filepath.Base(moved), text, nil)
				t.Logf("%d welded excludes left out of the behaviour comparison", dropped)
			}
			to, why, ok := mujocoPoses(t, moved)
			if !ok {
				t.Fatalf("MuJoCo does not run the output: %s", why)
			}
			// MuJoCo reads a URDF's static links one of two ways: fused
			// into their parents (its default) or kept as bodies welded
			// to them (--keep-static). physconv's MJCF keeps a welded
			// link with mass as a body and the fixed root's shapes in
			// the world, so it moves as one of the two readings does,
			// whichever structure the robot has.
			var differences []string
			for _, reading := range [][]string{{"--keep-static"}, nil} {
				from, why, ok := mujocoPoses(t, src, append(reading, "--meshdir", meshdir)...)
				if !ok {
					t.Fatalf("MuJoCo %v does not run the source: %s", reading, why)
				}
				differences = differences[:0]
				for name, p := range from {
					q, ok := to[name]
					switch {
					case !ok:
						differences = append(differences, fmt.Sprintf("body %q moves in the source only", name))
					case p.p != q.p || p.q != q.q:
						differences = append(differences, fmt.Sprintf("body %q after %d steps: at %v turned %v from the URDF (%v), at %v turned %v from the MJCF",
							name, behaviourMJSteps, p.p, p.q, reading, q.p, q.q))
					}
				}
				if len(differences) == 0 {
					break
				}
			}
			for _, d := range differences {
				t.Error(d)
			}
		})
	}
	if compared == 0 && !t.Skipped() {
		t.Error("no body or joint was compared")
	}
}

// urdfMJCFBehaviourDiffers names the corpus URDFs whose MJCF output MuJoCo
// moves differently from the URDF by design, and why.
var urdfMJCFBehaviourDiffers = map[string]string{
	"nao": "its hands' mimic joints: MuJoCo's URDF import ignores <mimic>, physconv writes each as an equality constraint",
}

// mujocoModel is MuJoCo 3.3's compiled model of file as mj-inspect
// prints it: its bodies and joints, each a JSON object; ok is false (with
// MuJoCo's words) when MuJoCo refuses the file.
func mujocoModel(t *testing.T, file string, extra ...string) (map[string][]map[string]any, string, bool) {
	t.Helper()
	raw, code := runOracleBounded(t, "mj-inspect", append(append([]string{"--compact"}, extra...), file)...)
	var m struct {
		OK     bool             `json:"ok"`
		Error  string           `json:"error"`
		Bodies []map[string]any `json:"bodies"`
		Joints []map[string]any `json:"joints"`
	}
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, fmt.Sprintf("exit %d, %v", code, err), false
	}
	if code != 0 || !m.OK {
		return nil, strings.TrimSpace(m.Error), false
	}
	return map[string][]map[string]any{"bodies": m.Bodies, "joints": m.Joints}, "", true
}

// byName indexes JSON objects by their "name".
func byName(objs []map[string]any) map[string]map[string]any {
	out := map[string]map[string]any{}
	for _, o := range objs {
		if n, ok := o["name"].(string); ok {
			out[n] = o
		}
	}
	return out
}

// TestMuJoCoNamesFromAnyFolder: the names MuJoCo's WebAssembly build
// reports for a model do not depend on the folder the file lies in. For
// some lengths of the file's path it reads them from a stale view of its
// memory and reports placeholders ("body1"); the oracle runner then reads
// a copy beside it. The kuka's MJCF output, written into folders whose
// names have 1 to 16 characters (two of the blocks of eight lengths that
// keep or lose the names together), must name its bodies in each.
func TestMuJoCoNamesFromAnyFolder(t *testing.T) {
	testenv.Oracle(t, "mj-inspect")
	var kuka urdfAsset
	for _, a := range urdfAssets {
		if a.name == "kuka" {
			kuka = a
		}
	}
	src := kuka.path(t)
	base := t.TempDir()
	for n := 1; n <= 16; n++ {
		out := filepath.Join(base, strings.Repeat("d", n), "model.xml")
		opts := kuka.options(t, "mjcf")
		if _, err := physconv.ConvertFile(context.Background(), all.Registry(), src, out, opts); err != nil {
			t.Fatal(err)
		}
		// afresh: the same files in each folder would otherwise get the
		// first folder's answer
		raw, code := testenv.RunOracleAfresh(t, "mj-inspect", "--compact", out)
		var model struct {
			Bodies []map[string]any `json:"bodies"`
		}
		if err := json.Unmarshal(raw, &model); err != nil || code != 0 {
			t.Fatalf("%s: MuJoCo refuses it: exit %d, %v: %.300s", out, code, err, raw)
		}
		if _, ok := byName(model.Bodies)["lbr_iiwa_link_1"]; !ok {
			t.Errorf("%s: no body lbr_iiwa_link_1 among %d", out, len(model.Bodies))
		}
	}
}

// withoutWeldedExcludes is the MJCF file out without the <exclude>s of
// bodies welded to the world and their children that diags report
// (mjcf-welded-exclude), and how many it left out.
func withoutWeldedExcludes(t *testing.T, out string, diags convert.Diagnostics) ([]byte, int) {
	t.Helper()
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	text, dropped := string(data), 0
	named := regexp.MustCompile(`<exclude body1="([^"]*)" body2="([^"]*)">`)
	for _, d := range diags {
		if d.Code != convert.CodeMjcfWeldedExclude {
			continue
		}
		if m := named.FindStringSubmatch(d.Message); m != nil {
			line := fmt.Sprintf(`<exclude body1=%q body2=%q/>`, m[1], m[2])
			if strings.Contains(text, line) {
				text = strings.Replace(text, line, "", 1)
				dropped++
			}
		}
	}
	return []byte(text), dropped
}
