package godot

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"image"
	"image/color"
	"image/jpeg"
	stdpng "image/png"
	"math"
	"path"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
	"github.com/physconv/physconv/internal/tscn"
)

// memImage is an image held in memory as a source would resolve it.
func memImage(name string, data []byte) *convert.Image {
	return &convert.Image{Name: name, File: "in/" + name, Read: func() ([]byte, error) { return data, nil }}
}

// texturedGraph is a static body with a textured box, a textured
// triangle mesh with coordinates (V up, as mesh files have them) and a
// textured mesh without coordinates, all sharing one image.
func texturedGraph(t *testing.T, im *convert.Image) *convert.Graph {
	g := convert.NewGraph()
	body := g.AddNode(convert.Node{Name: "body", Motion: &convert.Motion{Kind: convert.Static}}, -1)
	box := g.AddShape(convert.Shape{Kind: convert.Box, Size: convert.Vec3{1, 2, 3}})
	red := [4]float64{1, 0.5, 0.25, 1}
	g.AddNode(convert.Node{Name: "box", Transform: convert.Identity(), Visual: &convert.Visual{Shape: box, Color: &red, Texture: im}}, body)
	pos := []convert.Vec3{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}
	idx := []uint32{0, 1, 2}
	uv := [][2]float64{{0, 0}, {1, 0}, {0, 1}}
	m := g.AddMesh(convert.Mesh{Name: "tri", Positions: pos, Indices: idx, Loaded: true, Scale: convert.Vec3{1, 1, 1},
		Look: func() (*convert.MeshLook, convert.Diagnostics, error) {
			return &convert.MeshLook{Parts: []convert.MeshPart{{Triangles: 1}}, UV: uv}, nil, nil
		}})
	tri := g.AddShape(convert.Shape{Kind: convert.TriMesh, Mesh: m})
	g.AddNode(convert.Node{Name: "tri", Transform: convert.Identity(), Visual: &convert.Visual{Shape: tri, Texture: im}}, body)
	bare := g.AddMesh(convert.Mesh{Name: "bare", Positions: pos, Indices: idx, Loaded: true, Scale: convert.Vec3{1, 1, 1}})
	bs := g.AddShape(convert.Shape{Kind: convert.TriMesh, Mesh: bare})
	g.AddNode(convert.Node{Name: "bare", Transform: convert.Identity(), Visual: &convert.Visual{Shape: bs, Texture: im}}, body)
	return g
}

func floats32(t *testing.T, v tscn.Value) []float64 {
	t.Helper()
	c, ok := v.(*tscn.Call)
	if !ok {
		t.Fatalf("%v is not a PackedByteArray", v)
	}
	bs, _ := c.Floats()
	raw := make([]byte, len(bs))
	for i, b := range bs {
		raw[i] = byte(b)
	}
	out := make([]float64, len(raw)/4)
	for i := range out {
		out[i] = float64(math.Float32frombits(binary.LittleEndian.Uint32(raw[4*i:])))
	}
	return out
}

// sectionByID finds a sub_resource or ext_resource by id.
func sectionByID(doc *tscn.Document, id string) *tscn.Section {
	for i := range doc.Sections {
		if s := &doc.Sections[i]; (s.Tag == "sub_resource" || s.Tag == "ext_resource") && s.AttrString("id") == id {
			return s
		}
	}
	return nil
}

// nodeProp returns property key of the node named name.
func nodeProp(doc *tscn.Document, name, key string) tscn.Value {
	for i := range doc.Sections {
		if s := &doc.Sections[i]; s.Tag == "node" && s.AttrString("name") == name {
			v, _ := s.Prop(key)
			return v
		}
	}
	return nil
}

func refID(v tscn.Value) string {
	r, _ := v.(tscn.Ref)
	return r.ID
}

