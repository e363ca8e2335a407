package khr

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/inspect"
	"github.com/physconv/physconv/internal/gltfx"
	"github.com/physconv/physconv/internal/testenv"
)

// writeOutput puts an Output in a fresh folder and returns the main path.
func writeOutput(t *testing.T, dir, name string, out *convert.Output) string {
	t.Helper()
	return testenv.WriteFiles(t, dir, name, out.Main, out.Files)
}

type variant struct {
	name, geometry string
}

var variants = []variant{{"out.gltf", "mesh"}, {"out.glb", "node"}}

// TestRoundTripCorpus: KHR → KHR for every corpus file gives the same
// inspect report, keeps every non-physics part and passes glTF-Validator.
func TestRoundTripCorpus(t *testing.T) {
	validate := os.Getenv("PHYSCONV_ORACLES") != "" || testenv.InCI()
	for _, f := range corpusFiles(t, "khr", "gltf") {
		if missingBuffer(f) != "" {
			continue
		}
		t.Run(relName(t, f), func(t *testing.T) {
			t.Parallel()
			g1, diags, err := Parse(inputFor(t, f))
			if err != nil {
				t.Fatal(err)
			}
			missingImages := 0
			for _, d := range diags {
				if d.Code == "image-missing" {
					missingImages++
				}
			}
			before := inspect.Inspect(g1, "khr", diags)
			for _, v := range variants {
				out, _, err := Emit(g1, (&convert.Options{OutputName: v.name}).With(GeometryOption, v.geometry))
				if err != nil {
					t.Fatalf("%s: %v", v.name, err)
				}
				dir := t.TempDir()
				main := writeOutput(t, dir, v.name, out)
				g2, diags2, err := Parse(inputFor(t, main))
				if err != nil {
					t.Fatalf("%s: reading our output: %v", v.name, err)
				}
				after := inspect.Inspect(g2, "khr", diags2)
				if diff := inspect.CompareReports(before, after, 1e-9); len(diff) > 0 {
					t.Errorf("%s: physics changed:\n  %s", v.name, strings.Join(diff, "\n  "))
				}
				if diff := nonPhysicsDiff(t, f, main); diff != "" {
					t.Errorf("%s: non-physics content changed: %s", v.name, diff)
				}
				// The validator costs ~0.3 s a call, so each file's output is
				// checked once: .glb for the sample assets, .gltf for the rest.
				if validate && strings.HasSuffix(v.name, ".glb") == strings.Contains(f, "/samples/") {
					assertValid(t, main, missingImages)
				}
			}
		})
	}
}

// assertValid runs glTF-Validator and requires zero errors, except one
// IO_ERROR per image the input itself could not supply (missing upstream).
func assertValid(t *testing.T, file string, missingImages int) {
	t.Helper()
	out, code := testenv.RunOracle(t, "gltf-validate", "--summary", file)
	var sum struct {
		NumErrors int            `json:"numErrors"`
		Codes     map[string]int `json:"codes"`
	}
	if err := json.Unmarshal(out, &sum); err != nil {
		t.Fatalf("gltf-validate %s: %v: %s", file, err, out)
	}
	if sum.NumErrors != missingImages || sum.Codes["IO_ERROR"] != missingImages || (code != 0) != (missingImages > 0) {
		t.Errorf("gltf-validate %s (%d images missing in the input): %s", filepath.Base(file), missingImages, out)
	}
}

// nonPhysicsDiff compares the JSON of the input file and of our output,
// read as plain JSON (not through qmuntal/gltf, so anything the library
// dropped would show), after removing physics extensions, resolving buffer
// views to their bytes and dropping values equal to the schema defaults.
func nonPhysicsDiff(t *testing.T, inFile, outFile string) string {
	t.Helper()
	na, nb := normalized(t, inFile), normalized(t, outFile)
	if reflect.DeepEqual(na, nb) {
		return ""
	}
	return firstDiff("", na, nb)
}

