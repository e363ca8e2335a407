package urdf

import (
	"regexp"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/formattest"
)

// capsuleSplit is how a capsule written as a cylinder and two spheres
// (the default, diagnosed capsule-split) shows in a report comparison.
var capsuleSplit = regexp.MustCompile(`colliders: (capsule|cylinder|sphere) on "[^"]*" at .* has no match in (first|second)$`)

// suite is what the format harness checks of URDF: the malformed inputs of
// testdata/urdf/bad (table expect.tsv, exact lines) and the round trip of
// the hand-written golden input, with capsules split (the default) and as
// <capsule>.
var suite = formattest.Suite{
	Format: Format,
	SniffYes: []string{`<robot name="r">`, "<?xml version=\"1.0\"?>\n<!-- a robot -->\n<robot\nname=\"r\"/>",
		"<!DOCTYPE robot>\n<robot>"},
	SniffNo:   []string{`<mujoco model="m">`, `<robotics/>`, `{"asset":{}}`, "[gd_scene format=3]", "<sdf><robot/></sdf>"},
	BadDir:    "../testdata/urdf/bad",
	BadGlob:   "*.urdf",
	BadTable:  "expect.tsv",
	RoundTrip: []string{"../testdata/golden/urdf-shapes-joints.txtar"},
	Variants:  []formattest.Variant{{Name: "out.urdf"}, {Name: "ext.urdf", Options: *(&convert.Options{}).With(CapsuleOption, "urdf-ext")}},
	Explained: func(diff string, diags convert.Diagnostics) bool {
		return diags.Has("capsule-split") && capsuleSplit.MatchString(diff)
	},
	FuzzSeeds:      [][]byte{[]byte(`<robot name="r"><link name="a"><inertial><mass value="1"/><inertia ixx="1" ixy="0.1" ixz="0" iyy="2" iyz="0" izz="3"/></inertial><collision><geometry><capsule radius="0.1" length="0.5"/></geometry></collision></link><link name="b"><inertial><mass value="1"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial></link><joint name="j" type="revolute"><parent link="a"/><child link="b"/><axis xyz="0 1 1"/><limit lower="-1" upper="1" effort="1" velocity="1"/><mimic joint="j"/></joint></robot>`)},
	FuzzFiles:      []string{"../testdata/urdf/actuated/*.urdf"},
	ParseValidates: true,
}

func TestFormat(t *testing.T) { formattest.Run(t, suite) }

// FuzzParse: no input panics; whatever parses emits, and the emitted file
// parses again.
func FuzzParse(f *testing.F) { formattest.Fuzz(f, suite) }

func BenchmarkParseEmit(b *testing.B) { formattest.Bench(b, suite) }
