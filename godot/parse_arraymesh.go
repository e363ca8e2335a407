package godot

import (
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/tscn"
)

// Godot 3 surface format bits (VisualServer::ArrayFormat).
const (
	g3FormatIndex     = 1 << 8
	g3CompressVertex  = 1 << 9
	g3Flag2DVertices  = 1 << 18
	g3PrimitiveTris   = 4
	g4FormatIndex     = 1 << 12
	g4FormatColor     = 1 << 3
	g4FormatTexUV     = 1 << 4
	g4Flag2DVertices  = 1 << 25
	g4FlagCompressed  = 1 << 29
	g4PrimitiveTris   = 3
	g4FlagEmptyVertex = 1 << 28
	g4FormatVersion2  = 1 << 35
)

// arrayMeshRead is an ArrayMesh read once: its Graph mesh, or why it is
// not read.
type arrayMeshRead struct {
	mesh int
	why  string
}

// arrayMeshTriangles reads the triangles of an ArrayMesh sub-resource:
// Godot 4's _surfaces (positions first in the vertex stream: all of them
// in mesh format 2, at the start of each vertex before) or Godot 3's surfaces/N (positions at the start of each
// interleaved vertex, float or half float). All surfaces become one mesh,
// windings turned back from Godot's clockwise. why is "" when read; else
// it says which form is not read (compressed or 2D positions, strips or
// lines), for a visual-dropped note. Inconsistent data is an error.
// Surface data left unread (convert.Options.SkipVisualData) gives a
// mesh that is not loaded and has no triangles.
func arrayMeshTriangles(s *tscn.Section, d *doc) (m convert.Mesh, why string, err error) {
	m = convert.Mesh{Loaded: true, Scale: convert.Vec3{1, 1, 1}}
	var surfaces []tscn.Dict
	var lines []int
	if d.version == 3 {
		for k := 0; ; k++ {
			key := fmt.Sprintf("surfaces/%d", k)
			v, ok := s.Prop(key)
			if !ok {
				break
			}
			dict, ok := v.(tscn.Dict)
			if !ok {
				return m, "", lineErr(d.file, s.PropLine(key), "%s must be a Dictionary, got %s", key, tscn.TypeName(v))
			}
			surfaces, lines = append(surfaces, dict), append(lines, s.PropLine(key))
		}
	} else if v, ok := s.Prop("_surfaces"); ok {
		arr, ok := v.(tscn.Array)
		if !ok {
			return m, "", lineErr(d.file, s.PropLine("_surfaces"), "_surfaces must be an Array, got %s", tscn.TypeName(v))
		}
		for _, x := range arr {
			dict, ok := x.(tscn.Dict)
			if !ok {
				return m, "", lineErr(d.file, s.PropLine("_surfaces"), "_surfaces holds %s, not a Dictionary", tscn.TypeName(x))
			}
			surfaces, lines = append(surfaces, dict), append(lines, s.PropLine("_surfaces"))
		}
	}
	if len(surfaces) == 0 {
		return m, "ArrayMesh has no surfaces", nil
	}
	var uv [][2]float64
	var parts []convert.MeshPart
	hasUV, looked := false, false
	var box [2]convert.Vec3 // the surfaces' stated boxes together
	stated := true
	unread := false
	for k, surf := range surfaces {
		before := len(m.Indices) / 3
		why, err := readSurface(&m, &uv, &hasUV, surf, d.version)
		if err == errUnread {
			unread = true
			continue
		}
		if err != nil {
			return m, "", lineErr(d.file, lines[k], "ArrayMesh surface %d: %v", k, err)
		}
		if why != "" {
			return m, fmt.Sprintf("ArrayMesh surface %d: %s", k, why), nil
		}
		part := convert.MeshPart{Triangles: len(m.Indices)/3 - before}
		part.Color, part.Texture = surfaceMaterial(surf, d)
		looked = looked || part.Color != nil || part.Texture != nil
		parts = append(parts, part)
		lo, hi, ok := statedBox(surf)
		stated = stated && ok
		if k == 0 {
			box = [2]convert.Vec3{lo, hi}
		}
		for c := 0; c < 3; c++ {
			box[0][c], box[1][c] = math.Min(box[0][c], lo[c]), math.Max(box[1][c], hi[c])
		}
	}
	if unread {
		// what the surfaces say besides their data is still checked
		// above, and a form that is not read still drops the visual
		return convert.Mesh{Scale: convert.Vec3{1, 1, 1}}, "", nil
	}
	if len(m.Indices) == 0 {
		return m, "ArrayMesh has no triangles", nil
	}
	if stated {
		m.Extras = map[string]any{extraStatedBox: box}
	}
	if hasUV || looked {
		look := &convert.MeshLook{Parts: parts}
		if hasUV {
			look.UV = padUV(uv, len(m.Indices))
		}
		m.Look = func() (*convert.MeshLook, convert.Diagnostics, error) { return look, nil, nil }
	}
	return m, "", nil
}

