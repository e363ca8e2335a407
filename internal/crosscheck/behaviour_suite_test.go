package crosscheck

import (
	"context"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/godot"
	"github.com/physconv/physconv/internal/propgen"
	"github.com/physconv/physconv/internal/testenv"
)

// The engine-behaviour suite runs a source and its conversions in the
// same real engine and compares every body's world pose after a fixed
// number of steps, bodies matched by name.
//
// Motion: neither oracle sets initial velocities, so the state that moves
// the joints is the model's own fall under gravity from its file pose
// (corpus models with their floors and contacts; generated robots rotated
// so gravity swings every hinge, no floor; generated graphs with
// their static colliders, so with contacts when the seed has one).
//
// Sampling: by default a corpus file is run when the FNV-1a hash of its
// base name is 0 mod behaviourStride, and the first few generated seeds;
// PHYSCONV_BEHAVIOUR=full runs every corpus file and 200 seeds of each
// generator.
//
// Tolerance: the same engine steps the same system, so equal models give
// equal poses to rounding. A conversion writes every number with enough
// significant digits to round-trip float64, except where it composes
// frames (one or two float64 roundings, ~1e-16 relative) or passes through
// glTF's float32 mesh accessors (~6e-8 relative on a mesh's vertices and
// hence its inertia). Over behaviourMJSteps steps of a free fall without
// impacts that grows linearly at most; impacts and chaotic chains amplify
// it. behaviourPoseTol (1e-6 m, 1e-6 on unit quaternion components) is
// therefore above the rounding floor (measured: 1e-14 on corpus models
// and generated graphs; up to 1.2e-7 on generated robots whose long hinge
// chains amplify a last-digit difference over 1 s) and far below any real
// defect (a lost spring, a wrong frame or a snapped ref moves bodies by
// millimetres to metres over the same time). Rotations are compared as
// the rotation since the start, so a writer that re-orients a body's own
// frame (Godot's hinge frames, principal axes) is not a difference.
//
// A pair whose conversion emitted a warning (a stated loss: a dropped
// spring, a cut loop, a dropped shape) and differs is skipped naming the
// warning codes. Known open defects are listed in behaviourKnown; such an
// entry that passes fails the test (it is stale).
const (
	behaviourMJSteps    = 500
	behaviourGodotSteps = 120
	behaviourPoseTol    = 1e-6
	// Godot 4 keeps body state in float32 (real_t): 6e-8 relative per
	// value and step, grown over behaviourGodotSteps steps and contacts;
	// 1 mm and 1e-3 as the wheel round trip uses.
	behaviourGodotTol = 1e-3
	behaviourStride   = 5
	// behaviourGodotStride samples Godot scenes more thinly: each costs
	// four runs of the engine at a few seconds each
	behaviourGodotStride = 6
	behaviourSeedsCI     = 3
	behaviourSeedsFull   = 200
)

// behaviourKnown maps "model route" to the open defect that makes it
// differ with no warning.
var behaviourKnown = map[string]string{
	"pendulum_balls.tscn mjcf→godot": "MJCF keeps a hinge's axis and anchor but not how its frame is turned about the axis, so the Godot output's " +
		"hinge frames come back turned about their own axes (as the balls' frames are); that changes nothing physical, but Godot's hinge " +
		"solver is sensitive to it in this scene of impacts: turning the source's own hinge frames the same way moves the balls by the same " +
		"1 cm (measured), more than the 9 mm of the body-turn noise runs",
}

// behaviourFull reports whether the whole set runs.
func behaviourFull() bool { return os.Getenv("PHYSCONV_BEHAVIOUR") == "full" }

// behaviourSampled reports whether a corpus file is in this run.
func behaviourSampled(p string) bool { return corpusSampled(p, behaviourStride) }

// corpusSampled reports whether a corpus file is in a sampled engine
// suite's run: every file under PHYSCONV_BEHAVIOUR=full, else the files
// whose base name's FNV-1a hash is 0 mod stride (the same files on every
// run and machine).
func corpusSampled(p string, stride uint32) bool {
	if behaviourFull() {
		return true
	}
	h := fnv.New32a()
	h.Write([]byte(filepath.Base(p)))
	return h.Sum32()%stride == 0
}

