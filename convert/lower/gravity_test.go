package lower_test

import (
	"math"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/lower"
)

// TestLowerGravity: the scene's gravity reaches every target in the form
// it has — kept (MJCF, OMI's world gravity), as every moving body's factor (exact for a zero-g
// scene), or dropped with a warning — and bodies sharing one factor
// become the scene's gravity where there are no factors. A scene without
// gravity has its source engine's default, which is the scene's gravity
// where the target's default differs (Godot's 9.8 against 9.81).
func TestLowerGravity(t *testing.T) {
	type want struct {
		gravity *convert.Vec3
		factor  float64 // of the dynamic body (the static one keeps 1)
		code    convert.Code
	}
	down := func(y float64) *convert.Vec3 { return &convert.Vec3{0, y, 0} }
	div := func(a, b float64) float64 { return a / b } // in float64, as lowering divides
	cases := []struct {
		name    string
		gravity *convert.Vec3
		factor  float64
		engine  float64 // the source engine's default gravity; 0: 9.81
		want    map[string]want
	}{
		{"zero-g", &convert.Vec3{}, 1, 0, map[string]want{
			"mjcf":  {&convert.Vec3{}, 1, ""},
			"khr":   {nil, 0, convert.CodeGravityAsFactors},
			"omi":   {&convert.Vec3{}, 1, ""},
			"godot": {nil, 0, convert.CodeGravityAsFactors},
			"urdf":  {nil, 1, convert.CodeGravityDropped},
		}},
		{"moon", down(-1.62), 1, 0, map[string]want{
			"mjcf":  {down(-1.62), 1, ""},
			"khr":   {nil, 1.62 / 9.81, convert.CodeGravityAsFactors},
			"omi":   {down(-1.62), 1, ""},
			"godot": {nil, 1.62 / 9.8, convert.CodeGravityAsFactors},
			"urdf":  {nil, 1, convert.CodeGravityDropped},
		}},
		{"sideways", &convert.Vec3{9.81, 0, 0}, 1, 0, map[string]want{
			"mjcf":  {&convert.Vec3{9.81, 0, 0}, 1, ""},
			"khr":   {nil, 1, convert.CodeGravityDropped},
			"omi":   {&convert.Vec3{9.81, 0, 0}, 1, ""},
			"godot": {nil, 1, convert.CodeGravityDropped},
		}},
		{"shared factor", nil, 0, 0, map[string]want{
			"mjcf":  {&convert.Vec3{}, 1, convert.CodeGravityFactorsAsScene},
			"khr":   {nil, 0, ""},
			"omi":   {nil, 0, ""},
			"godot": {nil, 0, convert.CodeGravityAsFactors}, // 9.81 m/s² as factors of 9.8: 0 stays 0
		}},
		{"default", nil, 1, 0, map[string]want{
			"mjcf": {nil, 1, ""}, "khr": {nil, 1, ""}, "urdf": {nil, 1, ""},
			"godot": {nil, div(9.81, 9.8), convert.CodeGravityAsFactors},
		}},
		// a scene's own gravity times the factor every body shares
		{"Godot's default, every body at half", nil, 0.5, 9.8, map[string]want{
			"mjcf":  {down(-4.9), 1, convert.CodeGravityFactorsAsScene},
			"godot": {nil, 0.5, ""},
		}},
		{"moon, every body weightless", down(-1.62), 0, 0, map[string]want{
			"mjcf": {&convert.Vec3{}, 1, convert.CodeGravityFactorsAsScene},
		}},
		{"Godot's default", nil, 1, 9.8, map[string]want{
			"mjcf":  {down(-9.8), 1, ""},
			"khr":   {nil, div(9.8, 9.81), convert.CodeGravityAsFactors},
			"omi":   {down(-9.8), 1, ""},
			"godot": {nil, 1, ""},
			"urdf":  {nil, 1, convert.CodeGravityDropped},
		}},
	}
	for _, c := range cases {
		for _, row := range rows {
			w, ok := c.want[row.name]
			if !ok {
				continue
			}
			g := convert.NewGraph()
			g.Gravity, g.DefaultGravity = c.gravity, c.engine
			box := g.AddShape(convert.Shape{Kind: convert.Box, Size: convert.Vec3{1, 1, 1}})
			g.AddNode(convert.Node{Name: "ground", Motion: &convert.Motion{Kind: convert.Static, GravityFactor: 1},
				Collider: &convert.Collider{Shape: box, Material: -1, Filter: -1}}, -1)
			g.AddNode(convert.Node{Name: "crate", Motion: &convert.Motion{Kind: convert.Dynamic, GravityFactor: c.factor, Mass: convert.Ptr(1.0)},
				Collider: &convert.Collider{Shape: box, Material: -1, Filter: -1}}, -1)
			out, diags := lower.Lower(g, row.caps)
			name := c.name + " to " + row.name
			if (out.Gravity == nil) != (w.gravity == nil) || out.Gravity != nil && *out.Gravity != *w.gravity {
				t.Errorf("%s: gravity %v, want %v", name, out.Gravity, w.gravity)
			}
			if f := out.Nodes[1].Motion.GravityFactor; f != w.factor {
				t.Errorf("%s: factor %v, want %v", name, f, w.factor)
			}
			if f := out.Nodes[0].Motion; f != nil && f.GravityFactor != 1 {
				t.Errorf("%s: the static body's factor became %v", name, f.GravityFactor)
			}
			var codes []convert.Code
			for _, d := range diags {
				switch d.Code {
				case convert.CodeGravityAsFactors, convert.CodeGravityDropped, convert.CodeGravityFactorsAsScene:
					codes = append(codes, d.Code)
				}
			}
			if w.code == "" && len(codes) > 0 || w.code != "" && (len(codes) != 1 || codes[0] != w.code) {
				t.Errorf("%s: gravity diagnostics %v, want %q", name, codes, w.code)
			}
			if g.Gravity != c.gravity || g.Nodes[1].Motion.GravityFactor != c.factor {
				t.Errorf("%s: the source graph changed", name)
			}
		}
	}
}

