package physconv_test

import (
	"context"
	"errors"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
)

// extremeSource is one moving box whose size, place and mass are
// distinctive numbers, so that each format's spelling of them can be
// replaced by an extreme one.
func extremeSource() *convert.Graph {
	g := convert.NewGraph()
	box := g.AddShape(convert.Shape{Kind: convert.Box, Size: convert.Vec3{1, 1, 0.123456789}, Mesh: -1})
	m := 7.891234
	tr := convert.Identity()
	tr.T = convert.Vec3{4.56789012, 0, 0}
	g.AddNode(convert.Node{Name: "box", Transform: tr, Motion: &convert.Motion{Kind: convert.Dynamic, Mass: &m, GravityFactor: 1},
		Collider: &convert.Collider{Shape: box, Material: -1, Filter: -1}}, -1)
	return g
}

// extremeCases replace one distinctive number (in any of the spellings
// formats give it: full or half size) by an extreme but finite one.
var extremeCases = []struct {
	name  string
	find  []string
	value string
}{
	{"size 1e-320", []string{"0.123456789", "0.0617283945"}, "1e-320"},
	{"size 1e-300", []string{"0.123456789", "0.0617283945"}, "1e-300"},
	{"size 1e200", []string{"0.123456789", "0.0617283945"}, "1e200"},
	{"place 1e200", []string{"4.56789012"}, "1e200"},
	{"place 1e16", []string{"4.56789012"}, "1e16"},
	{"mass 1e300", []string{"7.891234"}, "1e300"},
	{"mass 1e-300", []string{"7.891234"}, "1e-300"},
}

// nonFiniteToken finds NaN or infinity spelt in a text output.
var nonFiniteToken = regexp.MustCompile(`(?i)(^|[^a-z_])(nan|[+-]?inf(inity)?)($|[^a-z_])`)

// TestExtremeValues feeds extreme but finite sizes, places and masses in
// every readable format to every writable one: the conversion either
// refuses the input with an error naming the file and the place, or
// writes only finite numbers (and verifies).
func TestExtremeValues(t *testing.T) {
	reg := all.Registry()
	refused, written := 0, 0
	defer func() { t.Logf("%d conversions refused the input, %d wrote finite output", refused, written) }()
	for _, from := range reg.Formats() {
		if from.Emit == nil || from.Parse == nil {
			continue
		}
		name := "src" + emitExt[from.Name]
		src, _, err := physconv.EmitGraph(from, extremeSource(), &convert.Options{OutputName: name, NoVerify: true})
		if err != nil {
			t.Fatalf("%s: %v", from.Name, err)
		}
		for _, c := range extremeCases {
			text := string(src.Main)
			found := false
			for _, f := range c.find {
				if strings.Contains(text, f) {
					text, found = strings.ReplaceAll(text, f, c.value), true
				}
			}
			if !found {
				// formats that do not write a mass (they compute it) have no mass to replace
				if !strings.HasPrefix(c.name, "mass") {
					t.Errorf("%s: none of %v in the source", from.Name, c.find)
				}
				t.Logf("%s writes no %s", from.Name, c.name)
				continue
			}
			for _, to := range reg.Formats() {
				if to.Emit == nil {
					continue
				}
				t.Run(from.Name+"/"+c.name+"/"+to.Name, func(t *testing.T) {
					fsys := fstest.MapFS{name: {Data: []byte(text)}}
					for rel, data := range src.Files {
						fsys[rel] = &fstest.MapFile{Data: data}
					}
					in, err := physconv.NewInput(fsys, name, &convert.Options{From: from.Name, To: to.Name, OutputName: "out" + emitExt[to.Name]})
					if err != nil {
						t.Fatal(err)
					}
					out, res, err := physconv.ConvertBytes(context.Background(), reg, in)
					if err != nil {
						var fe *convert.FormatError
						if !errors.As(err, &fe) || !strings.Contains(err.Error(), name) || fe.Path == "" && fe.Line == 0 {
							t.Errorf("not an input error naming the file and the place: %v", err)
						}
						refused++
						return
					}
					written++
					for _, f := range append([][]byte{out.Main}, mapValues(out.Files)...) {
						if m := nonFiniteToken.Find(f); m != nil && isText(f) {
							t.Errorf("output holds %q", m)
						}
					}
					for _, d := range res.Diagnostics {
						if d.Code == convert.CodeVerifyMismatch {
							t.Errorf("%s", d.Message)
						}
					}
				})
			}
		}
	}
}

func mapValues(m map[string][]byte) [][]byte {
	var out [][]byte
	for _, v := range m {
		out = append(out, v)
	}
	return out
}

// isText reports a side file that is not binary (a .bin buffer or binary
// STL can hold any bytes).
func isText(b []byte) bool {
	for _, c := range b[:min(len(b), 512)] {
		if c == 0 {
			return false
		}
	}
	return true
}