// behaviourSeeds is how many seeds of each generator run.
func behaviourSeeds() uint64 {
	if behaviourFull() {
		return behaviourSeedsFull
	}
	return behaviourSeedsCI
}

// worldPose is one body's world pose after the steps: its origin, and
// its rotation since the start (q(t)·q(0)⁻¹), which does not depend on
// how a writer orients the body's own frame (Godot output turns a hinge
// body's frame so the axis lies on Z; MJCF may use principal axes). p0 is
// the origin at the start: a writer may also move a body's origin (a
// URDF link's frame is its joint's), so bodies are compared at one
// material point, the source body's origin, carried by each body's own
// motion.
type worldPose struct {
	p, p0 convert.Vec3
	q     convert.Quat
	// body is false for a Godot node that is not a moving body: compared
	// only when a source body of its name is written as part of another
	body bool
}

// at is where the body-fixed point that was at x at the start is after
// the steps.
func (w worldPose) at(x convert.Vec3) convert.Vec3 {
	return w.p.Add(w.q.Rotate(x.Sub(w.p0)))
}

// turned is the rotation from q0 to q.
func turned(q, q0 convert.Quat) convert.Quat {
	return q.Mul(convert.Quat{-q0[0], -q0[1], -q0[2], q0[3]})
}

// mujocoPoses steps a file in MuJoCo 3.3 and returns each named body's
// world pose; ok is false when MuJoCo refuses the file.
func mujocoPoses(t *testing.T, file string, extra ...string) (map[string]worldPose, string, bool) {
	t.Helper()
	args := append([]string{"--compact", "--steps", strconv.Itoa(behaviourMJSteps)}, extra...)
	raw, code := runOracleBounded(t, "mj-inspect", testenv.MeshDirFor(file, append(args, file))...)
	var m jointModel
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, fmt.Sprintf("exit %d, %v", code, err), false
	}
	if code != 0 || !m.OK || m.AfterSteps == nil {
		return nil, strings.TrimSpace(m.Error), false
	}
	start := map[string]convert.Quat{}
	origin := map[string]convert.Vec3{}
	for _, b := range m.Bodies {
		start[b.Name], origin[b.Name] = mjcfQuat(b.XQuat), b.XPos
	}
	out := map[string]worldPose{}
	for _, b := range m.AfterSteps.Bodies {
		if q0, ok := start[b.Name]; ok && b.Name != "world" && b.Name != "" {
			out[b.Name] = worldPose{p: b.XPos, p0: origin[b.Name], q: turned(mjcfQuat(b.XQuat), q0), body: true}
		}
	}
	return out, "", true
}

// godotTransform is a Godot 4 global transform as godot4-inspect prints it.
type godotTransform struct {
	Origin []float64            `json:"origin"`
	Basis  map[string][]float64 `json:"basis"`
}

// pose returns the transform's origin and rotation; ok is false when it
// is incomplete.
func (g godotTransform) pose() (convert.Vec3, convert.Quat, bool) {
	o, b := g.Origin, g.Basis
	if len(o) != 3 || len(b["x"]) != 3 || len(b["y"]) != 3 || len(b["z"]) != 3 {
		return convert.Vec3{}, convert.Quat{}, false
	}
	var m convert.Mat3
	for c, k := range []string{"x", "y", "z"} {
		for r := range 3 {
			m[r][c] = b[k][r]
		}
	}
	return convert.Vec3{o[0], o[1], o[2]}, convert.QuatFromMat(m), true
}

// godotPoses steps a Godot 4 scene and returns each rigid body's world
// pose by node name (paths differ between formats; names are kept).
func godotPoses(t *testing.T, file, root string) map[string]worldPose {
	t.Helper()
	poses, why, ok := godotPosesOK(t, file, root)
	if !ok {
		t.Fatalf("godot4-inspect %s: %s", file, why)
	}
	return poses
}

