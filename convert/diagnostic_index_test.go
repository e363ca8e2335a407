package convert

import (
	"math/rand"
	"testing"
)

// TestDiagnosticIndexAsList: the index answers each question as
// Diagnostics.Explaining over the whole list does, asked once or many
// times (a remembered answer is the same answer), over generated
// diagnostics about documents, bodies, parts of bodies, joints and shared
// elements.
func TestDiagnosticIndexAsList(t *testing.T) {
	rng := rand.New(rand.NewSource(31))
	qs := []Quantity{QMass, QShape, QMaterial, QStructure}
	subject := func() Subject {
		node, body := rng.Intn(6), rng.Intn(3)
		switch rng.Intn(7) {
		case 0:
			return DocumentSubject()
		case 1:
			return BodySubject(body)
		case 2:
			return ColliderSubject(node, body)
		case 3:
			return VisualSubject(node, body)
		case 4:
			return JointSubject(node)
		case 5:
			return MaterialSubject(rng.Intn(2))
		}
		return NodeSubject(node)
	}
	for round := 0; round < 500; round++ {
		var ds Diagnostics
		for k := rng.Intn(12); k > 0; k-- {
			ds.Add(CodeShapeApproximated, subject(), "", "x").Affecting(qs[rng.Intn(len(qs))])
		}
		x := ds.Index()
		for q := 0; q < 60; q++ {
			s, quantity := subject(), qs[rng.Intn(len(qs))]
			want := len(ds.Explaining(s, quantity)) > 0
			for again := 0; again < 2; again++ {
				if got := x.Explains(s, quantity); got != want {
					t.Fatalf("round %d: Explains(%+v, %v) = %v (asked %d times before), the list says %v", round, s, quantity, got, again, want)
				}
			}
		}
	}
}
