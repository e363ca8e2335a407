package crosscheck

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/kin"
	"github.com/physconv/physconv/internal/testenv"
	"github.com/physconv/physconv/khr"
	"github.com/physconv/physconv/mjcf"
	"github.com/physconv/physconv/urdf"
)

// drivenGraph is two bodies joined by a hinge (angular) or slider
// (linear) on frame axis 0, carrying drive d.
func drivenGraph(name string, linear bool, d convert.Drive) *convert.Graph {
	g := convert.NewGraph()
	g.Name = name
	body := func(m float64) *convert.Motion {
		return &convert.Motion{Kind: convert.Dynamic, GravityFactor: 1, Mass: convert.Ptr(m), CenterOfMass: &convert.Vec3{},
			InertiaDiagonal: &convert.Vec3{0.1, 0.2, 0.3}}
	}
	box := g.AddShape(convert.Shape{Kind: convert.Box, Size: convert.Vec3{0.2, 0.2, 0.2}})
	a := g.AddNode(convert.Node{Name: "base", Motion: body(3), Collider: &convert.Collider{Shape: box, Material: -1, Filter: -1}}, -1)
	b := g.AddNode(convert.Node{Name: "arm", Transform: convert.Transform{T: convert.Vec3{1, 0, 0}, R: convert.IdentityQuat(), S: convert.Vec3{1, 1, 1}},
		Motion: body(1), Collider: &convert.Collider{Shape: box, Material: -1, Filter: -1}}, -1)
	kind := kin.KindRevolute
	if linear {
		kind = kin.KindPrismatic
	}
	limits, frame := kin.LimitsFor(kind, convert.Vec3{1, 0, 0}, -1, 1)
	conn := g.AddNode(convert.Node{Name: "joint_b", Transform: convert.Transform{R: frame, S: convert.Vec3{1, 1, 1}}}, b)
	g.AddNode(convert.Node{Name: "joint", Transform: convert.Transform{T: convert.Vec3{1, 0, 0}, R: frame, S: convert.Vec3{1, 1, 1}},
		Joint: &convert.Joint{Connected: conn, Limits: limits, Drives: []convert.Drive{d}}}, a)
	return g
}

// viaMJCF converts a Graph to KHR, the KHR to MJCF and the MJCF back to
// KHR, reading each output back as the next step's input.
func viaMJCF(t *testing.T, g *convert.Graph) (*convert.Graph, string) {
	t.Helper()
	step := func(emit func(*convert.Graph, *convert.Options) (*convert.Output, convert.Diagnostics, error),
		parse func(*convert.Input) (*convert.Graph, convert.Diagnostics, error), name string, g *convert.Graph) (*convert.Graph, string) {
		out, _, err := emit(g, &convert.Options{})
		if err != nil {
			t.Fatalf("emit %s: %v", name, err)
		}
		back, _, err := parse(&convert.Input{Name: name, Data: out.Main, Options: &convert.Options{}})
		if err != nil {
			t.Fatalf("parse %s: %v\n%s", name, err, out.Main)
		}
		return back, string(out.Main)
	}
	k1, _ := step(khr.Emit, khr.Parse, "a.gltf", g)
	m, text := step(mjcf.Emit, mjcf.Parse, "b.xml", k1)
	k2, _ := step(khr.Emit, khr.Parse, "c.gltf", m)
	return k2, text
}

// theDrive returns the one drive of the Graph's one joint and that joint.
func theDrive(t *testing.T, g *convert.Graph, text string) (convert.Drive, *convert.Joint) {
	t.Helper()
	var found []*convert.Joint
	for i := range g.Nodes {
		if j := g.Nodes[i].Joint; j != nil && len(j.Drives) > 0 {
			found = append(found, j)
		}
	}
	if len(found) != 1 || len(found[0].Drives) != 1 {
		t.Fatalf("want one joint with one drive, got %d joints\n%s", len(found), text)
	}
	return found[0].Drives[0], found[0]
}

func ptrOr(p *float64) float64 {
	if p == nil {
		return 0
	}
	return *p
}

