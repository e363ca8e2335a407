package physconv_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
)

// TestReadBackExpansion: a height field within the triangle limit as
// samples is written to glTF, which has no height fields, as a mesh of
// twice as many triangles as samples, above the limit; the read-back
// allows what a writer expands (four times the limit), so the output
// verifies instead of failing to read back. A reader of the file under
// the conversion's limits refuses it, and the conversion says so
// (output-over-limits), for glTF and URDF alike (Godot keeps height
// fields); under the default
// limits it says nothing.
func TestReadBackExpansion(t *testing.T) {
	const n = 100 // 19,602 triangles as a mesh
	elev := strings.TrimSpace(strings.Repeat("0 1 ", n*n/2))
	model := fmt.Sprintf(`<mujoco><asset><hfield name="h" nrow="%d" ncol="%d" size="5 5 1 0.1" elevation="%s"/></asset>
<worldbody><geom type="hfield" hfield="h"/><body pos="0 0 2"><freejoint/><geom type="sphere" size="0.1"/></body></worldbody></mujoco>`, n, n, elev)
	for _, to := range []string{"khr", "omi", "urdf"} {
		name := "out" + emitExt[to]
		said := func(opts *convert.Options) (*convert.Output, bool) {
			out, res, err := physconv.ConvertBytes(context.Background(), all.Registry(), &convert.Input{Name: "h.xml", Data: []byte(model), Options: opts})
			if err != nil {
				t.Fatalf("%s: %v", to, err)
			}
			noMismatch(t, res, to)
			return out, slices.ContainsFunc(res.Diagnostics, func(d convert.Diagnostic) bool { return d.Code == convert.CodeOutputOverLimits })
		}
		if _, over := said(&convert.Options{From: "mjcf", To: to, OutputName: name}); over {
			t.Errorf("%s: output-over-limits under the default limits", to)
		}
		opts := &convert.Options{From: "mjcf", To: to, OutputName: name, Limits: convert.Limits{Triangles: 12_000}}
		out, over := said(opts)
		if !over {
			t.Errorf("%s: the output passes the conversion's triangle limit, and output-over-limits is not said", to)
		}
		// a reader held to the conversion's own limit refuses the output
		files := fstest.MapFS{}
		for name, data := range out.Files {
			files[name] = &fstest.MapFile{Data: data}
		}
		back := &convert.Input{Name: name, Data: out.Main, FS: files, Dir: ".", Options: &convert.Options{From: to, Limits: opts.Limits}}
		if _, _, _, err := physconv.ParseGraph(context.Background(), all.Registry(), back); err == nil || !strings.Contains(err.Error(), "max-triangles") {
			t.Errorf("%s: reading the output under the conversion's limit: %v; want the triangle limit to refuse it", to, err)
		}
	}
}
