package mjcf

import (
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/kin"
)

// framesApart diagnoses a joint whose two frames do not coincide at rest:
// an MJCF joint lives in the child body, placed at the child's side.
func (e *emitter) framesApart(tj kin.TreeJoint, path string) {
	j := e.g.Nodes[tj.Node].Joint
	if j.Connected < 0 || j.Connected >= len(e.g.Nodes) {
		return
	}
	a, b := e.frames.World(tj.Node), e.frames.World(j.Connected)
	if apart, d, angle := convert.FramesApart(a, b); apart {
		e.diags.Add(convert.FramesApartCode(a, d, angle), convert.JointSubject(tj.Node), path,
			"the two frames of the joint are %.3g m and %.3g rad apart at rest; an MJCF joint has one frame, placed at the child body's side", d, angle)
	}
}
