package tscn

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// TestDecodeAllocatesLinearly: the bytes a scene's decoding allocates
// grow with its size, whatever it holds (typed collections once copied
// the rest of the file each: 1.4 s for 20,000 of them). Measured in bytes
// allocated, which a busy machine does not move.
func TestDecodeAllocatesLinearly(t *testing.T) {
	scene := func(n int) []byte {
		var b strings.Builder
		b.WriteString("[gd_scene format=3]\n\n[node name=\"r\" type=\"Node3D\"]\n")
		for i := 0; i < n; i++ {
			fmt.Fprintf(&b, "p%d = Array[int]([%d, 2, 3])\nq%d = Vector3(%d, 0.5, -1)\n", i, i, i, i)
			if i%50 == 0 {
				fmt.Fprintf(&b, "\n[sub_resource type=\"BoxShape3D\" id=\"s%d\"]\nsize = Vector3(1, 2, 3)\n\n[node name=\"n%d\" type=\"Node3D\" parent=\".\"]\n", i, i)
			}
		}
		return []byte(b.String())
	}
	allocated := func(data []byte) uint64 {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		if _, err := Decode(data); err != nil {
			t.Fatal(err)
		}
		runtime.ReadMemStats(&after)
		return after.TotalAlloc - before.TotalAlloc
	}
	small, large := scene(2000), scene(8000)
	a, b := allocated(small), allocated(large)
	ratio := float64(b) / float64(a)
	t.Logf("%d KB → %d KB allocated, %d KB → %d KB: ratio %.2f (input ratio %.2f)", len(small)/1024, a/1024, len(large)/1024, b/1024, ratio, float64(len(large))/float64(len(small)))
	if ratio > 5 {
		t.Errorf("4× the scene allocates %.1f× the bytes: not linear", ratio)
	}
}