// godotPosesOK is godotPoses that reports a scene Godot refuses (ok
// false, with the oracle's words) instead of failing.
func godotPosesOK(t *testing.T, file, root string) (map[string]worldPose, string, bool) {
	t.Helper()
	godot4Slots <- struct{}{}
	defer func() { <-godot4Slots }()
	raw, code := testenv.RunOracle(t, "godot4-inspect", "--compact", "--root", root, "--steps", strconv.Itoa(behaviourGodotSteps), file)
	var rep struct {
		Nodes []struct {
			Path      string         `json:"path"`
			Name      string         `json:"name"`
			Class     string         `json:"class"`
			Transform godotTransform `json:"global_transform"`
			State     struct {
				Mode string `json:"mode"`
			} `json:"physics_state"`
		} `json:"nodes"`
		After map[string]struct {
			Transform godotTransform `json:"global_transform"`
		} `json:"after_steps"`
	}
	if err := json.Unmarshal(raw, &rep); err != nil || code != 0 {
		return nil, fmt.Sprintf("exit %d %v\n%.600s", code, err, raw), false
	}
	out := map[string]worldPose{}
	for _, n := range rep.Nodes {
		// the bodies the engine moves: a frozen RigidBody3D (freeze_mode
		// static) is a static body, and is one in any other format
		body := n.Class == "RigidBody3D" && n.State.Mode != "static" && n.State.Mode != "kinematic"
		p0, q0, ok0 := n.Transform.pose()
		p, q, ok := rep.After[n.Path].Transform.pose()
		if !ok0 || !ok {
			continue
		}
		// a scene whose root is the body names it "."; formats that
		// wrap bodies in a root node keep the body's own name
		name := filepath.Base(n.Path)
		if n.Path == "." && n.Name != "" {
			name = n.Name
		}
		if _, seen := out[name]; body || !seen {
			// a node that is no body (a welded body written as part of
			// another) moves with its body: it stands in for a body of
			// that name, never over one
			out[name] = worldPose{p: p, p0: p0, q: turned(q, q0), body: body}
		}
	}
	return out, "", true
}

