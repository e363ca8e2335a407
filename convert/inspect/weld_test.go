package inspect

import (
	"fmt"
	"math/rand"
	"reflect"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/kin"
)

// weldedAsStaticByScan and weldedFusedByScan are WeldedAsStatic and
// WeldedFused the direct way: after every change, a scan of every joint
// from the start for the first that applies.
func weldedAsStaticByScan(want, got *Report) {
	static := make(map[string]bool, len(want.Bodies))
	for _, b := range want.Bodies {
		if b.Kind == convert.Static {
			static[b.Name] = true
		}
	}
	wantJoints := make(map[string]bool, len(want.Joints))
	for _, j := range want.Joints {
		wantJoints[j.Name] = true
	}
	for changed := true; changed; {
		changed = false
		kind := make(map[string]convert.BodyKind, len(got.Bodies))
		for _, b := range got.Bodies {
			kind[b.Name] = b.Kind
		}
		world := func(name string) bool { return name == "" || kind[name] == convert.Static }
		for k, j := range got.Joints {
			if wantJoints[j.Name] || j.Kind != kin.KindFixed {
				continue
			}
			body := ""
			switch {
			case world(j.BodyA) && static[j.BodyB] && !world(j.BodyB):
				body = j.BodyB
			case world(j.BodyB) && static[j.BodyA] && !world(j.BodyA):
				body = j.BodyA
			default:
				continue
			}
			for i := range got.Bodies {
				if b := &got.Bodies[i]; b.Name == body {
					b.Kind, b.Mass, b.CenterOfMass, b.Inertia, b.Source = convert.Static, nil, nil, nil, SourceReport{}
				}
			}
			got.Joints = append(got.Joints[:k:k], got.Joints[k+1:]...)
			changed = true
			break
		}
	}
}
func weldedFusedByScan(want, got *Report) {
	gotBody := make(map[string]bool, len(got.Bodies))
	for _, b := range got.Bodies {
		gotBody[b.Name] = true
	}
	gotJoint := make(map[string]bool, len(got.Joints))
	for _, j := range got.Joints {
		gotJoint[j.Name] = true
	}
	index := func(name string) int {
		for i, b := range want.Bodies {
			if b.Name == name && name != "" {
				return i
			}
		}
		return -1
	}
	for changed := true; changed; {
		changed = false
		for k, j := range want.Joints {
			if j.Kind != kin.KindFixed || gotJoint[j.Name] {
				continue
			}
			a, b := index(j.BodyA), index(j.BodyB)
			if a < 0 || b < 0 || a == b {
				continue
			}
			switch {
			case gotBody[j.BodyA] && !gotBody[j.BodyB]:
			case gotBody[j.BodyB] && !gotBody[j.BodyA]:
				a, b = b, a
			default:
				continue
			}
			if !fuse(&want.Bodies[a], &want.Bodies[b]) {
				continue
			}
			kept, gone := want.Bodies[a].Name, want.Bodies[b].Name
			want.Bodies = append(want.Bodies[:b:b], want.Bodies[b+1:]...)
			want.Joints = append(want.Joints[:k:k], want.Joints[k+1:]...)
			for i := range want.Joints {
				if want.Joints[i].BodyA == gone {
					want.Joints[i].BodyA = kept
				}
				if want.Joints[i].BodyB == gone {
					want.Joints[i].BodyB = kept
				}
			}
			changed = true
			break
		}
	}
}

// TestWeldedAsScan: WeldedAsStatic and WeldedFused, which look again only
// at the joints of the bodies a change touches, leave both reports as the
// scan from the start after every change does, over generated pairs of
// reports: welds to the world and between bodies, chains of welds, bodies
// static in one report, moving in the other, repeated names, bodies
// without mass or of zero or negative mass (which a fusion can make
// fusible), joints the other report has.
func TestWeldedAsScan(t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	kinds := []convert.BodyKind{convert.Dynamic, convert.Dynamic, convert.Static, convert.Kinematic}
	report := func(names []string) *Report {
		r := &Report{}
		for _, n := range names {
			b := BodyReport{Name: n, Kind: kinds[rng.Intn(len(kinds))]}
			if rng.Intn(5) > 0 {
				m, c := Num([]float64{0, 1, 2, 3, -1}[rng.Intn(5)]), convert.Vec3{float64(rng.Intn(3)), 0, 0}
				var in [3][3]Num
				in[0][0], in[1][1], in[2][2] = m, m, m
				b.Mass, b.CenterOfMass, b.Inertia = &m, &c, &in
			}
			r.Bodies = append(r.Bodies, b)
		}
		for k := rng.Intn(10); k > 0; k-- {
			pick := func() string {
				if rng.Intn(4) == 0 {
					return ""
				}
				return names[rng.Intn(len(names))]
			}
			kind := kin.KindFixed
			if rng.Intn(4) == 0 {
				kind = "revolute"
			}
			r.Joints = append(r.Joints, JointReport{Name: fmt.Sprintf("j%d", rng.Intn(8)), BodyA: pick(), BodyB: pick(), Kind: kind})
		}
		return r
	}
	pool := []string{"a", "b", "c", "d", "e", "f", "a"}
	for round := 0; round < 10000; round++ {
		wantNames := pool[:1+rng.Intn(len(pool)-1)]
		gotNames := append([]string(nil), wantNames[:rng.Intn(len(wantNames))+1]...)
		if rng.Intn(2) == 0 {
			gotNames = append(gotNames, "z")
		}
		want, got := report(wantNames), report(gotNames)
		w1, g1 := clone(want), clone(got)
		w2, g2 := clone(want), clone(got)
		WeldedAsStatic(w1, g1)
		WeldedAsStatic(g1, w1)
		WeldedFused(w1, g1)
		WeldedFused(g1, w1)
		weldedAsStaticByScan(w2, g2)
		weldedAsStaticByScan(g2, w2)
		weldedFusedByScan(w2, g2)
		weldedFusedByScan(g2, w2)
		if !reflect.DeepEqual(w1, w2) || !reflect.DeepEqual(g1, g2) {
			t.Fatalf("round %d:\nfirst  %+v\nsecond %+v\nbecame %+v\n       %+v\nscan:  %+v\n       %+v", round, want, got, w1, g1, w2, g2)
		}
	}
}

// clone copies a report deeply enough for the passes above.
func clone(r *Report) *Report {
	c := &Report{Bodies: append([]BodyReport(nil), r.Bodies...), Joints: append([]JointReport(nil), r.Joints...)}
	for i := range c.Bodies {
		b := &c.Bodies[i]
		if b.Mass != nil {
			m, com, in := *b.Mass, *b.CenterOfMass, *b.Inertia
			b.Mass, b.CenterOfMass, b.Inertia = &m, &com, &in
		}
	}
	return c
}
