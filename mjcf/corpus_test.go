package mjcf

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/inspect"
	"github.com/physconv/physconv/internal/testenv"
)

// corpusModels are the MJCF entry files of the shared corpus.
var corpusModels = []string{
	"dmc_cartpole/cartpole.xml",
	"dmc_manipulator/manipulator.xml",
	"dmc_quadruped/quadruped.xml",
	"gym_ant_legacy/ant.xml",
	"gym_half_cheetah_legacy/half_cheetah.xml",
	"menagerie_robotiq_2f85/2f85.xml",
	"menagerie_robotiq_2f85/scene.xml",
	"menagerie_wonik_allegro/right_hand.xml",
	"menagerie_wonik_allegro/scene_right.xml",
	"mjx_pendula/pendula.xml",
	"mujoco_car/car.xml",
	"mujoco_cube_3x3x3/cube_3x3x3.xml",
	"mujoco_humanoid/humanoid.xml",
	"mujoco_slider_crank/slider_crank.xml",
	"mujoco_tendon_arm26/arm26.xml",
}

// mjModel is the part of mj-inspect's JSON the comparisons read.
type mjModel struct {
	OK     bool   `json:"ok"`
	Error  string `json:"error"`
	Counts struct {
		NGeom int `json:"ngeom"`
		NMesh int `json:"nmesh"`
	} `json:"counts"`
	Bodies []struct {
		Name        string        `json:"name"`
		Mass        float64       `json:"mass"`
		InertiaFull [3][3]float64 `json:"inertia_full"`
		XQuat       [4]float64    `json:"xquat"`
		XIPos       [3]float64    `json:"xipos"`
		XPos        [3]float64    `json:"xpos"`
	} `json:"bodies"`
	Joints []struct {
		Name    string     `json:"name"`
		Body    string     `json:"body"`
		Type    string     `json:"type"`
		Axis    [3]float64 `json:"axis"`
		Range   [2]float64 `json:"range"`
		Limited bool       `json:"limited"`
	} `json:"joints"`
}

func runMJ(t *testing.T, file string, args ...string) mjModel {
	t.Helper()
	out, code := testenv.RunOracle(t, "mj-inspect", append(append([]string{"--compact"}, args...), file)...)
	var m mjModel
	if err := json.Unmarshal(out, &m); err != nil {
		t.Fatalf("mj-inspect output: %v\n%s", err, out)
	}
	if code != 0 || !m.OK {
		t.Fatalf("MuJoCo rejected %s: %s", file, m.Error)
	}
	return m
}

func inputFor(t testing.TB, file string) *convert.Input {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return &convert.Input{Name: filepath.Base(file), Data: data, FS: os.DirFS(filepath.Dir(file)), Dir: "."}
}

// zToY maps MuJoCo world vectors into the Graph's Y-up world.
func zToY(v [3]float64) convert.Vec3 { return zUpToYUp().Rotate(convert.Vec3(v)) }

func quatWXYZ(q [4]float64) convert.Quat { return convert.Quat{q[1], q[2], q[3], q[0]} }

func near(a, b, tol float64) bool {
	return math.Abs(a-b) <= tol*math.Max(1, math.Max(math.Abs(a), math.Abs(b))) || math.Abs(a-b) <= tol*math.Max(math.Abs(a), math.Abs(b))
}

// relNear compares with a relative tolerance and an absolute floor scaled
// to the magnitude of the whole quantity (tensor entries near zero).
func relNear(a, b, tol, scale float64) bool {
	return math.Abs(a-b) <= tol*math.Max(scale, math.Max(math.Abs(a), math.Abs(b)))
}

// oracleCopy writes a copy of a legacy model that MuJoCo 3 accepts: the
// Gym half cheetah has <inertial> without pos, which MuJoCo ignores under
// inertiafromgeom="true" but its XML schema rejects.
func oracleCopy(t *testing.T, file string) string {
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `<inertial mass="10"/>`) {
		return file
	}
	dst := filepath.Join(t.TempDir(), filepath.Base(file))
	fixed := strings.ReplaceAll(string(data), `<inertial mass="10"/>`, `<inertial pos="0 0 0" mass="10"/>`)
	if err := os.WriteFile(dst, []byte(fixed), 0o644); err != nil {
		t.Fatal(err)
	}
	return dst
}

// originals holds MuJoCo 3.3.8's compilation of each corpus file, which
// two tests compare against: each wasm oracle call costs about half a
// second of CPU, so each file is compiled once per run.
var originals sync.Map // file → *original

type original struct {
	once sync.Once
	m    mjModel
	ok   bool
}

// runOriginal is runMJ on a corpus file (through oracleCopy), once per run.
func runOriginal(t *testing.T, file string) mjModel {
	t.Helper()
	v, _ := originals.LoadOrStore(file, &original{})
	o := v.(*original)
	o.once.Do(func() {
		o.m = runMJ(t, oracleCopy(t, file))
		o.ok = true
	})
	if !o.ok {
		t.Fatalf("MuJoCo did not compile %s (see the first test that asked)", file)
	}
	return o.m
}

// TestCorpusMatchesMuJoCo parses every corpus MJCF and checks, per body,
// the inspect report's mass, world centre of mass and world inertia against
// MuJoCo 3.3.8's compiled model (1e-6 relative), and every hinge/slide/ball
// joint's axis and range against the Graph joint it became.
func TestCorpusMatchesMuJoCo(t *testing.T) {
	root := testenv.CorpusPath(t, "mjcf")
	testenv.Oracle(t, "mj-inspect")
	for _, rel := range corpusModels {
		t.Run(rel, func(t *testing.T) {
			t.Parallel()
			file := filepath.Join(root, rel)
			p, err := parse(inputFor(t, file))
			if err != nil {
				t.Fatalf("parse: %v", err)
			}
			mj := runOriginal(t, file)
			compareWithMuJoCo(t, p, mj)
		})
	}
}

