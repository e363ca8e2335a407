package tscn

import (
	"reflect"
	"strings"
	"testing"
)

// skipScene holds byte arrays in and out of ArrayMesh resources, in every
// spelling the reader meets, with a property after each to check lines.
const skipScene = `[gd_scene load_steps=5 format=3]

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
_data = PackedByteArray(1, 2, 3)

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

// TestSkipMeshData: with SkipMeshData, the byte arrays of ArrayMesh
// resources that hold only numbers come out unread, and everything else,
// line numbers included, as Decode reads it.
func TestSkipMeshData(t *testing.T) {
	full, err := Decode([]byte(skipScene))
	if err != nil {
		t.Fatal(err)
	}
	skim, err := DecodeWith([]byte(skipScene), DecodeOptions{SkipMeshData: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(full.Sections) != len(skim.Sections) {
		t.Fatalf("%d sections, want %d", len(skim.Sections), len(full.Sections))
	}
	for i := range full.Sections {
		f, s := full.Sections[i], skim.Sections[i]
		if s.AttrString("type") == "ArrayMesh" {
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
	// a base64 string may hold anything: read as usual
	if c := get("attribute_data").(*Call); c.Unread || len(c.Args) != 1 {
		t.Errorf("attribute_data: %#v, want its string", c)
	}
	if _, ok := get("format").(int64); !ok {
		t.Errorf("format: %#v, want a number", get("format"))
	}
}

// TestSkipMeshDataResource: a .tres that is an ArrayMesh has its data in
// its [resource] section; another resource's are read.
func TestSkipMeshDataResource(t *testing.T) {
	for _, c := range []struct {
		typ    string
		unread bool
	}{{"ArrayMesh", true}, {"Image", false}} {
		src := `[gd_resource type="` + c.typ + `" format=3]

[resource]
data = PackedByteArray(1, 2, 3)
`
		doc, err := DecodeWith([]byte(src), DecodeOptions{SkipMeshData: true})
		if err != nil {
			t.Fatal(err)
		}
		v, _ := doc.Sections[0].Prop("data")
		if got := v.(*Call).Unread; got != c.unread {
			t.Errorf("%s: unread %v, want %v", c.typ, got, c.unread)
		}
	}
}

// TestSkipMeshDataUncertain: where something before the first ')' could
// hide the array's end (a string, a call, a collection), the array is read
// as Decode reads it, errors and all.
func TestSkipMeshDataUncertain(t *testing.T) {
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
		skim, serr := DecodeWith([]byte(src), DecodeOptions{SkipMeshData: true})
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

// TestSkipMeshDataMalformed: a malformed byte array in a mesh is an error
// of Decode; with SkipMeshData its elements are not looked at, so it is
// none, which is what the option is for (a reader after physics alone).
func TestSkipMeshDataMalformed(t *testing.T) {
	for _, list := range []string{"1, , 2", "1 2", "1; 2", "x", "0x10"} {
		src := "[gd_scene format=3]\n\n[sub_resource type=\"ArrayMesh\" id=\"m\"]\n_surfaces = [{\"vertex_data\": PackedByteArray(" + list + ")}]\n"
		if _, err := Decode([]byte(src)); err == nil || !strings.Contains(err.Error(), "line 4") {
			t.Errorf("%s: Decode error %v, want one at line 4", list, err)
		}
		if _, err := DecodeWith([]byte(src), DecodeOptions{SkipMeshData: true}); err != nil {
			t.Errorf("%s: with SkipMeshData: %v", list, err)
		}
		// anywhere else, the option changes nothing
		other := strings.Replace(src, "ArrayMesh", "Image", 1)
		if _, err := DecodeWith([]byte(other), DecodeOptions{SkipMeshData: true}); err == nil {
			t.Errorf("%s: outside a mesh, no error with SkipMeshData", list)
		}
	}
}
