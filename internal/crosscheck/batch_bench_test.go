//go:build unix

package crosscheck

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"

	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/batch"
	"github.com/physconv/physconv/convert"
)

// generateAssets writes n small KHR glTF files below dir, 50 to a folder.
// "primitives": three bodies with box, sphere and capsule colliders (about
// 1 KB, the cost is mostly file system work). "meshes": one body with a
// convex collider of a 98-vertex sphere mesh in an embedded buffer (about
// 5 KB; the hull and its mass properties make the cost mostly CPU).
func generateAssets(tb testing.TB, dir string, n int, kind string) {
	tb.Helper()
	buffer := base64.StdEncoding.EncodeToString(sphereMesh(8, 12))
	for i := range n {
		var doc map[string]any
		switch kind {
		case "primitives":
			doc = primitiveAsset(i)
		case "meshes":
			doc = meshAsset(i, buffer)
		default:
			tb.Fatalf("unknown asset kind %q", kind)
		}
		data, err := json.Marshal(doc)
		if err != nil {
			tb.Fatal(err)
		}
		sub := filepath.Join(dir, fmt.Sprintf("set%02d", i%50))
		if err := os.MkdirAll(sub, 0o755); err != nil {
			tb.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(sub, fmt.Sprintf("asset%05d.gltf", i)), data, 0o644); err != nil {
			tb.Fatal(err)
		}
	}
}

func khrDoc(nodes []any, shapes []any, extra map[string]any) map[string]any {
	roots := make([]int, len(nodes))
	for i := range roots {
		roots[i] = i
	}
	doc := map[string]any{
		"asset":          map[string]any{"version": "2.0"},
		"extensionsUsed": []string{"KHR_implicit_shapes", "KHR_physics_rigid_bodies"},
		"nodes":          nodes,
		"scenes":         []any{map[string]any{"nodes": roots}},
		"scene":          0,
	}
	if len(shapes) > 0 {
		doc["extensions"] = map[string]any{"KHR_implicit_shapes": map[string]any{"shapes": shapes}}
	}
	for k, v := range extra {
		doc[k] = v
	}
	return doc
}

func body(name string, x, mass float64, geometry map[string]any) map[string]any {
	return map[string]any{"name": name, "translation": []float64{x, 0, 0},
		"extensions": map[string]any{"KHR_physics_rigid_bodies": map[string]any{
			"motion": map[string]any{"mass": mass}, "collider": map[string]any{"geometry": geometry}}}}
}

func primitiveAsset(i int) map[string]any {
	shapes := []any{
		map[string]any{"type": "box", "box": map[string]any{"size": []float64{float64(1 + i%3), 1, 2}}},
		map[string]any{"type": "sphere", "sphere": map[string]any{"radius": 0.5 + float64(i%5)/10}},
		map[string]any{"type": "capsule", "capsule": map[string]any{"height": 1, "radiusTop": 0.2, "radiusBottom": 0.2}},
	}
	var nodes []any
	for b := range 3 {
		nodes = append(nodes, body(fmt.Sprintf("body%d_%d", i, b), float64(2*b), float64(1+b+i%7),
			map[string]any{"shape": b}))
	}
	return khrDoc(nodes, shapes, nil)
}

func meshAsset(i int, buffer string) map[string]any {
	const verts, tris = 8*12 + 2, 2 * 12 * 8
	extra := map[string]any{
		"buffers": []any{map[string]any{"byteLength": verts*12 + tris*12,
			"uri": "data:application/octet-stream;base64," + buffer}},
		"bufferViews": []any{
			map[string]any{"buffer": 0, "byteLength": verts * 12},
			map[string]any{"buffer": 0, "byteOffset": verts * 12, "byteLength": tris * 12},
		},
		"accessors": []any{
			map[string]any{"bufferView": 0, "componentType": 5126, "count": verts, "type": "VEC3",
				"min": []float64{-1, -1, -1}, "max": []float64{1, 1, 1}},
			map[string]any{"bufferView": 1, "componentType": 5125, "count": tris * 3, "type": "SCALAR"},
		},
		"meshes": []any{map[string]any{"primitives": []any{
			map[string]any{"attributes": map[string]any{"POSITION": 0}, "indices": 1}}}},
	}
	nodes := []any{body(fmt.Sprintf("rock%d", i), 0, float64(1+i%9),
		map[string]any{"mesh": 0, "convexHull": true})}
	return khrDoc(nodes, nil, extra)
}

