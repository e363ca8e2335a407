package crosscheck

import (
	"bytes"
	"context"
	"encoding/json"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// TestHFieldPNGBehaviour drops balls on a height field read from a PNG
// whose bottom image row is high (a ridge along −Y), and on the same
// field written back as MJCF elevation data: in MuJoCo the balls must end
// where they end on the source, the one on the ridge's slope rolling off
// it, the one on the flat staying. A PNG read upside down puts the ridge
// at +Y and swaps their fates.
func TestHFieldPNGBehaviour(t *testing.T) {
	dir := t.TempDir()
	img := image.NewGray(image.Rect(0, 0, 4, 3))
	for c := range 4 {
		img.SetGray(c, 2, color.Gray{255})
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	model := `<mujoco><asset><hfield name="h" file="f.png" size="1 1 0.5 0.1"/></asset>
<worldbody><geom type="hfield" hfield="h"/>
<body name="a" pos="0 -0.9 1"><freejoint/><geom type="sphere" size="0.05"/></body>
<body name="b" pos="0 0.9 1"><freejoint/><geom type="sphere" size="0.05"/></body></worldbody></mujoco>
`
	for name, data := range map[string][]byte{"f.png": b.Bytes(), "m.xml": []byte(model)} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	src, out := filepath.Join(dir, "m.xml"), filepath.Join(dir, "out", "m.xml")
	res, err := physconv.ConvertFile(context.Background(), all.Registry(), src, out, &convert.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range res.Diagnostics {
		if d.Code == convert.CodeVerifyMismatch {
			t.Error(d)
		}
	}
	final := func(file string) map[string][]float64 {
		report, code := testenv.RunOracle(t, "mj-inspect", "--steps", "600", file)
		if code != 0 {
			t.Fatalf("MuJoCo refuses %s: %s", file, report)
		}
		var r struct {
			After struct {
				Bodies []struct {
					Name string
					Xpos []float64
				}
			} `json:"after_steps"`
		}
		if err := json.Unmarshal(report, &r); err != nil {
			t.Fatal(err)
		}
		m := map[string][]float64{}
		for _, b := range r.After.Bodies {
			m[b.Name] = b.Xpos
		}
		return m
	}
	want, got := final(src), final(out)
	// the ball on the slope rolls off the ridge; the other stays
	if want["a"][1] < 0 || math.Abs(want["b"][1]-0.9) > 0.01 {
		t.Fatalf("the source does not behave as built: %v", want)
	}
	// same engine, same step, the same surface: equal to rounding
	for _, name := range []string{"a", "b"} {
		for k := range 3 {
			if math.Abs(got[name][k]-want[name][k]) > 1e-9 {
				t.Errorf("ball %s ends at %v, on the source at %v", name, got[name], want[name])
				break
			}
		}
	}
}
