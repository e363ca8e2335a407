package main

import (
	"math"
	"os"
	"runtime"
	"runtime/debug"
)

// warmUpHeap is how far the heap grows before the first collection.
const warmUpHeap = 32 << 20

// collectAfterWarmUp lets the heap of a fresh process grow to warmUpHeap
// before the garbage collector first runs, then collects as Go does by
// default (GOGC=100). Converting a robot allocates a few tens of
// megabytes in a few tens of milliseconds: from Go's initial 4 MB goal
// the collector runs several times while the heap grows, which cost
// about a tenth of the time of such a conversion, for memory a short
// process gives back on exit anyway. A GOGC or GOMEMLIMIT the user sets
// is left alone.
func collectAfterWarmUp() {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	debug.SetGCPercent(-1)
	debug.SetMemoryLimit(warmUpHeap)
	// The first collection (at the limit) finds the marker unreachable
	// and runs its cleanup, which restores the default.
	marker := new([256]byte)
	runtime.AddCleanup(marker, func(int) {
		debug.SetGCPercent(100)
		debug.SetMemoryLimit(math.MaxInt64)
	}, 0)
}
