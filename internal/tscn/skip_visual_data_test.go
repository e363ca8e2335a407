package tscn

import (
	"reflect"
	"strings"
	"testing"
)

// skipScene holds byte arrays in and out of the resources that only draw
// (an ArrayMesh, an embedded texture, an image), in every spelling the
// reader meets, with a property after each to check lines.
const skipScene = `[gd_scene load_steps=6 format=3]

[sub_resource type="ArrayMesh" id="m"]
_surfaces = [{
"format": 34359742465,
"index_data": PackedByteArray(0, 0, 2, 0,
 1, 0),
"vertex_data": PackedByteArray(0, 0, 128, 63, 0, 0, 0, 0, 0, 0, 0, 0),
"attribute_data": PackedByteArray("AACAPwAAAAA="),
"skin_data": PackedByteArray(),
"blend": [PackedByteArray(1, 2), PackedByteArray(3)]
}]
after_mesh = 1

[sub_resource type="PortableCompressedTexture2D" id="t"]
_data = PackedByteArray(1, 2,
 3)
after_texture = 2

[sub_resource type="Image" id="i"]
data = {"data": PackedByteArray(8, 9, 10, 11), "format": "RGBA8", "height": 1, "mipmaps": false, "width": 1}

[sub_resource type="HeightMapShape3D" id="h"]
map_width = 2
map_depth = 2
map_data = PackedFloat32Array(0, 1, 2, 3)

[sub_resource type="ConcavePolygonShape3D" id="c"]
data = PackedVector3Array(0, 0, 0, 1, 0, 0, 0, 1, 0)
backing = PackedByteArray(4, 5)

[node name="Root" type="Node3D"]
metadata/bytes = PackedByteArray(6, 7)
`

