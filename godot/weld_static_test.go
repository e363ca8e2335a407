package godot

import (
	"math"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/mass"
)

// TestWeldToWorldIsStatic: a dynamic body that a rigid fixed joint holds
// to the world (an MJCF body without joints, a URDF link fixed to the
// world) is written as a StaticBody3D without the joint, in Godot 4 and
// 3, with a godot-weld-static info (verification of such output is in the
// urdf-shapes-joints golden case). A weld Godot wrote itself, a springy weld and a weld between
// two moving bodies stay joints.
func TestWeldToWorldIsStatic(t *testing.T) {
	inf := math.Inf(1)
	rigid := []convert.Limit{{Linear: []int{0, 1, 2}, Stiffness: inf}, {Angular: []int{0, 1, 2}, Stiffness: inf}}
	springy := []convert.Limit{{Linear: []int{0, 1, 2}, Stiffness: 100}, {Angular: []int{0, 1, 2}, Stiffness: inf}}
	for _, c := range []struct {
		name       string
		limits     []convert.Limit
		toBody     bool // the weld holds the body to another moving body
		godotClass string
		static     bool
	}{
		{"rigid weld to the world", rigid, false, "", true},
		{"Godot's own weld", rigid, false, "Generic6DOFJoint3D", false},
		{"springy weld", springy, false, "", false},
		{"weld to a moving body", rigid, true, "", false},
	} {
		for _, v := range []string{"4", "3"} {
			g := convert.NewGraph()
			sh := g.AddShape(convert.Shape{Kind: convert.Box, Size: convert.Vec3{1, 1, 1}, Mesh: -1})
			body := func(name string, y float64) int {
				b := g.AddNode(convert.Node{Name: name, Transform: convert.Transform{T: convert.Vec3{0, y, 0}, R: convert.IdentityQuat(), S: convert.Vec3{1, 1, 1}},
					Motion: &convert.Motion{Kind: convert.Dynamic, GravityFactor: 1, Mass: convert.Ptr(2.0), MassSource: convert.Given}}, -1)
				g.AddNode(convert.Node{Name: name + "Shape", Transform: convert.Identity(), Collider: &convert.Collider{Shape: sh, Material: -1, Filter: -1}}, b)
				return b
			}
			base := body("Base", 1)
			other := -1
			if c.toBody {
				other = body("Other", 3)
			}
			j := g.AddNode(convert.Node{Name: "Anchor", Transform: convert.Identity(), Joint: &convert.Joint{Connected: base, Limits: c.limits}}, other)
			if c.godotClass != "" {
				g.Nodes[j].Extras = map[string]any{extraClass: c.godotClass}
			}
			mass.CompleteInPlace(g, &convert.Options{})
			out, diags, err := Emit(g, (&convert.Options{}).With(VersionOption, v))
			if err != nil {
				t.Fatal(err)
			}
			scene := string(out.Main)
			staticClass := map[string]string{"4": "StaticBody3D", "3": "StaticBody"}[v]
			isStatic := strings.Contains(scene, `[node name="Base" type="`+staticClass+`"`)
			if isStatic != c.static || diags.Has(convert.CodeGodotWeldStatic) != c.static {
				t.Errorf("%s (Godot %s): static %v, godot-weld-static %v, want %v\n%s", c.name, v, isStatic, diags.Has(convert.CodeGodotWeldStatic), c.static, scene)
			}
			if c.static && strings.Contains(scene, `name="Anchor"`) {
				t.Errorf("%s (Godot %s): the weld's node is still written\n%s", c.name, v, scene)
			}
			if !c.static && !strings.Contains(scene, "Generic6DOFJoint") {
				t.Errorf("%s (Godot %s): the weld is gone\n%s", c.name, v, scene)
			}
		}
	}
}
