package meshio

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/physconv/physconv/convert"
)

// COLLADA 1.4/1.5 subset: geometry <mesh> with <triangles>, <polylist> or
// <polygons> (polygons are fanned), node transforms (<matrix>, <translate>,
// <rotate>, <scale> in document order) of the instanced visual scene,
// nodes it instances from library_nodes (<instance_node>, as SketchUp
// writes every component),
// <asset><unit meter> (up_axis is read past: see decodeDAE); for drawing, each primitive's
// material (bound by instance_material, else its symbol taken as the
// material's id), the profile_COMMON effect's diffuse colour or texture
// image, and the first TEXCOORD input.
type daeDoc struct {
	Materials []struct {
		ID     string `xml:"id,attr"`
		Effect struct {
			URL string `xml:"url,attr"`
		} `xml:"instance_effect"`
	} `xml:"library_materials>material"`
	Effects []daeEffect `xml:"library_effects>effect"`
	Images  []daeImage  `xml:"library_images>image"`
	Unit    *struct {
		Meter string `xml:"meter,attr"`
	} `xml:"asset>unit"`
	Geometries []daeGeometry `xml:"library_geometries>geometry"`
	Scenes     []daeScene    `xml:"library_visual_scenes>visual_scene"`
	// LibraryNodes are nodes <instance_node> places (by id).
	LibraryNodes []daeNode `xml:"library_nodes>node"`
	SceneURL     struct {
		URL string `xml:"url,attr"`
	} `xml:"scene>instance_visual_scene"`
}

// daeImage is an image of library_images: its file, as COLLADA 1.4
// (init_from's text) or 1.5 (init_from/ref) writes it.
type daeImage struct {
	ID       string `xml:"id,attr"`
	InitFrom struct {
		Text string `xml:",chardata"`
		Ref  string `xml:"ref"` // COLLADA 1.5
	} `xml:"init_from"`
}

// file is the image's file reference, "" when it has none.
func (im *daeImage) file() string {
	if f := strings.TrimSpace(im.InitFrom.Ref); f != "" {
		return f
	}
	return strings.TrimSpace(im.InitFrom.Text)
}

type daeGeometry struct {
	ID   string `xml:"id,attr"`
	Mesh *struct {
		Sources  []daeSource `xml:"source"`
		Vertices struct {
			ID     string     `xml:"id,attr"`
			Inputs []daeInput `xml:"input"`
		} `xml:"vertices"`
		Triangles []daePrims `xml:"triangles"`
		Polylists []daePrims `xml:"polylist"`
		Polygons  []daePrims `xml:"polygons"`
	} `xml:"mesh"`
}

type daeSource struct {
	ID       string `xml:"id,attr"`
	Floats   string `xml:"float_array"`
	Accessor struct {
		Stride int `xml:"stride,attr"`
	} `xml:"technique_common>accessor"`
}

type daeInput struct {
	Semantic string `xml:"semantic,attr"`
	Source   string `xml:"source,attr"`
	Offset   int    `xml:"offset,attr"`
	Set      int    `xml:"set,attr"`
}

type daeEffect struct {
	ID     string `xml:"id,attr"`
	Params []struct {
		SID     string `xml:"sid,attr"`
		Surface string `xml:"surface>init_from"`
		Sampler string `xml:"sampler2D>source"`
		Image   struct {
			URL string `xml:"url,attr"`
		} `xml:"sampler2D>instance_image"` // COLLADA 1.5
	} `xml:"profile_COMMON>newparam"`
	Techniques []struct {
		Shaders []struct {
			XMLName  xml.Name
			Diffuse  *daeColorOrTexture `xml:"diffuse"`
			Emission *daeColorOrTexture `xml:"emission"`
		} `xml:",any"`
	} `xml:"profile_COMMON>technique"`
}

type daeColorOrTexture struct {
	Color   string `xml:"color"`
	Texture *struct {
		Texture string `xml:"texture,attr"`
	} `xml:"texture"`
}

type daePrims struct {
	Material string     `xml:"material,attr"`
	Inputs   []daeInput `xml:"input"`
	VCount   string     `xml:"vcount"`
	P        []string   `xml:"p"`
}

type daeScene struct {
	ID    string    `xml:"id,attr"`
	Nodes []daeNode `xml:"node"`
}

