package gltfx

import (
	"path/filepath"
	"reflect"
	"testing"
)

// TestExtensionsAfterReleaseTree: once a reader lets the decoded JSON go,
// every node and document extension reads back as the same JSON at the
// same path, from its own bytes, on every glTF of the corpus and of the
// project's test data.
func TestExtensionsAfterReleaseTree(t *testing.T) {
	files := corpusFiles(t, "khr", "gltf", "omi")
	own, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "gltf", "*", "*.gltf"))
	files = append(files, own...)
	if len(own) == 0 {
		t.Fatal("no glTF test data found")
	}
	compared := 0
	for _, f := range files {
		d, err := Decode(inputFor(t, f))
		if err != nil {
			continue // refused files are the decoder's tests
		}
		type ext struct {
			node int // -1: the document's
			name string
		}
		var names []ext
		for name := range d.GLTF.Extensions {
			names = append(names, ext{-1, name})
		}
		for i, n := range d.GLTF.Nodes {
			for name := range n.Extensions {
				names = append(names, ext{i, name})
			}
		}
		read := func(e ext) (Value, bool) {
			if e.node < 0 {
				return d.DocExtension(e.name)
			}
			return d.NodeExtension(e.node, e.name)
		}
		before := make([]Value, len(names))
		for k, e := range names {
			v, ok := read(e)
			if !ok {
				t.Fatalf("%s: extension %v not read from the tree", f, e)
			}
			before[k] = v
		}
		d.ReleaseTree()
		if d.tree.exists {
			t.Fatalf("%s: the tree is still held", f)
		}
		for k, e := range names {
			v, ok := read(e)
			if !ok {
				t.Fatalf("%s: extension %v not read after the release", f, e)
			}
			if v.Path() != before[k].Path() || !reflect.DeepEqual(v.Interface(), before[k].Interface()) {
				t.Errorf("%s: extension %v: %s %v after the release, %s %v from the tree", f, e, v.Path(), v.Interface(), before[k].Path(), before[k].Interface())
			}
			compared++
		}
	}
	if compared < 50 {
		t.Fatalf("only %d extensions compared", compared)
	}
}
