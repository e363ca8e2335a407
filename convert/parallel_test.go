package convert

import (
	"runtime"
	"sync/atomic"
	"testing"
)

// TestParallel: every index runs once, never more at a time than there
// are processors.
func TestParallel(t *testing.T) {
	for _, n := range []int{0, 1, 2, 100} {
		seen := make([]int32, n)
		var running, most atomic.Int32
		Parallel(n, func(i int) {
			r := running.Add(1)
			for m := most.Load(); r > m && !most.CompareAndSwap(m, r); m = most.Load() {
			}
			atomic.AddInt32(&seen[i], 1)
			running.Add(-1)
		})
		for i, c := range seen {
			if c != 1 {
				t.Fatalf("n=%d: index %d ran %d times", n, i, c)
			}
		}
		if int(most.Load()) > runtime.GOMAXPROCS(0) {
			t.Fatalf("n=%d: %d at a time", n, most.Load())
		}
	}
}