// poseDiff compares the bodies of want with got: the worst difference,
// and the bodies beyond tolerance or missing.
func poseDiff(want, got map[string]worldPose, tol float64) (worst float64, bad []string) {
	names := make([]string, 0, len(want))
	for n, w := range want {
		if w.body {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	for _, n := range names {
		w := want[n]
		g, ok := got[n]
		if !ok {
			bad = append(bad, fmt.Sprintf("body %q missing", n))
			continue
		}
		gp := g.at(w.p0)
		dp := gp.Sub(w.p).Len()
		dq := quatDistance(g.q, w.q)
		d := math.Max(dp, dq)
		if math.IsNaN(d) {
			d = math.Inf(1)
		}
		worst = math.Max(worst, d)
		if d > tol {
			bad = append(bad, fmt.Sprintf("body %q at %.9g %.9g, source %.9g %.9g (off by %.3g m, %.3g)", n, gp, g.q, w.p, w.q, dp, dq))
		}
	}
	return worst, bad
}

// convertChain converts src through the formats of route in dir (the last
// one the engine's format) and returns the final file and every warning
// the hops emitted.
func convertChain(t *testing.T, src, dir string, route []string, opts func(to string) *convert.Options) (string, []string, error) {
	out, warns, _, err := convertChainFused(t, src, dir, route, opts)
	return out, warns, err
}

// fusedMessage is how a godot-weld-fused info names the body written as
// part of another.
var fusedMessage = regexp.MustCompile(`^"(.+)" is written as part of "(.+)":`)

// convertChainFused is convertChain that also returns the bodies a hop
// wrote as part of another (godot-weld-fused), by name: such a body moves
// as the one that holds it.
func convertChainFused(t *testing.T, src, dir string, route []string, opts func(to string) *convert.Options) (string, []string, map[string]string, error) {
	t.Helper()
	fused := map[string]string{}
	exts := map[string]string{"mjcf": ".xml", "urdf": ".urdf", "khr": ".gltf", "omi": ".gltf", "godot": ".tscn", "godot3": ".tscn"}
	from := src
	var warns []string
	for k, to := range route {
		out := filepath.Join(dir, fmt.Sprintf("hop%d_%s", k, filepath.Base(strings.TrimSuffix(src, filepath.Ext(src))))+exts[to])
		o := opts(to)
		res, err := physconv.ConvertFile(context.Background(), all.Registry(), from, out, o)
		if err != nil {
			return "", warns, fused, fmt.Errorf("%s → %s: %w", filepath.Base(from), to, err)
		}
		for _, d := range res.Diagnostics {
			// a mesh rounded to glTF's single precision is said by an
			// info (the change is tiny), which a chaotic model grows
			if d.Severity >= convert.Warning || d.Code == convert.CodeMeshFloat32 {
				warns = append(warns, string(d.Code))
			}
			if m := fusedMessage.FindStringSubmatch(d.Message); d.Code == convert.CodeGodotWeldFused && m != nil {
				fused[m[1]] = m[2]
			}
		}
		from = out
	}
	sort.Strings(warns)
	return from, compactCodes(warns), fused, nil
}

// withFused adds to got, for each body of want written as part of another
// (fused: its name → the holder's), the pose of its origin carried by the
// holder's motion.
func withFused(want, got map[string]worldPose, fused map[string]string) map[string]worldPose {
	for gone, kept := range fused {
		for kept != "" {
			if _, ok := got[kept]; ok {
				break
			}
			kept = fused[kept] // fused again in a later hop
		}
		w, wok := want[gone]
		h, hok := got[kept]
		if _, there := got[gone]; there || !wok || !hok {
			continue
		}
		got[gone] = worldPose{p: h.at(w.p0), p0: w.p0, q: h.q, body: true}
	}
	return got
}

// compactCodes drops repeated codes from a sorted list.
func compactCodes(s []string) []string {
	var out []string
	for i, c := range s {
		if i == 0 || c != s[i-1] {
			out = append(out, c)
		}
	}
	return out
}

// behaviourVerdict records one pair's outcome: a failure, a skip naming
// the warnings, a known defect, or a pass.
func behaviourVerdict(t *testing.T, key string, worst float64, bad, warns []string) {
	t.Helper()
	known, isKnown := behaviourKnown[key]
	switch {
	case len(bad) == 0 && isKnown:
		t.Errorf("%s: listed as a known defect (%s) but now behaves as the source: remove the entry", key, known)
	case len(bad) == 0:
		t.Logf("%s: largest pose difference %.3g", key, worst)
	case isKnown:
		t.Logf("%s: known defect (%s): %s", key, known, strings.Join(bad, "; "))
	case len(warns) > 0:
		t.Logf("%s: differs (worst %.3g) as the conversion warned (%s): skipped: %s", key, worst, strings.Join(warns, ", "), strings.Join(bad, "; "))
	default:
		t.Errorf("%s: moves unlike the source with no warning (worst %.3g): %s", key, worst, strings.Join(bad, "; "))
	}
}

// mujocoRoutes are the MuJoCo round trips of an MJCF source.
var mujocoRoutes = [][]string{{"mjcf"}, {"khr", "mjcf"}, {"godot", "mjcf"}, {"urdf"}}

// checkMuJoCoBehaviour steps src and each route's result in MuJoCo 3.3.
// A result MuJoCo refuses fails (no warning explains that) unless known. Bodies the wasm build names itself ("body7" for an unnamed body) have
// no name to match by and are left out.
func checkMuJoCoBehaviour(t *testing.T, name, src string, routes [][]string, opts func(to string) *convert.Options, extra ...string) {
	want, why, ok := mujocoPoses(t, src, extra...)
	if !ok {
		// a corpus source MuJoCo itself refuses (half_cheetah's
		// <inertial> without pos) has no behaviour to compare
		t.Skipf("not run: MuJoCo refuses the source: %s", why)
	}
	text, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	for n := range want {
		if wasmInventedName(n) && !strings.Contains(string(text), `"`+n+`"`) {
			delete(want, n)
		}
	}
	saved, spread := engineReference(t, name, src, want, extra...)
	for _, route := range routes {
		key := name + " " + strings.Join(route, "→")
		out, warns, fused, err := convertChainFused(t, src, t.TempDir(), route, opts)
		if err != nil {
			t.Errorf("%s: %v", key, err)
			continue
		}
		more := extra
		if strings.HasSuffix(out, ".urdf") && !slices.Contains(extra, "--meshdir") {
			// MuJoCo takes URDF meshes by base name from one folder: the
			// meshes written for a generated model sit beside the output
			more = append(slices.Clone(extra), "--meshdir", filepath.Dir(out))
		}
		got, why, ok := mujocoPoses(t, out, more...)
		switch {
		case !ok && strings.HasSuffix(out, ".urdf") && strings.Contains(why, "Error opening file"):
			// MuJoCo's URDF import reads every mesh by base name from one
			// folder; a URDF whose meshes live in several cannot be run
			t.Logf("%s: not run: MuJoCo cannot find a mesh of the URDF by base name: %s", key, why)
		case !ok:
			behaviourVerdict(t, key, 0, []string{"MuJoCo refuses the result: " + why}, nil)
		default:
			got = withFused(want, got, fused)
			worst, bad := poseDiff(want, got, behaviourPoseTol)
			if saved != nil && worst > behaviourPoseTol {
				// a chaotic model: as close to MuJoCo's own re-written
				// model will do, within 1 % of how far that one moved
				tol := math.Max(behaviourPoseTol, spread/100)
				if w, b := poseDiff(saved, got, tol); w < worst {
					worst, bad = w, b
				}
				if worst <= tol {
					bad = nil
				}
			}
			behaviourVerdict(t, key, worst, bad, warns)
		}
	}
}

// TestBehaviourMJCFCorpus: MJCF corpus models (sampled) against their
// conversions, all in MuJoCo.
func TestBehaviourMJCFCorpus(t *testing.T) {
	testenv.Oracle(t, "mj-inspect")
	for _, src := range mjcfCorpusEntries(t) {
		if !behaviourSampled(src) {
			continue
		}
		rel := filepath.Base(filepath.Dir(src)) + "/" + filepath.Base(src)
		t.Run(rel, func(t *testing.T) {
			t.Parallel()
			checkMuJoCoBehaviour(t, rel, src, mujocoRoutes, func(to string) *convert.Options {
				return &convert.Options{To: to, AllowRoots: []string{filepath.Dir(src)}}
			})
		})
	}
}

// TestBehaviourURDFCorpus: URDF corpus models MuJoCo loads (sampled),
// URDF→URDF and URDF→KHR→URDF, in MuJoCo.
func TestBehaviourURDFCorpus(t *testing.T) {
	testenv.Oracle(t, "mj-inspect")
	for _, a := range urdfAssets {
		if !behaviourSampled(a.file) || a.meshdir == "" {
			continue
		}
		t.Run(a.name, func(t *testing.T) {
			t.Parallel()
			meshdir := filepath.Join(a.root(t), filepath.FromSlash(a.meshdir))
			checkMuJoCoBehaviour(t, a.name, a.path(t), [][]string{{"urdf"}, {"khr", "urdf"}}, func(to string) *convert.Options {
				return a.options(t, to)
			}, "--meshdir", meshdir)
		})
	}
}

// TestBehaviourGeneratedRobots: propgen.GenerateRobot robots (rotated
// bodies, ref, springs, loops) against their conversions in MuJoCo.
func TestBehaviourGeneratedRobots(t *testing.T) {
	testenv.Oracle(t, "mj-inspect")
	for seed := uint64(1); seed <= behaviourSeeds(); seed++ {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			t.Parallel()
			src := filepath.Join(t.TempDir(), "robot.xml")
			if err := os.WriteFile(src, []byte(propgen.GenerateRobot(seed).XML), 0o644); err != nil {
				t.Fatal(err)
			}
			// MuJoCo 3.3: 2.2.2 diverges to non-finite poses on some robots
			checkMuJoCoBehaviour(t, fmt.Sprintf("robot%d", seed), src, mujocoRoutes, func(to string) *convert.Options {
				return &convert.Options{To: to}
			})
		})
	}
}

