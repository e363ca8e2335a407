package urdf

import (
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/convert"
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
