package convert

import (
	"encoding/json"
	"math/rand/v2"
	"testing"
)

func TestExplains(t *testing.T) {
	// a graph: body 0 with collider 1 (child) and visual 2; body 3 alone.
	diag := func(c Code, s Subject) Diagnostics {
		var ds Diagnostics
		ds.Add(c, s, "", "x")
		return ds
	}
	tests := []struct {
		name  string
		ds    Diagnostics
		subj  Subject
		q     Quantity
		wants bool
	}{
		{"same body and quantity", diag(CodeMassComputed, BodySubject(0)), BodySubject(0), QMass, true},
		{"same body, other quantity", diag(CodeMassComputed, BodySubject(0)), BodySubject(0), QShape, false},
		{"other body", diag(CodeMassComputed, BodySubject(0)), BodySubject(3), QMass, false},
		{"collider shape explains its body's mass", diag(CodeShapeApproximated, ColliderSubject(1, 0)), BodySubject(0), QMass, true},
		{"collider shape explains its body's inertia", diag(CodeShapeDropped, ColliderSubject(1, 0)), BodySubject(0), QInertia, true},
		{"collider shape does not explain its body's shape", diag(CodeShapeApproximated, ColliderSubject(1, 0)), BodySubject(0), QShape, false},
		{"collider does not explain another body", diag(CodeShapeDropped, ColliderSubject(1, 0)), BodySubject(3), QMass, false},
		{"collider without known body explains no body", diag(CodeShapeDropped, ColliderSubject(1, -1)), BodySubject(0), QMass, false},
		{"collider explains itself", diag(CodeShapeDropped, ColliderSubject(1, 0)), ColliderSubject(1, 0), QShape, true},
		{"collider does not explain a sibling collider", diag(CodeShapeDropped, ColliderSubject(1, 0)), ColliderSubject(4, 0), QShape, false},
		{"body explains its collider's shape", diag(CodeScaleBaked, BodySubject(0)), ColliderSubject(1, 0), QShape, true},
		{"body explains its visual", diag(CodeVisualDropped, BodySubject(0)), VisualSubject(2, 0), QVisual, true},
		{"body does not explain another body's collider", diag(CodeScaleBaked, BodySubject(3)), ColliderSubject(1, 0), QShape, false},
		{"document explains everything of its quantity", diag(CodeMaterialDropped, DocumentSubject()), ColliderSubject(1, 0), QMaterial, true},
		{"document, other quantity", diag(CodeMaterialDropped, DocumentSubject()), ColliderSubject(1, 0), QFilter, false},
		{"node explains anything on it", diag(CodeNameChanged, NodeSubject(1)), ColliderSubject(1, 0), QName, true},
		{"node does not explain other nodes", diag(CodeNameChanged, NodeSubject(1)), BodySubject(0), QName, false},
		{"joint explains itself", diag(CodeJointLoopDropped, JointSubject(5)), JointSubject(5), QLoop, true},
		{"joint does not explain a body on the same node", diag(CodeDriveDropped, JointSubject(5)), BodySubject(5), QDrive, false},
		{"material index", diag(CodeFrictionApproximated, MaterialSubject(2)), MaterialSubject(2), QMaterial, true},
		{"other material index", diag(CodeFrictionApproximated, MaterialSubject(2)), MaterialSubject(1), QMaterial, false},
		{"filter index", diag(CodeCollisionFilterWidened, FilterSubject(0)), FilterSubject(0), QFilter, true},
		{"filter does not explain a material", diag(CodeCollisionFilterWidened, FilterSubject(0)), MaterialSubject(0), QFilter, false},
		// a table of the bits or layers written says how names map, not
		// that some pair changed: it explained every filter difference
		{"MJCF bit table explains no pair", diag(CodeCollisionBits, DocumentSubject()), ColliderSubject(1, 0), QFilter, false},
		{"Godot layer table explains no pair", diag(CodeGodotLayerAssigned, DocumentSubject()), ColliderSubject(1, 0), QFilter, false},
		{"Godot layer table explains names", diag(CodeGodotLayerAssigned, DocumentSubject()), FilterSubject(0), QName, true},
		{"overridden quantities", func() Diagnostics {
			var ds Diagnostics
			ds.Add(CodeFieldDropped, JointSubject(5), "", "armature").Affecting(QJointParam)
			return ds
		}(), JointSubject(5), QJointParam, true},
		{"no subject explains nothing", Diagnostics{{Code: CodeMassComputed, Quantities: Qs(QMass)}}, BodySubject(0), QMass, false},
		{"empty", nil, BodySubject(0), QMass, false},
	}
	for _, tt := range tests {
		if got := tt.ds.Explains(tt.subj, tt.q); got != tt.wants {
			t.Errorf("%s: Explains(%v, %v) = %v, want %v", tt.name, tt.subj, tt.q, got, tt.wants)
		}
	}
}

