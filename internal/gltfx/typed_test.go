package gltfx

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/qmuntal/gltf"
)

// libraryDocument is the document as github.com/qmuntal/gltf decodes it
// on its own, which typedDocument must reproduce.
func libraryDocument(raw []byte) (*gltf.Document, error) {
	doc := new(gltf.Document)
	err := json.Unmarshal(raw, doc)
	return doc, err
}

// sameTyped checks that typedDocument fills what the library fills, or
// fails where it fails.
func sameTyped(t *testing.T, name string, raw []byte) {
	t.Helper()
	d, err := decodeTree(raw, true)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	got, gotErr := typedDocument(d)
	want, wantErr := libraryDocument(raw)
	if (gotErr != nil) != (wantErr != nil) {
		t.Fatalf("%s: error %v, the library's %v", name, gotErr, wantErr)
	}
	if gotErr != nil {
		return
	}
	if !reflect.DeepEqual(got, want) {
		g, _ := json.Marshal(got)
		w, _ := json.Marshal(want)
		t.Fatalf("%s: typed document differs from the library's:\n got %.600s\nwant %.600s", name, g, w)
	}
}

// TestTypedDocumentMatchesLibrary reads every glTF file of the project's
// test data and the corpus both ways.
func TestTypedDocumentMatchesLibrary(t *testing.T) {
	var files []string
	for _, dir := range []string{"../../khr/testdata", "../../omi/testdata", "../../testdata"} {
		filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err == nil && strings.HasSuffix(p, ".gltf") {
				files = append(files, p)
			}
			return nil
		})
	}
	if os.Getenv("PHYSCONV_CORPUS") != "" {
		for _, f := range corpusFiles(t, "khr", "gltf", "omi") {
			if strings.HasSuffix(f, ".gltf") {
				files = append(files, f)
			}
		}
	}
	if len(files) < 10 {
		t.Fatalf("only %d glTF files found", len(files))
	}
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := decodeTree(raw, true); err != nil {
			continue // not JSON: a test of the error
		}
		sameTyped(t, f, raw)
	}
}

// TestTypedNodesGenerated builds node arrays (and document extensions)
// from members of every kind
// the fast path takes, and of kinds it hands to the library (wrong types,
// lengths, null, a matrix beside TRS, fractional indices), and compares
// with the library's decoding.
func TestTypedNodesGenerated(t *testing.T) {
	members := []string{
		`"name":"n"`, `"name":"é\u00e9<&>"`, `"name":5`,
		`"mesh":0`, `"mesh":1.0`, `"mesh":1e0`, `"mesh":-1`, `"mesh":null`, `"camera":2`, `"skin":0`,
		`"children":[1,2]`, `"children":[]`, `"children":[1.5]`, `"children":null`,
		`"matrix":[1,0,0,0,0,1,0,0,0,0,1,0,1,2,3,1]`, `"matrix":[1,2]`,
		`"rotation":[0,0,0.7071067811865476,0.7071067811865476]`, `"rotation":[0,0,0]`, `"rotation":null`,
		`"scale":[1,2,3]`, `"scale":[1e-300,2,3]`, `"translation":[0.1,-0.2,3e5]`, `"translation":["a",0,0]`,
		`"weights":[0.5,0.25]`, `"weights":{}`,
		`"extensions":{"KHR_physics_rigid_bodies":{"motion":{"mass":2}} , "X_y" : [1, 2,3]}`, `"extensions":{}`, `"extensions":null`,
		`"extras":{"a":1,"b":[true,null,"s"],"big":12345678901234567890}`, `"extras":7`, `"extras":null`, `"extras":{"x":[1e999]}`,
		`"unknown":{"deep":[1,{"x":2}]}`,
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 400; trial++ {
		var nodes []string
		for n := rng.IntN(6); n >= 0; n-- {
			var parts []string
			for k := rng.IntN(5); k > 0; k-- {
				parts = append(parts, members[rng.IntN(len(members))])
			}
			nodes = append(nodes, "{"+strings.Join(parts, ",")+"}")
		}
		if rng.IntN(20) == 0 {
			nodes = append(nodes, "null")
		}
		docExt := []string{"", `,"extensions":{"KHR_implicit_shapes":{"shapes":[{"type":"box","box":{"size":[1,2,3]}}]} , "B" : [1, 2]}`,
			`,"extensions":null`, `,"extensions":{"A":1,"A":{"x":"<"}}`, `,"extensions":{}`, `,"extensions":[1]`}[rng.IntN(6)]
		doc := fmt.Sprintf(`{"asset":{"version":"2.0"},"scenes":[{"nodes":[0]}],"nodes":[%s]%s}`, strings.Join(nodes, ",\n "), docExt)
		sameTyped(t, doc, []byte(doc))
	}
}

// FuzzTypedDocument: for any JSON the checks before it accept (Decode
// refuses a member name in other case, which the library would take),
// typedDocument fills what the library fills, or fails where it fails,
// and neither panics.
//
//	go test -run '^$' -fuzz FuzzTypedDocument ./internal/gltfx/
func FuzzTypedDocument(f *testing.F) {
	f.Add([]byte(`{"asset":{"version":"2.0"},"nodes":[{"name":"a","children":[1],"extensions":{"X":{"a":[1,2]}}},{"matrix":[1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1],"extras":{"k":1}}]}`))
	f.Add([]byte(`{"asset":{"version":"2.0"},"extensions":{"KHR_implicit_shapes":{"shapes":[]}},"nodes":[{"rotation":[0,0,0,1],"mesh":0}],"meshes":[{"primitives":[{"attributes":{"POSITION":0}}]}]}`))
	f.Add([]byte(`{"asset":{"version":"2.0"},"nodes":[{"mesh":1.5},{"name":"x","name":"y"}]}`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		d, err := decodeTree(raw, true)
		if err != nil || checkCore(NewValue(d.tree, "")) != nil {
			return
		}
		got, gotErr := typedDocument(d)
		want, wantErr := libraryDocument(raw)
		if (gotErr != nil) != (wantErr != nil) {
			t.Fatalf("error %v, the library's %v", gotErr, wantErr)
		}
		if gotErr == nil && !reflect.DeepEqual(got, want) {
			g, _ := json.Marshal(got)
			w, _ := json.Marshal(want)
			t.Fatalf("typed document differs:\n got %s\nwant %s", g, w)
		}
	})
}
