package mjcf

import (
	"errors"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/kin"
)

// hingeGraph is a base with an arm on a hinge about Z: the arm's moment
// about the hinge axis (through its centre of mass) is 0.4.
func hingeGraph(j convert.Joint) *convert.Graph {
	g := convert.NewGraph()
	g.Name = "hinged"
	a := g.AddNode(convert.Node{Name: "base", Transform: rigidAt(0, 0, 0), Motion: dynamicBody(2)}, -1)
	arm := &convert.Motion{Kind: convert.Dynamic, GravityFactor: 1, Mass: convert.Ptr(1.0), CenterOfMass: &convert.Vec3{},
		InertiaDiagonal: &convert.Vec3{0.3, 0.4, 0.3}}
	b := g.AddNode(convert.Node{Name: "arm", Transform: rigidAt(1, 0, 0), Motion: arm}, -1)
	limits, frame := kin.LimitsFor(kin.KindRevolute, convert.Vec3{0, 1, 0}, -1, 1)
	conn := g.AddNode(convert.Node{Name: "hinge_b", Transform: convert.Transform{R: frame, S: convert.Vec3{1, 1, 1}}}, b)
	j.Connected, j.Limits = conn, limits
	g.AddNode(convert.Node{Name: "hinge", Transform: convert.Transform{T: convert.Vec3{1, 0, 0}, R: frame, S: convert.Vec3{1, 1, 1}}, Joint: &j}, a)
	return g
}

func emitWith(t *testing.T, g *convert.Graph, opts *convert.Options) (string, convert.Diagnostics) {
	t.Helper()
	out, diags, err := Emit(g, opts)
	if err != nil {
		t.Fatal(err)
	}
	return string(out.Main), diags
}

// --actuators adds one actuator per actuated joint with the documented
// gains; the joint's own Actuator interface wins over the option.
func TestActuatorsOption(t *testing.T) {
	kp := 10 * 7.0
	kv := 2 * math.Sqrt(kp*0.4)
	general := `<general name="hinge" joint="hinge" gaintype="fixed" gainprm="` + fmtFloat(kp) + `" biastype="affine" biasprm="` + fmtFloats(0, -kp, -kv) + `" ctrllimited="true" ctrlrange="-1 1" forcelimited="true" forcerange="-7 7"/>`
	cases := []struct {
		option, iface string
		want          string // "" = no actuator
	}{
		{"source", "", ""},
		{"none", "position", ""},
		{"position", "", general},
		{"velocity", "", `<velocity name="hinge" joint="hinge" kv="` + fmtFloat(kv) + `" forcelimited="true" forcerange="-7 7"/>`},
		{"motor", "", `<motor name="hinge" joint="hinge" gear="1" ctrllimited="true" ctrlrange="-7 7" forcelimited="true" forcerange="-7 7"/>`},
		{"source", "position", general},
		{"motor", "position", general},
	}
	for _, c := range cases {
		text, _ := emitWith(t, hingeGraph(convert.Joint{Effort: 7, Actuator: c.iface}), (&convert.Options{}).With(ActuatorsOption, c.option))
		if c.want == "" {
			if strings.Contains(text, "<actuator") {
				t.Errorf("%s/%s: want no actuator:\n%s", c.option, c.iface, text)
			}
			continue
		}
		if !strings.Contains(round9(text), round9(c.want)) {
			t.Errorf("%s/%s: want %s in\n%s", c.option, c.iface, c.want, text)
		}
	}
	// without an effort limit: kp 100 and no force range
	text, _ := emitWith(t, hingeGraph(convert.Joint{}), (&convert.Options{}).With(ActuatorsOption, "position"))
	if want := `gainprm="100" biastype="affine" biasprm="` + fmtFloats(0, -100, -2*math.Sqrt(100*0.4)) + `" ctrllimited="true" ctrlrange="-1 1"/>`; !strings.Contains(round9(text), round9(want)) {
		t.Errorf("want %s in\n%s", want, text)
	}
}

