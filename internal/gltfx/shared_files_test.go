package gltfx

import (
	"fmt"
	"io/fs"
	"strings"
	"sync/atomic"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/convert"
)

// countingFS counts the files read through it.
type countingFS struct {
	fstest.MapFS
	reads atomic.Int64
}

func (c *countingFS) ReadFile(name string) ([]byte, error) {
	c.reads.Add(1)
	return c.MapFS.ReadFile(name)
}

func (c *countingFS) Open(name string) (fs.File, error) {
	c.reads.Add(1)
	return c.MapFS.Open(name)
}

// TestSharedFilesReadOnce: a file several buffers or images name was
// read once per name (a 6 KB glTF with a hundred buffers naming one 50 MB
// file ran out of memory at 2.7 GB); it is read once however many name it
// and however their URIs spell it, and the buffers share its bytes.
func TestSharedFilesReadOnce(t *testing.T) {
	const n = 100
	var buffers, images []string
	spellings := []string{"big.bin", "./big.bin", "sub/../big.bin"}
	for i := 0; i < n; i++ {
		buffers = append(buffers, fmt.Sprintf(`{"uri":%q,"byteLength":1000}`, spellings[i%len(spellings)]))
		images = append(images, fmt.Sprintf(`{"uri":%q}`, []string{"tex.png", "./tex.png"}[i%2]))
	}
	doc := `{"asset":{"version":"2.0"},"buffers":[` + strings.Join(buffers, ",") + `],"images":[` + strings.Join(images, ",") + `]}`
	fsys := &countingFS{MapFS: fstest.MapFS{"big.bin": {Data: make([]byte, 1000)}, "tex.png": {Data: []byte("\x89PNG")}}}
	d, err := Decode(&convert.Input{Name: "s.gltf", Data: []byte(doc), FS: fsys, Dir: ".", Options: &convert.Options{}})
	if err != nil {
		t.Fatal(err)
	}
	if got := fsys.reads.Load(); got != 2 {
		t.Errorf("%d reads for %d buffers and %d images naming two files, want 2", got, n, n)
	}
	for i := 1; i < n; i++ {
		if &d.GLTF.Buffers[i].Data[0] != &d.GLTF.Buffers[0].Data[0] {
			t.Fatalf("buffer %d has a copy of its own", i)
		}
	}
}

// TestZeroScaleSaid: the glTF library takes an all-zero node scale for
// none given, so a node the file hides (and whose shapes KHR disables)
// was read at full size without a word; it is said now. A scale with one
// zero, or none, is not.
func TestZeroScaleSaid(t *testing.T) {
	doc := `{"asset":{"version":"2.0"},"nodes":[{"name":"hidden","scale":[0,0,0]},{"name":"flat","scale":[0,1,1]},{"name":"plain"}]}`
	d, err := Decode(&convert.Input{Name: "s.gltf", Data: []byte(doc), FS: fstest.MapFS{}, Dir: ".", Options: &convert.Options{}})
	if err != nil {
		t.Fatal(err)
	}
	var said []string
	for _, x := range d.Diags {
		if x.Code == convert.CodeGLTFZeroScale {
			said = append(said, x.Path)
		}
	}
	if len(said) != 1 || said[0] != "nodes[0].scale" {
		t.Errorf("zero scale said at %v, want nodes[0].scale only", said)
	}
}