// sameDrive compares what a drive does: type, stiffness, damping,
// targets (an absent target is 0) and force limit, to 1e-12 relative.
func sameDrive(want, got convert.Drive) error {
	near := func(a, b float64) bool {
		return a == b || math.Abs(a-b) <= 1e-12*math.Max(1, math.Max(math.Abs(a), math.Abs(b)))
	}
	switch {
	case want.Type != got.Type || got.Mode != "force":
		return fmt.Errorf("type/mode %s/%s, want %s/force", got.Type, got.Mode, want.Type)
	case !near(want.Stiffness, got.Stiffness):
		return fmt.Errorf("stiffness %v, want %v", got.Stiffness, want.Stiffness)
	case !near(want.Damping, got.Damping):
		return fmt.Errorf("damping %v, want %v", got.Damping, want.Damping)
	case want.Stiffness != 0 && !near(ptrOr(want.PositionTarget), ptrOr(got.PositionTarget)):
		return fmt.Errorf("position target %v, want %v", ptrOr(got.PositionTarget), ptrOr(want.PositionTarget))
	case want.Damping != 0 && !near(ptrOr(want.VelocityTarget), ptrOr(got.VelocityTarget)):
		return fmt.Errorf("velocity target %v, want %v", ptrOr(got.VelocityTarget), ptrOr(want.VelocityTarget))
	case !near(want.MaxForce, got.MaxForce):
		return fmt.Errorf("max force %v, want %v", got.MaxForce, want.MaxForce)
	}
	return nil
}

// Drives on one-axis joints go KHR → MJCF actuators → KHR with equal
// stiffness, damping, targets and force limits.
func TestDrivesRoundTripThroughMJCF(t *testing.T) {
	inf := math.Inf(1)
	cases := []struct {
		name   string
		linear bool
		d      convert.Drive
		kind   string // the MJCF actuator written
	}{
		{"position", false, convert.Drive{Type: "angular", Mode: "force", MaxForce: 40, PositionTarget: convert.Ptr(0.5), Stiffness: 300}, "position"},
		{"position damped", false, convert.Drive{Type: "angular", Mode: "force", MaxForce: 40, PositionTarget: convert.Ptr(-0.25), VelocityTarget: convert.Ptr(0.0), Stiffness: 300, Damping: 12}, "general"},
		{"position damped moving target", false, convert.Drive{Type: "angular", Mode: "force", MaxForce: 7, PositionTarget: convert.Ptr(0.1), VelocityTarget: convert.Ptr(2.0), Stiffness: 50, Damping: 3}, "general"},
		{"velocity", false, convert.Drive{Type: "angular", Mode: "force", MaxForce: 5, VelocityTarget: convert.Ptr(1.5), Damping: 2}, "velocity"},
		{"velocity unlimited", false, convert.Drive{Type: "angular", Mode: "force", MaxForce: inf, VelocityTarget: convert.Ptr(-3.0), Damping: 0.5}, "velocity"},
		{"linear position", true, convert.Drive{Type: "linear", Mode: "force", MaxForce: 100, PositionTarget: convert.Ptr(0.05), Stiffness: 2000}, "position"},
		{"linear velocity", true, convert.Drive{Type: "linear", Mode: "force", MaxForce: 10, VelocityTarget: convert.Ptr(0.2), Damping: 40}, "velocity"},
		{"zero targets", false, convert.Drive{Type: "angular", Mode: "force", MaxForce: 1, PositionTarget: convert.Ptr(0.0), VelocityTarget: convert.Ptr(0.0), Stiffness: 1, Damping: 1}, "general"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			back, text := viaMJCF(t, drivenGraph("driven_"+strings.ReplaceAll(c.name, " ", "_"), c.linear, c.d))
			if !regexp.MustCompile(`<` + c.kind + ` name="[^"]+" joint=`).MatchString(text) {
				t.Errorf("MJCF has no <%s> actuator:\n%s", c.kind, text)
			}
			got, _ := theDrive(t, back, text)
			if err := sameDrive(c.d, got); err != nil {
				t.Errorf("%v\n%s", err, text)
			}
			if back.Name != "driven_"+strings.ReplaceAll(c.name, " ", "_") {
				t.Errorf("document name %q did not survive", back.Name)
			}
		})
	}
}