type daeNode struct {
	ID    string    `xml:"id,attr"`
	Nodes []daeNode `xml:"node"`
	// Instances place other nodes (by id) under this one.
	Instances []struct {
		URL string `xml:"url,attr"`
	} `xml:"instance_node"`
	Geoms []struct {
		URL  string `xml:"url,attr"`
		Bind []struct {
			Symbol string `xml:"symbol,attr"`
			Target string `xml:"target,attr"`
		} `xml:"bind_material>technique_common>instance_material"`
	} `xml:"instance_geometry"`
	// Transform elements in document order (and anything else, ignored).
	Any []struct {
		XMLName xml.Name
		Text    string `xml:",chardata"`
	} `xml:",any"`
}

// DecodeDAE reads the triangles of a COLLADA file in metres, Z-up.
func DecodeDAE(data []byte) (*Mesh, error) {
	return Decode("mesh.dae", data, nil)
}

// maxDAENodeVisits bounds the nodes one COLLADA scene places, instances
// counted: a million, far beyond any model.
const maxDAENodeVisits = 1 << 20

// maxInputOffset bounds a primitive input's offset: indices are
// interleaved per vertex, and no real file interleaves more than a few
// dozen inputs.
const maxInputOffset = 1 << 16

func decodeDAE(data []byte, b *builder) error {
	var doc daeDoc
	d := xml.NewDecoder(bytes.NewReader(data))
	if err := d.Decode(&doc); err != nil {
		return fmt.Errorf("meshio: malformed COLLADA: %w", err)
	}
	unit := 1.0
	if doc.Unit != nil && doc.Unit.Meter != "" {
		u, err := strconv.ParseFloat(strings.TrimSpace(doc.Unit.Meter), 64)
		if err != nil || !(u > 0) || math.IsInf(u, 0) {
			return fmt.Errorf("meshio: COLLADA unit meter=%q is not a positive number", doc.Unit.Meter)
		}
		unit = u
	}
	// up_axis is not applied: RViz drops the turn its importer makes of
	// it, and MoveIt's and Gazebo's readers ignore it, so a robot's
	// COLLADA vertices sit in the link frame as the file writes them.
	up := convert.Identity()
	up.S = convert.Vec3{unit, unit, unit}
	base := mat4(up)

	geoms := map[string]*daeGeometry{}
	for i := range doc.Geometries {
		geoms[doc.Geometries[i].ID] = &doc.Geometries[i]
	}
	// Two passes: the first parses each geometry once and charges every
	// instance's triangles, so an instancing bomb fails before anything is
	// built; the second builds.
	parsed := map[*daeGeometry]*daeTriangles{}
	counting := true
	looks := doc.looks()
	add := func(g *daeGeometry, m [4][4]float64, bind map[string]string) error {
		t, ok := parsed[g]
		if !ok {
			var err error
			if t, err = parseGeometry(g); err != nil {
				return err
			}
			parsed[g] = t
		}
		if counting {
			b.pending += int64(len(t.tris) / 3)
			return b.flush()
		}
		t.addTo(b, m, func(symbol string) (Part, bool) {
			id := symbol
			if target, ok := bind[symbol]; ok {
				id = strings.TrimPrefix(target, "#")
			}
			p, ok := looks[id]
			return p, ok
		})
		return nil
	}
	var scene *daeScene
	for i := range doc.Scenes {
		if scene == nil || "#"+doc.Scenes[i].ID == doc.SceneURL.URL {
			scene = &doc.Scenes[i]
		}
	}
	if scene == nil {
		for _, c := range []bool{true, false} {
			counting = c
			for i := range doc.Geometries {
				if err := add(&doc.Geometries[i], base, nil); err != nil {
					return err
				}
			}
		}
		return nil
	}
	// every node by id, for <instance_node>
	byID := map[string]*daeNode{}
	var index func(ns []daeNode)
	index = func(ns []daeNode) {
		for i := range ns {
			if ns[i].ID != "" {
				byID[ns[i].ID] = &ns[i]
			}
			index(ns[i].Nodes)
		}
	}
	index(doc.LibraryNodes)
	for i := range doc.Scenes {
		index(doc.Scenes[i].Nodes)
	}
	// visits bounds the walk: nodes instancing nodes can name a tree far
	// larger than the file (each level instancing the next twice), which
	// may hold no triangle for the limits to count
	visits := 0
	var walk func(n *daeNode, parent [4][4]float64, depth int) error
	walk = func(n *daeNode, parent [4][4]float64, depth int) error {
		if depth > 256 {
			return fmt.Errorf("meshio: COLLADA node hierarchy is deeper than 256")
		}
		if visits++; visits > maxDAENodeVisits {
			return fmt.Errorf("meshio: COLLADA nodes instance more than %d nodes", maxDAENodeVisits)
		}
		m, err := nodeMatrix(n)
		if err != nil {
			return err
		}
		m = mul4(parent, m)
		for _, ig := range n.Geoms {
			g := geoms[strings.TrimPrefix(ig.URL, "#")]
			if g == nil {
				return fmt.Errorf("meshio: COLLADA instance_geometry %q not found", ig.URL)
			}
			bind := map[string]string{}
			for _, im := range ig.Bind {
				bind[im.Symbol] = im.Target
			}
			if err := add(g, m, bind); err != nil {
				return err
			}
		}
		// the schema's order: instanced nodes before child nodes
		for _, in := range n.Instances {
			placed := byID[strings.TrimPrefix(in.URL, "#")]
			if placed == nil {
				return fmt.Errorf("meshio: COLLADA instance_node %q not found", in.URL)
			}
			if err := walk(placed, m, depth+1); err != nil {
				return err
			}
		}
		for i := range n.Nodes {
			if err := walk(&n.Nodes[i], m, depth+1); err != nil {
				return err
			}
		}
		return nil
	}
	for _, c := range []bool{true, false} {
		counting, visits = c, 0
		for i := range scene.Nodes {
			if err := walk(&scene.Nodes[i], base, 0); err != nil {
				return err
			}
		}
	}
	return nil
}

