package inspect

import (
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// addedByWalk is what Explainer.added finds, found the direct way: for
// each question, a walk from the added element through the second
// report's joints (every joint looked at for every body reached) to the
// first report's moving bodies, then every joint of the first report
// between two of them.
func addedByWalk(x *Explainer, d Difference) []convert.Subject {
	known := map[string]bool{"": true}
	for _, b := range x.want.Bodies {
		if b.Kind != convert.Static {
			known[b.Name] = true
		}
	}
	gotStatic := staticBodies(x.got)
	var joints []JointReport
	for _, j := range x.got.Joints {
		joints = append(joints, worldForStatic(j, gotStatic))
	}
	ends, seen := map[string]bool{}, map[string]bool{}
	var walk func(string)
	walk = func(b string) {
		if known[b] {
			ends[b] = true
			return
		}
		if seen[b] {
			return
		}
		seen[b] = true
		for _, j := range joints {
			if j.BodyA == b {
				walk(j.BodyB)
			}
			if j.BodyB == b {
				walk(j.BodyA)
			}
		}
	}
	switch d.Element {
	case "body":
		walk(d.Name)
	case "joint":
		for _, j := range joints {
			if j.Name == d.Name {
				walk(j.BodyA)
				walk(j.BodyB)
			}
		}
	}
	var out []convert.Subject
	wantStatic := staticBodies(x.want)
	for _, j := range x.want.Joints {
		j = worldForStatic(j, wantStatic)
		if ends[j.BodyA] && ends[j.BodyB] {
			for _, i := range x.nodes[j.Name] {
				if x.facts[i].joint {
					out = append(out, convert.JointSubject(i))
				}
			}
		}
	}
	for name := range ends {
		for _, i := range x.nodes[name] {
			if x.facts[i].motion {
				out = append(out, convert.BodySubject(i))
			}
		}
	}
	return out
}

// TestAddedAsWalk: the subjects Explainer finds for bodies and joints only
// the second report has (a writer's added links and joints) are those of
// the direct walk, over generated pairs of reports: bodies static and
// moving, joints to the world, added chains between known bodies, added
// groups joined to each other, repeated joint names, and added elements
// joined to nothing. The Explainer answers from indexes built once, so
// that a scene of thousands of added joints stays linear.
func TestAddedAsWalk(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	found := 0
	for round := 0; round < 300; round++ {
		g := convert.NewGraph()
		want, got := &Report{}, &Report{}
		nb := 1 + rng.Intn(8)
		var bodies []string
		for k := 0; k < nb; k++ {
			name := fmt.Sprintf("b%d", k)
			kind := convert.Dynamic
			if rng.Intn(4) == 0 {
				kind = convert.Static
			}
			g.AddNode(convert.Node{Name: name, Motion: &convert.Motion{Kind: kind}}, -1)
			want.Bodies = append(want.Bodies, BodyReport{Name: name, Kind: kind})
			got.Bodies = append(got.Bodies, BodyReport{Name: name, Kind: kind})
			bodies = append(bodies, name)
		}
		anyBody := func(list []string) string {
			if rng.Intn(5) == 0 {
				return ""
			}
			return list[rng.Intn(len(list))]
		}
		for k := 0; k < rng.Intn(8); k++ {
			j := JointReport{Name: fmt.Sprintf("j%d", k), BodyA: anyBody(bodies), BodyB: anyBody(bodies)}
			g.AddNode(convert.Node{Name: j.Name, Joint: &convert.Joint{}}, -1)
			want.Joints = append(want.Joints, j)
			if rng.Intn(3) > 0 {
				got.Joints = append(got.Joints, j)
			}
		}
		all := slices.Clone(bodies)
		var added []string
		for k := 0; k < rng.Intn(6); k++ {
			name := fmt.Sprintf("added%d", k)
			added = append(added, name)
			all = append(all, name)
			got.Bodies = append(got.Bodies, BodyReport{Name: name, Kind: convert.Dynamic})
		}
		var addedJoints []string
		for k := 0; k < rng.Intn(10); k++ {
			name := fmt.Sprintf("aj%d", rng.Intn(6)) // names repeat
			got.Joints = append(got.Joints, JointReport{Name: name, BodyA: anyBody(all), BodyB: anyBody(all)})
			addedJoints = append(addedJoints, name)
		}
		x := NewExplainer(g, want, got, nil)
		x.Prepare()
		var ds []Difference
		for _, name := range added {
			ds = append(ds, Difference{Element: "body", Name: name, Missing: "first", Quantity: convert.QStructure})
		}
		for _, name := range addedJoints {
			ds = append(ds, Difference{Element: "joint", Name: name, Missing: "first", Quantity: convert.QStructure})
		}
		for _, d := range ds {
			gotS, wantS := x.Subjects(d), addedByWalk(x, d)
			slices.SortFunc(gotS, compareSubjects)
			slices.SortFunc(wantS, compareSubjects)
			if len(wantS) > 0 {
				found++
			}
			if !slices.Equal(gotS, wantS) {
				t.Fatalf("round %d, %s %q: subjects %v, the walk finds %v\nfirst: %+v\nsecond: %+v", round, d.Element, d.Name, gotS, wantS, want, got)
			}
		}
	}
	if found < 300 {
		t.Errorf("only %d questions had subjects; the generator should reach known bodies more often", found)
	}
	t.Logf("%d questions with subjects", found)
}

func compareSubjects(a, b convert.Subject) int {
	return strings.Compare(fmt.Sprint(a), fmt.Sprint(b))
}