// TestBehaviourGeneratedGraphs: propgen.Generate graphs written as MJCF
// (the source the engine runs) against that file's conversions.
func TestBehaviourGeneratedGraphs(t *testing.T) {
	testenv.Oracle(t, "mj-inspect")
	f, err := all.Registry().Lookup("mjcf")
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed <= behaviourSeeds(); seed++ {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			t.Parallel()
			src := filepath.Join(t.TempDir(), "graph.xml")
			godotEmit(t, f, propgen.Generate(seed), src, convert.Options{})
			checkMuJoCoBehaviour(t, fmt.Sprintf("graph%d", seed), src, mujocoRoutes, func(to string) *convert.Options {
				return &convert.Options{To: to}
			})
		})
	}
}

// godotRoutes are the Godot 4 round trips of a .tscn source.
var godotRoutes = [][]string{{"khr", "godot"}, {"urdf", "godot"}, {"mjcf", "godot"}}

// TestBehaviourGodotCorpus: Godot 4 corpus scenes (sampled as the MuJoCo
// half is; every scene under PHYSCONV_BEHAVIOUR=full) against their round
// trips through KHR, URDF and MJCF, in Godot 4; the moving bodies are
// compared. Every Godot call starts a browser (about 3 s), hence the
// sample.
func TestBehaviourGodotCorpus(t *testing.T) {
	testenv.Oracle(t, "godot4-inspect")
	for _, src := range godotScenes(t) {
		if !strings.Contains(filepath.ToSlash(src), "/godot/") || !corpusSampled(src, behaviourGodotStride) {
			continue
		}
		rel := filepath.Base(src)
		t.Run(rel, func(t *testing.T) {
			t.Parallel()
			root := godotMirror(t, src)
			dir, _ := filepath.Abs(filepath.Dir(src))
			proj := godot.ProjectRoot(dir)
			want, why, ok := godotPosesOK(t, src, proj)
			if !ok {
				// as for MuJoCo, a source the engine itself refuses has
				// no behaviour to compare
				t.Skipf("not run: Godot refuses the source: %.200s", why)
			}
			moving := 0
			for _, w := range want {
				if w.body {
					moving++
				}
			}
			if moving == 0 {
				t.Skip("no moving body")
			}
			spread := -1.0 // the scene's noise spread, measured when needed
			for _, route := range godotRoutes {
				key := rel + " " + strings.Join(route, "→")
				out, warns, fused, err := convertChainFused(t, src, root, route, func(to string) *convert.Options {
					return &convert.Options{To: to, AllowRoots: []string{proj, root}}
				})
				if err != nil {
					t.Errorf("%s: %v", key, err)
					continue
				}
				worst, bad := poseDiff(want, withFused(want, godotPoses(t, out, root), fused), behaviourGodotTol)
				if len(bad) > 0 && len(warns) == 0 {
					if spread < 0 {
						inProject, _ := filepath.Rel(proj, filepath.Join(dir, filepath.Base(src)))
						spread = godotNoiseSpread(t, src, root, inProject, want)
						t.Logf("%s: turned by %g rad, the source itself moves %.3g apart", rel, godotNoiseAngle, spread)
					}
					if spread > behaviourGodotTol && worst <= spread {
						t.Logf("%s: differs by %.3g, within the scene's own noise spread %.3g (a sensitive scene)", key, worst, spread)
						bad = nil
					}
				}
				behaviourVerdict(t, key, worst, bad, warns)
			}
		})
	}
}

