package physconv_test

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/inspect"
)

// masslessFramesMJCF is a hinged box carrying a chain of massless frame
// bodies (a camera's optical frames, as robot exports write them), each
// stating a centre of mass of its own, drawn from seed.
func masslessFramesMJCF(seed uint64) string {
	r := rand.New(rand.NewPCG(seed, 7))
	num := func() float64 { return math.Round((r.Float64()*0.2-0.1)*1e4) / 1e4 }
	vec := func() string { return fmt.Sprintf("%g %g %g", num(), num(), num()) }
	var b strings.Builder
	b.WriteString("<mujoco>\n  <worldbody>\n    <body name=\"arm\" pos=\"0 0 1\">\n")
	b.WriteString("      <joint name=\"hinge\" axis=\"0 1 0\"/>\n      <geom type=\"box\" size=\"0.1 0.05 0.02\" mass=\"2\"/>\n")
	depth := 1 + r.IntN(3)
	for k := 0; k < depth; k++ {
		quat := ""
		if r.IntN(2) == 0 {
			quat = fmt.Sprintf(" quat=\"%g %g %g %g\"", 0.5, -0.5, 0.5, -0.5)
		}
		fmt.Fprintf(&b, "<body name=\"frame%d\" pos=\"%s\"%s>\n<inertial mass=\"0\" diaginertia=\"0 0 0\" pos=\"%s\"/>\n", k, vec(), quat, vec())
	}
	b.WriteString(strings.Repeat("</body>\n", depth))
	b.WriteString("    </body>\n  </worldbody>\n</mujoco>\n")
	return b.String()
}

// A massless body keeps the centre of mass its source states through
// every format: glTF outputs, which write a near-zero stand-in and mark
// the body massless, read it back at the body's origin, and each such
// body came back a verify-mismatch.
func TestMasslessFrameCentreOfMass(t *testing.T) {
	reg := all.Registry()
	for seed := uint64(1); seed <= 40; seed++ {
		src := masslessFramesMJCF(seed)
		fsys := fstest.MapFS{"frames.xml": {Data: []byte(src)}}
		_, g := parseIn(t, reg, fsys, "frames.xml")
		want := inspect.Inspect(g, "mjcf", nil)
		for _, to := range []string{"khr", "omi", "urdf", "mjcf", "godot"} {
			out, res := convertIn(t, reg, fsys, "frames.xml", to)
			for _, d := range mismatches(res) {
				t.Errorf("seed %d → %s: %s", seed, to, d.Message)
			}
			name := "out" + emitExt[to]
			back := fstest.MapFS{name: {Data: out.Main}}
			for rel, data := range out.Files {
				back[rel] = &fstest.MapFile{Data: data}
			}
			in, err := physconv.NewInput(back, name, &convert.Options{})
			if err != nil {
				t.Fatal(err)
			}
			_, bg, _, err := physconv.ParseGraph(context.Background(), reg, in)
			if err != nil {
				t.Fatalf("seed %d → %s: read back: %v", seed, to, err)
			}
			got := inspect.Inspect(bg, to, nil)
			for _, wb := range want.Bodies {
				if !strings.HasPrefix(wb.Name, "frame") {
					continue
				}
				gb := findBody(got, wb.Name)
				if gb == nil {
					t.Errorf("seed %d → %s: body %s not read back", seed, to, wb.Name)
					continue
				}
				if gb.Mass == nil || *gb.Mass > 1e-6 || gb.CenterOfMass == nil || wb.CenterOfMass == nil {
					t.Errorf("seed %d → %s: %s read back with mass %v, centre of mass %v", seed, to, wb.Name, gb.Mass, gb.CenterOfMass)
					continue
				}
				for k := 0; k < 3; k++ {
					if math.Abs(float64(gb.CenterOfMass[k]-wb.CenterOfMass[k])) > 1e-9 {
						t.Errorf("seed %d → %s: %s centre of mass %v, source %v", seed, to, wb.Name, gb.CenterOfMass, wb.CenterOfMass)
						break
					}
				}
			}
		}
	}
}

func findBody(r *inspect.Report, name string) *inspect.BodyReport {
	for i := range r.Bodies {
		if r.Bodies[i].Name == name {
			return &r.Bodies[i]
		}
	}
	return nil
}