// TestSoftWelds: a weld read from a Godot scene (its class kept) is named
// where the target holds fixed joints rigidly (MJCF, URDF) and nowhere
// else; a Godot hinge and a weld from another format are not; lowering
// the result again says nothing.
func TestSoftWelds(t *testing.T) {
	inf := math.Inf(1)
	weld := []convert.Limit{{Linear: []int{0, 1, 2}, Stiffness: inf}, {Angular: []int{0, 1, 2}, Stiffness: inf}}
	hinge := []convert.Limit{{Linear: []int{0, 1, 2}, Stiffness: inf}, {Angular: []int{0, 1}, Stiffness: inf}}
	rigid := map[string]bool{"mjcf": true, "urdf": true}
	for _, c := range []struct {
		name   string
		limits []convert.Limit
		class  string
		named  bool // where the target is rigid
	}{
		{"Godot weld", weld, "Generic6DOFJoint3D", true},
		{"Godot 3 weld", weld, "Generic6DOFJoint", true},
		{"Godot hinge", hinge, "HingeJoint3D", false},
		{"MJCF weld", weld, "", false},
	} {
		for _, row := range rows {
			g := convert.NewGraph()
			body := func(name string) int {
				return g.AddNode(convert.Node{Name: name, Transform: convert.Identity(), Motion: &convert.Motion{Kind: convert.Dynamic, GravityFactor: 1}}, -1)
			}
			a, b := body("A"), body("B")
			j := g.AddNode(convert.Node{Name: "J", Transform: convert.Identity(), Joint: &convert.Joint{Connected: b, Limits: c.limits}}, a)
			if c.class != "" {
				g.Nodes[j].Extras = map[string]any{convert.ExtraGodotClass: c.class}
			}
			low, diags := lower.Lower(g, row.caps)
			want := c.named && rigid[row.name]
			if got := diags.Has(convert.CodeJointComplianceChanged); got != want {
				t.Errorf("%s → %s: joint-compliance-changed %v, want %v", c.name, row.name, got, want)
			}
			if _, again := lower.Lower(low, row.caps); again.Has(convert.CodeJointComplianceChanged) {
				t.Errorf("%s → %s: named again when lowered twice", c.name, row.name)
			}
			if c.class != "" && g.Nodes[j].Extras[convert.ExtraGodotClass] != c.class {
				t.Errorf("%s → %s: the source graph was changed", c.name, row.name)
			}
		}
	}
}
