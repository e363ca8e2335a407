package inspect

import (
	"fmt"
	"maps"
	"math"
	"math/rand"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/kin"
)

// pairUpByScan is pairUp compared pair by pair: for each name of a in
// order, every name of b and then every other name of a, for each test
// in turn (the class check folded into the test).
func pairUpByScan(as, bs []string, same ...func(i, j int) bool) map[string]string {
	out := map[string]string{}
	usedA, usedB := make([]bool, len(as)), make([]bool, len(bs))
	match := func(eq func(i, j int) bool) {
		for i := range as {
			if usedA[i] {
				continue
			}
			hit := -1
			for j := range bs {
				if usedB[j] || !eq(i, j) {
					continue
				}
				if hit >= 0 {
					hit = -2
					break
				}
				hit = j
			}
			if hit < 0 {
				continue
			}
			for i2 := range as {
				if i2 != i && !usedA[i2] && eq(i2, hit) {
					hit = -2
					break
				}
			}
			if hit >= 0 {
				usedA[i], usedB[hit] = true, true
				out[bs[hit]] = as[i]
			}
		}
	}
	for _, eq := range same {
		match(eq)
	}
	match(func(i, j int) bool { return spelling(as[i]) == spelling(bs[j]) })
	match(func(i, j int) bool { return looseName(as[i]) == looseName(bs[j]) })
	taken := map[string]bool{}
	for _, n := range out {
		taken[n] = true
	}
	for j, n := range bs {
		if !usedB[j] && taken[n] {
			out[n] = n + "'"
		}
	}
	return out
}

// TestPairUpAsScan: pairUp, which compares only elements of one class and
// pairs by spelling and loose name through keys, renames exactly as the
// pair-by-pair scan does, over generated name lists: names equal up to
// case, '_' and a "#2" suffix, repeated, in classes (and in none), with
// tests that hold for several pairs at once.
func TestPairUpAsScan(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	stems := []string{"arm", "Arm", "arm_1", "arm.1", "leg", "leg#2", "Leg#3", "base", "x"}
	names := func(n int) []string {
		out := make([]string, n)
		for k := range out {
			out[k] = stems[rng.Intn(len(stems))]
			if rng.Intn(3) == 0 {
				out[k] += fmt.Sprintf("#%d", 2+rng.Intn(3))
			}
		}
		return out
	}
	for round := 0; round < 3000; round++ {
		as, bs := names(rng.Intn(7)), names(rng.Intn(7))
		classes := []string{"", "p", "q"}
		ca, cb := make([]string, len(as)), make([]string, len(bs))
		for k := range ca {
			ca[k] = classes[rng.Intn(3)]
		}
		for k := range cb {
			cb[k] = classes[rng.Intn(3)]
		}
		class := func(inA bool, k int) string {
			if inA {
				return ca[k]
			}
			return cb[k]
		}
		// a test: a random relation of the pairs, within a class
		var tests, folded []func(i, j int) bool
		for n := rng.Intn(3); n > 0; n-- {
			rel := map[[2]int]bool{}
			for i := range as {
				for j := range bs {
					rel[[2]int{i, j}] = rng.Intn(3) == 0
				}
			}
			tests = append(tests, func(i, j int) bool { return rel[[2]int{i, j}] })
			folded = append(folded, func(i, j int) bool { return ca[i] != "" && ca[i] == cb[j] && rel[[2]int{i, j}] })
		}
		got, want := pairUp(as, bs, class, nil, tests...), pairUpByScan(as, bs, folded...)
		if !maps.Equal(got, want) {
			t.Fatalf("round %d: %q (%q) and %q (%q): renamed %v, the scan %v", round, as, ca, bs, cb, got, want)
		}
	}
}

// TestAlignBodiesAsScan: renaming bodies through the index by X (centre
// of mass, first collider) pairs them as the pair-by-pair scan does, over
// generated reports: masses and centres equal, within and just past the
// tolerance, bodies without mass or without colliders, static ones and
// moving ones a fixed joint welds to the world (of the static kind: an
// MJCF body without joints reads back so), NaN and infinite coordinates,
// names that all differ.
func TestAlignBodiesAsScan(t *testing.T) {
	rng := rand.New(rand.NewSource(29))
	const tol = 1e-9
	xs := []float64{0, 1, 1 + 0.5e-9, 1 + 3e-9, -2, 1e6, math.NaN(), math.Inf(1)}
	body := func(name string) BodyReport {
		b := BodyReport{Name: name, Kind: []convert.BodyKind{convert.Dynamic, convert.Dynamic, convert.Static}[rng.Intn(3)]}
		if rng.Intn(4) > 0 {
			m, c := Num([]float64{1, 2}[rng.Intn(2)]), convert.Vec3{xs[rng.Intn(len(xs))], 0, 0}
			b.Mass, b.CenterOfMass = &m, &c
		}
		if rng.Intn(3) > 0 {
			b.Colliders = []ShapeReport{{Shape: convert.Sphere, Position: convert.Vec3{xs[rng.Intn(len(xs))], 0, 0}}}
		}
		return b
	}
	for round := 0; round < 3000; round++ {
		a, b := &Report{}, &Report{}
		for k := rng.Intn(30); k > 0; k-- {
			a.Bodies = append(a.Bodies, body(fmt.Sprintf("a%d", k)))
		}
		for k := rng.Intn(30); k > 0; k-- {
			b.Bodies = append(b.Bodies, body(fmt.Sprintf("B%d", k)))
		}
		// weld some moving bodies to the world, or move them on a hinge
		// as well (then they are not welded)
		kindOf := map[string]convert.BodyKind{}
		for _, r := range []*Report{a, b} {
			for _, x := range r.Bodies {
				kindOf[x.Name] = x.Kind
				if x.Kind == convert.Static || rng.Intn(3) > 0 {
					continue
				}
				r.Joints = append(r.Joints, JointReport{Name: x.Name + "_weld", Kind: kin.KindFixed, BodyB: x.Name})
				if rng.Intn(4) == 0 {
					r.Joints = append(r.Joints, JointReport{Name: x.Name + "_hinge", Kind: kin.KindRevolute, BodyB: x.Name})
				} else {
					kindOf[x.Name] = convert.Static
				}
			}
		}
		c := &comparer{tol: tol}
		na, nb := bodyNames(a), bodyNames(b)
		an, bn := pool(na, nb), pool(nb, na)
		ia, ib := indices(na), indices(nb)
		want := map[string]string{}
		if len(an) > 0 && len(bn) > 0 {
			want = pairUpByScan(an, bn, func(i, j int) bool {
				x, y := a.Bodies[ia[an[i]]], b.Bodies[ib[bn[j]]]
				return kindOf[x.Name] == kindOf[y.Name] && c.sameMassPlace(x, y)
			})
		}
		got := alignBodies(a, b, c)
		if got == nil {
			got = map[string]string{}
		}
		if !maps.Equal(got, want) {
			t.Fatalf("round %d: renamed %v, the scan %v", round, got, want)
		}
	}
}
