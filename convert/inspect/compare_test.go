package inspect

import (
	"math"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

func num(v float64) *Num { n := Num(v); return &n }

func TestCompareReportsShapeSymmetries(t *testing.T) {
	base := ShapeReport{Shape: convert.Box, Dims: map[string]float64{"x": 1, "y": 2, "z": 3}, Rotation: convert.IdentityQuat()}
	// The same box turned 90° about Z with x and y sizes swapped.
	turned := base
	turned.Dims = map[string]float64{"x": 2, "y": 1, "z": 3}
	turned.Rotation = convert.AxisAngle(convert.Vec3{0, 0, 1}, math.Pi/2)
	other := base
	other.Dims = map[string]float64{"x": 1, "y": 3, "z": 2}
	rep := func(s ShapeReport) *Report {
		return &Report{Bodies: []BodyReport{{Name: "b", Kind: convert.Dynamic, Colliders: []ShapeReport{s}}}}
	}
	if d := CompareReports(rep(base), rep(turned), 1e-9); len(d) != 0 {
		t.Errorf("turned box with swapped sizes is the same box, got %v", d)
	}
	if d := CompareReports(rep(base), rep(other), 1e-9); len(d) != 2 {
		t.Errorf("box with other sizes must differ both ways, got %v", d)
	}
	cyl := ShapeReport{Shape: convert.Cylinder, Dims: map[string]float64{"height": 2, "radiusTop": 0.5, "radiusBottom": 0.5}, Rotation: convert.IdentityQuat()}
	flipped := cyl
	flipped.Rotation = convert.AxisAngle(convert.Vec3{1, 0, 0}, math.Pi)
	spun := cyl
	spun.Rotation = convert.AxisAngle(convert.Vec3{0, 1, 0}, 0.7)
	if d := CompareReports(rep(cyl), rep(flipped), 1e-9); len(d) != 0 {
		t.Errorf("a cylinder flipped end for end is the same, got %v", d)
	}
	if d := CompareReports(rep(cyl), rep(spun), 1e-9); len(d) != 0 {
		t.Errorf("a cylinder spun about its axis is the same, got %v", d)
	}
	cone := cyl
	cone.Dims = map[string]float64{"height": 2, "radiusTop": 0, "radiusBottom": 0.5}
	coneFlipped := cone
	coneFlipped.Rotation = flipped.Rotation
	if d := CompareReports(rep(cone), rep(coneFlipped), 1e-9); len(d) == 0 {
		t.Error("a cone flipped end for end points the other way")
	}
}

func TestCompareReportsMassAndInertia(t *testing.T) {
	a := &Report{Bodies: []BodyReport{{Name: "b", Kind: convert.Dynamic, Mass: num(2),
		Inertia: &[3][3]Num{{1, 0, 0}, {0, 2, 0}, {0, 0, 3}}}}}
	b := &Report{Bodies: []BodyReport{{Name: "b", Kind: convert.Dynamic, Mass: num(2 * (1 + 1e-12)),
		Inertia: &[3][3]Num{{1, 0, 0}, {0, 2, 0}, {0, 0, 3 + 1e-6}}}}}
	d := CompareReports(a, b, 1e-9)
	if len(d) != 1 || !strings.Contains(d[0], "inertia[2][2]") {
		t.Errorf("want exactly the inertia[2][2] difference, got %v", d)
	}
	inf := &Report{Bodies: []BodyReport{{Name: "b", Kind: convert.Dynamic, Mass: num(math.Inf(1))}}}
	fin := &Report{Bodies: []BodyReport{{Name: "b", Kind: convert.Dynamic, Mass: num(1e300)}}}
	if d := CompareReports(inf, fin, 1e-9); len(d) != 1 {
		t.Errorf("infinite mass differs from any finite mass, got %v", d)
	}
}

func TestCompareReportsJoints(t *testing.T) {
	axis := convert.Vec3{0, 1, 0}
	neg := axis.Neg()
	bodies := []BodyReport{{Name: "door", Kind: convert.Dynamic}, {Name: "frame", Kind: convert.Static}}
	a := &Report{Bodies: bodies, Joints: []JointReport{{Name: "hinge", BodyA: "frame", BodyB: "door",
		Kind: "revolute", Axis: &axis, Lower: num(-0.5), Upper: num(1.5)}}}
	// Bodies swapped and the frame static in one, world in the other: the
	// same hinge seen from the door, so the range is reversed.
	b := &Report{Bodies: bodies[:1], Joints: []JointReport{{Name: "hinge", BodyA: "door", BodyB: "",
		Kind: "revolute", Axis: &axis, Lower: num(-1.5), Upper: num(0.5)}}}
	if d := CompareReports(a, b, 1e-9); len(d) != 0 {
		t.Errorf("swapped hinge should match, got %v", d)
	}
	// Axis negated with the same range is the swapped sense too.
	c := &Report{Bodies: bodies, Joints: []JointReport{{Name: "hinge", BodyA: "frame", BodyB: "door",
		Kind: "revolute", Axis: &neg, Lower: num(-1.5), Upper: num(0.5)}}}
	if d := CompareReports(a, c, 1e-9); len(d) != 0 {
		t.Errorf("negated axis with reversed range is the same hinge, got %v", d)
	}
	wrong := &Report{Bodies: bodies, Joints: []JointReport{{Name: "hinge", BodyA: "frame", BodyB: "door",
		Kind: "revolute", Axis: &axis, Lower: num(-1.5), Upper: num(0.5)}}}
	if d := CompareReports(a, wrong, 1e-9); len(d) != 1 {
		t.Errorf("a reversed range on the same axis differs, got %v", d)
	}
}

// TestDiffPlacesDifferences: each difference names its element, the
// collider node and the quantity; the tolerance decides what differs.
func TestDiffPlacesDifferences(t *testing.T) {
	box := func(x float64, mat *convert.Material) ShapeReport {
		return ShapeReport{Node: "lid", Shape: convert.Box, Dims: map[string]float64{"x": x, "y": 1, "z": 1},
			Rotation: convert.Quat{0, 0, 0, 1}, Material: mat}
	}
	wood, ice := &convert.Material{StaticFriction: 0.5}, &convert.Material{StaticFriction: 0.05}
	a := &Report{Bodies: []BodyReport{{Name: "b", Kind: convert.Dynamic, Mass: num(2), Colliders: []ShapeReport{box(1, wood)}}},
		Joints: []JointReport{{Name: "j", BodyB: "b", Kind: "revolute", Axis: &convert.Vec3{0, 0, 1}, Lower: num(-1), Upper: num(1)}}}
	b := &Report{Bodies: []BodyReport{{Name: "b", Kind: convert.Dynamic, Mass: num(2.01), Colliders: []ShapeReport{box(1, ice)}}},
		Joints: []JointReport{{Name: "j", BodyB: "b", Kind: "revolute", Axis: &convert.Vec3{0, 0, 1}, Lower: num(-1), Upper: num(1.5)}}}
	got := Diff(a, b, 1e-6)
	want := []Difference{
		{Element: "body", Name: "b", Quantity: convert.QMass},
		{Element: "body", Name: "b", Node: "lid", Quantity: convert.QMaterial},
		{Element: "joint", Name: "j", Quantity: convert.QLimit},
	}
	if len(got) != len(want) {
		t.Fatalf("got %d differences %+v, want %d", len(got), got, len(want))
	}
	for i, w := range want {
		g := got[i]
		if g.Element != w.Element || g.Name != w.Name || g.Node != w.Node || g.Quantity != w.Quantity || g.QuantityName != w.Quantity.String() || g.Message == "" {
			t.Errorf("difference %d: %+v, want %+v", i, g, w)
		}
	}
	if d := Diff(a, b, 0.4); len(d) != 1 || d[0].Quantity != convert.QMaterial {
		t.Errorf("with tolerance 0.4 only the friction (0.5 vs 0.05) differs: %+v", d)
	}
}

// TestCompareMasslessCentre: a massless body's centre of mass is no point
// of its physics (readers put it where their engine does, MuJoCo at the
// body's pose in its parent): it is compared only when a body has mass.
func TestCompareMasslessCentre(t *testing.T) {
	body := func(kg float64, com convert.Vec3) *Report {
		var zero [3][3]Num
		return &Report{Bodies: []BodyReport{{Name: "b", Kind: convert.Dynamic, Mass: num(kg), CenterOfMass: &com, Inertia: &zero}}}
	}
	for _, c := range []struct {
		kg   [2]float64
		want int
	}{{[2]float64{0, 0}, 0}, {[2]float64{1, 1}, 1}, {[2]float64{0, 1}, 2}} {
		d := CompareReports(body(c.kg[0], convert.Vec3{0, 0, 0}), body(c.kg[1], convert.Vec3{0.3, 0, 1}), 1e-9)
		if len(d) != c.want {
			t.Errorf("masses %v: %d differences %v, want %d", c.kg, len(d), d, c.want)
		}
	}
}

// TestCompareActingGravity: reports compare the gravity that acts on each
// moving body — the scene's (or its engine's default) times the body's
// factor — not the scene's and the factors apart: Godot's 9.8 m/s² with a
// factor of 9.81/9.8 is glTF's 9.81 with none.
func TestCompareActingGravity(t *testing.T) {
	godot := func(kind convert.BodyKind, factor float64) *Report {
		r := &Report{DefaultGravity: num(9.8), Bodies: []BodyReport{{Name: "b", Kind: kind}}}
		if factor != 1 {
			r.Bodies[0].GravityFactor = num(factor)
		}
		return r
	}
	gltf := &Report{Bodies: []BodyReport{{Name: "b", Kind: convert.Dynamic}}}
	scale := 9.81
	scale /= 9.8
	for _, c := range []struct {
		name  string
		a, b  *Report
		diffs int
	}{
		{"9.8 scaled to 9.81", godot(convert.Dynamic, scale), gltf, 0},
		{"9.8 against 9.81", godot(convert.Dynamic, 1), gltf, 1},
		{"a static body feels none", godot(convert.Static, 1), &Report{Bodies: []BodyReport{{Name: "b", Kind: convert.Static}}}, 0},
		{"given 9.81 against the default", &Report{Gravity: &convert.Vec3{0, -9.81, 0}, Bodies: gltf.Bodies}, gltf, 0},
		{"zero g against factor 0", &Report{Gravity: &convert.Vec3{}, Bodies: gltf.Bodies}, godot(convert.Dynamic, 0), 0},
	} {
		d := Diff(c.a, c.b, 1e-9)
		if len(d) != c.diffs {
			t.Errorf("%s: %d differences %v, want %d", c.name, len(d), d, c.diffs)
		}
		for _, x := range d {
			if x.Quantity != convert.QGravity {
				t.Errorf("%s: %v is not about gravity", c.name, x)
			}
		}
	}
}
