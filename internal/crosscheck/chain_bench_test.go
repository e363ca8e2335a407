package crosscheck

import (
	"context"
	"fmt"
	"testing"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/benchgen"
)

// chainTargets are the formats a chain is written to: every writable
// format, Godot in both major versions.
var chainTargets = []struct {
	name, to string
	godot    int
}{
	{"mjcf", "mjcf", 0}, {"urdf", "urdf", 0}, {"godot", "godot", 4}, {"godot3", "godot3", 3}, {"khr", "khr", 0}, {"omi", "omi", 0},
}

// BenchmarkChain converts generated serial chains of 1,000, 2,000 and
// 4,000 links from URDF to every format in memory (parse, validate,
// complete, emit). Time per link should stay flat as the chain grows: a
// serial chain is as deep as it is long, so any per-node walk to the root
// shows up as a quadratic term. out-B/op is the main file's size;
// cpu-ns/op (user + system, garbage collection included) says more than
// the wall clock on a shared machine.
//
//	go test -run '^$' -bench Chain -benchmem ./internal/crosscheck/
func BenchmarkChain(b *testing.B) {
	reg := all.Registry()
	for _, n := range []int{1000, 2000, 4000} {
		data := benchgen.ChainURDF(n)
		for _, tg := range chainTargets {
			b.Run(fmt.Sprintf("%d/%s", n, tg.name), func(b *testing.B) {
				var size int
				cpu0 := processCPU(b)
				for i := 0; i < b.N; i++ {
					in := &convert.Input{Name: "chain.urdf", Data: data, Immutable: true,
						Options: &convert.Options{From: "urdf", To: tg.to}}
					out, _, err := physconv.ConvertBytes(context.Background(), reg, in)
					if err != nil {
						b.Fatal(err)
					}
					size = len(out.Main)
				}
				b.ReportMetric(float64(processCPU(b)-cpu0)/float64(b.N), "cpu-ns/op")
				b.ReportMetric(float64(size), "out-B/op")
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/link")
			})
		}
	}
}
