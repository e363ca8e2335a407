package mjcf

import (
	"os"
	"testing"

	"github.com/physconv/physconv/convert"
)

func BenchmarkZZReadBack(b *testing.B) {
	data, err := os.ReadFile("/tmp/w/o2.xml")
	if err != nil {
		b.Skip()
	}
	b.ReportAllocs()
	for b.Loop() {
		in := &convert.Input{Name: "o.xml", Data: data, Immutable: true, Options: &convert.Options{From: "mjcf", SkipVisualData: true}}
		if _, _, err := Parse(in); err != nil {
			b.Fatal(err)
		}
	}
}