// TestEmitTexture: Godot 4 output embeds a visual's image in the scene
// as a PortableCompressedTexture2D (lossless PNG, a JPEG re-encoded), so
// it loads with no import step, draws it through a StandardMaterial3D's
// albedo_texture times the colour, and writes the mesh with its texture
// coordinates in the attribute stream (V down); what cannot be drawn is
// texture-dropped.
func TestEmitTexture(t *testing.T) {
	png := testenv.PNG(t, 4, 2)
	jpg := jpegOf(t, png)
	for _, c := range []struct {
		name     string
		image    *convert.Image
		version  int
		embedded bool // a texture is written
		dropped  int  // texture-dropped notes
	}{
		{"PNG", memImage("wood grain.png", png), 4, true, 1},
		{"JPEG", memImage("wood grain.jpg", jpg), 4, true, 1},
		{"not an image", memImage("notes.png", []byte("not a png")), 4, false, 3},
		{"missing", &convert.Image{Name: "gone.png", File: "in/gone.png"}, 4, false, 3},
		{"Godot 3", memImage("wood grain.png", png), 3, false, 3},
	} {
		t.Run(c.name, func(t *testing.T) {
			opts := (&convert.Options{}).With(VersionOption, strconv.Itoa(c.version))
			out, diags, err := Emit(texturedGraph(t, c.image), opts)
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			for _, d := range diags {
				if d.Code == convert.CodeTextureDropped {
					n++
				}
			}
			if n != c.dropped {
				t.Errorf("%d texture-dropped, want %d: %v", n, c.dropped, diags)
			}
			doc, err := tscn.Decode(out.Main)
			if err != nil {
				t.Fatal(err)
			}
			if len(out.Files) != 0 {
				t.Fatalf("side files %v, want none: the scene holds its images", out.SideFiles())
			}
			if !c.embedded {
				if strings.Contains(string(out.Main), "Texture2D") {
					t.Fatalf("no texture expected, got files %v\n%s", out.SideFiles(), out.Main)
				}
				if c.version == 4 && refID(nodeProp(doc, "box", "mesh")) == "" {
					t.Errorf("box drawn without a mesh")
				}
				return
			}
			mat := sectionByID(doc, refID(nodeProp(doc, "box", "material_override")))
			if mat == nil || mat.AttrString("type") != "StandardMaterial3D" {
				t.Fatalf("box material %v", mat)
			}
			tex, _ := mat.Prop("albedo_texture")
			sub := sectionByID(doc, refID(tex))
			if sub == nil || sub.Tag != "sub_resource" || sub.AttrString("type") != "PortableCompressedTexture2D" {
				t.Fatalf("albedo_texture %v → %v, want a PortableCompressedTexture2D", tex, sub)
			}
			if name, _ := sub.Prop("resource_name"); name != "wood grain" {
				t.Errorf("texture resource_name %v, want the image's stem", name)
			}
			// the image the source draws, pixel for pixel
			drawn, _ := c.image.Read()
			samePixels(t, embeddedPNG(t, sub, 4, 2), drawn)
			col, _ := mat.Prop("albedo_color")
			if cl, ok := col.(*tscn.Call); !ok || fmt_(cl) != "Color(1 0.5 0.25 1)" {
				t.Errorf("box albedo_color %v, want the visual's colour", col)
			}
			tm := sectionByID(doc, refID(nodeProp(doc, "tri", "material_override")))
			if tm == nil {
				t.Fatal("tri has no material")
			}
			if c2, _ := tm.Prop("albedo_texture"); refID(c2) != refID(tex) {
				t.Errorf("tri texture %v, want the same sub-resource %v", c2, tex)
			}
			if _, ok := tm.Prop("albedo_color"); ok {
				t.Errorf("tri has a colour, the visual gives none")
			}
			if nodeProp(doc, "bare", "material_override") != nil {
				t.Errorf("bare (no coordinates) has a material")
			}
			// the box: 24 vertices, one UV each, every face showing the
			// whole image
			box := surfaceOf(t, doc, "box")
			uv := floats32(t, box.get("attribute_data"))
			if box.format()&(1<<4) == 0 || len(uv) != 2*int(box.get("vertex_count").(int64)) || len(uv) != 48 {
				t.Fatalf("box format %b, %d UV floats for %v vertices", box.format(), len(uv), box.get("vertex_count"))
			}
			for k, x := range uv {
				if x != 0 && x != 1 {
					t.Errorf("box UV float %d = %v, want 0 or 1", k, x)
				}
			}
			// the triangle: V flipped from the file's V up
			tri := surfaceOf(t, doc, "tri")
			got := floats32(t, tri.get("attribute_data"))
			want := []float64{0, 1, 1, 1, 0, 0}
			if len(got) != len(want) {
				t.Fatalf("tri UVs %v, want %v", got, want)
			}
			for k := range want {
				if got[k] != want[k] {
					t.Fatalf("tri UVs %v, want %v", got, want)
				}
			}
			if bare := surfaceOf(t, doc, "bare"); bare.format()&(1<<4) != 0 || bare.get("attribute_data") != nil {
				t.Errorf("bare mesh carries UVs")
			}
		})
	}
}