// daeTriangles is one geometry parsed once: its positions and its
// triangles as position indices, so every instance only transforms them.
type daeTriangles struct {
	positions []convert.Vec3
	tris      []int // three position indices per triangle
	// uv holds each corner's texture coordinates when any primitive has
	// a TEXCOORD input (parallel to tris).
	uv [][2]float64
	// runs are the primitives' material symbols and triangle counts.
	runs []daeRun
}

type daeRun struct {
	symbol    string
	triangles int
}

// addTo adds one instance, whose triangles were charged already; look
// finds the part a material symbol is drawn with.
func (t *daeTriangles) addTo(b *builder, m [4][4]float64, look func(symbol string) (Part, bool)) {
	k := 0
	for _, r := range t.runs {
		if r.symbol != "" || b.hasPart {
			p, ok := look(r.symbol)
			if !ok {
				p = Part{Material: r.symbol}
			}
			b.usePart(p)
		}
		for end := k + 3*r.triangles; k < end; k += 3 {
			var uv *[3][2]float64
			if t.uv != nil {
				uv = &[3][2]float64{t.uv[k], t.uv[k+1], t.uv[k+2]}
			}
			b.addUV(apply4(m, t.positions[t.tris[k]]), apply4(m, t.positions[t.tris[k+1]]), apply4(m, t.positions[t.tris[k+2]]), uv)
		}
	}
}

// shaders lists the effect's shading models (phong, lambert, …).
func (e *daeEffect) shaders() []daeShaderRef {
	var out []daeShaderRef
	for _, t := range e.Techniques {
		for _, sh := range t.Shaders {
			out = append(out, daeShaderRef{sh.XMLName.Local, sh.Diffuse, sh.Emission})
		}
	}
	return out
}

type daeShaderRef struct {
	model             string
	diffuse, emission *daeColorOrTexture
}

// looks resolves every material to the part it draws: the effect's
// diffuse (or, for a constant shader, emission) colour or texture image.
func (doc *daeDoc) looks() map[string]Part {
	images := map[string]string{}
	for _, im := range doc.Images {
		images[im.ID] = im.file()
	}
	effects := map[string]Part{}
	for _, e := range doc.Effects {
		params := map[string]int{}
		for i, p := range e.Params {
			params[p.SID] = i
		}
		// image follows sampler → surface → image, or takes the id as
		// an image's, as exporters write either.
		image := func(ref string) string {
			for hops := 0; hops < 4; hops++ {
				i, ok := params[ref]
				if !ok {
					break
				}
				p := e.Params[i]
				switch {
				case p.Image.URL != "":
					ref = strings.TrimPrefix(p.Image.URL, "#")
				case p.Sampler != "":
					ref = strings.TrimSpace(p.Sampler)
				default:
					ref = strings.TrimSpace(p.Surface)
				}
			}
			return images[ref]
		}
		var part Part
		for _, sh := range e.shaders() {
			ct := sh.diffuse
			if ct == nil && sh.model == "constant" {
				ct = sh.emission
			}
			if ct == nil {
				continue
			}
			if ct.Texture != nil {
				part.Texture = image(ct.Texture.Texture)
			} else if v, err := parseFloats(ct.Color); err == nil && (len(v) == 3 || len(v) == 4) {
				c := [4]float64{clamp01(v[0]), clamp01(v[1]), clamp01(v[2]), 1}
				if len(v) == 4 {
					c[3] = clamp01(v[3])
				}
				part.Color = &c
			}
			break
		}
		effects[e.ID] = part
	}
	out := map[string]Part{}
	for _, m := range doc.Materials {
		p := effects[strings.TrimPrefix(m.Effect.URL, "#")]
		p.Material = m.ID
		out[m.ID] = p
	}
	return out
}

