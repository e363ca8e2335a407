package inspect

import (
	"bytes"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestTreeAndSummary: a chain with a loop-closing joint and a free body:
// the tree follows the joints breadth-first from the world, the joint
// reaching a body already placed is listed as a loop,
// and the degrees of freedom add the joints' and six for the free body.
func TestTreeAndSummary(t *testing.T) {
	r := &Report{
		Bodies: []BodyReport{
			{Name: "base", Kind: convert.Static},
			{Name: "arm", Kind: convert.Dynamic, Mass: num(2)},
			{Name: "hand", Kind: convert.Dynamic, Mass: num(1)},
			{Name: "ball", Kind: convert.Dynamic, Mass: num(0.5)},
		},
		Joints: []JointReport{
			{Name: "shoulder", BodyA: "", BodyB: "arm", Kind: "revolute", Axis: &convert.Vec3{0, 0, 1}, Lower: num(-1), Upper: num(1)},
			{Name: "wrist", BodyA: "hand", BodyB: "arm", Kind: "ball"},
			{Name: "tie", BodyA: "hand", BodyB: "", Kind: "prismatic", Axis: &convert.Vec3{1, 0, 0}, Lower: num(0), Upper: num(0.1)},
			{Name: "lock", BodyA: "base", BodyB: "ball", Kind: "generic", Limits: []LimitReport{{Linear: []int{0, 1, 2}}, {Angular: []int{0}}}},
		},
	}
	s := r.Summarize()
	// 1 + 3 + 1 + (6 − 4 locked) = 7; nothing free
	if s.Bodies != 4 || s.Dynamic != 3 || s.Static != 1 || s.Joints != 4 || s.DOF != 7 || s.TotalMass != 3.5 {
		t.Errorf("summary %+v", s)
	}
	var b bytes.Buffer
	if err := r.WriteTree(&b); err != nil {
		t.Fatal(err)
	}
	want := `(world)
├── arm  (shoulder: revolute about (0, 0, 1) [-1, 1])
├── hand  (tie: prismatic about (1, 0, 0) [0, 0.1])
└── base  (static)
    └── ball  (lock: generic)
loop: wrist: ball closes hand – arm
`
	if b.String() != want {
		t.Errorf("tree:\n%s\nwant:\n%s", b.String(), want)
	}
	r.Joints = r.Joints[:3] // the ball is free now
	if s := r.Summarize(); s.DOF != 5+6 {
		t.Errorf("with a free body: %d degrees of freedom, want 11", s.DOF)
	}
	b.Reset()
	if err := r.WriteSVG(&b); err != nil || !strings.Contains(b.String(), `stroke-dasharray`) || strings.Count(b.String(), "<rect ") != 6 {
		t.Errorf("svg (%v):\n%s", err, b.String())
	}
}