// jpegOf re-encodes a PNG as a (top-quality) JPEG.
func jpegOf(t *testing.T, data []byte) []byte {
	t.Helper()
	pic, err := stdpng.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := jpeg.Encode(&b, pic, &jpeg.Options{Quality: 100}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// embeddedPNG checks a PortableCompressedTexture2D's data as Godot reads
// it (lossless, PNG, RGBA8, one level of w×h, its size, Godot's "PNG "
// tag) and returns the PNG.
func embeddedPNG(t *testing.T, sub *tscn.Section, w, h uint32) []byte {
	t.Helper()
	v, _ := sub.Prop("_data")
	c, ok := v.(*tscn.Call)
	if !ok || c.Name != "PackedByteArray" {
		t.Fatalf("_data %v", v)
	}
	data, ok := c.ByteArgs()
	if !ok {
		t.Fatalf("_data %v is not a byte array of numbers", v)
	}
	le := binary.LittleEndian
	if len(data) < 28 || le.Uint16(data) != 0 || le.Uint16(data[2:]) != 2 || le.Uint32(data[4:]) != 5 || le.Uint32(data[8:]) != 1 ||
		le.Uint32(data[12:]) != w || le.Uint32(data[16:]) != h || int(le.Uint32(data[20:])) != len(data)-24 || string(data[24:28]) != "PNG " {
		t.Fatalf("texture header % x, want lossless PNG RGBA8, 1 level of %d×%d", data[:min(len(data), 28)], w, h)
	}
	return data[28:]
}

// samePixels reports whether an embedded PNG draws the pixels of the
// source image as eight-bit RGBA (the texture's declared format, and what
// a JPEG's decoder gives): the PNG must have eight bits a channel.
func samePixels(t *testing.T, got, want []byte) {
	t.Helper()
	if len(got) < 25 || string(got[1:4]) != "PNG" || got[24] != 8 {
		t.Fatalf("embedded image is no PNG of eight bits a channel (header % x)", got[:min(len(got), 25)])
	}
	a, _, err := image.Decode(bytes.NewReader(got))
	if err != nil {
		t.Fatalf("embedded image: %v", err)
	}
	b, _, err := image.Decode(bytes.NewReader(want))
	if err != nil {
		t.Fatal(err)
	}
	if a.Bounds() != b.Bounds() {
		t.Fatalf("embedded image %v, want %v", a.Bounds(), b.Bounds())
	}
	for y := a.Bounds().Min.Y; y < a.Bounds().Max.Y; y++ {
		for x := a.Bounds().Min.X; x < a.Bounds().Max.X; x++ {
			c1 := color.NRGBAModel.Convert(a.At(x, y)).(color.NRGBA)
			c2 := color.NRGBAModel.Convert(b.At(x, y)).(color.NRGBA)
			if c1 != c2 {
				t.Fatalf("pixel %d,%d differs", x, y)
			}
		}
	}
}

func fmt_(c *tscn.Call) string {
	f, _ := c.Floats()
	return c.Name + fmtFloats(f)
}

func fmtFloats(f []float64) string {
	s := make([]string, len(f))
	for i, x := range f {
		s[i] = strconv.FormatFloat(x, 'g', -1, 64)
	}
	return "(" + strings.Join(s, " ") + ")"
}

type meshSurface tscn.Dict

func (s meshSurface) get(k string) tscn.Value {
	for _, e := range s {
		if e.Key == k {
			return e.Value
		}
	}
	return nil
}

func (s meshSurface) format() int64 {
	f, _ := s.get("format").(int64)
	return f
}

// surfaceOf returns the single surface of node name's ArrayMesh.
func surfaceOf(t *testing.T, doc *tscn.Document, name string) meshSurface {
	t.Helper()
	m := sectionByID(doc, refID(nodeProp(doc, name, "mesh")))
	if m == nil || m.AttrString("type") != "ArrayMesh" {
		t.Fatalf("%s mesh %v, want an ArrayMesh", name, m)
	}
	v, _ := m.Prop("_surfaces")
	arr, _ := v.(tscn.Array)
	if len(arr) != 1 {
		t.Fatalf("%s: %d surfaces", name, len(arr))
	}
	d, _ := arr[0].(tscn.Dict)
	return meshSurface(d)
}

// TestEmitTextureOracle: Godot 4.6 loads a textured scene as an exported
// game would (no import step): no missing dependency, no engine error
// (an embedded image Godot cannot decode is one), no unknown property;
// the textured meshes bound as written, the material keeps its colour
// and its texture is the embedded one.
func TestEmitTextureOracle(t *testing.T) {
	raw, code := inspectEmitted(t, texturedGraph(t, memImage("wood grain.png", testenv.PNG(t, 4, 2))))
	var rep struct {
		oracleReport
		Broken     []string `json:"broken_dependencies"`
		UnknownRes []any    `json:"unknown_resource_properties"`
		Errors     int      `json:"engine_error_count"`
		Nodes      []struct {
			Name  string `json:"name"`
			Class string `json:"class"`
			Props struct {
				Mesh *struct {
					Class string `json:"class"`
					AABB  struct {
						Position, Size [3]float64
					} `json:"aabb"`
				} `json:"mesh"`
				Material *struct {
					Class string `json:"class"`
					Props struct {
						Color   []float64 `json:"albedo_color"`
						Texture *struct {
							Class string `json:"class"`
						} `json:"albedo_texture"`
					} `json:"props"`
				} `json:"material_override"`
			} `json:"props"`
		} `json:"nodes"`
	}
	if err := json.Unmarshal(raw, &rep); err != nil {
		t.Fatalf("godot4-inspect output: %v\n%s", err, raw)
	}
	if code != 0 || len(rep.Missing) != 0 || len(rep.Broken) != 0 || rep.Errors != 0 || len(rep.UnknownProperties) != 0 || len(rep.UnknownRes) != 0 {
		t.Fatalf("Godot did not load the scene cleanly (exit %d):\n%s", code, raw)
	}
	bounds := map[string][2][3]float64{"box": {{-0.5, -1, -1.5}, {1, 2, 3}}, "tri": {{0, 0, 0}, {1, 1, 0}}, "bare": {{0, 0, 0}, {1, 1, 0}}}
	seen := 0
	for _, n := range rep.Nodes {
		want, ok := bounds[n.Name]
		if !ok {
			continue
		}
		seen++
		m := n.Props.Mesh
		if n.Class != "MeshInstance3D" || m == nil || m.Class != "ArrayMesh" || m.AABB.Position != want[0] || m.AABB.Size != want[1] {
			t.Errorf("%s: %s mesh %+v, want an ArrayMesh bound %v", n.Name, n.Class, m, want)
		}
		if n.Name == "box" {
			mt := n.Props.Material
			if mt == nil || mt.Class != "StandardMaterial3D" || len(mt.Props.Color) != 4 || mt.Props.Color[1] != 0.5 {
				t.Errorf("box material %+v, want a StandardMaterial3D of colour (1, 0.5, 0.25, 1)", mt)
			} else if mt.Props.Texture == nil || mt.Props.Texture.Class != "PortableCompressedTexture2D" {
				t.Errorf("box texture %+v, want the embedded PortableCompressedTexture2D", mt.Props.Texture)
			}
		}
	}
	if seen != 3 {
		t.Errorf("Godot built %d of the 3 visuals", seen)
	}
}

// TestTextureRoundTrip: a Godot 4 scene's albedo_texture (the embedded
// PortableCompressedTexture2D) and ArrayMesh TEX_UV are read back as the
// visual's texture and the mesh's corner coordinates (V up again), for
// every textured visual the writer wrote.
func TestTextureRoundTrip(t *testing.T) {
	png := testenv.PNG(t, 4, 2)
	for _, c := range []struct{ name, dir string }{
		{"at the root", "."},
		{"in a folder", "scenes"},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := texturedGraph(t, memImage("wood grain.png", png))
			out, _, err := Emit(src, &convert.Options{})
			if err != nil {
				t.Fatal(err)
			}
			fsys := fstest.MapFS{"project.godot": {Data: []byte("config_version=5\n")}, path.Join(c.dir, "robot.tscn"): {Data: out.Main}}
			g, diags, err := Parse(&convert.Input{Name: "robot.tscn", Data: out.Main, FS: fsys, Dir: c.dir, Options: &convert.Options{}})
			if err != nil {
				t.Fatal(err)
			}
			textured := 0
			for _, n := range g.Nodes {
				if n.Visual == nil || n.Visual.Texture == nil {
					continue
				}
				textured++
				im := n.Visual.Texture
				if data, err := im.Read(); err != nil || !bytes.Equal(data, png) || im.Name != "wood grain.png" {
					t.Errorf("%s: texture %s (%s) reads %d bytes, %v; want the PNG", n.Name, im.Name, im.File, len(data), err)
				}
				m := g.Meshes[g.Shapes[n.Visual.Shape].Mesh]
				if m.Look == nil {
					t.Fatalf("%s: mesh has no coordinates", n.Name)
				}
				look, _, _ := m.Look()
				if len(look.UV) != len(m.Indices) {
					t.Fatalf("%s: %d UVs for %d corners", n.Name, len(look.UV), len(m.Indices))
				}
				if n.Name == "tri" {
					// corner → UV as the source had it (V up)
					want := map[convert.Vec3][2]float64{{0, 0, 0}: {0, 0}, {1, 0, 0}: {1, 0}, {0, 1, 0}: {0, 1}}
					for k, vi := range m.Indices {
						if w := want[m.Positions[vi]]; look.UV[k] != w {
							t.Errorf("tri corner %v UV %v, want %v", m.Positions[vi], look.UV[k], w)
						}
					}
				}
				if n.Visual.Color == nil && n.Name == "box" {
					t.Errorf("box lost its colour")
				}
			}
			if textured != 2 {
				t.Errorf("%d textured visuals read back, want 2 (box, tri): %v", textured, diags)
			}
		})
	}
}