// A mimic joint follows its leader and gets no actuator of its own from
// the option.
func TestActuatorsOptionSkipsMimic(t *testing.T) {
	g := hingeGraph(convert.Joint{})
	hinge := len(g.Nodes) - 1
	c := g.AddNode(convert.Node{Name: "arm2", Transform: rigidAt(2, 0, 0), Motion: dynamicBody(1)}, -1)
	limits, frame := kin.LimitsFor(kin.KindRevolute, convert.Vec3{0, 1, 0}, -1, 1)
	conn := g.AddNode(convert.Node{Name: "hinge2_b", Transform: convert.Transform{R: frame, S: convert.Vec3{1, 1, 1}}}, c)
	g.AddNode(convert.Node{Name: "hinge2", Transform: convert.Transform{T: convert.Vec3{2, 0, 0}, R: frame, S: convert.Vec3{1, 1, 1}},
		Joint: &convert.Joint{Connected: conn, Limits: limits}}, 1)
	g.Couplings = append(g.Couplings, convert.Coupling{Follower: len(g.Nodes) - 1, Leader: hinge, Multiplier: 1})
	text, _ := emitWith(t, g, (&convert.Options{}).With(ActuatorsOption, "velocity"))
	if n := strings.Count(text, "<velocity "); n != 1 || !strings.Contains(text, `joint="hinge"`) {
		t.Errorf("want one velocity actuator, on hinge:\n%s", text)
	}
}

// Drive targets are the ctrl of the drive_targets keyframe, with 0 for
// actuators that have no target; all zero writes no keyframe.
func TestDriveTargetsKeyframe(t *testing.T) {
	d := convert.Drive{Type: "angular", Mode: "force", MaxForce: 5, PositionTarget: convert.Ptr(0.25), Stiffness: 30}
	text, _ := emitWith(t, hingeGraph(convert.Joint{Drives: []convert.Drive{d}}), &convert.Options{})
	if !strings.Contains(text, `<key name="drive_targets" ctrl="0.25"/>`) || strings.Index(text, "<keyframe") < strings.Index(text, "<actuator") {
		t.Errorf("want the target in a keyframe after the actuators:\n%s", text)
	}
	d.PositionTarget = convert.Ptr(0.0)
	text, _ = emitWith(t, hingeGraph(convert.Joint{Drives: []convert.Drive{d}}), &convert.Options{})
	if strings.Contains(text, "<keyframe") {
		t.Errorf("zero targets need no keyframe:\n%s", text)
	}
}

const actuatorModel = `<mujoco model="acts">
  <default><default class="stiff"><position kp="77"/></default></default>
  <worldbody>
    <body name="a"><inertial pos="0 0 0" mass="1" diaginertia="1 1 1"/><joint name="h1" type="hinge" axis="0 0 1"/>
    <body name="b" pos="1 0 0"><inertial pos="0 0 0" mass="1" diaginertia="1 1 1"/><joint name="h2" type="hinge" axis="0 0 1"/>
    <body name="c" pos="1 0 0"><inertial pos="0 0 0" mass="1" diaginertia="1 1 1"/><joint name="s3" type="slide" axis="1 0 0"/>
    <body name="d" pos="1 0 0"><inertial pos="0 0 0" mass="1" diaginertia="1 1 1"/><joint name="ball" type="ball"/>
    </body></body></body></body>
  </worldbody>
  <actuator>
    %s
  </actuator>
  %s
</mujoco>`

