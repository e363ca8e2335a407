package xmlx

import (
	"fmt"
	"runtime/debug"
	"strings"
	"testing"
	"time"
)

// manyAttrsDoc is an element of n attributes (repeat: the last repeats
// the first).
func manyAttrsDoc(n int, repeat bool) []byte {
	var b strings.Builder
	b.WriteString("<robot")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, ` a%d="1"`, i)
	}
	if repeat {
		b.WriteString(` a0="2"`)
	}
	b.WriteString("/>")
	return []byte(b.String())
}

// TestManyAttributesLinear: a repeated attribute was looked for by
// comparing each attribute with every one before it: 60,000 attributes
// on one element took 7 s, 300,000 over a minute. The time now grows
// with their number (8× the attributes, at most 24× the time, the
// fastest of three runs each from memory given back to the system, in
// one of up to three rounds), and a repeated one is still refused.
func TestManyAttributesLinear(t *testing.T) {
	fastest := func(doc []byte) time.Duration {
		best := time.Duration(1 << 62)
		for k := 0; k < 3; k++ {
			// every run starts from memory given back, so both sizes pay
			// for the pages they touch: where a page fault is dear, the
			// small document ran in pages the one before had touched and
			// the large one in fresh pages, 29× for 8× on a linear parse
			debug.FreeOSMemory()
			start := time.Now()
			if _, err := Parse(doc, Options{}); err != nil {
				t.Fatal(err)
			}
			best = min(best, time.Since(start))
		}
		return best
	}
	// a stall of a busy machine can outlast three runs: the pair is
	// measured again, up to three times, before the growth counts (a walk
	// over every attribute before each grows 64× every time)
	smallDoc, largeDoc := manyAttrsDoc(10000, false), manyAttrsDoc(80000, false)
	var small, large time.Duration
	for round := 0; round < 3; round++ {
		small, large = fastest(smallDoc), fastest(largeDoc)
		if large <= 24*small {
			break
		}
	}
	if large > 24*small {
		t.Errorf("80,000 attributes take %v, 10,000 %v: %.0f×", large, small, float64(large)/float64(small))
	}
	for _, n := range []int{3, 80000} {
		if _, err := Parse(manyAttrsDoc(n, true), Options{}); err == nil || !strings.Contains(err.Error(), `repeats attribute "a0"`) {
			t.Errorf("%d attributes, one repeated: %v", n, err)
		}
	}
}
