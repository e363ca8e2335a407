package mjcf

import (
	"math"
	"path/filepath"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// writeOutput writes an Emit result into dir and returns the main file.
func writeOutput(t *testing.T, dir string, out *convert.Output) string {
	t.Helper()
	return testenv.WriteFiles(t, dir, "model.xml", out.Main, out.Files)
}

// TestRoundTripCompiles parses each corpus MJCF, emits it again and loads
// the result in both MuJoCo versions: every body's mass, world centre of
// mass and world inertia, and every named joint's type, world axis and
// range must equal MuJoCo's compilation of the original file.
func TestRoundTripCompiles(t *testing.T) {
	root := testenv.CorpusPath(t, "mjcf")
	testenv.Oracle(t, "mj-inspect")
	for _, rel := range corpusModels {
		t.Run(rel, func(t *testing.T) {
			t.Parallel()
			file := filepath.Join(root, rel)
			p, err := parse(inputFor(t, file))
			if err != nil {
				t.Fatalf("parse: %v", err)
			}
			orig := runOriginal(t, file)
			names := convert.NodeNames(p.g)
			out, _, err := Emit(p.g, &convert.Options{})
			if err != nil {
				t.Fatalf("emit: %v", err)
			}
			emitted := writeOutput(t, t.TempDir(), out)
			// MuJoCo 2.2.2 reports names reliably; the wasm build sometimes
			// says "bodyN" and no joint names at all (the allegro hand), so
			// its bodies and joints take 2.2.2's names by id: the same file
			// compiles to the same ids in both.
			c := runMJ(t, emitted, "--backend", "c")
			compareCompiled(t, "c", orig, c, p, names)
			w := runMJ(t, emitted)
			if len(w.Bodies) != len(c.Bodies) || len(w.Joints) != len(c.Joints) {
				t.Fatalf("wasm has %d bodies and %d joints, 2.2.2 has %d and %d", len(w.Bodies), len(w.Joints), len(c.Bodies), len(c.Joints))
			}
			for i := range w.Bodies {
				w.Bodies[i].Name = c.Bodies[i].Name
			}
			for i := range w.Joints {
				if w.Joints[i].Type != c.Joints[i].Type {
					t.Fatalf("joint %d: wasm %s, 2.2.2 %s", i, w.Joints[i].Type, c.Joints[i].Type)
				}
				w.Joints[i].Name, w.Joints[i].Body = c.Joints[i].Name, c.Joints[i].Body
			}
			compareCompiled(t, "wasm", orig, w, p, names)
		})
	}
}

func compareCompiled(t *testing.T, backend string, orig, got mjModel, p *parser, names []string) {
	t.Helper()
	byName := map[string]int{}
	for i, b := range got.Bodies {
		byName[b.Name] = i
	}
	const tol = 1e-6
	for k, ob := range orig.Bodies[1:] {
		name := names[p.bodyNodes[k]]
		i, ok := byName[name]
		if !ok {
			t.Errorf("%s: body %q missing from the emitted model", backend, name)
			continue
		}
		gb := got.Bodies[i]
		if !relNear(gb.Mass, ob.Mass, tol, 0) {
			t.Errorf("%s: body %q mass %.12g, original %.12g", backend, name, gb.Mass, ob.Mass)
		}
		if ob.Mass < 1e-12 {
			continue
		}
		scale := 1e-3
		for c := 0; c < 3; c++ {
			scale = math.Max(scale, math.Abs(ob.XIPos[c]))
		}
		for c := 0; c < 3; c++ {
			if !relNear(gb.XIPos[c], ob.XIPos[c], tol, scale) {
				t.Errorf("%s: body %q COM %v, original %v", backend, name, gb.XIPos, ob.XIPos)
				break
			}
		}
		wi := rotateTensor(quatWXYZ(gb.XQuat), convert.Mat3(gb.InertiaFull))
		wo := rotateTensor(quatWXYZ(ob.XQuat), convert.Mat3(ob.InertiaFull))
		is := math.Max(wo[0][0], math.Max(wo[1][1], wo[2][2]))
	outer:
		for r := 0; r < 3; r++ {
			for c := 0; c < 3; c++ {
				if !relNear(wi[r][c], wo[r][c], tol, is) {
					t.Errorf("%s: body %q world inertia %v, original %v", backend, name, wi, wo)
					break outer
				}
			}
		}
	}
	gotJ := map[string]int{}
	for i, j := range got.Joints {
		gotJ[j.Name] = i
	}
	bodyQ := func(m mjModel, name string) convert.Quat {
		for _, b := range m.Bodies {
			if b.Name == name {
				return quatWXYZ(b.XQuat)
			}
		}
		return convert.IdentityQuat()
	}
	for _, oj := range orig.Joints {
		if oj.Name == "" {
			continue
		}
		i, ok := gotJ[oj.Name]
		if !ok {
			if oj.Type == "free" {
				continue // free joints are renamed after their body
			}
			t.Errorf("%s: joint %q missing", backend, oj.Name)
			continue
		}
		gj := got.Joints[i]
		if gj.Type != oj.Type {
			t.Errorf("%s: joint %q type %s, original %s", backend, oj.Name, gj.Type, oj.Type)
			continue
		}
		if oj.Type == "free" {
			continue
		}
		oa := bodyQ(orig, oj.Body).Rotate(convert.Vec3(oj.Axis))
		ga := bodyQ(got, gj.Body).Rotate(convert.Vec3(gj.Axis))
		sign := 1.0
		if oa.Dot(ga) < 0 {
			sign = -1
		}
		if oj.Type != "ball" && oa.Sub(ga.Scale(sign)).Len() > 1e-9 {
			t.Errorf("%s: joint %q world axis %v, original %v", backend, oj.Name, ga, oa)
		}
		if gj.Limited != oj.Limited {
			t.Errorf("%s: joint %q limited %v, original %v", backend, oj.Name, gj.Limited, oj.Limited)
			continue
		}
		if oj.Limited {
			lo, hi := oj.Range[0], oj.Range[1]
			if sign < 0 {
				lo, hi = -hi, -lo
			}
			if !near(gj.Range[0], lo, 1e-9) || !near(gj.Range[1], hi, 1e-9) {
				t.Errorf("%s: joint %q range %v, original [%g %g]", backend, oj.Name, gj.Range, lo, hi)
			}
		}
	}
}
