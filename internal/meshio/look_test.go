package meshio

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/physconv/physconv/internal/testenv"
)

func rgba(r, g, b, a float64) *[4]float64 { return &[4]float64{r, g, b, a} }

// daeTwoMaterials is a quad in two triangles, one per material: a red
// phong colour bound through instance_material, and a lambert texture
// reached through sampler → surface → image, with TEXCOORD set 0.
const daeTwoMaterials = `<?xml version="1.0"?>
<COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema" version="1.4.1">
 <asset><up_axis>Z_UP</up_axis></asset>
 <library_images><image id="img"><init_from>tex/skin.png</init_from></image></library_images>
 <library_effects>
  <effect id="red-fx"><profile_COMMON><technique sid="c"><phong><diffuse><color>1 0 0 0.5</color></diffuse></phong></technique></profile_COMMON></effect>
  <effect id="tex-fx"><profile_COMMON>
   <newparam sid="surf"><surface type="2D"><init_from>img</init_from></surface></newparam>
   <newparam sid="samp"><sampler2D><source>surf</source></sampler2D></newparam>
   <technique sid="c"><lambert><diffuse><texture texture="samp" texcoord="UV"/></diffuse></lambert></technique>
  </profile_COMMON></effect>
 </library_effects>
 <library_materials>
  <material id="red"><instance_effect url="#red-fx"/></material>
  <material id="skin"><instance_effect url="#tex-fx"/></material>
 </library_materials>
 <library_geometries><geometry id="g"><mesh>
  <source id="p"><float_array count="12">0 0 0 1 0 0 1 1 0 0 1 0</float_array><technique_common><accessor stride="3"/></technique_common></source>
  <source id="t"><float_array count="8">0 0 1 0 1 1 0 1</float_array><technique_common><accessor stride="2"/></technique_common></source>
  <vertices id="v"><input semantic="POSITION" source="#p"/></vertices>
  <triangles material="A" count="1"><input semantic="VERTEX" source="#v" offset="0"/><input semantic="TEXCOORD" source="#t" offset="1" set="0"/><p>0 0 1 1 2 2</p></triangles>
  <triangles material="B" count="1"><input semantic="VERTEX" source="#v" offset="0"/><input semantic="TEXCOORD" source="#t" offset="1" set="0"/><p>0 0 2 2 3 3</p></triangles>
 </mesh></geometry></library_geometries>
 <library_visual_scenes><visual_scene id="s"><node>
  <instance_geometry url="#g"><bind_material><technique_common>
   <instance_material symbol="A" target="#red"/><instance_material symbol="B" target="#skin"/>
  </technique_common></bind_material></instance_geometry>
 </node></visual_scene></library_visual_scenes>
 <scene><instance_visual_scene url="#s"/></scene>
</COLLADA>`

// TestMeshLooks: the parts (material runs with their colour and texture)
// and per-corner texture coordinates each reader finds.
func TestMeshLooks(t *testing.T) {
	cases := []struct {
		name, file, data string
		parts            []Part
		uv               [][2]float64
		libs             []string
	}{
		{name: "stl has none", file: "a.obj", data: "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n"},
		{name: "obj usemtl runs and vt", file: "a.obj",
			data:  "mtllib a.mtl\nv 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nvt 0 0\nvt 1 0\nvt 1 1\nvt 0 1\nusemtl red\nf 1/1 2/2 3/3\nusemtl skin\nf 1/1 3/3 4/4\n",
			parts: []Part{{Triangles: 1, Material: "red"}, {Triangles: 1, Material: "skin"}},
			uv:    [][2]float64{{0, 0}, {1, 0}, {1, 1}, {0, 0}, {1, 1}, {0, 1}},
			libs:  []string{"a.mtl"}},
		{name: "obj quad fanned, corners without vt hold 0", file: "a.obj",
			data:  "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nvt 0.5 0.25\nf 1 2 3\nusemtl m\nf 1/1 3/1 4/1\n",
			parts: []Part{{Triangles: 1}, {Triangles: 1, Material: "m"}},
			uv:    [][2]float64{{0, 0}, {0, 0}, {0, 0}, {0.5, 0.25}, {0.5, 0.25}, {0.5, 0.25}}},
		{name: "collada colour and texture per material", file: "a.dae", data: daeTwoMaterials,
			parts: []Part{{Triangles: 1, Material: "red", Color: rgba(1, 0, 0, 0.5)}, {Triangles: 1, Material: "skin", Texture: "tex/skin.png"}},
			uv:    [][2]float64{{0, 0}, {1, 0}, {1, 1}, {0, 0}, {1, 1}, {0, 1}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, err := Decode(c.file, []byte(c.data), nil)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(m.Parts, c.parts) {
				t.Errorf("parts %+v, want %+v", m.Parts, c.parts)
			}
			if !reflect.DeepEqual(m.UV, c.uv) {
				t.Errorf("uv %v, want %v", m.UV, c.uv)
			}
			if !reflect.DeepEqual(m.MaterialLibs, c.libs) {
				t.Errorf("mtllib %v, want %v", m.MaterialLibs, c.libs)
			}
		})
	}
}

