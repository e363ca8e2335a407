package crosscheck

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/propgen"
	"github.com/physconv/physconv/internal/testenv"
)

// jointModel is mj-inspect's JSON as the joint-multiset checks read it:
// enough to place every joint in the world.
type jointModel = mjcfModel

// worldJoint is one compiled joint in world terms.
type worldJoint struct {
	typ     string
	anchor  convert.Vec3
	axis    convert.Vec3 // world, unit; zero for ball
	limited bool
	lo, hi  float64
	label   string
}

func (j worldJoint) String() string {
	return fmt.Sprintf("%s %s at %.6g axis %.6g range %v [%.9g %.9g]", j.label, j.typ, j.anchor, j.axis, j.limited, j.lo, j.hi)
}

// inspectJoints compiles a file in MuJoCo 3.3 (whose mesh inertia the MJCF
// reader follows; 2.2.2 computes other masses for some meshes), optionally
// stepping it; ok is false (and the refusal logged) when MuJoCo refuses it.
func inspectJoints(t *testing.T, file string, steps int) (m jointModel, ok bool) {
	t.Helper()
	return inspectJointsWith(t, "wasm", file, steps)
}

// inspectJointsWith is inspectJoints on a chosen MuJoCo ("c": 2.2.2, fast,
// right for models without meshes).
func inspectJointsWith(t *testing.T, backend, file string, steps int) (m jointModel, ok bool) {
	t.Helper()
	{
		args := []string{"--compact", "--backend", backend}
		if steps > 0 {
			args = append(args, "--steps", fmt.Sprint(steps))
		}
		out, code := testenv.RunOracle(t, "mj-inspect", append(args, file)...)
		m = jointModel{}
		if err := json.Unmarshal(out, &m); err != nil {
			t.Fatalf("mj-inspect %s: %v\n%.500s", file, err, out)
		}
		if code == 0 && m.OK {
			return m, true
		}
	}
	data, _ := os.ReadFile(file)
	t.Logf("MuJoCo rejected %s: %s\n%.3000s", file, m.Error, data)
	return m, false
}

// unboundedRange is where a written range stands for "no bound": URDF
// prismatic joints need bounds and get ±1e9 m (limit-unbounded).
const unboundedRange = 1e9

// worldJoints lists a compiled model's joints in the world, free joints
// left out (a free body's floating joint has no axis, anchor or range).
func worldJoints(m jointModel) []worldJoint {
	type pose struct {
		p convert.Vec3
		q convert.Quat
	}
	bodies := map[string]pose{}
	for _, b := range m.Bodies {
		bodies[b.Name] = pose{b.XPos, mjcfQuat(b.XQuat)}
	}
	var out []worldJoint
	for _, j := range m.Joints {
		if j.Type == "free" {
			continue
		}
		b := bodies[j.Body]
		w := worldJoint{typ: j.Type, anchor: b.p.Add(b.q.Rotate(j.Pos)), limited: j.Limited, lo: j.Range[0], hi: j.Range[1], label: j.Name}
		if j.Type != "ball" {
			w.axis = b.q.Rotate(j.Axis).Normalize()
		}
		if w.limited && w.lo <= -unboundedRange && w.hi >= unboundedRange {
			w.limited = false
		}
		if !w.limited {
			w.lo, w.hi = 0, 0
		}
		out = append(out, w)
	}
	return out
}

// sameJoint reports whether got is want (anchor within tol of the model's
// scale, axis parallel, range equal, negated when the axis is).
func sameJoint(want, got worldJoint, tol float64) bool {
	if want.typ != got.typ || want.limited != got.limited || want.anchor.Sub(got.anchor).Len() > tol {
		return false
	}
	if want.typ == "ball" {
		return !want.limited || mjcfNear(want.hi, got.hi, 1e-9, 1)
	}
	d := want.axis.Dot(got.axis)
	if math.Abs(math.Abs(d)-1) > 1e-9 {
		return false
	}
	lo, hi := want.lo, want.hi
	if d < 0 {
		lo, hi = -hi, -lo
	}
	return mjcfNear(got.lo, lo, 1e-9, 1) && mjcfNear(got.hi, hi, 1e-9, 1)
}