func parseGeometry(g *daeGeometry) (*daeTriangles, error) {
	out := &daeTriangles{}
	mesh := g.Mesh
	if mesh == nil {
		return out, nil // splines and other non-mesh geometry carry no triangles
	}
	sources := map[string]*daeSource{}
	for i := range mesh.Sources {
		sources[mesh.Sources[i].ID] = &mesh.Sources[i]
	}
	var posSrc *daeSource
	for _, in := range mesh.Vertices.Inputs {
		if in.Semantic == "POSITION" {
			posSrc = sources[strings.TrimPrefix(in.Source, "#")]
		}
	}
	if posSrc == nil {
		return nil, fmt.Errorf("meshio: COLLADA geometry %q has no POSITION source", g.ID)
	}
	floats, err := parseFloats(posSrc.Floats)
	if err != nil {
		return nil, fmt.Errorf("meshio: COLLADA geometry %q: %w", g.ID, err)
	}
	stride := posSrc.Accessor.Stride
	if stride == 0 {
		stride = 3
	}
	if stride < 3 {
		return nil, fmt.Errorf("meshio: COLLADA geometry %q: position stride %d < 3", g.ID, stride)
	}
	nverts := len(floats) / stride
	out.positions = make([]convert.Vec3, nverts)
	for i := range out.positions {
		out.positions[i] = convert.Vec3{floats[i*stride], floats[i*stride+1], floats[i*stride+2]}
	}
	point := func(i int) (int, error) {
		if i < 0 || i >= nverts {
			return 0, fmt.Errorf("meshio: COLLADA geometry %q: vertex index %d out of range (%d vertices)", g.ID, i, nverts)
		}
		return i, nil
	}
	// UVs are kept per corner once any primitive has a TEXCOORD input.
	hasUV := false
	for _, list := range [][]daePrims{mesh.Triangles, mesh.Polylists, mesh.Polygons} {
		for _, pr := range list {
			for _, in := range pr.Inputs {
				hasUV = hasUV || in.Semantic == "TEXCOORD"
			}
		}
	}
	emit := func(prims []daePrims, fixed int) error {
		for _, pr := range prims {
			step, voff := 0, -1
			tset, toff := 0, -1
			var tex []float64
			tstride := 2
			for _, in := range pr.Inputs {
				if in.Offset < 0 || in.Offset > maxInputOffset {
					return fmt.Errorf("meshio: COLLADA geometry %q: input offset %d is not 0..%d", g.ID, in.Offset, maxInputOffset)
				}
				if in.Offset+1 > step {
					step = in.Offset + 1
				}
				if in.Semantic == "VERTEX" {
					voff = in.Offset
				}
				if in.Semantic != "TEXCOORD" || toff >= 0 && in.Set >= tset {
					continue
				}
				// Coordinates are for drawing only: a source that is
				// missing or broken leaves the corners at 0, 0 rather than
				// failing a file whose geometry is sound.
				src := sources[strings.TrimPrefix(in.Source, "#")]
				if src == nil || src.Accessor.Stride == 1 || src.Accessor.Stride < 0 {
					continue
				}
				if v, err := parseFloats(src.Floats); err == nil {
					tset, toff, tex, tstride = in.Set, in.Offset, v, src.Accessor.Stride
					if tstride == 0 {
						tstride = 2
					}
				}
			}
			if voff < 0 {
				return fmt.Errorf("meshio: COLLADA geometry %q: primitive without VERTEX input", g.ID)
			}
			corner := func(i int) ([2]float64, error) {
				if toff < 0 || i < 0 || i >= len(tex)/tstride {
					return [2]float64{}, nil // none, or out of range: 0, 0
				}
				return [2]float64{tex[i*tstride], tex[i*tstride+1]}, nil
			}
			before := len(out.tris)
			var counts []int
			if fixed == 0 && pr.VCount != "" {
				vc, err := parseInts(pr.VCount)
				if err != nil {
					return fmt.Errorf("meshio: COLLADA geometry %q: vcount: %w", g.ID, err)
				}
				counts = vc
			}
			for _, ptext := range pr.P {
				idx, err := parseInts(ptext)
				if err != nil {
					return fmt.Errorf("meshio: COLLADA geometry %q: <p>: %w", g.ID, err)
				}
				n := len(idx) / step
				polys := counts
				if fixed > 0 {
					polys = nil
					for k := 0; k+fixed <= n; k += fixed {
						polys = append(polys, fixed)
					}
				} else if polys == nil { // <polygons>: one polygon per <p>
					polys = []int{n}
				}
				at := 0
				for _, c := range polys {
					if c < 0 || c > n-at {
						return fmt.Errorf("meshio: COLLADA geometry %q: polygon counts exceed the index list", g.ID)
					}
					var first, prev int
					var firstUV, prevUV [2]float64
					for k := 0; k < c; k++ {
						p, err := point(idx[(at+k)*step+voff])
						if err != nil {
							return err
						}
						var uv [2]float64
						if toff >= 0 {
							if uv, err = corner(idx[(at+k)*step+toff]); err != nil {
								return err
							}
						}
						if k >= 2 {
							out.tris = append(out.tris, first, prev, p)
							if hasUV {
								out.uv = append(out.uv, firstUV, prevUV, uv)
							}
						}
						if k == 0 {
							first, firstUV = p, uv
						}
						prev, prevUV = p, uv
					}
					at += c
				}
			}
			if n := (len(out.tris) - before) / 3; n > 0 {
				out.runs = append(out.runs, daeRun{pr.Material, n})
			}
		}
		return nil
	}
	if err := emit(mesh.Triangles, 3); err != nil {
		return nil, err
	}
	if err := emit(mesh.Polylists, 0); err != nil {
		return nil, err
	}
	if err := emit(mesh.Polygons, 0); err != nil {
		return nil, err
	}
	return out, nil
}

