package xacro

import (
	"testing"

	"github.com/physconv/physconv/internal/formattest"
)

// suite is what the format harness checks of xacro: sniffing, the malformed
// inputs of testdata/xacro/bad (exact lines) and the hand-written golden
// robot. xacro is read-only, so there is no emit to round-trip through.
var suite = formattest.Suite{
	Format: Format,
	SniffYes: []string{`<robot name="r" xmlns:xacro="http://www.ros.org/wiki/xacro">`, `<robot name="r"><xacro:property name="a" value="1"/>`,
		`<robot name="${name}">`},
	SniffNo:   []string{`<robot name="r"><link name="a"/></robot>`, `<mujoco model="m">`, "[gd_scene format=3]", `{"asset":{}}`},
	BadDir:    "../../testdata/xacro/bad",
	BadGlob:   "*.xacro",
	BadTable:  "expect.tsv",
	MinBad:    9,
	RoundTrip: []string{"../../testdata/golden/xacro-macros.txtar"},
	FuzzSeeds: [][]byte{[]byte(`<robot name="r" xmlns:xacro="http://www.ros.org/wiki/xacro"><xacro:property name="a" value="${2**3}"/><link name="l${a}"/></robot>`)},
}

func TestFormat(t *testing.T) { formattest.Run(t, suite) }

// FuzzParse: no input panics; an error is a FormatError.
func FuzzParse(f *testing.F) { formattest.Fuzz(f, suite) }

func BenchmarkParseEmit(b *testing.B) { formattest.Bench(b, suite) }
