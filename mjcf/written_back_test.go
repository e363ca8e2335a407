package mjcf

import (
	"testing"

	"github.com/physconv/physconv/convert"
)

// writtenBack writes g as MJCF and reads the text back, failing the test
// when either fails; it returns the Graph read and the text.
func writtenBack(t *testing.T, g *convert.Graph) (*convert.Graph, []byte) {
	t.Helper()
	out, _, err := Emit(g, &convert.Options{})
	if err != nil {
		t.Fatal(err)
	}
	back, _, err := Parse(&convert.Input{Name: "back.xml", Data: out.Main, Options: &convert.Options{}})
	if err != nil {
		t.Fatalf("%v\n%s", err, out.Main)
	}
	return back, out.Main
}
