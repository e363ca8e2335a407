package urdf

import (
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/mass"
)

// TestParseDiagnosticSubjects checks that reader diagnostics name the
// Graph node they are about, also when the node is added after the report.
func TestParseDiagnosticSubjects(t *testing.T) {
	src := `<robot name="r">
  <link name="base"><inertial><mass value="1"/><inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial></link>
  <link name="arm">
    <inertial><mass value="1"/><inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial>
    <collision><geometry><box size="1 1 1"/><sphere radius="1"/></geometry></collision>
  </link>
  <joint name="hinge" type="revolute"><parent link="base"/><child link="arm"/><axis xyz="0 0 2"/>
    <limit lower="1" upper="-1" effort="1" velocity="1"/></joint>
</robot>`
	g, diags, err := Parse(&convert.Input{Name: "r.urdf", Data: []byte(src), FS: fstest.MapFS{}, Dir: ".", Options: &convert.Options{}})
	if err != nil {
		t.Fatal(err)
	}
	index := map[string]int{}
	for i, n := range g.Nodes {
		index[n.Name] = i
	}
	want := map[convert.Code]convert.Subject{
		convert.CodeAxisNormalized: convert.JointSubject(index["hinge"]),
		convert.CodeLimitInverted:  convert.JointSubject(index["hinge"]),
		convert.CodeElementIgnored: convert.NodeSubject(index["arm"]),
	}
	for code, subj := range want {
		found := false
		for _, d := range diags {
			if d.Code == code {
				found = true
				if d.Subject != subj {
					t.Errorf("%s: subject %v, want %v", code, d.Subject, subj)
				}
			}
		}
		if !found {
			t.Errorf("no %s diagnostic in %v", code, diags)
		}
	}
	if !diags.Explains(convert.JointSubject(index["hinge"]), convert.QLimit) {
		t.Error("the swapped limit does not explain the joint's limit")
	}
}

// TestEmitDriveSubject checks that the gains a URDF transmission drops are
// reported about the joint that had them.
func TestEmitDriveSubject(t *testing.T) {
	g := convert.NewGraph()
	box := g.AddShape(convert.Shape{Kind: convert.Box, Size: convert.Vec3{1, 1, 1}})
	body := func(name string, x float64) int {
		i := g.AddNode(convert.Node{Name: name, Transform: convert.Identity(),
			Motion: &convert.Motion{Kind: convert.Dynamic, GravityFactor: 1}}, -1)
		g.Nodes[i].Transform.T = convert.Vec3{x, 0, 0}
		g.Nodes[i].Collider = &convert.Collider{Shape: box, Material: -1, Filter: -1}
		return i
	}
	a, b := body("a", 0), body("b", 2)
	j := g.AddNode(convert.Node{Name: "hinge", Transform: convert.Identity(), Joint: &convert.Joint{Connected: b,
		Limits: []convert.Limit{{Linear: []int{0, 1, 2}}, {Angular: []int{1, 2}}},
		Drives: []convert.Drive{{Type: "angular", Mode: "force", Axis: 0, MaxForce: 5, Stiffness: 3}}}}, a)
	done, _ := mass.Complete(g, &convert.Options{})
	_, diags, err := Emit(done, &convert.Options{})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, d := range diags {
		if d.Code == convert.CodeDriveGainsDropped {
			found = true
			if d.Subject != convert.JointSubject(j) {
				t.Errorf("drive-gains-dropped about %v, want %v", d.Subject, convert.JointSubject(j))
			}
		}
	}
	if !found {
		t.Fatalf("no drive-gains-dropped in %v", diags)
	}
	if !diags.Explains(convert.JointSubject(j), convert.QDrive) || diags.Explains(convert.JointSubject(a), convert.QDrive) {
		t.Error("the dropped gains should explain the hinge's drive and nothing else's")
	}
}