func TestAddUsesTable(t *testing.T) {
	var ds Diagnostics
	ds.Add(CodeMassComputed, BodySubject(2), "nodes[2]", "computed %d", 1)
	ds.Add(CodeShapeApproximated, ColliderSubject(3, 2), "", "x").WithSeverity(Info)
	ds.Add(CodeLimitInverted, JointSubject(2), "", "x").WithSeverity(Info) // not Variable: stays a warning
	want := []struct {
		sev Severity
		qs  Quantities
	}{{Info, Qs(QMass, QCenterOfMass, QInertia)}, {Info, Qs(QShape, QMass, QCenterOfMass, QInertia)}, {Warning, Qs(QLimit, QJointKind)}}
	for i, w := range want {
		if ds[i].Severity != w.sev || ds[i].Quantities != w.qs {
			t.Errorf("ds[%d] = %v %v, want %v %v", i, ds[i].Severity, ds[i].Quantities, w.sev, w.qs)
		}
	}
	if ds[0].Message != "computed 1" || ds[0].Subject != BodySubject(2) {
		t.Errorf("ds[0] = %+v", ds[0])
	}
}

func TestDiagnosticJSON(t *testing.T) {
	var ds Diagnostics
	ds.Add(CodeShapeDropped, ColliderSubject(3, 1), "/nodes/3", "dropped")
	ds = append(ds, Diagnostic{Severity: Error, Code: CodeWriteFailed, Message: "disk full"})
	b, err := json.Marshal(ds)
	if err != nil {
		t.Fatal(err)
	}
	want := `[{"severity":"warning","code":"shape-dropped","subject":{"kind":"collider","node":3,"body":1,"index":-1},"quantities":["mass","centre-of-mass","inertia","shape"],"path":"/nodes/3","message":"dropped"},` +
		`{"severity":"error","code":"write-failed","message":"disk full"}]`
	if string(b) != want {
		t.Errorf("JSON:\n got %s\nwant %s", b, want)
	}
	var back Diagnostics
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if back[0] != ds[0] || back[1] != ds[1] {
		t.Errorf("round trip: %+v", back)
	}
}

func TestNodeLabel(t *testing.T) {
	g := NewGraph()
	g.AddNode(Node{Name: "Door"}, -1)
	g.AddNode(Node{}, -1)
	for i, want := range []string{`nodes[0] "Door"`, `nodes[1]`, `nodes[7]`} {
		if got := g.NodeLabel(i); i < 2 && got != want || i == 2 && g.NodeLabel(7) != want {
			t.Errorf("NodeLabel(%d) = %s, want %s", i, got, want)
		}
	}
}

func TestCodeTable(t *testing.T) {
	seen := map[Code]bool{}
	for _, r := range Codes() {
		if seen[r.Code] {
			t.Errorf("%s listed twice", r.Code)
		}
		seen[r.Code] = true
		if r.Meaning == "" || r.Section == "" || r.Quantities == 0 {
			t.Errorf("%s: incomplete row %+v", r.Code, r)
		}
	}
	if _, ok := Code("no-such-code").Info(); ok {
		t.Error("unknown code found")
	}
}

// TestDiagnosticIndexAgrees checks the index against the plain scan on
// random diagnostics and subjects of every kind, including parts whose
// body is unknown and subjects whose body is themselves.
func TestDiagnosticIndexAgrees(t *testing.T) {
	kinds := []SubjectKind{"", SubjectDocument, SubjectNode, SubjectBody, SubjectJoint, SubjectCollider,
		SubjectTrigger, SubjectVisual, SubjectVehicle, SubjectMaterial, SubjectFilter, SubjectMesh,
		SubjectCoupling, SubjectTendon, SubjectSource}
	rng := rand.New(rand.NewPCG(7, 11))
	subject := func() Subject {
		return Subject{Kind: kinds[rng.IntN(len(kinds))], Node: rng.IntN(6) - 1, Body: rng.IntN(6) - 1, Index: rng.IntN(4) - 1}
	}
	checked, hits := 0, 0
	for round := 0; round < 300; round++ {
		var ds Diagnostics
		for i := rng.IntN(8); i > 0; i-- {
			var qs []Quantity
			for q := Quantity(0); q < numQuantities; q++ {
				if rng.IntN(4) == 0 {
					qs = append(qs, q)
				}
			}
			ds = append(ds, Diagnostic{Code: "x", Subject: subject(), Quantities: Qs(qs...)})
		}
		x := ds.Index()
		for i := 0; i < 200; i++ {
			s, q := subject(), Quantity(rng.IntN(int(numQuantities)))
			want := ds.Explains(s, q)
			if got := x.Explains(s, q); got != want {
				t.Fatalf("subject %+v, %s, diagnostics %+v: index says %v, scan says %v", s, q, ds, got, want)
			}
			checked++
			if want {
				hits++
			}
		}
	}
	if hits == 0 || hits == checked {
		t.Fatalf("%d of %d explained: the cases do not exercise both answers", hits, checked)
	}
}