// matchJoints pairs every want joint with a distinct got joint. Through
// URDF a ball joint may come back as three hinges with orthogonal axes at
// its anchor (URDF has no ball joint: a chain through dummy links; a cone
// limit becomes ±cone on each).
func matchJoints(t *testing.T, what string, want, got []worldJoint, tol float64, ballAsHinges bool) {
	t.Helper()
	used := make([]bool, len(got))
	for _, w := range want {
		found := false
		for i, g := range got {
			if !used[i] && sameJoint(w, g, tol) {
				used[i], found = true, true
				break
			}
		}
		if !found && w.typ == "ball" && ballAsHinges {
			// a limited ball's cone becomes ±cone on each hinge
			// (joint-limit-approximated)
			var picked []int
			for i, g := range got {
				if used[i] || g.typ != "hinge" || g.limited != w.limited || w.anchor.Sub(g.anchor).Len() > tol ||
					w.limited && !(mjcfNear(g.lo, -w.hi, 1e-9, 1) && mjcfNear(g.hi, w.hi, 1e-9, 1)) {
					continue
				}
				ortho := true
				for _, k := range picked {
					ortho = ortho && math.Abs(got[k].axis.Dot(g.axis)) < 1e-9
				}
				if ortho {
					picked = append(picked, i)
				}
				if len(picked) == 3 {
					break
				}
			}
			if len(picked) == 3 {
				for _, k := range picked {
					used[k] = true
				}
				found = true
			}
		}
		if !found {
			t.Errorf("%s: no joint matches %v", what, w)
		}
	}
	for i, g := range got {
		if !used[i] {
			t.Errorf("%s: extra joint %v", what, g)
		}
	}
}

// movingMasses returns the masses of the rigid groups that move: each body
// with a joint plus its jointless descendants (welded to it), heavier than
// 1e-6 kg (the dummy links standing in for joints URDF lacks weigh 1e-9 kg),
// sorted. Bodies welded to the world never move and are not counted.
func movingMasses(m jointModel) []float64 {
	hasJoint := map[string]bool{}
	for _, j := range m.Joints {
		hasJoint[j.Body] = true
	}
	parent := map[string]string{}
	for _, b := range m.Bodies {
		if b.Parent != nil {
			parent[b.Name] = *b.Parent
		}
	}
	group := map[string]float64{}
	for _, b := range m.Bodies {
		n := b.Name
		for n != "" && n != "world" && !hasJoint[n] {
			n = parent[n]
		}
		if n != "" && n != "world" {
			group[n] += b.Mass
		}
	}
	var out []float64
	for _, v := range group {
		if v > 1e-6 {
			out = append(out, v)
		}
	}
	sort.Float64s(out)
	return out
}

// knownMassDifferences are (model, route) pairs whose moving masses differ
// for a reason outside joint handling; each must still differ (else the
// entry is stale and the test says so).
var knownMassDifferences = map[[2]string]string{}

// mjcfCorpusEntries lists every top-level .xml of the MJCF corpus (models
// and the scenes that include them).
func mjcfCorpusEntries(t *testing.T) []string {
	root := testenv.CorpusPath(t, "mjcf")
	files, err := filepath.Glob(filepath.Join(root, "*", "*.xml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no MJCF corpus files under %s (%v)", root, err)
	}
	return files
}

// TestMJCFJointMultiset writes every MJCF corpus model as MJCF, through
// URDF and through KHR glTF back to MJCF, and compiles source and result in
// MuJoCo: the joint multiset (type, world axis, world anchor, range) and the
// masses of the moving rigid groups must be the same. Joints are matched
// without names (a split body's dummy links are extra bodies). Ranges compare as
// MuJoCo compiles them; the corpus has no limited joint with a ref (whose
// range a format without ref shifts by −ref; the ref tests cover that). Free
// joints are left out. Tolerance: 1e-9 relative on ranges and axes, 1e-6
// of the model's extent on anchors and masses (values pass through decimal
// text and, via glTF, float32-free JSON; the composition of body frames
// rounds).
func TestMJCFJointMultiset(t *testing.T) {
	testenv.Oracle(t, "mj-inspect")
	for _, src := range mjcfCorpusEntries(t) {
		rel, _ := filepath.Rel(testenv.CorpusPath(t, "mjcf"), src)
		t.Run(rel, func(t *testing.T) {
			t.Parallel()
			checkJointMultiset(t, "wasm", src, filepath.ToSlash(rel), nil)
		})
	}
}

