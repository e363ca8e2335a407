package gltfx

import (
	"encoding/binary"
	"fmt"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// Every member name of every object type the schema knows is refused
// when spelled in another case, and accepted as spelled.
func TestKeyCaseEveryObjectType(t *testing.T) {
	n := 0
	for typ, specs := range coreSchema {
		keys := append(sortedKeys(specs), "name", "extensions", "extras")
		for _, key := range keys {
			for _, variant := range []string{strings.ToUpper(key[:1]) + key[1:], strings.ToUpper(key), swapCase(key)} {
				if variant == key {
					continue
				}
				raw := fmt.Sprintf(`{%q: 0}`, variant)
				v, err := ParseValue([]byte(raw), typ)
				if err != nil {
					t.Fatal(err)
				}
				err = checkKeyCase(v, typ)
				if err == nil || !strings.Contains(err.Error(), "only in case") {
					t.Errorf("%s.%s spelled %q: %v", typ, key, variant, err)
				}
				n++
			}
			v, _ := ParseValue([]byte(fmt.Sprintf(`{%q: 0}`, key)), typ)
			if err := checkKeyCase(v, typ); err != nil {
				t.Errorf("%s.%s as spelled: %v", typ, key, err)
			}
		}
	}
	if n < 100 {
		t.Errorf("only %d variants checked", n)
	}
}

func swapCase(s string) string {
	b := []byte(s)
	for i, c := range b {
		switch {
		case c >= 'a' && c <= 'z':
			b[i] = c - 32
		case c >= 'A' && c <= 'Z':
			b[i] = c + 32
		}
	}
	return string(b)
}

func decodeString(s string) error {
	_, err := Decode(&convert.Input{Name: "t.gltf", Data: []byte(s), Options: &convert.Options{}})
	return err
}

// The four case-variant keys of the report, end to end: each is an
// error naming its JSON path.
func TestKeyCaseDocuments(t *testing.T) {
	cases := map[string]string{
		"Scene":                 `{"asset":{"version":"2.0"},"scene":0,"Scene":7,"scenes":[{"nodes":[0]}],"nodes":[{"name":"a"}]}`,
		"nodes[0].Children":     `{"asset":{"version":"2.0"},"scenes":[{"nodes":[0]}],"nodes":[{"name":"a","Children":[42]}]}`,
		"buffers[0].ByteLength": `{"asset":{"version":"2.0"},"scenes":[{"nodes":[0]}],"nodes":[{"name":"a"}],"buffers":[{"byteLength":4,"ByteLength":-100,"uri":"data:application/octet-stream;base64,AAAAAA=="}]}`,
		"nodes[0].Mesh":         `{"asset":{"version":"2.0"},"scenes":[{"nodes":[0]}],"nodes":[{"name":"a","Mesh":40}]}`,
		"asset.Version":         `{"asset":{"version":"2.0","Version":"3.0"},"scenes":[{"nodes":[0]}],"nodes":[{"name":"a"}]}`,
		"ExtensionsUsed":        `{"asset":{"version":"2.0"},"ExtensionsUsed":["X"],"nodes":[{"name":"a"}]}`,
	}
	for path, doc := range cases {
		err := decodeString(doc)
		if err == nil || !strings.Contains(err.Error(), path+":") || !strings.Contains(err.Error(), "only in case") {
			t.Errorf("%s: %v", path, err)
		}
	}
}

func nodeDoc(node string) string {
	return `{"asset":{"version":"2.0"},"scenes":[{"nodes":[0]}],"nodes":[` + node + `]}`
}

// The validator's node rules, at its tolerances.
func TestNodeTransformRules(t *testing.T) {
	cases := []struct {
		node string
		ok   bool
	}{
		{`{"rotation":[0,0,0,1]}`, true},
		{`{"rotation":[0.4975,0.4975,0.4975,0.4975]}`, true}, // length 0.995
		{`{"rotation":[0,0,0,1.0077]}`, false},
		{`{"rotation":[0,0,0,0.992]}`, false},
		{`{"rotation":[0,0,0,0]}`, false},
		{`{"matrix":[1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1]}`, true},
		{`{"matrix":[2,0,0,0,0,3,0,0,0,0,-1,0,5,6,7,1]}`, true},
		{`{"matrix":[1,0,0,0,0.0001,1,0,0,0,0,1,0,0,0,0,1]}`, true},
		{`{"matrix":[1,0,0,0,0.001,1,0,0,0,0,1,0,0,0,0,1]}`, false},
		{`{"matrix":[1,0,0,0,5,1,0,0,0,0,1,0,0,0,0,1]}`, false},
		{`{"matrix":[1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,2]}`, false},
		{`{"matrix":[1,0,0,0,0,1,0,0,0,0,1,0.001,0,0,0,1]}`, false},
		{`{"matrix":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1]}`, false},
		{`{"matrix":[1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1],"translation":[1,2,3]}`, false},
	}
	for _, c := range cases {
		err := decodeString(nodeDoc(c.node))
		if (err == nil) != c.ok {
			t.Errorf("%s: %v, want ok=%v", c.node, err, c.ok)
		}
	}
}

func TestAssetVersion(t *testing.T) {
	for v, ok := range map[string]bool{"2.0": true, "2.1": true, "1.0": false, "3.0": false, "000": false, "2": false, "2.0.1": false, "": false} {
		err := decodeString(`{"asset":{"version":"` + v + `"}}`)
		if (err == nil) != ok {
			t.Errorf("version %q: %v, want ok=%v", v, err, ok)
		}
	}
}

func glbOf(chunks ...[2]any) []byte {
	var body []byte
	for _, c := range chunks {
		d := append([]byte(nil), c[1].([]byte)...)
		for len(d)%4 != 0 {
			d = append(d, ' ')
		}
		body = binary.LittleEndian.AppendUint32(body, uint32(len(d)))
		body = binary.LittleEndian.AppendUint32(body, c[0].(uint32))
		body = append(body, d...)
	}
	h := binary.LittleEndian.AppendUint32(nil, glbMagic)
	h = binary.LittleEndian.AppendUint32(h, 2)
	h = binary.LittleEndian.AppendUint32(h, uint32(12+len(body)))
	return append(h, body...)
}

func TestGLBChunks(t *testing.T) {
	js := []byte(`{"asset":{"version":"2.0"},"buffers":[{"byteLength":4}]}`)
	bin := make([]byte, 4)
	other := uint32(0x12345678)
	cases := []struct {
		name   string
		chunks [][2]any
		ok     bool
	}{
		{"json+bin", [][2]any{{uint32(glbChunkJSON), js}, {uint32(glbChunkBIN), bin}}, true},
		{"json+bin+unknown", [][2]any{{uint32(glbChunkJSON), js}, {uint32(glbChunkBIN), bin}, {other, bin}}, true},
		{"two bin", [][2]any{{uint32(glbChunkJSON), js}, {uint32(glbChunkBIN), bin}, {uint32(glbChunkBIN), bin}}, false},
		{"two json", [][2]any{{uint32(glbChunkJSON), js}, {uint32(glbChunkJSON), js}, {uint32(glbChunkBIN), bin}}, false},
		{"bin after unknown", [][2]any{{uint32(glbChunkJSON), js}, {other, bin}, {uint32(glbChunkBIN), bin}}, false},
	}
	for _, c := range cases {
		_, err := Decode(&convert.Input{Name: "t.glb", Data: glbOf(c.chunks...), Options: &convert.Options{}})
		if (err == nil) != c.ok {
			t.Errorf("%s: %v, want ok=%v", c.name, err, c.ok)
		}
	}
}
