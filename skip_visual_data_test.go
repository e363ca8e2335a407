package physconv_test

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/inspect"
	"github.com/physconv/physconv/convert/mass"
	"github.com/physconv/physconv/internal/propgen"
	"github.com/physconv/physconv/internal/testenv"
)

// TestSkipVisualDataSamePhysics reads every corpus Godot scene, the
// Godot output (both versions) of every other corpus file and of
// generated Graphs, with and without Options.SkipVisualData, which
// verification reads outputs back with: the physics reports must be
// equal.
func TestSkipVisualDataSamePhysics(t *testing.T) {
	reg := all.Registry()
	ctx := context.Background()
	root := testenv.Corpus(t)
	compared, meshes, unread := 0, 0, 0
	// check reads one input both ways; open makes it anew with the
	// options given
	check := func(name string, open func(opts *convert.Options) (*convert.Input, error)) {
		t.Helper()
		look := func(with bool, in *convert.Input, g *convert.Graph) {
			if !with && bytes.Contains(in.Data, []byte(`type="ArrayMesh"`)) {
				meshes++
			}
			if with && g != nil && hasUnreadMesh(g) {
				unread++
			}
		}
		if readsAlike(t, reg, name, open, func(o *convert.Options) { o.SkipVisualData = true }, look) {
			compared++
		}
	}
	for _, file := range corpusInputs(t) {
		rel, _ := filepath.Rel(root, file)
		if strings.EqualFold(filepath.Ext(file), ".tscn") {
			check(rel, func(opts *convert.Options) (*convert.Input, error) { return physconv.OpenInput(file, nil, opts) })
			continue
		}
		for _, to := range []string{"godot", "godot3"} {
			out := filepath.Join(t.TempDir(), "out.tscn")
			if _, err := physconv.ConvertFile(ctx, reg, file, out, &convert.Options{To: to, NoVerify: true}); err != nil {
				continue // refused: included fragments, unsupported inputs
			}
			check(rel+" → "+to, func(opts *convert.Options) (*convert.Input, error) { return physconv.OpenInput(out, nil, opts) })
		}
	}
	for seed := uint64(1); seed <= 100; seed++ {
		g, _ := mass.Complete(propgen.Generate(seed), &convert.Options{})
		for _, to := range []string{"godot", "godot3"} {
			f, _ := reg.Lookup(to)
			out, _, err := physconv.EmitGraph(f, g, &convert.Options{OutputName: "gen.tscn", NoVerify: true})
			if err != nil {
				t.Fatalf("seed %d → %s: %v", seed, to, err)
			}
			fsys := fstest.MapFS{"gen.tscn": {Data: out.Main}}
			for rel, data := range out.Files {
				fsys[rel] = &fstest.MapFile{Data: data}
			}
			check("generated "+to, func(opts *convert.Options) (*convert.Input, error) {
				return physconv.NewInput(fsys, "gen.tscn", opts)
			})
		}
	}
	if meshes == 0 || unread == 0 {
		t.Errorf("%d inputs with ArrayMesh resources, %d read with meshes left unread: the option was not exercised", meshes, unread)
	}
	t.Logf("%d inputs read alike (%d with ArrayMesh resources, %d with meshes left unread)", compared, meshes, unread)
}

// readsAlike reads one input without and with an option (set turns it on;
// open makes the input anew with the options given) and requires the
// same physics report both ways; look sees each input and the Graph read
// from it (nil when refused). It reports whether both were read: inputs
// refused alike (included fragments, unsupported inputs) are not
// compared.
func readsAlike(t *testing.T, reg *convert.Registry, name string, open func(*convert.Options) (*convert.Input, error),
	set func(*convert.Options), look func(with bool, in *convert.Input, g *convert.Graph)) bool {
	t.Helper()
	var reports [2][]byte
	var errs [2]error
	for k, with := range []bool{false, true} {
		opts := &convert.Options{}
		if with {
			set(opts)
		}
		in, err := open(opts)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		f, g, _, err := physconv.ParseGraph(context.Background(), reg, in)
		if errs[k] = err; err != nil {
			look(with, in, nil)
			continue
		}
		look(with, in, g)
		if reports[k], err = json.Marshal(inspect.Inspect(g, f.Name, nil)); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	switch {
	case (errs[0] == nil) != (errs[1] == nil):
		t.Errorf("%s: error %v without the option, %v with it", name, errs[0], errs[1])
	case errs[0] != nil:
	case !bytes.Equal(reports[0], reports[1]):
		t.Errorf("%s: physics read differently with the option:\n%s\nwithout:\n%s", name, reports[1], reports[0])
	default:
		return true
	}
	return false
}

// hasUnreadMesh reports whether a visual of g has a mesh left unread.
func hasUnreadMesh(g *convert.Graph) bool {
	for _, n := range g.Nodes {
		if n.Visual == nil {
			continue
		}
		if s := g.Shapes[n.Visual.Shape]; s.Kind == convert.TriMesh {
			if m := g.Meshes[s.Mesh]; !m.Loaded && m.File == "" {
				return true
			}
		}
	}
	return false
}