// engineReference returns MuJoCo's own writing of a compiled MJCF source
// (mj-inspect --to-mjcf) run the same way, when it moves apart from the
// source beyond the tolerance, else nil. It is the same model in the same
// engine; that it moves apart means the motion amplifies the last bits of
// how numbers are written (a chaotic model): a conversion is then held to
// whichever of the two it is nearer, within 1 % of their spread (two
// orders tighter than the engine's own re-writing; the log says when this
// applies).
func engineReference(t *testing.T, name, src string, want map[string]worldPose, extra ...string) (map[string]worldPose, float64) {
	if !strings.HasSuffix(src, ".xml") {
		// MuJoCo writes a URDF back as another model (fixed links fused,
		// visuals dropped), no reference for a chaotic source
		return nil, 0
	}
	ref := filepath.Join(t.TempDir(), "mujoco_saved.xml")
	if _, code := testenv.RunOracle(t, "mj-inspect", "--to-mjcf", src, ref); code != 0 {
		return nil, 0
	}
	saved, _, ok := mujocoPoses(t, ref, extra...)
	if !ok {
		return nil, 0
	}
	worst, _ := poseDiff(want, saved, behaviourPoseTol)
	if worst <= behaviourPoseTol {
		return nil, 0
	}
	t.Logf("%s: MuJoCo's own re-written model moves %.3g apart from the source after %d steps (a chaotic model); a conversion within 1 %% of that of either passes", name, worst, behaviourMJSteps)
	for n := range want {
		if _, ok := saved[n]; !ok {
			saved[n] = want[n]
		}
	}
	return saved, worst
}