// surfaceMaterial is the colour and texture of a surface's own material
// when it is a StandardMaterial3D (SpatialMaterial) sub-resource of the
// same file, as Godot output writes a mesh file's materials; nil, nil
// for none or another kind.
func surfaceMaterial(surf tscn.Dict, d *doc) (*[4]float64, *convert.Image) {
	var ref tscn.Ref
	for _, e := range surf {
		if r, ok := e.Value.(tscn.Ref); ok && e.Key == "material" && r.Kind == "SubResource" {
			ref = r
		}
	}
	res := d.sub[ref.ID]
	if ref.ID == "" || res == nil || res.section == nil {
		return nil, nil
	}
	switch res.class {
	case "StandardMaterial3D", "ORMMaterial3D", "SpatialMaterial":
	default:
		return nil, nil
	}
	c := [4]float64{1, 1, 1, 1}
	var tex *convert.Image
	for _, pr := range res.section.Props {
		switch pr.Key {
		case "albedo_color":
			if call, ok := pr.Value.(*tscn.Call); ok && call.Name == "Color" && (len(call.Args) == 3 || len(call.Args) == 4) {
				for k, a := range call.Args {
					if f, ok := tscn.Number(a); ok {
						c[k] = f
					}
				}
			}
		case "albedo_texture":
			if r, ok := pr.Value.(tscn.Ref); ok && r.Kind == "SubResource" {
				tex = embeddedImage(d, r.ID)
			}
		}
	}
	return &c, tex
}