// The same over random drives: position or velocity, angular or linear,
// with random gains, targets and force limits.
func TestDrivesRoundTripThroughMJCFRandom(t *testing.T) {
	r := rand.New(rand.NewSource(13))
	for i := range 60 {
		linear := r.Intn(2) == 0
		d := convert.Drive{Type: "angular", Mode: "force", MaxForce: math.Round(r.Float64()*1000) / 8}
		if linear {
			d.Type = "linear"
		}
		if r.Intn(4) == 0 {
			d.MaxForce = math.Inf(1)
		}
		if r.Intn(3) > 0 {
			d.Stiffness = r.ExpFloat64() * 100
			d.PositionTarget = convert.Ptr((r.Float64()*2 - 1) * 0.9)
			if r.Intn(2) == 0 {
				d.Damping = r.ExpFloat64() * 10
				d.VelocityTarget = convert.Ptr((r.Float64()*2 - 1) * 3)
			}
			if math.IsInf(d.MaxForce, 1) && d.VelocityTarget == nil {
				d.VelocityTarget = convert.Ptr(0.0) // else it is a passive spring (joint stiffness); see below
				d.Damping = r.ExpFloat64()
			}
		} else {
			d.Damping = r.ExpFloat64() * 10
			d.VelocityTarget = convert.Ptr((r.Float64()*2 - 1) * 3)
		}
		back, text := viaMJCF(t, drivenGraph("random", linear, d))
		got, _ := theDrive(t, back, text)
		if err := sameDrive(d, got); err != nil {
			t.Errorf("case %d %+v: %v\n%s", i, d, err, text)
		}
	}
}

// A drive of unlimited force with no velocity target is a passive spring:
// MJCF joint stiffness and springref, and its damping is the joint's
// damping (MJCF has one). Stiffness and target come back as they were;
// the damping comes back as joint damping.
func TestSpringDriveRoundTripThroughMJCF(t *testing.T) {
	d := convert.Drive{Type: "angular", Mode: "force", MaxForce: math.Inf(1), PositionTarget: convert.Ptr(0.3), Stiffness: 80, Damping: 4}
	back, text := viaMJCF(t, drivenGraph("spring", false, d))
	if !strings.Contains(text, `stiffness="80"`) || !strings.Contains(text, `springref="0.3"`) || strings.Contains(text, "<actuator") {
		t.Errorf("want a joint spring and no actuator:\n%s", text)
	}
	got, j := theDrive(t, back, text)
	if got.Stiffness != 80 || ptrOr(got.PositionTarget) != 0.3 || got.Damping+j.Damping != 4 {
		t.Errorf("spring came back as %+v with joint damping %v", got, j.Damping)
	}
}

// actuatedURDFs are our own URDFs with transmissions, in both forms.
var actuatedURDFs = []struct {
	file string
	want []string // actuator elements written, in joint order
}{
	{"ros1.urdf", []string{`<general name="shoulder" joint="shoulder"`, `<motor name="slide" joint="slide"`}},
	{"ros2.urdf", []string{`<general name="shoulder" joint="shoulder"`, `<velocity name="slide" joint="slide"`}},
}

