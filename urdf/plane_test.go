package urdf

import (
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestPlaneGeometry: PyBullet's <plane normal="x y z"/> collision is an
// infinite Graph plane through the collision origin facing the normal
// (normalised, any direction, the origin's rotation applied first), with
// plane-read at its line; a plane without a normal or with a zero one
// is refused at its line.
func TestPlaneGeometry(t *testing.T) {
	for _, c := range []struct {
		normal, rpy string
		want        convert.Vec3 // the plane's facing in the link frame
		err         string
	}{
		{"0 0 1", "0 0 0", convert.Vec3{0, 0, 1}, ""},
		{"0 0 -2", "0 0 0", convert.Vec3{0, 0, -1}, ""},
		{"1 0 0", "0 0 0", convert.Vec3{1, 0, 0}, ""},
		{"1 1 1", "0 0 0", convert.Vec3{1, 1, 1}.Normalize(), ""},
		{"0 0 1", "1.5707963267948966 0 0", convert.Vec3{0, -1, 0}, ""},
		{"", "0 0 0", convert.Vec3{}, `<plane> needs the attribute "normal"`},
		{"0 0 0", "0 0 0", convert.Vec3{}, "must be a direction"},
	} {
		attr := ""
		if c.normal != "" {
			attr = ` normal="` + c.normal + `"`
		}
		doc := "<robot name=\"r\">\n<link name=\"ground\">\n<collision><origin rpy=\"" + c.rpy + "\"/><geometry>\n<plane" + attr + "/>\n</geometry></collision>\n</link>\n</robot>\n"
		g, diags, err := Parse(&convert.Input{Name: "r.urdf", Data: []byte(doc), Options: &convert.Options{}})
		if c.err != "" {
			if fe, ok := err.(*convert.FormatError); !ok || fe.Line != 4 || !strings.Contains(err.Error(), c.err) {
				t.Errorf("normal %q: err = %v, want a refusal at line 4 saying %s", c.normal, err, c.err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("normal %q: %v", c.normal, err)
		}
		if read := diags.OfCode(convert.CodePlaneRead); len(read) != 1 || read[0].Line != 4 {
			t.Errorf("normal %q: plane-read %v", c.normal, read)
		}
		found := false
		for i, n := range g.Nodes {
			if n.Collider == nil {
				continue
			}
			found = true
			if sh := g.Shapes[n.Collider.Shape]; sh.Kind != convert.Plane || sh.SizeX != 0 || sh.SizeZ != 0 {
				t.Errorf("normal %q: shape %+v, want an infinite plane", c.normal, sh)
			}
			// the Graph plane faces its node's +Y; in the link's frame
			facing := g.RelativeTransform(i, n.Parent).R.Rotate(convert.Vec3{0, 1, 0})
			if facing.Sub(c.want).Len() > 1e-12 {
				t.Errorf("normal %q, rpy %q: the plane faces %v, want %v", c.normal, c.rpy, facing, c.want)
			}
		}
		if !found {
			t.Errorf("normal %q: no collider", c.normal)
		}
	}
}
