package main

import (
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

// TestCollectAfterWarmUp: the collector waits for a heap twice Go's
// first goal until the first collection, and is back to Go's default
// after it; a GOGC the user set is left alone.
func TestCollectAfterWarmUp(t *testing.T) {
	prev := debug.SetGCPercent(100)
	defer debug.SetGCPercent(prev)
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	collectAfterWarmUp()
	if p := debug.SetGCPercent(warmUpPercent); p != warmUpPercent {
		t.Fatalf("GC percent %d before the first collection, want %d", p, warmUpPercent)
	}
	restored := false
	for try := 0; try < 100 && !restored; try++ {
		runtime.GC()
		time.Sleep(time.Millisecond)
		p := debug.SetGCPercent(-1)
		debug.SetGCPercent(p)
		restored = p == steadyPercent
	}
	if !restored {
		t.Fatal("the steady percentage was not set after a collection")
	}

	debug.SetGCPercent(100)
	t.Setenv("GOGC", "400")
	collectAfterWarmUp()
	if p := debug.SetGCPercent(100); p != 100 {
		t.Errorf("GC percent %d under GOGC=400 set by the user: changed", p)
	}
}
