package main

import (
	"math"
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

// TestCollectAfterWarmUp: the collector is off (a memory limit at the
// warm-up size) until the first collection, and back to Go's default
// after it; a GOGC the user set is left alone.
func TestCollectAfterWarmUp(t *testing.T) {
	prevPercent, prevLimit := debug.SetGCPercent(100), debug.SetMemoryLimit(math.MaxInt64)
	defer func() {
		debug.SetGCPercent(prevPercent)
		debug.SetMemoryLimit(prevLimit)
	}()
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	collectAfterWarmUp()
	if p := debug.SetGCPercent(-1); p != -1 {
		t.Fatalf("GC percent %d before the first collection, want -1 (off)", p)
	}
	if l := debug.SetMemoryLimit(-1); l != warmUpHeap {
		t.Fatalf("memory limit %d, want %d", l, warmUpHeap)
	}
	restored := false
	for try := 0; try < 100 && !restored; try++ {
		runtime.GC()
		time.Sleep(time.Millisecond)
		restored = debug.SetGCPercent(-1) == 100 && debug.SetMemoryLimit(-1) == math.MaxInt64
	}
	if !restored {
		t.Fatal("the default collector was not restored after a collection")
	}

	debug.SetGCPercent(100)
	t.Setenv("GOGC", "400")
	collectAfterWarmUp()
	if p := debug.SetGCPercent(-1); p != 100 {
		t.Errorf("GC percent %d under GOGC=400 set by the user: changed", p)
	}
}
