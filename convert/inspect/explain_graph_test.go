package inspect

import (
	"runtime"
	"testing"
	"time"

	"github.com/physconv/physconv/convert"
)

// TestExplainerLetsGraphGo: once prepared, an Explainer answers from what
// it read of the Graph, so a verification does not hold the source's
// Graph while the output is read back (on a 2,000-link chain, a quarter
// of what is live then). Its answers are those the Graph gives: the
// collider's body, material and filter, the trigger's filter.
func TestExplainerLetsGraphGo(t *testing.T) {
	g := convert.NewGraph()
	g.Materials = []convert.Material{{Name: "rubber"}}
	g.Filters = []convert.Filter{{Name: "a"}, {Name: "b"}}
	body := g.AddNode(convert.Node{Name: "arm", Motion: &convert.Motion{Kind: convert.Dynamic, GravityFactor: 1}}, -1)
	g.Shapes = append(g.Shapes, convert.Shape{Kind: convert.Sphere, Radius: 0.1})
	frame := g.AddNode(convert.Node{Name: "frame"}, body)
	col := g.AddNode(convert.Node{Name: "pad", Collider: &convert.Collider{Shape: 0, Material: 0, Filter: 1}}, frame)
	trig := g.AddNode(convert.Node{Name: "zone", Trigger: &convert.Trigger{Shape: 0, Filter: 0}}, -1)
	want := &Report{Bodies: []BodyReport{{Name: "arm", Kind: convert.Dynamic}}}
	var diags convert.Diagnostics
	diags.Add(convert.CodeMaterialDropped, convert.MaterialSubject(0), "", "no materials")
	x := NewExplainer(g, want, &Report{}, diags)

	collected := make(chan struct{})
	runtime.AddCleanup(&g.Nodes[0], func(ch chan struct{}) { close(ch) }, collected)
	wantCollider := g.ColliderSubject(col)
	wantTrigger := g.TriggerSubject(trig)
	x.Prepare()
	g = nil
	for i := 0; ; i++ {
		runtime.GC()
		select {
		case <-collected:
		case <-time.After(10 * time.Millisecond):
			if i < 50 {
				continue
			}
			t.Fatal("the Graph's nodes are still reachable from a prepared Explainer")
		}
		break
	}

	material := Difference{Element: "body", Name: "arm", Node: "pad", Quantity: convert.QMaterial}
	got := x.Subjects(material)
	if !containsSubject(got, wantCollider) || !containsSubject(got, convert.MaterialSubject(0)) {
		t.Errorf("subjects of a material difference on pad: %v, want %v and material 0", got, wantCollider)
	}
	if !x.Explains(material) {
		t.Error("the material's diagnostic does not explain a material difference on its collider")
	}
	filter := Difference{Element: "static", Name: "zone", Node: "zone", Quantity: convert.QFilter}
	got = x.Subjects(filter)
	if !containsSubject(got, wantTrigger) || !containsSubject(got, convert.FilterSubject(0)) || !containsSubject(got, convert.BodySubject(trig)) {
		t.Errorf("subjects of a filter difference on zone: %v, want %v, its body and filter 0", got, wantTrigger)
	}
}

func containsSubject(list []convert.Subject, s convert.Subject) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
