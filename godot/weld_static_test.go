package godot

import (
	"math"
	"regexp"
	"strconv"
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

// TestWeldBetweenBodiesIsFused: a body nested in another and held to it
// by a rigid fixed joint from another format is written as part of it —
// one RigidBody3D with both shapes, the summed mass and the combined
// centre of mass and inertia, a godot-weld-fused info — unless the pair
// could not be one Godot body (different physics materials) or the weld
// is Godot's own or springy. A rigid weld left a joint is named
// (joint-compliance-changed): Godot's joint gives under load.
func TestWeldBetweenBodiesIsFused(t *testing.T) {
	inf := math.Inf(1)
	rigid := []convert.Limit{{Linear: []int{0, 1, 2}, Stiffness: inf}, {Angular: []int{0, 1, 2}, Stiffness: inf}}
	springy := []convert.Limit{{Linear: []int{0, 1, 2}, Stiffness: 50}, {Angular: []int{0, 1, 2}, Stiffness: inf}}
	for _, c := range []struct {
		name       string
		limits     []convert.Limit
		godotClass string
		otherMat   bool
		fused      bool
		softened   bool
	}{
		{"rigid weld", rigid, "", false, true, false},
		{"rigid weld, different materials", rigid, "", true, false, true},
		{"Godot's own weld", rigid, "Generic6DOFJoint3D", false, false, false},
		{"springy weld", springy, "", false, false, false},
	} {
		g := convert.NewGraph()
		g.Materials = append(g.Materials, convert.Material{Name: "ice", StaticFriction: 0.05, DynamicFriction: 0.05})
		sh := g.AddShape(convert.Shape{Kind: convert.Box, Size: convert.Vec3{1, 1, 1}, Mesh: -1})
		body := func(name string, at convert.Vec3, parent, material int) int {
			b := g.AddNode(convert.Node{Name: name, Transform: convert.Transform{T: at, R: convert.IdentityQuat(), S: convert.Vec3{1, 1, 1}},
				Motion: &convert.Motion{Kind: convert.Dynamic, GravityFactor: 1, Mass: convert.Ptr(2.0), MassSource: convert.Given}}, parent)
			g.AddNode(convert.Node{Name: name + "Shape", Transform: convert.Identity(), Collider: &convert.Collider{Shape: sh, Material: material, Filter: -1}}, b)
			return b
		}
		a := body("A", convert.Vec3{0, 1, 0}, -1, -1)
		mat := -1
		if c.otherMat {
			mat = 0
		}
		// B sits 1 m along x from A, turned a quarter about y
		b := body("B", convert.Vec3{1, 0, 0}, a, mat)
		g.Nodes[b].Transform.R = convert.AxisAngle(convert.Vec3{0, 1, 0}, math.Pi/2)
		j := g.AddNode(convert.Node{Name: "Weld", Transform: convert.Identity(), Joint: &convert.Joint{Connected: b, Limits: c.limits}}, a)
		if c.godotClass != "" {
			g.Nodes[j].Extras = map[string]any{extraClass: c.godotClass}
		}
		mass.CompleteInPlace(g, &convert.Options{})
		out, diags, err := Emit(g, &convert.Options{})
		if err != nil {
			t.Fatal(err)
		}
		scene := string(out.Main)
		fused := strings.Contains(scene, `[node name="B" type="Node3D"`)
		if fused != c.fused || diags.Has(convert.CodeGodotWeldFused) != c.fused {
			t.Errorf("%s: fused %v, godot-weld-fused %v, want %v\n%s", c.name, fused, diags.Has(convert.CodeGodotWeldFused), c.fused, scene)
			continue
		}
		if got := diags.Has(convert.CodeJointComplianceChanged); got != c.softened {
			t.Errorf("%s: joint-compliance-changed %v, want %v", c.name, got, c.softened)
		}
		if !c.fused {
			continue
		}
		// two unit cubes of 2 kg, 1 m apart along x: 4 kg, centre of mass
		// half way, Ixx = 2·(2/12·2), Iyy = Izz = 2·(2/12·2) + 4·0.5²
		for key, want := range map[string][]float64{"mass": {4}, "center_of_mass": {0.5, 0, 0}, "inertia": {2.0 / 3, 5.0 / 3, 5.0 / 3}} {
			m := regexp.MustCompile(`(?m)^` + key + ` = (?:Vector3\()?([^)\n]*)`).FindStringSubmatch(scene)
			if m == nil {
				t.Errorf("%s: no %s in\n%s", c.name, key, scene)
				continue
			}
			f := strings.Split(m[1], ",")
			for k := range want {
				v, err := strconv.ParseFloat(strings.TrimSpace(f[min(k, len(f)-1)]), 64)
				if err != nil || len(f) != len(want) || math.Abs(v-want[k]) > 1e-12 {
					t.Errorf("%s: %s = %s, want %v", c.name, key, m[1], want)
					break
				}
			}
		}
		if n := strings.Count(scene, "CollisionShape3D"); n != 2 {
			t.Errorf("%s: %d shapes, want both", c.name, n)
		}
	}
}