// MJCF actuators on one-axis joints read back into drives; others stay
// MJCF-only sections.
func TestParseActuatorsIntoDrives(t *testing.T) {
	inf := math.Inf(1)
	cases := []struct {
		name, act, key string
		joint          string
		want           *convert.Drive // nil: not a drive
		effort         float64        // motor: the joint's effort
	}{
		{"position", `<position joint="h1" kp="50" forcerange="-3 3"/>`, `<keyframe><key name="drive_targets" ctrl="0.4"/></keyframe>`, "h1",
			&convert.Drive{Type: "angular", MaxForce: 3, Stiffness: 50, PositionTarget: convert.Ptr(0.4)}, 0},
		{"position with kv (MuJoCo 3)", `<position joint="h2" kp="50" kv="4"/>`, "", "h2",
			&convert.Drive{Type: "angular", MaxForce: inf, Stiffness: 50, Damping: 4, PositionTarget: convert.Ptr(0.0), VelocityTarget: convert.Ptr(0.0)}, 0},
		{"position from a default class", `<position class="stiff" joint="h1"/>`, "", "h1",
			&convert.Drive{Type: "angular", MaxForce: inf, Stiffness: 77, PositionTarget: convert.Ptr(0.0)}, 0},
		{"velocity on a slide", `<velocity joint="s3" kv="9" forcelimited="true" forcerange="-2 2"/>`, `<keyframe><key name="drive_targets" ctrl="-0.5"/></keyframe>`, "s3",
			&convert.Drive{Type: "linear", MaxForce: 2, Damping: 9, VelocityTarget: convert.Ptr(-0.5)}, 0},
		{"general position form", `<general joint="h1" gainprm="20" biastype="affine" biasprm="6 -20 -3"/>`, "", "h1",
			&convert.Drive{Type: "angular", MaxForce: inf, Stiffness: 20, Damping: 3, PositionTarget: convert.Ptr(0.0), VelocityTarget: convert.Ptr(2.0)}, 0},
		{"general velocity form", `<general joint="h1" gaintype="fixed" gainprm="5" biastype="affine" biasprm="0 0 -5"/>`, "", "h1",
			&convert.Drive{Type: "angular", MaxForce: inf, Damping: 5, VelocityTarget: convert.Ptr(0.0)}, 0},
		{"motor", `<motor joint="h2" ctrllimited="true" ctrlrange="-8 8"/>`, "", "h2", nil, 8},
		{"gear 2 stays", `<position joint="h1" kp="5" gear="2"/>`, "", "h1", nil, 0},
		{"asymmetric force range stays", `<position joint="h1" kp="5" forcerange="-1 2"/>`, "", "h1", nil, 0},
		{"filtered general stays", `<general joint="h1" dyntype="filter" dynprm="0.1" gainprm="5" biastype="affine" biasprm="0 -5 0"/>`, "", "h1", nil, 0},
		{"ball joint stays", `<motor joint="ball" gear="1 0 0"/>`, "", "ball", nil, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := strings.Replace(strings.Replace(actuatorModel, "%s", c.act, 1), "%s", c.key, 1)
			g, _, err := Parse(&convert.Input{Name: "acts.xml", Data: []byte(src), Options: &convert.Options{}})
			if err != nil {
				t.Fatal(err)
			}
			if g.Name != "acts" {
				t.Errorf("document name %q, want acts", g.Name)
			}
			var j *convert.Joint
			for i := range g.Nodes {
				if g.Nodes[i].Name == c.joint && g.Nodes[i].Joint != nil {
					j = g.Nodes[i].Joint
				}
			}
			if j == nil {
				t.Fatalf("no joint %s", c.joint)
			}
			sections, _ := g.Extras[extraSections].([]*Element)
			kept := false
			for _, s := range sections {
				kept = kept || s.Name == "actuator"
			}
			switch {
			case c.want != nil:
				if len(j.Drives) != 1 || kept {
					t.Fatalf("drives %+v, actuator section kept %v", j.Drives, kept)
				}
				d := j.Drives[0]
				w := *c.want
				if d.Type != w.Type || d.Mode != "force" || d.Axis != 0 || d.MaxForce != w.MaxForce || d.Stiffness != w.Stiffness || d.Damping != w.Damping ||
					!samePtr(d.PositionTarget, w.PositionTarget) || !samePtr(d.VelocityTarget, w.VelocityTarget) {
					t.Errorf("drive %+v (targets %v, %v), want %+v (targets %v, %v)", d, deref(d.PositionTarget), deref(d.VelocityTarget), w, deref(w.PositionTarget), deref(w.VelocityTarget))
				}
			case c.effort != 0:
				if j.Actuator != convert.ActuateEffort || j.Effort != c.effort || kept || len(j.Drives) != 0 {
					t.Errorf("motor read as actuator %q effort %v drives %v kept %v", j.Actuator, j.Effort, j.Drives, kept)
				}
			default:
				if !kept || len(j.Drives) != 0 || j.Actuator != "" {
					t.Errorf("want the actuator kept verbatim and no drive; kept %v drives %v actuator %q", kept, j.Drives, j.Actuator)
				}
			}
			// MJCF → MJCF writes the actuator again, under a name
			out, _, err := Emit(g, &convert.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if !regexp.MustCompile(`<(position|velocity|general|motor) [^>]*joint="` + c.joint + `"`).Match(out.Main) {
				t.Errorf("actuator lost on MJCF → MJCF:\n%s", out.Main)
			}
		})
	}
}

