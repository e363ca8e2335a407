package gltfx

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"
)

// TestIndentJSON: the output reads back to the same value, lays out
// objects and arrays of objects as json.Indent does, and keeps arrays
// without objects or arrays on one line (strings with brackets, quotes
// and commas inside included).
func TestIndentJSON(t *testing.T) {
	cases := []struct{ in, want string }{
		{`{"a":[1,2.5,-3e-7],"b":{}}`, "{\n  \"a\": [1, 2.5, -3e-7],\n  \"b\": {}\n}"},
		{`[{"x":[]},{"y":["a,]b","c\"[{"]}]`, "[\n  {\n    \"x\": []\n  },\n  {\n    \"y\": [\"a,]b\", \"c\\\"[{\"]\n  }\n]"},
		{`{"n":[[1,2],[3]],"t":true,"z":null}`, "{\n  \"n\": [\n    [1, 2],\n    [3]\n  ],\n  \"t\": true,\n  \"z\": null\n}"},
	}
	for _, c := range cases {
		got := string(indentJSON([]byte(c.in)))
		if got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.in, got, c.want)
		}
		var a, b any
		if err := json.Unmarshal([]byte(c.in), &a); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal([]byte(got), &b); err != nil || !reflect.DeepEqual(a, b) {
			t.Errorf("%s: reads back as %v (%v)", c.in, b, err)
		}
	}
	// without flat arrays it is json.Indent
	doc := `{"nodes":[{"name":"a","children":[]},{"name":"b","extras":{"k":{"v":"w"}}}]}`
	var want bytes.Buffer
	json.Indent(&want, []byte(doc), "", "  ")
	if got := indentJSON([]byte(doc)); !bytes.Equal(got, want.Bytes()) {
		t.Errorf("got\n%s\nwant\n%s", got, want.Bytes())
	}
}
