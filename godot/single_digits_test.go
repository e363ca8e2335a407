package godot

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestSinglePrecisionRotationIsUnscaled: Godot 4 writes a node's basis as
// the shortest decimals of its single-precision numbers (up to nine
// digits: 0.9659258, -0.25881904), Godot 3 with six; a rotation so written
// has axes a few 1e-8 from unit length, which is rounding, not scale. 200
// generated rotations in each spelling read with scale exactly 1 and no
// skew, so no shape is rescaled (scale-baked) and no sphere turns into an
// ellipsoid; the same rotation written in full double precision and
// scaled by 1 - 1e-7 keeps its scale.
func TestSinglePrecisionRotationIsUnscaled(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 9))
	single := func(x float64) string { return strconv.FormatFloat(float64(float32(x)), 'g', -1, 32) }
	six := func(x float64) string { return strconv.FormatFloat(x, 'g', 6, 64) }
	for i := 0; i < 200; i++ {
		q := convert.Quat{r.Float64()*2 - 1, r.Float64()*2 - 1, r.Float64()*2 - 1, r.Float64()*2 - 1}.Normalize()
		m := q.Mat()
		for _, spell := range []struct {
			name string
			num  func(float64) string
		}{{"Godot 4", single}, {"Godot 3", six}} {
			var f [12]float64
			for row := 0; row < 3; row++ {
				for c := 0; c < 3; c++ {
					v, _ := strconv.ParseFloat(spell.num(m[row][c]), 64)
					f[3*row+c] = v
				}
			}
			tr, skew, err := basisToTransform(basisFrom(f[:]), convert.Vec3{})
			if err != nil || skew || tr.S != (convert.Vec3{1, 1, 1}) {
				t.Fatalf("%s, rotation %v: scale %v, skew %v, %v", spell.name, q, tr.S, skew, err)
			}
			d := tr.R.Conj().Mul(q)
			if a := 2 * math.Asin(math.Min(1, math.Sqrt(d[0]*d[0]+d[1]*d[1]+d[2]*d[2]))); a > 1e-6 {
				t.Errorf("%s, rotation %v read %v (%g rad apart)", spell.name, q, tr.R, a)
			}
		}
		// full precision means what it says
		s := 1 - 1e-7
		var f [12]float64
		for row := 0; row < 3; row++ {
			for c := 0; c < 3; c++ {
				f[3*row+c] = m[row][c] * s
			}
		}
		tr, _, err := basisToTransform(basisFrom(f[:]), convert.Vec3{})
		if err != nil || math.Abs(tr.S[0]-s) > 1e-12 || tr.S[0] != tr.S[1] || tr.S[1] != tr.S[2] {
			t.Errorf("scale %v written in full: read %v, %v", s, tr.S, err)
		}
	}
	// and in a scene: a turned box of a static body keeps its size
	scene := fmt.Sprintf(`[gd_scene format=3]

[sub_resource type="BoxShape3D" id="1"]

[node name="Root" type="Node3D"]

[node name="Barrier" type="StaticBody3D" parent="."]
transform = Transform3D(%[1]s, 0, -%[2]s, 0, 1, 0, %[2]s, 0, %[1]s, 3, 0, 0)

[node name="Shape" type="CollisionShape3D" parent="Barrier"]
shape = SubResource("1")
`, single(math.Cos(math.Pi/12)), single(math.Sin(math.Pi/12)))
	g, diags, err := Parse(&convert.Input{Name: "s.tscn", Data: []byte(scene), Options: &convert.Options{}})
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range g.Nodes {
		if n.Transform.S != (convert.Vec3{1, 1, 1}) {
			t.Errorf("node %s: scale %v", n.Name, n.Transform.S)
		}
	}
	if diags.Has(convert.CodeScaleBaked) || diags.Has(convert.CodeGodotBodyScaled) {
		t.Errorf("scale said of a rotation: %v", diags)
	}
}
