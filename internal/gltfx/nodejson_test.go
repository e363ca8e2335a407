package gltfx

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/qmuntal/gltf"
)

// TestDocJSONMirrorsDocument holds docJSON to gltf.Document: the same
// fields, JSON names and options, in the same order, the nodes aside.
func TestDocJSONMirrorsDocument(t *testing.T) {
	a, b := reflect.TypeFor[gltf.Document](), reflect.TypeFor[docJSON]()
	if a.NumField() != b.NumField() {
		t.Fatalf("gltf.Document has %d fields, docJSON %d", a.NumField(), b.NumField())
	}
	for i := 0; i < a.NumField(); i++ {
		fa, fb := a.Field(i), b.Field(i)
		if fa.Name != fb.Name || fa.Tag != fb.Tag || (fa.Type != fb.Type && fa.Name != "Nodes") {
			t.Errorf("field %d: %s %s %q vs %s %s %q", i, fa.Name, fa.Type, fa.Tag, fb.Name, fb.Type, fb.Tag)
		}
	}
}

// libraryJSON is the document as encoding/json writes gltf.Document
// with the library's node marshalling, as Encode wrote it before.
func libraryJSON(d *gltf.Document) ([]byte, error) {
	var js bytes.Buffer
	enc := json.NewEncoder(&js)
	enc.SetEscapeHTML(false)
	err := enc.Encode(d)
	return js.Bytes(), err
}

func ourJSON(d *gltf.Document) ([]byte, error) {
	var js bytes.Buffer
	enc := json.NewEncoder(&js)
	enc.SetEscapeHTML(false)
	err := enc.Encode(toDocJSON(d))
	return js.Bytes(), err
}

func sameJSON(t *testing.T, name string, d *gltf.Document) {
	t.Helper()
	want, wantErr := libraryJSON(d)
	got, gotErr := ourJSON(d)
	if (wantErr != nil) != (gotErr != nil) {
		t.Fatalf("%s: error %v, the library's %v", name, gotErr, wantErr)
	}
	if wantErr != nil {
		// the wrapping names the marshaller (*gltf.Node or the nodes);
		// what Encode reports is the cause
		var wu, gu *json.UnsupportedValueError
		switch {
		case errors.As(wantErr, &wu):
			if !errors.As(gotErr, &gu) || gu.Str != wu.Str {
				t.Fatalf("%s: error %v, the library's %v", name, gotErr, wantErr)
			}
		case !strings.Contains(gotErr.Error(), "node must not define both matrix and TRS") || !strings.Contains(wantErr.Error(), "node must not define both matrix and TRS"):
			t.Fatalf("%s: error %v, the library's %v", name, gotErr, wantErr)
		}
		return
	}
	if !bytes.Equal(got, want) {
		i := 0
		for i < len(got) && i < len(want) && got[i] == want[i] {
			i++
		}
		t.Fatalf("%s: output differs at byte %d:\n got …%.200s\nwant …%.200s", name, i, got[max(0, i-40):], want[max(0, i-40):])
	}
}

// Every glTF file of the test data and the corpus, written both ways.
func TestNodeJSONCorpus(t *testing.T) {
	files := []string{}
	for _, dir := range []string{"../../khr/testdata", "../../omi/testdata", "../../testdata"} {
		fs, _ := filepathGlobDeep(dir, ".gltf")
		files = append(files, fs...)
	}
	if os.Getenv("PHYSCONV_CORPUS") != "" {
		files = append(files, corpusFiles(t, "khr", "gltf", "omi")...)
	}
	n := 0
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		jsonBytes, _, _, err := splitGLB(raw)
		if err != nil {
			continue
		}
		d, err := libraryDocument(jsonBytes)
		if err != nil {
			continue // a test of a refused document
		}
		sameJSON(t, f, d)
		n++
	}
	if n < 10 {
		t.Fatalf("only %d documents written", n)
	}
}

// Generated nodes: every member, default and not, strings needing every
// kind of escape, extensions with spacing and HTML characters, extras,
// non-finite numbers, a matrix beside TRS, nil nodes.
func TestNodeJSONGenerated(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	floats := []float64{0, 1, -1, 0.1, 1e-7, -2.5e-9, 1e21, 123456789.125, 1e-6, 5e-324, math.MaxFloat64, -0.0}
	names := []string{"", "link", "a<b>&c", "quote\"back\\slash", "tab\tnl\n\x01", "é ü ☃ \u2028", "bad\xffutf8"}
	f := func() float64 { return floats[rng.IntN(len(floats))] }
	for trial := 0; trial < 3000; trial++ {
		d := &gltf.Document{Asset: gltf.Asset{Version: "2.0"}}
		for k := rng.IntN(4); k >= 0; k-- {
			if rng.IntN(30) == 0 {
				d.Nodes = append(d.Nodes, nil)
				continue
			}
			n := &gltf.Node{Matrix: gltf.DefaultMatrix, Rotation: gltf.DefaultRotation, Scale: gltf.DefaultScale}
			switch rng.IntN(4) {
			case 0:
				n.Translation = [3]float64{f(), f(), f()}
			case 1:
				n.Rotation = [4]float64{f(), f(), f(), f()}
				n.Scale = [3]float64{f(), f(), f()}
			case 2:
				for i := range n.Matrix {
					n.Matrix[i] = f()
				}
			}
			if rng.IntN(3) == 0 {
				n.Matrix = [16]float64{}
				n.Rotation = [4]float64{}
				n.Scale = [3]float64{}
			}
			n.Name = names[rng.IntN(len(names))]
			if rng.IntN(3) == 0 {
				n.Mesh, n.Camera, n.Skin = gltf.Index(rng.IntN(5)), gltf.Index(1), nil
			}
			if rng.IntN(3) == 0 {
				n.Children = []int{rng.IntN(9), rng.IntN(9)}
			}
			if rng.IntN(4) == 0 {
				n.Weights = []float64{f(), f()}
			}
			if rng.IntN(2) == 0 {
				n.Extensions = gltf.Extensions{
					"KHR_b": json.RawMessage(" { \"motion\" : { \"mass\" : 2 , \"s\":\"<&>\" } } "),
					"A_ext": json.RawMessage(`[1, 2.50, 1e2]`),
				}
				if rng.IntN(5) == 0 {
					n.Extensions["Z"] = map[string]any{"x": 1.5, "y": "<"}
				}
			}
			if rng.IntN(3) == 0 {
				n.Extras = map[string]any{"k": []any{1.0, "v<", nil, true}, "big": 1e300}
			}
			if rng.IntN(200) == 0 {
				n.Translation[0] = math.NaN()
			}
			if rng.IntN(100) == 0 {
				n.Matrix[12], n.Translation[1] = 2, 1 // both: refused
			}
			d.Nodes = append(d.Nodes, n)
		}
		sameJSON(t, fmt.Sprint("trial ", trial), d)
	}
}

func filepathGlobDeep(dir, ext string) ([]string, error) {
	var out []string
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		p := dir + "/" + e.Name()
		if e.IsDir() {
			sub, _ := filepathGlobDeep(p, ext)
			out = append(out, sub...)
		} else if strings.HasSuffix(p, ext) {
			out = append(out, p)
		}
	}
	return out, nil
}