// checkJointMultiset converts src to MJCF directly, through URDF and
// through KHR, and compares the compiled joint multisets and moving masses
// with the source's. refs names the source's joints with a ref: a format
// without ref measures them from the file's pose, so their compiled range
// is the source's shifted by −ref (MJCF→MJCF writes ref back and keeps it).
func checkJointMultiset(t *testing.T, backend, src, known string, refs map[string]float64) {
	t.Helper()
	reg := all.Registry()
	want, ok := inspectJointsWith(t, backend, src, 0)
	if !ok {
		t.Skip("MuJoCo refuses the source itself")
	}
	wj := worldJoints(want)
	extent := 1e-3
	for _, j := range wj {
		extent = math.Max(extent, j.anchor.Len())
	}
	wm := movingMasses(want)
	for _, route := range []string{"", "urdf", "khr"} {
		dir := t.TempDir()
		ctx := context.Background()
		from, what := src, "MJCF→MJCF"
		if route != "" {
			mid := filepath.Join(dir, "mid."+map[string]string{"urdf": "urdf", "khr": "gltf"}[route])
			if _, err := physconv.ConvertFile(ctx, reg, src, mid, &convert.Options{To: route}); err != nil {
				t.Fatalf("to %s: %v", route, err)
			}
			from, what = mid, "MJCF→"+route+"→MJCF"
		}
		back := filepath.Join(dir, "back", "back.xml")
		if _, err := physconv.ConvertFile(ctx, reg, from, back, &convert.Options{To: "mjcf"}); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		got, ok := inspectJointsWith(t, backend, back, 0)
		if !ok {
			t.Fatalf("%s: MuJoCo refuses the result", what)
		}
		rebased := wj
		if route != "" && len(refs) > 0 {
			rebased = append([]worldJoint(nil), wj...)
			for k := range rebased {
				if r := refs[rebased[k].label]; rebased[k].limited {
					rebased[k].lo, rebased[k].hi = rebased[k].lo-r, rebased[k].hi-r
				}
			}
		}
		matchJoints(t, what, rebased, worldJoints(got), 1e-6*extent, route == "urdf")
		gm := movingMasses(got)
		same := len(gm) == len(wm)
		for i := 0; same && i < len(wm); i++ {
			same = mjcfNear(gm[i], wm[i], 1e-6, 0)
		}
		why, isKnown := knownMassDifferences[[2]string{known, route}]
		switch {
		case isKnown && same:
			t.Errorf("%s: masses now agree; remove the known difference (%s)", what, why)
		case isKnown:
			t.Logf("%s: moving masses %v, want %v: known difference: %s", what, gm, wm, why)
		case !same:
			t.Errorf("%s: moving masses %v, want %v", what, gm, wm)
		}
	}
}

// TestGeneratedRobotsJointMultiset is TestMJCFJointMultiset on random
// robots (propgen.GenerateRobot: rotated bodies, joints with ref and
// springref, hinge stacks, balls, <connect> loops), compiled by MuJoCo
// 2.2.2 (primitives only, so its masses are 3.3's, and it is ten times
// faster). 30 seeds: 120 compiles and 90 conversions.
func TestGeneratedRobotsJointMultiset(t *testing.T) {
	testenv.Oracle(t, "mj-inspect")
	for seed := uint64(1); seed <= 30; seed++ {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			t.Parallel()
			r := propgen.GenerateRobot(seed)
			src := filepath.Join(t.TempDir(), "robot.xml")
			if err := os.WriteFile(src, []byte(r.XML), 0o644); err != nil {
				t.Fatal(err)
			}
			checkJointMultiset(t, "c", src, "", r.Refs)
		})
	}
}
