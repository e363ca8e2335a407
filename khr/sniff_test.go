package khr

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/physconv/physconv/convert"
)

func TestSniff(t *testing.T) {
	head := func(b []byte) []byte {
		if len(b) > convert.SniffLen {
			return b[:convert.SniffLen]
		}
		return b
	}
	for _, f := range corpusFiles(t, "khr") {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if !Format.Sniff(head(data)) {
			t.Errorf("%s: not recognised as KHR", relName(t, f))
		}
	}
	for _, f := range corpusFiles(t, "gltf") {
		data, _ := os.ReadFile(f)
		if Format.Sniff(head(data)) {
			t.Errorf("%s: an OMI file sniffed as KHR", relName(t, f))
		}
	}
	urdf, _ := filepath.Glob(filepath.Join("..", "testdata", "mass", "*.xml"))
	for _, f := range urdf {
		data, _ := os.ReadFile(f)
		if Format.Sniff(head(data)) {
			t.Errorf("%s: XML sniffed as KHR", f)
		}
	}
	if Format.Sniff([]byte(`{"asset":{"version":"2.0"}}`)) {
		t.Errorf("glTF without physics sniffed as KHR")
	}
}
