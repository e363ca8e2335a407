package godot

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// The Graph measures a joint coordinate as frame B relative to frame A,
// right-handed about the axis (KHR). Godot's HingeJoint3D and
// Generic6DOFJoint3D angles are A relative to B; SliderJoint3D's are B
// relative to A. These tests pin the mapping down on text and in both
// engines.

const hingeScene = `[gd_scene format=3]

[node name="Root" type="Node3D"]

[node name="A" type="StaticBody3D" parent="."]

[node name="B" type="RigidBody3D" parent="."]

[node name="J" type="%s" parent="."]
node_a = NodePath("../A")
node_b = NodePath("../B")
%s
`

func parseText(t *testing.T, text string) *convert.Graph {
	t.Helper()
	g, _, err := Parse(&convert.Input{Name: "x.tscn", Data: []byte(text), Options: &convert.Options{}})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func jointOf(t *testing.T, g *convert.Graph) *convert.Joint {
	t.Helper()
	for i := range g.Nodes {
		if g.Nodes[i].Joint != nil {
			return g.Nodes[i].Joint
		}
	}
	t.Fatal("no joint")
	return nil
}

// rangeOn returns the single-axis limit on one axis.
func rangeOn(t *testing.T, j *convert.Joint, linear bool, axis int) (float64, float64) {
	t.Helper()
	for _, l := range j.Limits {
		axes := l.Angular
		if linear {
			axes = l.Linear
		}
		if len(l.Linear)+len(l.Angular) == 1 && len(axes) == 1 && axes[0] == axis {
			return l.Min, l.Max
		}
	}
	t.Fatalf("no limit on %v axis %d in %+v", map[bool]string{true: "linear", false: "angular"}[linear], axis, j.Limits)
	return 0, 0
}

func TestJointSignsParse(t *testing.T) {
	near := func(what string, got, want float64) {
		t.Helper()
		if math.Abs(got-want) > 1e-12 {
			t.Errorf("%s = %g, want %g", what, got, want)
		}
	}
	// Hinge: Godot lower -0.2, upper 0.6 allow B to turn -0.6…0.2 about Z.
	j := jointOf(t, parseText(t, fmt.Sprintf(hingeScene, "HingeJoint3D",
		"angular_limit/enable = true\nangular_limit/lower = -0.2\nangular_limit/upper = 0.6\nmotor/enable = true\nmotor/target_velocity = 2.0")))
	lo, hi := rangeOn(t, j, false, 2)
	near("hinge min", lo, -0.6)
	near("hinge max", hi, 0.2)
	if len(j.Drives) != 1 || *j.Drives[0].VelocityTarget != -2 {
		t.Errorf("hinge motor target 2 turns B at -2 rad/s about Z; got %+v", j.Drives)
	}
	// Generic6DOF angles as the hinge; distances unchanged.
	j = jointOf(t, parseText(t, fmt.Sprintf(hingeScene, "Generic6DOFJoint3D",
		"angular_limit_z/lower_angle = -0.2\nangular_limit_z/upper_angle = 0.6\nlinear_limit_x/lower_distance = -0.3\nlinear_limit_x/upper_distance = 0.5\n"+
			"angular_spring_z/enabled = true\nangular_spring_z/equilibrium_point = 0.1\nangular_spring_z/stiffness = 5.0")))
	lo, hi = rangeOn(t, j, false, 2)
	near("6dof angular z min", lo, -0.6)
	near("6dof angular z max", hi, 0.2)
	lo, hi = rangeOn(t, j, true, 0)
	near("6dof linear x min", lo, -0.3)
	near("6dof linear x max", hi, 0.5)
	if len(j.Drives) != 1 || *j.Drives[0].PositionTarget != -0.1 {
		t.Errorf("6dof spring equilibrium 0.1 is B at -0.1 rad; got %+v", j.Drives)
	}
	// Slider: B relative to A, both ranges as written.
	j = jointOf(t, parseText(t, fmt.Sprintf(hingeScene, "SliderJoint3D",
		"linear_limit/lower_distance = -0.2\nlinear_limit/upper_distance = 0.6\nangular_limit/lower_angle = -0.1\nangular_limit/upper_angle = 0.3")))
	lo, hi = rangeOn(t, j, true, 0)
	near("slider min", lo, -0.2)
	near("slider max", hi, 0.6)
	lo, hi = rangeOn(t, j, false, 0)
	near("slider angle min", lo, -0.1)
	near("slider angle max", hi, 0.3)
}

// TestJointSignsEmit writes Graph ranges and reads the Godot properties.
func TestJointSignsEmit(t *testing.T) {
	for _, c := range []struct {
		name, class string
		want        []string
	}{
		{"hinge", "HingeJoint3D", []string{"angular_limit/upper = 0.6", "angular_limit/lower = -0.2", "motor/target_velocity = -2"}},
		{"generic", "Generic6DOFJoint3D", []string{"angular_limit_z/upper_angle = 0.6", "angular_limit_z/lower_angle = -0.2", "linear_limit_x/upper_distance = 0.2", "linear_limit_x/lower_distance = -0.6"}},
		{"slider", "SliderJoint3D", []string{"linear_limit/upper_distance = 0.2", "linear_limit/lower_distance = -0.6"}},
		// a joint of one body is measured with one sign by GodotPhysics3D
		// and the other by Jolt: the world side is a StaticBody3D of its own
		{"hinge-from-world", "HingeJoint3D", []string{"angular_limit/upper = 0.6", "angular_limit/lower = -0.2", "node_a = NodePath(\"..\")", "node_b = NodePath(\"../../B\")", `type="StaticBody3D"`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := signGraph([]signCase{{name: "", kind: strings.TrimSuffix(c.name, "-from-world"), lo: -0.6, hi: 0.2, fromWorld: strings.HasSuffix(c.name, "world")}})
			out, _, err := Emit(g, &convert.Options{})
			if err != nil {
				t.Fatal(err)
			}
			text := string(out.Main)
			if !strings.Contains(text, `type="`+c.class+`"`) {
				t.Fatalf("no %s in\n%s", c.class, text)
			}
			for _, w := range c.want {
				if !strings.Contains(text, w) {
					t.Errorf("missing %q in\n%s", w, text)
				}
			}
			// And back: the Graph range returns.
			back := jointOf(t, parseText(t, text))
			lin := c.name == "slider"
			axis := 2
			if lin {
				axis = 0
			}
			lo, hi := rangeOn(t, back, lin, axis)
			if math.Abs(lo+0.6) > 1e-12 || math.Abs(hi-0.2) > 1e-12 {
				t.Errorf("read back [%g, %g], want [-0.6, 0.2]", lo, hi)
			}
		})
	}
}

// signCase is one joint pair of the simulated scene: static body A (or the
// world), dynamic body B spinning or sliding into a range [lo, hi].
type signCase struct {
	name      string
	kind      string // hinge, generic, slider
	lo, hi    float64
	spin      float64 // rad/s about Z (hinge, generic) or m/s along X (slider)
	fromWorld bool
}

// signGraph builds the pairs side by side, 3 m apart.
func signGraph(cases []signCase) *convert.Graph {
	g := convert.NewGraph()
	for k, c := range cases {
		at := convert.Transform{T: convert.Vec3{3 * float64(k), 0, 0}, R: convert.IdentityQuat(), S: convert.Vec3{1, 1, 1}}
		a := -1
		if !c.fromWorld {
			a = g.AddNode(convert.Node{Name: "A" + c.name, Transform: at, Motion: &convert.Motion{Kind: convert.Static, GravityFactor: 1}}, -1)
		}
		m := &convert.Motion{Kind: convert.Dynamic, Mass: convert.Ptr(1.0), GravityFactor: 0}
		if c.kind == "slider" {
			m.LinearVelocity = convert.Vec3{c.spin, 0, 0}
		} else {
			m.AngularVelocity = convert.Vec3{0, 0, c.spin}
		}
		b := g.AddNode(convert.Node{Name: "B" + c.name, Transform: at, Motion: m}, -1)
		box := g.AddShape(convert.Shape{Kind: convert.Box, Size: convert.Vec3{0.2, 0.2, 0.2}})
		g.AddNode(convert.Node{Name: "Box" + c.name, Collider: &convert.Collider{Shape: box, Material: -1, Filter: -1}}, b)
		fb := g.AddNode(convert.Node{Name: "J" + c.name + ":B"}, b)
		j := &convert.Joint{Connected: fb}
		r := convert.Limit{Min: c.lo, Max: c.hi, Stiffness: math.Inf(1)}
		switch c.kind {
		case "hinge":
			r.Angular = []int{2}
			j.Limits = []convert.Limit{fixed([]int{0, 1, 2}, nil), fixed(nil, []int{0, 1}), r}
			j.Drives = []convert.Drive{{Type: "angular", Mode: "force", Axis: 2, VelocityTarget: convert.Ptr(2.0), MaxForce: 0}}
		case "generic":
			// A free-ish linear X keeps it from being a hinge.
			r.Angular = []int{2}
			j.Limits = []convert.Limit{fixed([]int{1, 2}, nil), ranged([]int{0}, nil, -0.6, 0.2), fixed(nil, []int{0, 1}), r}
		case "slider":
			r.Linear = []int{0}
			j.Limits = []convert.Limit{fixed([]int{1, 2}, nil), fixed(nil, []int{0, 1, 2}), r}
		}
		ja := convert.Node{Name: "J" + c.name, Transform: at, Joint: j}
		if a >= 0 {
			ja.Transform = convert.Identity()
		}
		i := g.AddNode(ja, a)
		for k := range j.Drives {
			// a Godot motor: the damping that reaches the target in a step
			j.Drives[k].Damping, _ = motorDamping(g, g.WorldTransform, i, j.Drives[k], defaultTicks)
		}
	}
	return g
}

// TestJointSignsSimulate runs the emitted scenes in Godot 4 and Godot 3:
// a body spinning or sliding into a Graph range must stop at the Graph's
// bound on that side, not at the mirrored one.
func TestJointSignsSimulate(t *testing.T) {
	cases := []signCase{
		{name: "HingeUp", kind: "hinge", lo: -0.6, hi: 0.2, spin: 3},
		{name: "HingeDown", kind: "hinge", lo: -0.2, hi: 0.6, spin: -3},
		{name: "Generic", kind: "generic", lo: -0.6, hi: 0.2, spin: 3},
		{name: "Slider", kind: "slider", lo: -0.2, hi: 0.6, spin: 3},
		{name: "World", kind: "hinge", lo: -0.6, hi: 0.2, spin: 3, fromWorld: true},
	}
	g := signGraph(cases)
	// No motors in the simulation: they would drive the bodies.
	for i := range g.Nodes {
		if j := g.Nodes[i].Joint; j != nil {
			j.Drives = nil
		}
	}
	for _, v := range []int{4, 3} {
		v := v
		t.Run(fmt.Sprintf("godot%d", v), func(t *testing.T) {
			t.Parallel()
			oracle := fmt.Sprintf("godot%d-inspect", v)
			testenv.Oracle(t, oracle)
			out, _, err := Emit(g, (&convert.Options{}).With(VersionOption, strconv.Itoa(v)))
			if err != nil {
				t.Fatal(err)
			}
			file := filepath.Join(t.TempDir(), "signs.tscn")
			if err := os.WriteFile(file, out.Main, 0o644); err != nil {
				t.Fatal(err)
			}
			// 12 steps of 1/60 s: 3 rad/s (or m/s) covers 0.6.
			raw, code := testenv.RunOracle(t, oracle, "--strict", "--compact", "--steps", "12", file)
			var rep struct {
				After map[string]struct {
					Global struct {
						Basis  struct{ X [3]float64 } `json:"basis"`
						Origin [3]float64             `json:"origin"`
					} `json:"global_transform"`
				} `json:"after_steps"`
			}
			if err := json.Unmarshal(raw, &rep); err != nil || code != 0 {
				t.Fatalf("%s exit %d: %v\n%s", oracle, code, err, raw)
			}
			for k, c := range cases {
				b, ok := rep.After["B"+c.name]
				if !ok {
					t.Fatalf("no B%s in %s", c.name, raw)
				}
				var got float64
				if c.kind == "slider" {
					got = b.Global.Origin[0] - 3*float64(k)
				} else {
					got = math.Atan2(b.Global.Basis.X[1], b.Global.Basis.X[0])
				}
				// Moving up, the body must not pass hi (by more than the
				// solver's overshoot) and must have got near it.
				bound := c.hi
				if c.spin < 0 {
					bound = c.lo
				}
				t.Logf("%s: %.4f (range [%g, %g], moving %+g)", c.name, got, c.lo, c.hi, c.spin)
				if math.Abs(got) > math.Abs(bound)+0.1 || got*bound < 0 {
					t.Errorf("%s: Godot %d let B reach %.3f; the Graph range [%g, %g] stops it at %g", c.name, v, got, c.lo, c.hi, bound)
				}
				if math.Abs(bound) > 0.5 && math.Abs(got) < math.Abs(bound)-0.15 {
					t.Errorf("%s: Godot %d stopped B at %.3f, short of the Graph bound %g", c.name, v, got, bound)
				}
			}
		})
	}
}