// readSurface appends one surface's triangles to m, and their corners'
// texture coordinates to uv (Godot 4's TEX_UV, turned V up as the Graph
// has them; 0, 0 when the surface has none), setting hasUV when it has.
func readSurface(m *convert.Mesh, uv *[][2]float64, hasUV *bool, surf tscn.Dict, version int) (string, error) {
	get := func(k string) tscn.Value {
		for _, e := range surf {
			if e.Key == k {
				return e.Value
			}
		}
		return nil
	}
	integer := func(k string) (int64, error) {
		f, ok := tscn.Number(get(k))
		if !ok || f != math.Trunc(f) || f < 0 {
			return 0, fmt.Errorf("%q must be a whole number, got %s", k, tscn.TypeName(get(k)))
		}
		return int64(f), nil
	}
	format, err := integer("format")
	if err != nil {
		return "", err
	}
	prim, err := integer("primitive")
	if err != nil {
		return "", err
	}
	nv, err := integer("vertex_count")
	if err != nil {
		return "", err
	}
	vkey, ikey, tris, indexed := "vertex_data", "index_data", int64(g4PrimitiveTris), format&g4FormatIndex != 0
	if version == 3 {
		vkey, ikey, tris, indexed = "array_data", "array_index_data", g3PrimitiveTris, format&g3FormatIndex != 0
		switch {
		case format&g3Flag2DVertices != 0:
			return "2D positions", nil
		}
	} else {
		switch {
		case format&g4FlagCompressed != 0:
			return "compressed positions", nil
		case format&g4Flag2DVertices != 0:
			return "2D positions", nil
		case format&g4FlagEmptyVertex != 0:
			return "no vertex positions", nil
		}
	}
	if prim != tris {
		return fmt.Sprintf("primitive %d is not triangles", prim), nil
	}
	vdata, err := byteArray(get(vkey), vkey)
	if err != nil {
		return "", err
	}
	if nv == 0 || int64(len(vdata))%nv != 0 {
		return "", fmt.Errorf("%d bytes of %s for %d vertices", len(vdata), vkey, nv)
	}
	stride := int(int64(len(vdata)) / nv)
	half := version == 3 && format&g3CompressVertex != 0
	if half && stride < 6 || !half && stride < 12 {
		return "", fmt.Errorf("%d bytes a vertex leave no room for its position", stride)
	}
	if version == 4 && format&g4FormatVersion2 != 0 {
		// mesh format 2 (Godot 4.2 on) keeps all positions first, the
		// normals and tangents after them (checked above: the data holds
		// 12 bytes a vertex at least)
		stride = 12
	}
	base := uint32(len(m.Positions))
	m.Positions = slices.Grow(m.Positions, int(nv))
	for v := 0; v < int(nv); v++ {
		b := vdata[v*stride:]
		var p convert.Vec3
		for c := 0; c < 3; c++ {
			if half {
				p[c] = halfFloat(binary.LittleEndian.Uint16(b[2*c:]))
			} else {
				p[c] = float64(math.Float32frombits(binary.LittleEndian.Uint32(b[4*c:])))
			}
		}
		if !(isFinite(p[0]) && isFinite(p[1]) && isFinite(p[2])) {
			return "", fmt.Errorf("vertex %d position %v is not finite", v, p)
		}
		m.Positions = append(m.Positions, p)
	}
	var idx []uint32
	if indexed {
		ni, err := integer("index_count")
		if err != nil {
			return "", err
		}
		idata, err := byteArray(get(ikey), ikey)
		if err != nil {
			return "", err
		}
		if ni == 0 || int64(len(idata))%ni != 0 || (len(idata)/int(ni) != 2 && len(idata)/int(ni) != 4) {
			return "", fmt.Errorf("%d bytes of %s for %d indices", len(idata), ikey, ni)
		}
		size := len(idata) / int(ni)
		idx = make([]uint32, 0, ni)
		for k := 0; k < int(ni); k++ {
			var x uint32
			if size == 2 {
				x = uint32(binary.LittleEndian.Uint16(idata[2*k:]))
			} else {
				x = binary.LittleEndian.Uint32(idata[4*k:])
			}
			if int64(x) >= nv {
				return "", fmt.Errorf("index %d is %d, past the %d vertices", k, x, nv)
			}
			idx = append(idx, x)
		}
	} else {
		idx = make([]uint32, 0, nv)
		for k := uint32(0); k < uint32(nv); k++ {
			idx = append(idx, k)
		}
	}
	var vuv [][2]float64
	if version == 4 && format&g4FormatTexUV != 0 {
		if vuv, err = surfaceUV(get("attribute_data"), format, nv); err != nil {
			return "", err
		}
		*hasUV = true
	}
	if vuv != nil {
		// the corners of earlier surfaces without coordinates get (0, 0)
		*uv = padUV(*uv, len(m.Indices))
	}
	m.Indices = slices.Grow(m.Indices, len(idx)/3*3)
	for t := 0; t+2 < len(idx); t += 3 {
		m.Indices = append(m.Indices, base+idx[t], base+idx[t+2], base+idx[t+1])
		if vuv != nil {
			for _, k := range [3]uint32{idx[t], idx[t+2], idx[t+1]} {
				*uv = append(*uv, [2]float64{vuv[k][0], 1 - vuv[k][1]})
			}
		}
	}
	return "", nil
}

// padUV extends per-corner texture coordinates with (0, 0) to n corners.
func padUV(uv [][2]float64, n int) [][2]float64 {
	if len(uv) < n {
		uv = append(uv, make([][2]float64, n-len(uv))...)
	}
	return uv
}

