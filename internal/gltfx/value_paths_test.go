package gltfx

import (
	"fmt"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestElemsPaths: each element's path is its array's path and index, as
// fmt spelled it, for arrays of every size class and an empty path.
func TestElemsPaths(t *testing.T) {
	for _, base := range []string{"", "nodes", "meshes[3].primitives"} {
		for _, n := range []int{0, 1, 2, 11, 101, 1234} {
			a := make([]any, n)
			for i := range a {
				a[i] = i
			}
			got, err := NewValue(a, base).Elems()
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != n {
				t.Fatalf("%q/%d: %d elements", base, n, len(got))
			}
			for i, v := range got {
				if want := fmt.Sprintf("%s[%d]", base, i); v.Path() != want || !v.Exists() || v.Interface() != i {
					t.Fatalf("%q element %d: path %q (want %q), exists %v, value %v", base, i, v.Path(), want, v.Exists(), v.Interface())
				}
			}
		}
	}
}

// TestValuePathsOnDemand: paths spelled on demand read as they did when each
// Value carried its own: members joined by ".", elements by "[i]", an
// empty key naming the value itself, absent values included.
func TestValuePathsOnDemand(t *testing.T) {
	doc := map[string]any{"nodes": []any{map[string]any{"extensions": map[string]any{"X": []any{1, 2}}}}}
	root := NewValue(doc, "")
	node := root.Get("nodes").Elem(0)
	elems, _ := root.Get("nodes").Elems()
	for _, c := range []struct {
		v    Value
		want string
	}{
		{root, ""},
		{root.Get(""), ""},
		{root.Get("nodes"), "nodes"},
		{root.Get("nodes").Get(""), "nodes"},
		{node, "nodes[0]"},
		{elems[0], "nodes[0]"},
		{elems[0].Get("extensions"), "nodes[0].extensions"},
		{node.Get(""), "nodes[0]"},
		{node.Get("extensions").Get("X"), "nodes[0].extensions.X"},
		{node.Get("extensions").Get("X").Elem(1), "nodes[0].extensions.X[1]"},
		{node.Get("extensions").Get("X").Elem(7), "nodes[0].extensions.X[7]"},
		{node.Get("missing").Get("deeper"), "nodes[0].missing.deeper"},
		{root.Get("nodes").Elem(5).Get("mesh"), "nodes[5].mesh"},
		{NewValue(doc, "ext").Get("nodes").Elem(0).Get("extensions"), "ext.nodes[0].extensions"},
		{NewValue([]any{1}, "").Elem(0), "[0]"},
	} {
		if got := c.v.Path(); got != c.want {
			t.Errorf("path %q, want %q", got, c.want)
		}
	}
	if e := node.Get("extensions").Errorf("X", "bad"); e.Path != "nodes[0].extensions.X" {
		t.Errorf("Errorf path %q", e.Path)
	}
	if !node.Get("extensions").Get("X").Exists() || node.Get("missing").Exists() {
		t.Error("existence changed")
	}
}

// An integer property written with a fraction or an exponent (4.0, 4e0),
// which the glTF validator takes for no integer, failed in the typed
// document with encoding/json's words and no path; it names the element
// and property now, as a fractional one (4.5) always did.
func TestIntegerSpellingPath(t *testing.T) {
	doc := func(count string) []byte {
		return []byte(`{"asset":{"version":"2.0"},"scenes":[{"nodes":[0]}],"nodes":[{"name":"n","mesh":0}],"meshes":[{"primitives":[{"attributes":{"POSITION":1}}]}],` +
			`"accessors":[{"componentType":5126,"count":3,"type":"VEC3","bufferView":0},{"componentType":5126,"count":` + count + `,"type":"VEC3","bufferView":0}],` +
			`"bufferViews":[{"buffer":0,"byteLength":48}],"buffers":[{"byteLength":48,"uri":"data:application/octet-stream;base64,AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"}]}`)
	}
	for _, c := range []struct{ count, want string }{
		{"4.0", "accessors[1].count: must be an integer (written without a fraction or exponent), not number 4.0"},
		{"4e0", "accessors[1].count: must be an integer (written without a fraction or exponent), not number 4e0"},
		{"4.5", "accessors[1].count: must be an integer, not 4.5"},
		{`"4"`, "accessors[1].count"},
	} {
		_, err := Decode(&convert.Input{Name: "a.gltf", Data: doc(c.count), Options: &convert.Options{}})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("count %s: %v", c.count, err)
		}
	}
	if _, err := Decode(&convert.Input{Name: "a.gltf", Data: doc("4"), Options: &convert.Options{}}); err != nil {
		t.Errorf("count 4: %v", err)
	}
}
