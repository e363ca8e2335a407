package crosscheck

import (
	"context"
	"encoding/json"
	"fmt"
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

// TestLooseBodiesLinearTime converts scenes of 250 and of 2,000 elements
// — free bodies each with a friction of its own, a fan of joints all
// mimicking one, capsules fixed in the world, a chain of welded links,
// one body of many shapes, free bodies all of one name, free bodies
// each excluded from contact with the next, glTF colliders each in a
// collision system of their own —
// from every readable format
// to every writable one, verification included, and holds the time to the
// input's growth: 8× the elements may take at most 20× the CPU time (the
// least of up to four runs each when the first looks slower) and
// allocate at most 9× the bytes. Written to a format without free joints (URDF) each free body
// hangs from an added world link by an added joint, and without capsules
// each capsule becomes three shapes, which every format then reads back
// and verification matches. A reader that looked for each new material
// among all those before it, took each joint out of a list of thousands
// of nodes, explained each added joint or shape by going through every
// body or static shape, matched each shape against every other, walked a
// welded chain to the root for each of its links, looked through every
// diagnostic about a body for each of its shapes, or numbered each
// repeat of a name by trying every number before it, took 15× to 400×;
// a scan allocates nothing, so time is measured too.
func TestLooseBodiesLinearTime(t *testing.T) {
	if testing.Short() {
		t.Skip("times conversions")
	}
	reg := all.Registry()
	var allocated uint64 // by the last convertOnce
	convertOnce := func(name string, data []byte, from, to string) ([]byte, time.Duration) {
		t.Helper()
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		// CPU time, not wall time: nothing else of this test binary runs
		// beside it (it is not parallel), and the packages tested beside
		// it on the machine hold up the wall clock, not this process's
		// CPU, which counts the conversion's collections too
		start := processCPU(t)
		out, _, err := physconv.ConvertBytes(context.Background(), reg, &convert.Input{Name: name, Data: data, Options: &convert.Options{From: from, To: to}})
		took := processCPU(t) - start
		runtime.ReadMemStats(&after)
		allocated = after.TotalAlloc - before.TotalAlloc
		if err != nil {
			t.Fatalf("%s → %s: %v", from, to, err)
		}
		return out.Main, took
	}
	formats := []struct{ format, name string }{
		{"mjcf", "in.xml"}, {"urdf", "in.urdf"}, {"godot", "in.tscn"}, {"godot3", "in.tscn"}, {"khr", "in.gltf"}, {"omi", "in.gltf"},
	}
	const small, large = 250, 2000
	families := []struct {
		name    string
		from    string             // the generator's format
		gen     func(n int) []byte // every other source is converted from it
		sources map[string]bool    // nil: every format
	}{
		{"loose bodies", "urdf", func(n int) []byte {
			data, _ := convertOnce("in.xml", benchgen.LooseBodiesMJCF(n), "mjcf", "urdf")
			return data
		}, nil},
		{"mimic fan", "urdf", benchgen.MimicFanURDF, nil},
		// the formats that have capsules fixed in the world
		{"static capsules", "mjcf", benchgen.StaticCapsulesMJCF, map[string]bool{"mjcf": true, "godot": true, "khr": true}},
		// the chain as welds, and as the one body Godot makes of it
		{"welded chain", "urdf", benchgen.WeldedChainURDF, map[string]bool{"urdf": true, "mjcf": true, "godot": true}},
		// one body of many shapes
		{"compound body", "mjcf", benchgen.CompoundBodyMJCF, map[string]bool{"mjcf": true, "godot": true, "khr": true}},
		// a collision filter per body, each excluding its neighbour, which
		// MJCF writes as <exclude> and Godot as layers
		{"excluded neighbours", "mjcf", benchgen.ExcludedNeighboursMJCF, map[string]bool{"mjcf": true, "khr": true}},
		// glTF collision filters, each collider in a system of its own
		// that the next collider's filter keeps it apart from
		{"own systems", "khr", func(n int) []byte {
			data, _ := convertOnce("in.xml", benchgen.LooseBodiesMJCF(n), "mjcf", "khr")
			return ownSystems(t, data)
		}, map[string]bool{"khr": true}},
		// glTF, where names may repeat: every node of the loose bodies
		// called "Body", which every writer numbers
		{"one name", "khr", func(n int) []byte {
			data, _ := convertOnce("in.xml", benchgen.LooseBodiesMJCF(n), "mjcf", "khr")
			return sameNames(t, data, "Body")
		}, map[string]bool{"khr": true, "omi": true}},
	}
	for _, fam := range families {
		for _, src := range formats {
			if fam.sources != nil && !fam.sources[src.format] {
				continue
			}
			sizes := map[int][]byte{}
			for _, n := range []int{small, large} {
				data := fam.gen(n)
				if src.format != fam.from {
					data, _ = convertOnce("in", data, fam.from, src.format)
				}
				sizes[n] = data
			}
			for _, to := range formats {
				fastest, bytes := map[int]time.Duration{}, map[int]uint64{}
				ratio := 0.0
				// once, and again (up to three times, keeping each size's
				// fastest) only when it looks too slow: on a busy machine,
				// with other packages' tests beside it, one run of either
				// size can be held up
				for rep := 0; rep < 4 && (rep == 0 || ratio > 20); rep++ {
					for _, n := range []int{small, large} {
						if _, took := convertOnce(src.name, sizes[n], src.format, to.format); fastest[n] == 0 || took < fastest[n] {
							fastest[n] = took
						}
						bytes[n] = allocated
					}
					ratio = float64(fastest[large]) / float64(fastest[small])
				}
				bytesRatio := float64(bytes[large]) / float64(bytes[small])
				t.Logf("%s, %s → %s: %d bodies %v, %d %v: %.1f× the time, %.1f× the bytes", fam.name, src.format, to.format, small, fastest[small], large, fastest[large], ratio, bytesRatio)
				if ratio > 20 {
					t.Errorf("%s, %s → %s of %d bodies took %.1f× the time of %d (%v, %v); linear is 8×", fam.name, src.format, to.format, large, ratio, small, fastest[large], fastest[small])
				}
				if bytesRatio > 9 {
					t.Errorf("%s, %s → %s of %d bodies allocated %.1f× the bytes of %d (%d KB, %d KB); linear is 8×", fam.name, src.format, to.format, large, bytesRatio, small, bytes[large]>>10, bytes[small]>>10)
				}
			}
		}
	}
}

// ownSystems gives each collider of a KHR document a collision filter of
// its own: system "s<i>", not colliding with "s<i+1>".
func ownSystems(t *testing.T, gltf []byte) []byte {
	t.Helper()
	var doc map[string]any
	if err := json.Unmarshal(gltf, &doc); err != nil {
		t.Fatal(err)
	}
	nodes, _ := doc["nodes"].([]any)
	var filters []any
	for _, n := range nodes {
		ext, _ := n.(map[string]any)["extensions"].(map[string]any)
		body, _ := ext["KHR_physics_rigid_bodies"].(map[string]any)
		if col, ok := body["collider"].(map[string]any); ok {
			k := len(filters)
			col["collisionFilter"] = k
			filters = append(filters, map[string]any{"collisionSystems": []any{fmt.Sprintf("s%d", k)}, "notCollideWithSystems": []any{fmt.Sprintf("s%d", k+1)}})
		}
	}
	if len(filters) == 0 {
		t.Fatal("no colliders to filter")
	}
	exts, _ := doc["extensions"].(map[string]any)
	if exts == nil {
		exts = map[string]any{}
		doc["extensions"] = exts
	}
	khr, _ := exts["KHR_physics_rigid_bodies"].(map[string]any)
	if khr == nil {
		khr = map[string]any{}
		exts["KHR_physics_rigid_bodies"] = khr
	}
	khr["collisionFilters"] = filters
	out, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// sameNames renames every node of a glTF document name.
func sameNames(t *testing.T, gltf []byte, name string) []byte {
	t.Helper()
	var doc map[string]any
	if err := json.Unmarshal(gltf, &doc); err != nil {
		t.Fatal(err)
	}
	nodes, _ := doc["nodes"].([]any)
	for _, n := range nodes {
		if m, ok := n.(map[string]any); ok {
			m["name"] = name
		}
	}
	out, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	return out
}