// nodeMatrix composes a node's transform elements in document order.
func nodeMatrix(n *daeNode) ([4][4]float64, error) {
	m := ident4()
	for _, e := range n.Any {
		var t [4][4]float64
		switch e.XMLName.Local {
		case "matrix":
			v, err := parseFloats(e.Text)
			if err != nil || len(v) != 16 {
				return m, fmt.Errorf("meshio: COLLADA <matrix> needs 16 numbers")
			}
			for r := 0; r < 4; r++ {
				for c := 0; c < 4; c++ {
					t[r][c] = v[r*4+c] // row-major in COLLADA
				}
			}
		case "translate", "scale", "rotate":
			v, err := parseFloats(e.Text)
			want := 3
			if e.XMLName.Local == "rotate" {
				want = 4
			}
			if err != nil || len(v) != want {
				return m, fmt.Errorf("meshio: COLLADA <%s> needs %d numbers", e.XMLName.Local, want)
			}
			tr := convert.Identity()
			switch e.XMLName.Local {
			case "translate":
				tr.T = convert.Vec3{v[0], v[1], v[2]}
			case "scale":
				tr.S = convert.Vec3{v[0], v[1], v[2]}
			case "rotate":
				tr.R = convert.AxisAngle(convert.Vec3{v[0], v[1], v[2]}, v[3]*math.Pi/180)
			}
			t = mat4(tr)
		default:
			continue
		}
		m = mul4(m, t)
	}
	return m, nil
}

func ident4() [4][4]float64 {
	return [4][4]float64{{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}}
}

func mat4(t convert.Transform) [4][4]float64 {
	r := t.R.Mat()
	m := ident4()
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			m[i][j] = r[i][j] * t.S[j]
		}
		m[i][3] = t.T[i]
	}
	return m
}

func mul4(a, b [4][4]float64) [4][4]float64 {
	var r [4][4]float64
	for i := 0; i < 4; i++ {
		for j := 0; j < 4; j++ {
			for k := 0; k < 4; k++ {
				r[i][j] += a[i][k] * b[k][j]
			}
		}
	}
	return r
}

func apply4(m [4][4]float64, p convert.Vec3) convert.Vec3 {
	var r convert.Vec3
	for i := 0; i < 3; i++ {
		r[i] = m[i][0]*p[0] + m[i][1]*p[1] + m[i][2]*p[2] + m[i][3]
	}
	return r
}

func parseFloats(s string) ([]float64, error) {
	f := strings.Fields(s)
	out := make([]float64, len(f))
	for i, x := range f {
		v, err := strconv.ParseFloat(x, 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("bad number %q", x)
		}
		out[i] = v
	}
	return out, nil
}

func parseInts(s string) ([]int, error) {
	f := strings.Fields(s)
	out := make([]int, len(f))
	for i, x := range f {
		v, err := strconv.Atoi(x)
		if err != nil {
			return nil, fmt.Errorf("bad index %q", x)
		}
		out[i] = v
	}
	return out, nil
}
