package physconv_test

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// TestInfinitePlaneFloorKept: URDF has no plane; an MJCF floor (a plane,
// infinite to MuJoCo's collisions) was dropped as a collider, while its
// drawn extent became a thin box, so the robot standing on it fell
// through the URDF's floor, said only beside a message that the plane had
// become a box. An infinite plane with no plane in the target is now a
// kilometre-wide slab whose top face is the plane (shape-approximated),
// and MuJoCo's own import of the URDF drops the box onto it, as the
// source does.
func TestInfinitePlaneFloorKept(t *testing.T) {
	src := `<mujoco model="floor"><worldbody><geom name="floor" type="plane" size="1 1 0.1"/>
<body name="box" pos="0.5 0.5 0.5"><freejoint/><geom type="box" size="0.1 0.1 0.1"/></body></worldbody></mujoco>`
	out, res, err := physconv.ConvertBytes(context.Background(), all.Registry(), &convert.Input{Name: "floor.xml", Data: []byte(src),
		Options: &convert.Options{From: "mjcf", To: "urdf", OutputName: "floor.urdf"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range res.Diagnostics {
		if d.Code == convert.CodeShapeDropped || d.Code == convert.CodeVerifyMismatch {
			t.Errorf("%v", d)
		}
	}
	testenv.Oracle(t, "mj-inspect")
	dir := t.TempDir()
	for name, text := range map[string][]byte{"floor.xml": []byte(src), "floor.urdf": out.Main} {
		if err := os.WriteFile(filepath.Join(dir, name), text, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want := testenv.MuJoCoBodies(t, filepath.Join(dir, "floor.xml"), "--backend", "c", "--steps", "500")["box"].Xpos
	got := testenv.MuJoCoBodies(t, filepath.Join(dir, "floor.urdf"), "--backend", "c", "--steps", "500")["box"].Xpos
	// resting on the floor: the source on the plane, the URDF on the
	// slab's top face, which is the plane (MuJoCo's box-box and box-plane
	// contacts settle a few hundredths of a millimetre apart)
	if want[2] < 0.09 || got[2] < 0.09 || math.Abs(got[2]-want[2]) > 0.001 {
		t.Errorf("box after 500 steps at z %.5f in the URDF, %.5f in the source", got[2], want[2])
	}
}
