package main

import (
	"os"
	"runtime"
	"runtime/debug"
)

const (
	// warmUpPercent makes the first collection wait until the heap is
	// about 8 MB (Go's first goal is 4 MB at GOGC=100, and scales with
	// the percentage).
	warmUpPercent = 200
	// steadyPercent is Go's default: between collections the heap grows
	// to twice what is live.
	steadyPercent = 100
)

// collectAfterWarmUp lets the heap of a fresh process grow to about
// 8 MB before the garbage collector first runs, then collects as Go does
// by default. Converting a small robot allocates a few megabytes, and from
// Go's initial 4 MB goal the collector ran while the heap grew, for
// memory a short process gives back on exit anyway.
//
// The warm-up is kept short because every page a process touches for the
// first time costs a page fault, and on virtual machines that fault is
// dear (11.6 µs per 4 KB page measured on one: 40 MB touched once take
// 120 ms), so memory the collector reuses is cheaper than memory it lets
// the heap grow into. Measured alternating (median of 11, 2 cores, CPU
// time of a fault as above), 800 % → 200 %: the 1,000-link chain to MJCF
// 137 → 120 ms and 39.6 → 31.0 MB, the 2,000-link chain 210 → 190 ms and
// 51.4 → 45.3 MB, the 4,000-link chain 373 → 364 ms; the kuka, the NAO
// and the PR2 the same within 1 ms. The warm-up is a percentage (Go's
// first goal scales with it), not a memory limit, which would make the
// collector run again and again at the limit until the default was back.
// A GOGC or GOMEMLIMIT the user sets is left alone.
func collectAfterWarmUp() {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	debug.SetGCPercent(warmUpPercent)
	// The first collection finds the marker unreachable and runs its
	// cleanup, which sets the steady percentage.
	marker := new([256]byte)
	runtime.AddCleanup(marker, func(int) { debug.SetGCPercent(steadyPercent) }, 0)
}
