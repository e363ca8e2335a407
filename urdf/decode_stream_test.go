package urdf

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/physconv/physconv/internal/xmlx"
)

// streamRobot is a chain of n links in which some early links and joints
// hold elements the decoder keeps (unknown children, a second shape of a
// geometry, top-level vendor tags) while many more are read after them.
func streamRobot(n int) string {
	var b strings.Builder
	b.WriteString("<robot name=\"r\">\n")
	for i := range n {
		fmt.Fprintf(&b, "<link name=\"l%d\"><inertial><origin xyz=\"0 0 %d\"/><mass value=\"1\"/>"+
			"<inertia ixx=\"1\" iyy=\"1\" izz=\"1\" ixy=\"0\" ixz=\"0\" iyz=\"0\"/></inertial>", i, i)
		switch i {
		case 2:
			b.WriteString("<sensor_frame id=\"cam\"><rate>30</rate></sensor_frame>")
		case 3:
			b.WriteString("<collision><geometry><box size=\"1 1 1\"/><sphere radius=\"0.5\"/></geometry></collision>")
		default:
			fmt.Fprintf(&b, "<visual><geometry><box size=\"%d 1 1\"/></geometry></visual>", i+1)
		}
		b.WriteString("</link>\n")
		if i > 0 {
			fmt.Fprintf(&b, "<joint name=\"j%d\" type=\"revolute\"><parent link=\"l%d\"/><child link=\"l%d\"/>"+
				"<limit lower=\"-1\" upper=\"1\" effort=\"1\" velocity=\"1\"/>", i, i-1, i)
			if i == 1 {
				b.WriteString("<calibration rising=\"0.25\"/>")
			}
			b.WriteString("</joint>\n")
		}
		if i == 4 {
			b.WriteString("<gazebo reference=\"l4\"><mu1>0.3</mu1></gazebo>\n")
		}
	}
	b.WriteString("</robot>\n")
	return b.String()
}

// TestDecodeKeepsHeldElements: the elements a link, a joint or the robot
// keeps are whole after every later link and joint has been read in the
// memory the earlier ones used, and everything read matches the text.
func TestDecodeKeepsHeldElements(t *testing.T) {
	const n = 600
	r, err := Decode([]byte(streamRobot(n)))
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Links) != n || len(r.Joints) != n-1 {
		t.Fatalf("%d links and %d joints, want %d and %d", len(r.Links), len(r.Joints), n, n-1)
	}
	enc := func(e *xmlElement) string { // on one line
		return strings.ReplaceAll(strings.Join(strings.Fields(string(xmlx.Encode(e))), " "), "> <", "><")
	}
	for _, c := range []struct{ what, got, want string }{
		{"link extra", enc(r.Links[2].extras[0]), `<sensor_frame id="cam"><rate>30</rate></sensor_frame>`},
		{"ignored shape", enc(r.Links[3].Collisions[0].Geometry.ignored[0]), `<sphere radius="0.5"/>`},
		{"joint extra", enc(r.Joints[0].extras[0]), `<calibration rising="0.25"/>`},
		{"robot extra", enc(r.extras[0]), `<gazebo reference="l4"><mu1>0.3</mu1></gazebo>`},
	} {
		if c.got != c.want {
			t.Errorf("%s: %s, want %s", c.what, c.got, c.want)
		}
	}
	for i, l := range r.Links {
		if l.Name != fmt.Sprintf("l%d", i) || l.Inertial.Origin.XYZ[2] != float64(i) {
			t.Fatalf("link %d read as %q at z %v", i, l.Name, l.Inertial.Origin.XYZ[2])
		}
		if i != 2 && i != 3 && l.Visuals[0].Geometry.Size[0] != float64(i+1) {
			t.Fatalf("link %d: box %v", i, l.Visuals[0].Geometry.Size)
		}
	}
	for i, j := range r.Joints {
		if j.Parent != fmt.Sprintf("l%d", i) || j.Child != fmt.Sprintf("l%d", i+1) || j.Limit.Upper != 1 {
			t.Fatalf("joint %d read as %+v", i, j)
		}
	}
}

// TestDecodeMemoryPerLink: decoding keeps the memory of the links and
// joints it returns, not of a tree of the whole document (about 5 KB a
// link for this chain).
func TestDecodeMemoryPerLink(t *testing.T) {
	const n = 2000
	data := []byte(streamRobot(n))
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	if _, err := decode(data, true); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	if per := (after.TotalAlloc - before.TotalAlloc) / n; per > 2000 {
		t.Fatalf("decoding allocates %d bytes a link, want at most 2,000", per)
	}
}
