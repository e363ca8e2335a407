package testenv

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"testing"
)

// PNG is a w×h PNG whose colour runs from black to red across and to
// green down, so a texture drawn the wrong way round shows.
func PNG(t testing.TB, w, h int) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.Set(x, y, color.NRGBA{uint8(255 * x / w), uint8(255 * y / h), 0, 255})
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}