// statedBox is the box a surface states ("aabb": AABB(x, y, z, w, h, d)),
// which Godot keeps as the mesh's box. Godot 3 computes it before it
// compresses positions to half floats, so it can hold them by up to half
// a half-float step (4e-4 m at 1 m).
func statedBox(surf tscn.Dict) (lo, hi convert.Vec3, ok bool) {
	for _, e := range surf {
		c, isCall := e.Value.(*tscn.Call)
		if e.Key != "aabb" || !isCall || c.Name != "AABB" || len(c.Args) != 6 {
			continue
		}
		var f [6]float64
		for i, a := range c.Args {
			if f[i], ok = tscn.Number(a); !ok || !isFinite(f[i]) || i >= 3 && f[i] < 0 {
				return lo, hi, false
			}
		}
		return convert.Vec3{f[0], f[1], f[2]}, convert.Vec3{f[0] + f[3], f[1] + f[4], f[2] + f[5]}, true
	}
	return lo, hi, false
}

// surfaceUV reads the per-vertex texture coordinates of a Godot 4
// surface from its attribute stream, where they follow the colour (four
// bytes) when there is one; the stride is what the stream's size gives.
func surfaceUV(v tscn.Value, format, nv int64) ([][2]float64, error) {
	data, err := byteArray(v, "attribute_data")
	if err != nil {
		return nil, err
	}
	if int64(len(data))%nv != 0 {
		return nil, fmt.Errorf("%d bytes of attribute_data for %d vertices", len(data), nv)
	}
	stride := int(int64(len(data)) / nv)
	off := 0
	if format&g4FormatColor != 0 {
		off = 4
	}
	if stride < off+8 {
		return nil, fmt.Errorf("%d bytes of attribute_data a vertex leave no room for its UV", stride)
	}
	out := make([][2]float64, nv)
	for k := range out {
		b := data[k*stride+off:]
		for c := 0; c < 2; c++ {
			f := float64(math.Float32frombits(binary.LittleEndian.Uint32(b[4*c:])))
			if !isFinite(f) {
				return nil, fmt.Errorf("vertex %d UV is not finite", k)
			}
			out[k][c] = f
		}
	}
	return out, nil
}

// errUnread is a surface whose data was left unread
// (convert.Options.SkipVisualData): its mesh has no triangles.
var errUnread = errors.New("surface data left unread")

// byteArray decodes a PackedByteArray / PoolByteArray: a list of bytes,
// or (Godot 4.3 on) one base64 string; errUnread when it was left unread.
func byteArray(v tscn.Value, key string) ([]byte, error) {
	c, ok := v.(*tscn.Call)
	if !ok || c.Name != "PackedByteArray" && c.Name != "PoolByteArray" {
		return nil, fmt.Errorf("%q must be a byte array, got %s", key, tscn.TypeName(v))
	}
	if c.Unread {
		return nil, errUnread
	}
	if len(c.Args) == 1 {
		if s, ok := c.Args[0].(string); ok {
			b, err := base64.StdEncoding.DecodeString(s)
			if err != nil {
				return nil, fmt.Errorf("%q: %v", key, err)
			}
			return b, nil
		}
	}
	if out, ok := c.ByteArgs(); ok {
		return out, nil
	}
	for _, a := range c.Args {
		if x, ok := a.(int64); !ok || x < 0 || x > 255 {
			return nil, fmt.Errorf("%q holds %s, not a byte", key, tscn.EncodeValue(a))
		}
	}
	return nil, fmt.Errorf("%q is not a byte array", key)
}

// halfFloat decodes an IEEE 754 half-precision number (Godot 3's
// compressed positions).
func halfFloat(h uint16) float64 {
	sign := 1.0
	if h&0x8000 != 0 {
		sign = -1
	}
	exp, frac := int(h>>10&0x1f), float64(h&0x3ff)
	switch exp {
	case 0:
		return sign * frac / 1024 * math.Pow(2, -14)
	case 31:
		if frac == 0 {
			return sign * math.Inf(1)
		}
		return math.NaN()
	}
	return sign * (1 + frac/1024) * math.Pow(2, float64(exp-15))
}

func isFinite(f float64) bool { return !math.IsInf(f, 0) && !math.IsNaN(f) }
