package physconv

import (
	"context"
	"fmt"
	"regexp"
	"testing"

	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
)

// TestAxisKeepsItsSpelling: an axis the source spells other than as a
// unit vector is written as spelled to URDF and MJCF (engines normalise
// it themselves, and normalising the unit axis instead can differ in the
// last bit, which a falling robot grows to centimetres); a unit axis, or
// an axis the output frame turns, is written as the unit axis. The output
// reads back with no verification difference.
func TestAxisKeepsItsSpelling(t *testing.T) {
	reg := all.Registry()
	for _, c := range []struct {
		typ, axis, rpy string
		want           string // the axis as written ("" = the unit axis)
	}{
		{"revolute", "0 0.707106 -0.707106", "0 0 0", "0 0.707106 -0.707106"},
		{"continuous", "0.3 0.4 0", "0 0 0", "0.3 0.4 0"},
		{"prismatic", "0 0 2", "0 0 0", "0 0 2"},
		{"revolute", "0 1 0", "0 0 0", "0 1 0"},
		{"revolute", "1e-3 0 -1e-3", "0.2 0.1 -0.4", "0.001 0 -0.001"},
	} {
		for _, to := range []string{"urdf", "mjcf"} {
			name := fmt.Sprintf("%s axis %s to %s", c.typ, c.axis, to)
			src := `<robot name="r"><link name="a"><inertial><mass value="1"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial></link>` +
				`<link name="b"><inertial><mass value="2"/><inertia ixx="1" ixy="0" ixz="0" iyy="2" iyz="0" izz="3"/></inertial></link>` +
				`<joint name="j" type="` + c.typ + `"><parent link="a"/><child link="b"/><origin xyz="0 0 1" rpy="` + c.rpy + `"/><axis xyz="` + c.axis + `"/>` +
				`<limit lower="-1" upper="1" effort="1" velocity="1"/></joint></robot>`
			in := &convert.Input{Name: "r.urdf", Data: []byte(src), Options: &convert.Options{To: to}}
			out, res, err := ConvertBytes(context.Background(), reg, in)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			for _, d := range res.Diagnostics {
				if d.Code == convert.CodeVerifyMismatch {
					t.Errorf("%s: %s", name, d.Message)
				}
			}
			axes := regexp.MustCompile(`axis (?:xyz=)?"([^"]*)"|axis="([^"]*)"`).FindAllStringSubmatch(string(out.Main), -1)
			if len(axes) != 1 {
				t.Fatalf("%s: %d axes written:\n%s", name, len(axes), out.Main)
			}
			got := axes[0][1] + axes[0][2]
			if got != c.want {
				t.Errorf("%s: axis written %q, want %q", name, got, c.want)
			}
		}
	}
}

// TestAxisAsSpelledOnlyAlongTheAxis: the spelling replaces an axis only
// when it points the same way (a frame that turned or reversed the axis
// keeps the unit axis computed in it).
func TestAxisAsSpelledOnlyAlongTheAxis(t *testing.T) {
	j := &convert.Joint{Extras: map[string]any{convert.ExtraAxisSpelled: map[string]convert.Vec3{"angular0": {0, 0.707106, -0.707106}}}}
	s := 1 / 1.4142135623730951
	for _, c := range []struct {
		key       string
		unit, out convert.Vec3
	}{
		{"angular0", convert.Vec3{0, s, -s}, convert.Vec3{0, 0.707106, -0.707106}},
		{"angular0", convert.Vec3{0, -s, s}, convert.Vec3{0, -s, s}},
		{"angular0", convert.Vec3{1, 0, 0}, convert.Vec3{1, 0, 0}},
		{"angular0", convert.Vec3{0, s + 1e-9, -s}, convert.Vec3{0, s + 1e-9, -s}},
		{"linear0", convert.Vec3{0, s, -s}, convert.Vec3{0, s, -s}},
	} {
		if got := convert.AxisAsSpelled(j, c.key, c.unit); got != c.out {
			t.Errorf("%s along %v: %v, want %v", c.key, c.unit, got, c.out)
		}
	}
	if got := convert.AxisAsSpelled(&convert.Joint{}, "angular0", convert.Vec3{0, 0, 1}); got != (convert.Vec3{0, 0, 1}) {
		t.Errorf("no spelling: %v", got)
	}
}