// TestSkipVisualData: with SkipVisualData, the byte arrays of ArrayMesh,
// texture and image resources that hold only numbers come out unread, and
// everything else, line numbers included, as Decode reads it.
func TestSkipVisualData(t *testing.T) {
	full, err := Decode([]byte(skipScene))
	if err != nil {
		t.Fatal(err)
	}
	skim, err := DecodeWith([]byte(skipScene), DecodeOptions{SkipVisualData: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(full.Sections) != len(skim.Sections) {
		t.Fatalf("%d sections, want %d", len(skim.Sections), len(full.Sections))
	}
	for i := range full.Sections {
		f, s := full.Sections[i], skim.Sections[i]
		if visualDataType(s.AttrString("type")) {
			continue
		}
		if !reflect.DeepEqual(f, s) {
			t.Errorf("section %d [%s] read differently:\n%#v\nwant %#v", i, f.Tag, s, f)
		}
	}
	mesh := &skim.Sections[0]
	if l := mesh.PropLine("after_mesh"); l != full.Sections[0].PropLine("after_mesh") || l != 13 {
		t.Errorf("property after the mesh data at line %d, want 13", l)
	}
	v, _ := mesh.Prop("_surfaces")
	surf := v.(Array)[0].(Dict)
	get := func(key string) Value {
		for _, e := range surf {
			if e.Key == key {
				return e.Value
			}
		}
		t.Fatalf("no %q", key)
		return nil
	}
	for _, key := range []string{"index_data", "vertex_data", "skin_data"} {
		c := get(key).(*Call)
		if !c.Unread || c.Name != "PackedByteArray" || c.Args != nil || c.Bytes != nil {
			t.Errorf("%s: %#v, want an unread PackedByteArray", key, c)
		}
		if _, ok := c.ByteArgs(); ok {
			t.Errorf("%s: ByteArgs of an unread array succeeded", key)
		}
	}
	for _, c := range get("blend").(Array) {
		if !c.(*Call).Unread {
			t.Errorf("blend: %#v, want unread", c)
		}
	}
	tex := &skim.Sections[1]
	if c, _ := tex.Prop("_data"); !c.(*Call).Unread {
		t.Errorf("texture _data: %#v, want unread", c)
	}
	if l := tex.PropLine("after_texture"); l != full.Sections[1].PropLine("after_texture") || l != 18 {
		t.Errorf("property after the texture data at line %d, want 18", l)
	}
	img, _ := skim.Sections[2].Prop("data")
	for _, e := range img.(Dict) {
		if c, ok := e.Value.(*Call); e.Key == "data" && (!ok || !c.Unread) {
			t.Errorf("image data: %#v, want unread", e.Value)
		}
	}
	// a base64 string may hold anything: read as usual
	if c := get("attribute_data").(*Call); c.Unread || len(c.Args) != 1 {
		t.Errorf("attribute_data: %#v, want its string", c)
	}
	if _, ok := get("format").(int64); !ok {
		t.Errorf("format: %#v, want a number", get("format"))
	}
}

// TestSkipVisualDataResource: a .tres that is an ArrayMesh or an image has
// its data in its [resource] section; a collision shape's are read.
func TestSkipVisualDataResource(t *testing.T) {
	for _, c := range []struct {
		typ    string
		unread bool
	}{{"ArrayMesh", true}, {"Image", true}, {"PortableCompressedTexture2D", true}, {"ConcavePolygonShape3D", false}} {
		src := `[gd_resource type="` + c.typ + `" format=3]

[resource]
data = PackedByteArray(1, 2, 3)
`
		doc, err := DecodeWith([]byte(src), DecodeOptions{SkipVisualData: true})
		if err != nil {
			t.Fatal(err)
		}
		v, _ := doc.Sections[0].Prop("data")
		if got := v.(*Call).Unread; got != c.unread {
			t.Errorf("%s: unread %v, want %v", c.typ, got, c.unread)
		}
	}
}

// TestSkipVisualDataUncertain: where something before the first ')' could
// hide the array's end (a string, a call, a collection), the array is read
// as Decode reads it, errors and all.
func TestSkipVisualDataUncertain(t *testing.T) {
	for _, list := range []string{
		`"a)b"`,
		`1, "x)"`,
		`Vector3(1, 2, 3), 4`,
		`[1)], 2`,
		`{1: 2)}`,
		`1, 2`, // certain, for contrast: unread
	} {
		src := "[gd_scene format=3]\n\n[sub_resource type=\"ArrayMesh\" id=\"m\"]\ndata = PackedByteArray(" + list + ")\nnext = 2\n"
		full, ferr := Decode([]byte(src))
		skim, serr := DecodeWith([]byte(src), DecodeOptions{SkipVisualData: true})
		if list == "1, 2" {
			v, _ := skim.Sections[0].Prop("data")
			if serr != nil || !v.(*Call).Unread {
				t.Errorf("%s: %v, %#v; want unread", list, serr, v)
			}
			continue
		}
		if (ferr == nil) != (serr == nil) || ferr != nil && ferr.Error() != serr.Error() {
			t.Errorf("%s: error %v, want %v", list, serr, ferr)
			continue
		}
		if ferr == nil && !reflect.DeepEqual(full, skim) {
			t.Errorf("%s: read as %#v, want %#v", list, skim.Sections[0].Props, full.Sections[0].Props)
		}
	}
}

// TestSkipVisualDataMalformed: a malformed byte array in a mesh is an error
// of Decode; with SkipVisualData its elements are not looked at, so it is
// none, which is what the option is for (a reader after physics alone).
func TestSkipVisualDataMalformed(t *testing.T) {
	for _, list := range []string{"1, , 2", "1 2", "1; 2", "x", "0x10"} {
		src := "[gd_scene format=3]\n\n[sub_resource type=\"ArrayMesh\" id=\"m\"]\n_surfaces = [{\"vertex_data\": PackedByteArray(" + list + ")}]\n"
		if _, err := Decode([]byte(src)); err == nil || !strings.Contains(err.Error(), "line 4") {
			t.Errorf("%s: Decode error %v, want one at line 4", list, err)
		}
		if _, err := DecodeWith([]byte(src), DecodeOptions{SkipVisualData: true}); err != nil {
			t.Errorf("%s: with SkipVisualData: %v", list, err)
		}
		// in a resource that is physics, the option changes nothing
		other := strings.Replace(src, "ArrayMesh", "ConcavePolygonShape3D", 1)
		if _, err := DecodeWith([]byte(other), DecodeOptions{SkipVisualData: true}); err == nil {
			t.Errorf("%s: in a collision shape, no error with SkipVisualData", list)
		}
	}
}