func TestDecodeMTL(t *testing.T) {
	lib, err := DecodeMTL([]byte("# x\nnewmtl red\nKd 1 0 0\nd 0.25\nnewmtl skin\nKd 0.5 0.5 0.5\nmap_Kd -s 2 2 1 tex/skin.png\nnewmtl bare\nNs 10\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]MTL{"red": {Color: rgba(1, 0, 0, 0.25)}, "skin": {Color: rgba(0.5, 0.5, 0.5, 1), Texture: "tex/skin.png"}, "bare": {}}
	if !reflect.DeepEqual(lib, want) {
		t.Errorf("got %+v, want %+v", lib, want)
	}
	m := &Mesh{Parts: []Part{{Triangles: 2, Material: "skin"}, {Triangles: 1, Material: "unknown"}}}
	got := ApplyMTL(m, lib)
	if !reflect.DeepEqual(got, []Part{{Triangles: 2, Material: "skin", Color: rgba(0.5, 0.5, 0.5, 1), Texture: "tex/skin.png"}, {Triangles: 1, Material: "unknown"}}) {
		t.Errorf("ApplyMTL %+v", got)
	}
	if m.Parts[0].Color != nil {
		t.Error("ApplyMTL changed the mesh")
	}
	for _, bad := range []string{"newmtl a\nKd 1 x 0\n", "newmtl a\nd\n", "newmtl a\nmap_Kd\n", "\x00\x01"} {
		if _, err := DecodeMTL([]byte(bad)); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// TestCorpusLooks: the corpus files that carry materials are read with
// them (r2d2's finger references a colour texture; Bullet's plane a
// checker through its mtllib).
func TestCorpusLooks(t *testing.T) {
	root := testenv.Corpus(t)
	data, err := os.ReadFile(filepath.Join(root, "urdf/r2d2_urdf_tutorial/meshes/l_finger.dae"))
	if err != nil {
		t.Fatal(err)
	}
	m, err := Decode("l_finger.dae", data, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Parts) != 1 || m.Parts[0].Texture != "l_finger_color.png" || len(m.UV) != len(m.Indices) {
		t.Errorf("r2d2 finger: parts %+v, %d uv for %d corners", m.Parts, len(m.UV), len(m.Indices))
	}
	data, err = os.ReadFile(filepath.Join(root, "urdf/bullet_plane/plane.obj"))
	if err != nil {
		t.Fatal(err)
	}
	if m, err = Decode("plane.obj", data, nil); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(m.MaterialLibs, []string{"plane.mtl"}) || len(m.Parts) != 1 || m.Parts[0].Material != "Material" || m.UV[1] != [2]float64{15, 15} {
		t.Errorf("plane: libs %v parts %+v uv %v", m.MaterialLibs, m.Parts, m.UV)
	}
}

// TestDAEBadTexcoords: broken texture coordinates (a missing source, an
// index out of range) leave corners at 0, 0; the geometry still reads.
func TestDAEBadTexcoords(t *testing.T) {
	for name, edit := range map[string][2]string{
		"missing source": {`source="#t" offset="1" set="0"/><p>0 0 1 1 2 2</p>`, `source="#nope" offset="1" set="0"/><p>0 0 1 1 2 2</p>`},
		"index too big":  {`<p>0 0 1 1 2 2</p>`, `<p>0 0 1 1 2 99</p>`},
	} {
		src := strings.Replace(daeTwoMaterials, edit[0], edit[1], 1)
		if src == daeTwoMaterials {
			t.Fatalf("%s: edit not applied", name)
		}
		m, err := Decode("a.dae", []byte(src), nil)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(m.Indices) != 6 || len(m.UV) != 6 || m.UV[2] != ([2]float64{}) {
			t.Errorf("%s: %d indices, uv %v", name, len(m.Indices), m.UV)
		}
	}
}