func normalized(t *testing.T, file string) map[string]any {
	t.Helper()
	d, err := gltfx.Decode(inputFor(t, file))
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	js, err := gltfx.JSONChunk(data)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(js, &m); err != nil {
		t.Fatal(err)
	}
	views, _ := m["bufferViews"].([]any)
	for i, v := range views {
		bv := d.GLTF.BufferViews[i]
		data := d.GLTF.Buffers[bv.Buffer].Data[bv.ByteOffset : bv.ByteOffset+bv.ByteLength]
		sum := sha256.Sum256(data)
		vm := v.(map[string]any)
		delete(vm, "buffer")
		delete(vm, "byteOffset")
		vm["bytes"] = hex.EncodeToString(sum[:])
	}
	delete(m, "buffers")
	for _, key := range []string{"extensionsUsed", "extensionsRequired"} {
		var keep []any
		list, _ := m[key].([]any)
		for _, x := range list {
			if !gltfx.IsPhysicsExtension(x.(string)) {
				keep = append(keep, x)
			}
		}
		delete(m, key)
		if len(keep) > 0 {
			m[key] = keep
		}
	}
	if _, ok := m["scene"]; !ok && m["scenes"] != nil {
		m["scene"] = 0.0
	}
	stripPhysics(m)
	for _, n := range list(m, "nodes") {
		stripPhysics(n)
		dropDefaults(n, map[string]any{"translation": []any{0.0, 0.0, 0.0}, "rotation": []any{0.0, 0.0, 0.0, 1.0},
			"scale": []any{1.0, 1.0, 1.0}, "children": []any{},
			"matrix": []any{1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0}})
	}
	for _, mesh := range list(m, "meshes") {
		for _, p := range list(mesh, "primitives") {
			dropDefaults(p, map[string]any{"mode": 4.0})
		}
	}
	for _, a := range list(m, "accessors") {
		dropDefaults(a, map[string]any{"byteOffset": 0.0, "normalized": false})
	}
	for _, s := range list(m, "samplers") {
		dropDefaults(s, map[string]any{"wrapS": 10497.0, "wrapT": 10497.0})
	}
	for _, an := range list(m, "animations") {
		for _, s := range list(an, "samplers") {
			dropDefaults(s, map[string]any{"interpolation": "LINEAR"})
		}
	}
	for _, mat := range list(m, "materials") {
		dropDefaults(mat, map[string]any{"emissiveFactor": []any{0.0, 0.0, 0.0}, "alphaMode": "OPAQUE",
			"alphaCutoff": 0.5, "doubleSided": false})
		if pbr, ok := mat["pbrMetallicRoughness"].(map[string]any); ok {
			dropDefaults(pbr, map[string]any{"baseColorFactor": []any{1.0, 1.0, 1.0, 1.0}, "metallicFactor": 1.0, "roughnessFactor": 1.0})
			for _, k := range []string{"baseColorTexture", "metallicRoughnessTexture"} {
				if ti, ok := pbr[k].(map[string]any); ok {
					dropDefaults(ti, map[string]any{"texCoord": 0.0})
				}
			}
		}
		for k, def := range map[string]map[string]any{"normalTexture": {"texCoord": 0.0, "scale": 1.0},
			"occlusionTexture": {"texCoord": 0.0, "strength": 1.0}, "emissiveTexture": {"texCoord": 0.0}} {
			if ti, ok := mat[k].(map[string]any); ok {
				dropDefaults(ti, def)
			}
		}
	}
	return m
}

func list(m map[string]any, key string) []map[string]any {
	items, _ := m[key].([]any)
	out := make([]map[string]any, 0, len(items))
	for _, it := range items {
		if o, ok := it.(map[string]any); ok {
			out = append(out, o)
		}
	}
	return out
}

func dropDefaults(m map[string]any, defaults map[string]any) {
	for k, def := range defaults {
		if v, ok := m[k]; ok && reflect.DeepEqual(v, def) {
			delete(m, k)
		}
	}
}

func stripPhysics(m map[string]any) {
	ext, _ := m["extensions"].(map[string]any)
	for k := range ext {
		if gltfx.IsPhysicsExtension(k) {
			delete(ext, k)
		}
	}
	if ext != nil && len(ext) == 0 {
		delete(m, "extensions")
	}
}

func firstDiff(path string, a, b any) string {
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok {
			return fmt.Sprintf("%s: %T vs %T", path, a, b)
		}
		for k := range x {
			if _, ok := y[k]; !ok {
				return fmt.Sprintf("%s.%s: missing in output", path, k)
			}
		}
		for k := range y {
			if _, ok := x[k]; !ok {
				return fmt.Sprintf("%s.%s: added in output (%v)", path, k, y[k])
			}
			if d := firstDiff(path+"."+k, x[k], y[k]); d != "" {
				return d
			}
		}
		return ""
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return fmt.Sprintf("%s: array length %d vs %v", path, len(x), lenOf(b))
		}
		for i := range x {
			if d := firstDiff(fmt.Sprintf("%s[%d]", path, i), x[i], y[i]); d != "" {
				return d
			}
		}
		return ""
	}
	if !reflect.DeepEqual(a, b) {
		return fmt.Sprintf("%s: %v vs %v", path, a, b)
	}
	return ""
}

func lenOf(v any) any {
	if a, ok := v.([]any); ok {
		return len(a)
	}
	return v
}

func testenvOracles() bool { return os.Getenv("PHYSCONV_ORACLES") != "" || testenv.InCI() }
