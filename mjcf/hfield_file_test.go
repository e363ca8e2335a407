package mjcf

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/convert"
)

// hfieldModel is a model with one height field geom; asset is the
// <hfield> element's attributes besides its name and size.
func hfieldModel(asset string) string {
	return fmt.Sprintf(`<mujoco>
  <asset>
    <hfield name="h" size="1 2 0.5 0.1" %s/>
  </asset>
  <worldbody><geom type="hfield" hfield="h"/></worldbody>
</mujoco>
`, asset)
}

// fieldOf reads model src over files and returns its one height field.
func fieldOf(t *testing.T, src string, files fstest.MapFS) (*convert.HeightField, error) {
	t.Helper()
	g, _, err := Parse(&convert.Input{Name: "m.xml", Data: []byte(src), FS: files, Dir: ".", Options: &convert.Options{}})
	if err != nil {
		return nil, err
	}
	for _, sh := range g.Shapes {
		if sh.Kind == convert.Heightfield {
			return sh.Field, nil
		}
	}
	t.Fatal("no height field shape")
	return nil, nil
}

func pngOf(t *testing.T, img image.Image) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestHFieldFiles: a height field read from a PNG (grey values; a colour
// image's red channel; a 16-bit image's high byte) or from MuJoCo's own
// binary format gives the field the same samples given as elevation
// would: the attribute and a PNG list rows top (+Y) first, MuJoCo's
// binary format bottom first. (A MuJoCo run of balls on a PNG field and
// on the MJCF written from it is in the behaviour tests.) Files that cannot be a
// height field, a field given twice and one given not at all are refused
// at the <hfield> line.
func TestHFieldFiles(t *testing.T) {
	// the rows as the elevation attribute lists them: top first
	elev := [][]float64{{0, 10, 20}, {30, 40, 50}}
	elevText := "0 10 20 30 40 50"
	want, err := fieldOf(t, hfieldModel(fmt.Sprintf(`nrow="2" ncol="3" elevation="%s"`, elevText)), nil)
	if err != nil {
		t.Fatal(err)
	}
	grey := image.NewGray(image.Rect(0, 0, 3, 2))
	rgb := image.NewRGBA(image.Rect(0, 0, 3, 2))
	grey16 := image.NewGray16(image.Rect(0, 0, 3, 2))
	for r := range 2 {
		for c := range 3 {
			v := uint8(elev[r][c]) // image row r is attribute row r
			grey.SetGray(c, r, color.Gray{v})
			rgb.SetRGBA(c, r, color.RGBA{v, 255 - v, 7, 255})
			grey16.SetGray16(c, r, color.Gray16{uint16(v)<<8 | 0x5a})
		}
	}
	custom := binary.LittleEndian.AppendUint32(nil, 2)
	custom = binary.LittleEndian.AppendUint32(custom, 3)
	for r := range elev { // bottom row first
		for _, v := range elev[len(elev)-1-r] {
			custom = binary.LittleEndian.AppendUint32(custom, math.Float32bits(float32(v)))
		}
	}
	files := fstest.MapFS{
		"grey.png":   {Data: pngOf(t, grey)},
		"rgb.png":    {Data: pngOf(t, rgb)},
		"grey16.png": {Data: pngOf(t, grey16)},
		"field.bin":  {Data: custom},
		"short.bin":  {Data: custom[:len(custom)-1]},
		"zero.bin":   {Data: make([]byte, 8)},
		"bad.png":    {Data: []byte("\x89PNG\r\n\x1a\nnot a png")},
		"png.data":   {Data: pngOf(t, grey)},
	}
	// an unnamed field is named by its file's stem, as a mesh is
	unnamed := strings.Replace(hfieldModel(`file="grey.png"`), `name="h" `, ``, 1)
	unnamed = strings.Replace(unnamed, `hfield="h"`, `hfield="grey"`, 1)
	if got, err := fieldOf(t, unnamed, files); err != nil || fmt.Sprint(got.Heights) != fmt.Sprint(want.Heights) {
		t.Errorf("unnamed field named by its file: %v, %v", got, err)
	}
	for _, c := range []struct {
		name, asset string
		refused     string // what the error says; "" = read, equal to the elevation
	}{
		{"grey PNG", `file="grey.png"`, ""},
		{"colour PNG: its red channel", `file="rgb.png"`, ""},
		{"16-bit PNG: its high byte", `file="grey16.png"`, ""},
		{"MuJoCo's binary format", `file="field.bin"`, ""},
		{"PNG by content type", `file="png.data" content_type="image/png"`, ""},
		{"binary cut short", `file="short.bin"`, "not the 8 + 4×2×3"},
		{"binary of no samples", `file="zero.bin"`, "not positive"},
		{"not a PNG", `file="bad.png"`, "png"},
		{"missing file", `file="none.png"`, "missing height field file"},
		{"file and elevation", `file="grey.png" nrow="2" ncol="3" elevation="` + elevText + `"`, "given by a file and"},
		{"no data at all", ``, "no elevation data"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := fieldOf(t, hfieldModel(c.asset), files)
			if c.refused != "" {
				fe, ok := err.(*convert.FormatError)
				if !ok || fe.Line != 3 || !strings.Contains(err.Error(), c.refused) {
					t.Fatalf("err = %v; want a format error at line 3 saying %q", err, c.refused)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got.Rows != want.Rows || got.Columns != want.Columns || fmt.Sprint(got.Heights) != fmt.Sprint(want.Heights) {
				t.Errorf("field %d×%d %v, want %d×%d %v (as the elevation)", got.Rows, got.Columns, got.Heights, want.Rows, want.Columns, want.Heights)
			}
		})
	}
}