// sphereMesh is a unit UV sphere: positions (float32 VEC3) then indices
// (uint32), counter-clockwise from outside.
func sphereMesh(rings, segments int) []byte {
	var pos []float32
	pos = append(pos, 0, 1, 0)
	for r := 1; r <= rings; r++ {
		phi := math.Pi * float64(r) / float64(rings+1)
		for s := range segments {
			th := 2 * math.Pi * float64(s) / float64(segments)
			pos = append(pos, float32(math.Sin(phi)*math.Cos(th)), float32(math.Cos(phi)), float32(math.Sin(phi)*math.Sin(th)))
		}
	}
	pos = append(pos, 0, -1, 0)
	bottom := uint32(1 + rings*segments)
	at := func(r, s int) uint32 { return uint32(1 + (r-1)*segments + s%segments) }
	var idx []uint32
	for s := range segments {
		idx = append(idx, 0, at(1, s+1), at(1, s))
		idx = append(idx, bottom, at(rings, s), at(rings, s+1))
	}
	for r := 1; r < rings; r++ {
		for s := range segments {
			a, b, c, d := at(r, s), at(r, s+1), at(r+1, s), at(r+1, s+1)
			idx = append(idx, a, b, d, a, d, c)
		}
	}
	var buf bytes.Buffer
	binary.Write(&buf, binary.LittleEndian, pos)
	binary.Write(&buf, binary.LittleEndian, idx)
	return buf.Bytes()
}

// BenchmarkBatchJobs converts 2,000 generated assets to Godot with -j 1
// and -j 2; compare files/s between the two.
//
//	go test ./internal/crosscheck -run '^$' -bench BatchJobs -benchtime 3x
//
// On a virtual disk, file creation stalls (journal, writeback) dominate and
// vary run to run by 10×, so the conversion's own scaling is measured with
// the files on tmpfs: TMPDIR=/dev/shm (b.TempDir follows it).
func BenchmarkBatchJobs(b *testing.B) {
	reg := all.Registry()
	for _, kind := range []string{"primitives", "meshes"} {
		src := b.TempDir()
		generateAssets(b, src, 2000, kind)
		for _, jobs := range []int{1, 2} {
			b.Run(fmt.Sprintf("%s/j%d", kind, jobs), func(b *testing.B) {
				var sum *batch.BatchSummary
				for b.Loop() {
					b.StopTimer()
					dst := filepath.Join(b.TempDir(), "out")
					b.StartTimer()
					var err error
					sum, err = batch.Batch(b.Context(), reg, src, dst,
						&batch.BatchOptions{Options: convert.Options{To: "godot"}, Jobs: jobs})
					if err != nil || sum.Converted != 2000 {
						b.Fatalf("%+v, %v", sum, err)
					}
				}
				b.ReportMetric(float64(2000*b.N)/b.Elapsed().Seconds(), "files/s")
			})
		}
	}
}

// TestBatchPeakMemoryFlat runs the built CLI over 2,000 and 20,000
// generated assets and compares peak resident memory. It takes about a
// minute, so it runs only with PHYSCONV_BATCH_MEMORY=1.
func TestBatchPeakMemoryFlat(t *testing.T) {
	if os.Getenv("PHYSCONV_BATCH_MEMORY") != "1" {
		t.Skip("set PHYSCONV_BATCH_MEMORY=1 to measure peak memory over 20,000 files")
	}
	bin := filepath.Join(t.TempDir(), "physconv")
	if out, err := exec.Command("go", "build", "-o", bin, "github.com/physconv/physconv/cmd/physconv").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	peak := map[int]int64{}
	for _, n := range []int{2000, 20000} {
		src := filepath.Join(t.TempDir(), "src")
		generateAssets(t, src, n, "primitives")
		cmd := exec.Command(bin, "batch", src, filepath.Join(t.TempDir(), "out"), "--to", "godot", "--progress", "none",
			"--report", filepath.Join(t.TempDir(), "report.json"))
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("batch of %d: %v\n%s", n, err, out)
		}
		peak[n] = maxRSS(cmd.ProcessState)
		t.Logf("%d files: peak RSS %d KiB; %s", n, peak[n], bytes.TrimSpace(out))
	}
	if ratio := float64(peak[20000]) / float64(peak[2000]); ratio > 1.5 {
		t.Errorf("peak memory grows with the folder: %d KiB for 2,000 files, %d KiB for 20,000 (×%s)",
			peak[2000], peak[20000], strconv.FormatFloat(ratio, 'f', 2, 64))
	}
}

// maxRSS is a finished process's peak resident memory in KiB (Linux).
func maxRSS(ps *os.ProcessState) int64 {
	if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
		return int64(ru.Maxrss)
	}
	return 0
}