func actuatedPath(t *testing.T, file string) string {
	p, err := filepath.Abs(filepath.Join("..", "..", "testdata", "urdf", "actuated", file))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// convertActuated converts a file with options (NAME=VALUE format options) and
// returns the written MJCF path and text.
func convertActuated(t *testing.T, src string, base string, options ...string) (string, string) {
	t.Helper()
	opts := (&convert.Options{To: "mjcf"}).With(urdf.BaseOption, base)
	for _, o := range options {
		k, v, _ := strings.Cut(o, "=")
		opts.SetOption(k, v)
	}
	out := filepath.Join(t.TempDir(), "model.xml")
	if _, err := physconv.ConvertFile(context.Background(), all.Registry(), src, out, opts); err != nil {
		t.Fatalf("convert %s: %v", src, err)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return out, string(data)
}

// URDF transmissions become MJCF actuators that both MuJoCo versions load,
// with the joint's effort limit as force range.
func TestURDFTransmissionsBecomeActuators(t *testing.T) {
	testenv.Oracle(t, "mj-inspect")
	for _, c := range actuatedURDFs {
		t.Run(c.file, func(t *testing.T) {
			out, text := convertActuated(t, actuatedPath(t, c.file), "fixed")
			at := 0
			for _, w := range c.want {
				k := strings.Index(text[at:], w)
				if k < 0 {
					t.Fatalf("want %s after offset %d in\n%s", w, at, text)
				}
				at += k
			}
			for _, w := range []string{`forcelimited="true" forcerange="-40 40"`, `forcelimited="true" forcerange="-20 20"`, `<mujoco model="arm_ros`} {
				if !strings.Contains(text, w) {
					t.Errorf("want %s in\n%s", w, text)
				}
			}
			for _, backend := range []string{"wasm", "c"} {
				m := mjcfInspect(t, "--backend", backend, out)
				if len(m.Joints) != 2 {
					t.Errorf("%s: %d joints, want 2", backend, len(m.Joints))
				}
			}
		})
	}
}

// A position actuator holds its joint at the target: the arm sticks out
// horizontally under gravity and stays within kp's static deflection of
// its target (0), while without actuators it swings down.
func TestPositionActuatorHoldsJoint(t *testing.T) {
	testenv.Oracle(t, "mj-inspect")
	src := actuatedPath(t, "ros1.urdf")
	held, _ := convertActuated(t, src, "fixed")
	free, text := convertActuated(t, src, "fixed", "actuators=none")
	if strings.Contains(text, "<actuator") {
		t.Fatalf("actuators none still writes actuators:\n%s", text)
	}
	// static deflection: (1 kg·0.25 m + 0.5 kg·0.5 m)·9.81 / kp 400
	deflection := (1*0.25 + 0.5*0.5) * 9.81 / 400
	for _, backend := range []string{"wasm", "c"} {
		h := mjcfInspect(t, "--backend", backend, "--steps", "1000", held)
		f := mjcfInspect(t, "--backend", backend, "--steps", "1000", free)
		hq, fq := qpos0(t, h), qpos0(t, f)
		t.Logf("%s: shoulder after 2 s: %.5f rad held (static deflection %.5f), %.3f rad without actuators", backend, hq, deflection, fq)
		if math.Abs(hq-deflection) > 0.2*deflection {
			t.Errorf("%s: held shoulder at %v rad after 2 s, want the static deflection %v", backend, hq, deflection)
		}
		if math.Abs(fq) < 0.5 {
			t.Errorf("%s: unactuated shoulder at %v rad after 2 s; the test would not tell holding from not", backend, fq)
		}
	}
}

func qpos0(t *testing.T, m mjcfModel) float64 {
	t.Helper()
	if m.AfterSteps == nil || len(m.AfterSteps.QPos) == 0 {
		t.Fatal("no qpos after steps")
	}
	v, ok := m.AfterSteps.QPos[0].(float64)
	if !ok {
		t.Fatalf("qpos[0] is %v", m.AfterSteps.QPos[0])
	}
	return v
}

// Corpus URDFs with transmissions convert to MJCF that MuJoCo 2.2.2
// compiles, with one actuator per transmission on a moving joint.
func TestCorpusTransmissionsCompile(t *testing.T) {
	testenv.Oracle(t, "mj-inspect")
	want := map[string]int{"nao": 26, "racecar": 6, "pr2": 14}
	for _, a := range urdfAssets {
		n, ok := want[a.name]
		if !ok {
			continue
		}
		t.Run(a.name, func(t *testing.T) {
			src := testenv.CorpusPath(t, "urdf", a.dir, a.file)
			opts := a.options(t, "mjcf")
			out := filepath.Join(t.TempDir(), "model.xml")
			if _, err := physconv.ConvertFile(context.Background(), all.Registry(), src, out, opts); err != nil {
				t.Fatalf("convert: %v", err)
			}
			data, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			got := len(regexp.MustCompile(`<(position|velocity|motor|general) name=`).FindAll(data, -1))
			if got != n {
				t.Errorf("%d actuators, want %d", got, n)
			}
			t.Logf("%d actuators", got)
			mjcfInspect(t, "--backend", "c", out)
		})
	}
}

// Drive targets in the drive_targets keyframe, and the --scene floor and
// light, load in both MuJoCo versions.
func TestDriveKeyframeAndSceneLoad(t *testing.T) {
	testenv.Oracle(t, "mj-inspect")
	g := drivenGraph("keyed", false, convert.Drive{Type: "angular", Mode: "force", MaxForce: 4, PositionTarget: convert.Ptr(0.3),
		VelocityTarget: convert.Ptr(0.0), Stiffness: 20, Damping: 1})
	out, _, err := mjcf.Emit(g, (&convert.Options{}).With(mjcf.SceneOption, "true"))
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{`<key name="drive_targets" ctrl="0.3"/>`, `type="plane"`, `<light `} {
		if !strings.Contains(string(out.Main), w) {
			t.Errorf("want %s in\n%s", w, out.Main)
		}
	}
	path := filepath.Join(t.TempDir(), "keyed.xml")
	if err := os.WriteFile(path, out.Main, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, backend := range []string{"wasm", "c"} {
		raw, code := testenv.RunOracle(t, "mj-inspect", "--compact", "--backend", backend, path)
		var m struct {
			OK    bool   `json:"ok"`
			Model string `json:"model"`
		}
		if err := json.Unmarshal(raw, &m); err != nil || code != 0 || !m.OK || m.Model != "keyed" {
			t.Errorf("%s: exit %d, model %q (want keyed): %s", backend, code, m.Model, raw)
		}
	}
}