// round9 rounds every number in s to 9 significant digits, so texts
// compare equal when their numbers differ by rounding only.
func round9(s string) string {
	return regexp.MustCompile(`-?[0-9]+\.[0-9]+(e-?[0-9]+)?`).ReplaceAllStringFunc(s, func(n string) string {
		v, err := strconv.ParseFloat(n, 64)
		if err != nil {
			return n
		}
		return strconv.FormatFloat(v, 'g', 9, 64)
	})
}

func samePtr(a, b *float64) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }

func deref(p *float64) any {
	if p == nil {
		return nil
	}
	return *p
}

// An actuator's own name and control range survive MJCF → MJCF.
func TestActuatorNameAndCtrlRangeKept(t *testing.T) {
	src := strings.Replace(strings.Replace(actuatorModel, "%s", `<position name="elbow" joint="h1" kp="12" ctrlrange="-1 1" ctrllimited="true"/><motor name="wrist" joint="h2" ctrlrange="-2 2"/>`, 1), "%s", "", 1)
	g, _, err := Parse(&convert.Input{Name: "acts.xml", Data: []byte(src), Options: &convert.Options{}})
	if err != nil {
		t.Fatal(err)
	}
	text, _ := emitWith(t, g, &convert.Options{})
	for _, w := range []string{`<position name="elbow" joint="h1" kp="12" ctrllimited="true" ctrlrange="-1 1"/>`, `<motor name="wrist" joint="h2" gear="1"`} {
		if !strings.Contains(text, w) {
			t.Errorf("want %s in\n%s", w, text)
		}
	}
}

// --scene adds a plane and a light; the model is named after the document.
func TestSceneOptionAndModelName(t *testing.T) {
	g := hingeGraph(convert.Joint{})
	text, _ := emitWith(t, g, &convert.Options{})
	if strings.Contains(text, `type="plane"`) || strings.Contains(text, "<light") || !strings.Contains(text, `<mujoco model="hinged">`) {
		t.Errorf("default output: want no scene and the document name:\n%s", text)
	}
	text, _ = emitWith(t, g, (&convert.Options{}).With(SceneOption, "true"))
	if !strings.Contains(text, `<geom name="floor" type="plane"`) || !strings.Contains(text, `<light name="scene_light"`) {
		t.Errorf("--scene: want a floor and a light:\n%s", text)
	}
	back, _, err := Parse(&convert.Input{Name: "x.xml", Data: []byte(text), Options: &convert.Options{}})
	if err != nil || back.Name != "hinged" {
		t.Errorf("read back: name %v, err %v", back, err)
	}
}

// TestUnknownTransmissionTarget: MuJoCo refuses an actuator whose joint,
// tendon, site or body no element makes ("unknown transmission target");
// the reader kept such a motor, and MJCF output dropped it as one the
// output did not have. Refused at the actuator's line; a name that exists
// is read.
func TestUnknownTransmissionTarget(t *testing.T) {
	model := func(act string) string {
		return `<mujoco><worldbody><body name="b" pos="0 0 1"><joint name="j" type="hinge"/><geom type="sphere" size="0.1"/><site name="s"/></body>
<body name="f"><freejoint name="free"/><geom type="sphere" size="0.1"/></body></worldbody>
<tendon><fixed name="t"><joint joint="j" coef="1"/></fixed></tendon>
<actuator>
` + act + `
</actuator></mujoco>`
	}
	for _, c := range []struct {
		act   string
		known bool
	}{
		{`<motor joint="j"/>`, true},
		{`<motor joint="nosuch"/>`, false},
		{`<motor tendon="t"/>`, true},
		{`<position tendon="nosuch" kp="1"/>`, false},
		{`<motor site="s"/>`, true},
		{`<motor site="nosuch"/>`, false},
		{`<adhesion body="b" gain="1"/>`, true},
		{`<adhesion body="nosuch" gain="1"/>`, false},
		{`<general jointinparent="nosuch"/>`, false},
		{`<motor joint="free"/>`, true}, // a free joint's name
	} {
		_, _, err := Parse(&convert.Input{Name: "m.xml", Data: []byte(model(c.act))})
		var fe *convert.FormatError
		switch {
		case c.known && err != nil:
			t.Errorf("%s: %v", c.act, err)
		case !c.known && (!errors.As(err, &fe) || fe.Line != 5 || !strings.Contains(err.Error(), "unknown transmission target")):
			t.Errorf("%s: %v, want a refusal at line 5 naming the unknown transmission target", c.act, err)
		}
	}
}
