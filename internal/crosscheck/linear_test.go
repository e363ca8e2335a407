package crosscheck

import (
	"context"
	"runtime"
	"testing"
	"time"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/benchgen"
)

// TestEveryPassLinear converts a serial chain (as deep as it is long) and
// a tree of 500 and of 2,000 links from URDF to every format, then each
// output back to URDF, verification included, and holds the bytes each
// conversion allocates to the input's growth: 4× the links may allocate
// at most 4.5× the bytes (linear is 4×; measured 3.9–4.1). A pass that walks to the root per
// node, copies the rest of a file per element or re-indents per level
// shows up here as 8× or more. Bytes allocated, not time: a busy machine
// does not move them.
func TestEveryPassLinear(t *testing.T) {
	reg := all.Registry()
	convertBytes := func(name string, data []byte, from, to string) ([]byte, uint64) {
		t.Helper()
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		in := &convert.Input{Name: name, Data: data, Options: &convert.Options{From: from, To: to}}
		out, _, err := physconv.ConvertBytes(context.Background(), reg, in)
		runtime.ReadMemStats(&after)
		if err != nil {
			t.Fatalf("%s → %s: %v", from, to, err)
		}
		return out.Main, after.TotalAlloc - before.TotalAlloc
	}
	for _, shape := range []struct {
		name string
		gen  func(int) []byte
	}{{"chain", benchgen.ChainURDF}, {"tree", benchgen.TreeURDF}} {
		small, large := shape.gen(500), shape.gen(2000)
		for _, tg := range chainTargets {
			outSmall, toSmall := convertBytes("in.urdf", small, "urdf", tg.to)
			outLarge, toLarge := convertBytes("in.urdf", large, "urdf", tg.to)
			ext := map[string]string{"mjcf": "out.xml", "urdf": "out.urdf", "godot": "out.tscn", "godot3": "out.tscn", "khr": "out.gltf", "omi": "out.gltf"}[tg.to]
			_, backSmall := convertBytes(ext, outSmall, tg.to, "urdf")
			_, backLarge := convertBytes(ext, outLarge, tg.to, "urdf")
			for _, c := range []struct {
				route  string
				lo, hi uint64
			}{{"urdf → " + tg.name, toSmall, toLarge}, {tg.name + " → urdf", backSmall, backLarge}} {
				ratio := float64(c.hi) / float64(c.lo)
				t.Logf("%s, %s: %.2f× the bytes for 4× the links", shape.name, c.route, ratio)
				if ratio > 4.5 {
					t.Errorf("%s, %s of 2,000 links: %.1f× the bytes allocated for 500 (%d KB, %d KB); linear is 4×", shape.name, c.route, ratio, c.hi/1024, c.lo/1024)
				}
			}
		}
	}
}

// TestLooseBodiesLinearTime converts a scene of 500 and of 4,000 free
// bodies, each with a friction of its own, from every readable format to
// MJCF (MJCF itself to URDF, which has no free joint and adds one per
// body), verification included, and holds the time to the input's
// growth: 8× the bodies may take at most 20× the time (the fastest of
// three runs each, alternating). A reader that looked for each new
// material among all those before it, or an explanation of each added
// joint that went through every body, took 40× and more. Time, not
// bytes: those scans allocate nothing.
func TestLooseBodiesLinearTime(t *testing.T) {
	if testing.Short() {
		t.Skip("times conversions")
	}
	reg := all.Registry()
	convertOnce := func(name string, data []byte, from, to string) ([]byte, time.Duration) {
		t.Helper()
		runtime.GC()
		start := time.Now()
		out, _, err := physconv.ConvertBytes(context.Background(), reg, &convert.Input{Name: name, Data: data, Options: &convert.Options{From: from, To: to}})
		took := time.Since(start)
		if err != nil {
			t.Fatalf("%s → %s: %v", from, to, err)
		}
		return out.Main, took
	}
	sources := []struct{ format, name, to string }{
		{"mjcf", "in.xml", "urdf"}, {"urdf", "in.urdf", "mjcf"}, {"godot", "in.tscn", "mjcf"}, {"godot3", "in.tscn", "mjcf"},
		{"khr", "in.gltf", "mjcf"}, {"omi", "in.gltf", "mjcf"},
	}
	for _, src := range sources {
		sizes := map[int][]byte{}
		for _, n := range []int{500, 4000} {
			data := benchgen.LooseBodiesMJCF(n)
			if src.format != "mjcf" {
				data, _ = convertOnce("in.xml", data, "mjcf", src.format)
			}
			sizes[n] = data
		}
		fastest := map[int]time.Duration{}
		for rep := 0; rep < 3; rep++ {
			for _, n := range []int{500, 4000} {
				if _, took := convertOnce(src.name, sizes[n], src.format, src.to); fastest[n] == 0 || took < fastest[n] {
					fastest[n] = took
				}
			}
		}
		ratio := float64(fastest[4000]) / float64(fastest[500])
		t.Logf("%s → %s: 500 bodies %v, 4,000 %v: %.1f×", src.format, src.to, fastest[500], fastest[4000], ratio)
		if ratio > 20 {
			t.Errorf("%s → %s of 4,000 loose bodies took %.1f× the time of 500 (%v, %v); linear is 8×", src.format, src.to, ratio, fastest[4000], fastest[500])
		}
	}
}
