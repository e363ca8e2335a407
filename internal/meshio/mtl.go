package meshio

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// MTL is one material of a Wavefront .mtl library: what a renderer needs
// for the base colour.
type MTL struct {
	// Color is Kd with the dissolve d (or 1 - Tr) as alpha; nil without Kd.
	Color *[4]float64
	// Texture is map_Kd's file, relative to the .mtl file; "" when none.
	Texture string
}

// DecodeMTL reads the newmtl, Kd, d, Tr and map_Kd records of a .mtl
// file (map_Kd options such as -s or -bm are skipped: the file name is
// the last field). Other records (specular, ambient, illumination) are
// ignored: glTF output is a plain base-colour material.
func DecodeMTL(data []byte) (map[string]MTL, error) {
	out := map[string]MTL{}
	cur := ""
	alpha := map[string]float64{}
	for line, raw := range strings.Split(string(data), "\n") {
		if err := textLine([]byte(strings.TrimSuffix(raw, "\r"))); err != nil {
			return nil, fmt.Errorf("meshio: MTL line %d: %v; not an MTL file", line+1, err)
		}
		f := strings.Fields(raw)
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		nums := func(n int) ([]float64, error) {
			if len(f) < n+1 {
				return nil, fmt.Errorf("meshio: MTL line %d: %s needs %d numbers", line+1, f[0], n)
			}
			v := make([]float64, n)
			for k := range v {
				x, err := strconv.ParseFloat(f[k+1], 64)
				if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
					return nil, fmt.Errorf("meshio: MTL line %d: bad number %q", line+1, f[k+1])
				}
				v[k] = x
			}
			return v, nil
		}
		switch f[0] {
		case "newmtl":
			cur = strings.Join(f[1:], " ")
			out[cur] = MTL{}
		case "Kd":
			n := 3
			if len(f) < 4 {
				n = 1 // "Kd r" means grey r
			}
			v, err := nums(n)
			if err != nil {
				return nil, err
			}
			if n == 1 {
				v = []float64{v[0], v[0], v[0]}
			}
			m := out[cur]
			m.Color = &[4]float64{clamp01(v[0]), clamp01(v[1]), clamp01(v[2]), 1}
			out[cur] = m
		case "d", "Tr":
			v, err := nums(1)
			if err != nil {
				return nil, err
			}
			a := v[0]
			if f[0] == "Tr" {
				a = 1 - a
			}
			alpha[cur] = clamp01(a)
		case "map_Kd":
			if len(f) < 2 {
				return nil, fmt.Errorf("meshio: MTL line %d: map_Kd needs a file", line+1)
			}
			m := out[cur]
			m.Texture = mtlMapFile(f)
			out[cur] = m
		}
	}
	for name, a := range alpha {
		if m, ok := out[name]; ok && m.Color != nil {
			c := *m.Color
			c[3] = a
			m.Color = &c
			out[name] = m
		}
	}
	return out, nil
}

func clamp01(x float64) float64 { return math.Min(math.Max(x, 0), 1) }

// ApplyMTL returns m's parts with the colour and texture of the material
// each names in lib (the mesh's libraries merged, later ones winning); m is
// not changed (it may be shared through a DecodeCache). A material lib
// does not name keeps no colour, as a renderer would draw it in its
// default.
func ApplyMTL(m *Mesh, lib map[string]MTL) []Part {
	out := make([]Part, len(m.Parts))
	for i, p := range m.Parts {
		if mt, ok := lib[p.Material]; ok && p.Color == nil && p.Texture == "" {
			p.Color, p.Texture = mt.Color, mt.Texture
		}
		out[i] = p
	}
	return out
}