func compareWithMuJoCo(t *testing.T, p *parser, mj mjModel) {
	t.Helper()
	g := p.g
	rep := inspect.Inspect(g, "mjcf", nil)
	names := convert.NodeNames(g)
	byName := map[string]inspect.BodyReport{}
	for _, b := range rep.Bodies {
		byName[b.Name] = b
	}
	if len(mj.Bodies)-1 != len(p.bodyNodes) {
		t.Fatalf("MuJoCo has %d bodies, parse made %d", len(mj.Bodies)-1, len(p.bodyNodes))
	}
	const tol = 1e-6
	for k, mb := range mj.Bodies[1:] {
		node := p.bodyNodes[k]
		b, ok := byName[names[node]]
		if !ok || b.Mass == nil {
			t.Errorf("body %q: no mass in report", mb.Name)
			continue
		}
		if !relNear(float64(*b.Mass), mb.Mass, tol, 0) {
			t.Errorf("body %q: mass %.12g, MuJoCo %.12g", mb.Name, float64(*b.Mass), mb.Mass)
		}
		if mb.Mass < 1e-12 {
			continue
		}
		wantCOM := zToY(mb.XIPos)
		scale := 0.0
		for i := 0; i < 3; i++ {
			scale = math.Max(scale, math.Abs(wantCOM[i]))
		}
		for i := 0; i < 3; i++ {
			if !relNear(b.CenterOfMass[i], wantCOM[i], tol, math.Max(scale, 1e-3)) {
				t.Errorf("body %q: COM %v, MuJoCo %v", mb.Name, *b.CenterOfMass, wantCOM)
				break
			}
		}
		// world inertia: body rotation, then Z-up → Y-up
		r := zUpToYUp().Mul(quatWXYZ(mb.XQuat))
		want := rotateTensor(r, convert.Mat3(mb.InertiaFull))
		iscale := math.Max(math.Abs(want[0][0]), math.Max(math.Abs(want[1][1]), math.Abs(want[2][2])))
	outer:
		for i := 0; i < 3; i++ {
			for j := 0; j < 3; j++ {
				if !relNear(float64(b.Inertia[i][j]), want[i][j], tol, iscale) {
					t.Errorf("body %q: inertia[%d][%d] %.12g, MuJoCo %.12g", mb.Name, i, j, float64(b.Inertia[i][j]), want[i][j])
					break outer
				}
			}
		}
	}
	checkJoints(t, p, mj)
}

// checkJoints finds each named MuJoCo hinge/slide joint in the Graph joint
// it became and compares its world axis and limits.
func checkJoints(t *testing.T, p *parser, mj mjModel) {
	g := p.g
	bodyRot := map[string]convert.Quat{}
	for _, b := range mj.Bodies {
		bodyRot[b.Name] = quatWXYZ(b.XQuat)
	}
	for _, j := range mj.Joints {
		if j.Type == "free" {
			continue
		}
		ref, ok := p.joints[j.Name]
		if j.Name == "" || !ok {
			if j.Name != "" {
				t.Errorf("joint %q: not in the Graph", j.Name)
			}
			continue
		}
		gj := g.Nodes[ref.node].Joint
		frame := g.WorldTransform(ref.node).R
		if j.Type == "ball" {
			free := 0
			for _, l := range gj.Limits {
				if len(l.Angular) == 3 && !l.Fixed() {
					if j.Limited && !near(l.Max, j.Range[1], 1e-9) {
						t.Errorf("ball %q: cone %v, MuJoCo %v", j.Name, l.Max, j.Range)
					}
					free = 3
				}
				if len(l.Angular) > 0 && l.Fixed() {
					t.Errorf("ball %q: angular axes fixed", j.Name)
				}
			}
			_ = free
			continue
		}
		axis := zUpToYUp().Mul(bodyRot[j.Body]).Rotate(convert.Vec3(j.Axis)).Normalize()
		k, sign := -1, 1.0
		for c := 0; c < 3; c++ {
			var e convert.Vec3
			e[c] = 1
			if d := frame.Rotate(e).Dot(axis); math.Abs(d) > 1-1e-9 {
				k, sign = c, math.Copysign(1, d)
			}
		}
		if k < 0 {
			t.Errorf("joint %q: no frame axis along MuJoCo's %v", j.Name, axis)
			continue
		}
		var found *convert.Limit
		for i, l := range gj.Limits {
			axes := l.Linear
			if j.Type == "hinge" {
				axes = l.Angular
			}
			for _, a := range axes {
				if a == k {
					found = &gj.Limits[i]
				}
			}
		}
		switch {
		case j.Limited && found == nil:
			t.Errorf("joint %q: limited in MuJoCo, free in the Graph", j.Name)
		case j.Limited:
			lo, hi := j.Range[0], j.Range[1]
			if sign < 0 {
				lo, hi = -hi, -lo
			}
			if !near(found.Min, lo, 1e-9) || !near(found.Max, hi, 1e-9) {
				t.Errorf("joint %q: limits [%g %g], MuJoCo [%g %g] (sign %g)", j.Name, found.Min, found.Max, lo, hi, sign)
			}
		case found != nil:
			t.Errorf("joint %q: unlimited in MuJoCo, limited %v in the Graph", j.Name, *found)
		}
	}
}
