package tscn

import (
	"strings"
	"testing"
)

// Typed collections name their element type by a built-in name, by a
// script class given as a resource, or (a typed Dictionary) by two of
// those; the type is kept as written and written back. Malformed types
// are refused at their line.
func TestTypedCollections(t *testing.T) {
	good := []struct{ literal, typ string }{
		{`Array[int]([1, 2])`, "int"},
		{`Array[NodePath]([NodePath("a"), NodePath("b")])`, "NodePath"},
		{`Array[ExtResource("2_i825w")]([ExtResource("3_kr4p8"), ExtResource("2_6epbw")])`, `ExtResource("2_i825w")`},
		{`Array[ExtResource( 4 )]([])`, `ExtResource( 4 )`},
		{`Array[SubResource("a]b")]([])`, `SubResource("a]b")`},
		{`Dictionary[String, int]({"a": 1})`, "String, int"},
		{`Dictionary[StringName, ExtResource("1_x")]({})`, `StringName, ExtResource("1_x")`},
		{`Array[ int ]([])`, "int"},
	}
	for _, c := range good {
		src := "[gd_scene format=3]\n\n[node name=\"n\" type=\"Node3D\"]\nv = " + c.literal + "\n"
		doc, err := Decode([]byte(src))
		if err != nil {
			t.Errorf("%s: %v", c.literal, err)
			continue
		}
		v, _ := doc.Sections[0].Prop("v")
		call, ok := v.(*Call)
		if !ok || call.Type != c.typ {
			t.Errorf("%s: read as %#v, want type %q", c.literal, v, c.typ)
			continue
		}
		again, err := Decode(Encode(doc))
		if err != nil {
			t.Errorf("%s: written back as unreadable %q: %v", c.literal, Encode(doc), err)
			continue
		}
		if w, _ := again.Sections[0].Prop("v"); EncodeValue(w) != EncodeValue(v) {
			t.Errorf("%s: written back as %s", c.literal, EncodeValue(w))
		}
	}
	bad := []string{
		"Array[int([1])",
		"Array[ExtResource(\"2\"]([])",
		"Array[ExtResource(\"2)]([])",
		"Array[int\n]([])",
		"Array[Array[int]]([])",
		"Array[int)]([])",
		"Array[{}]([])",
		"Array[",
	}
	for _, literal := range bad {
		src := "[gd_scene format=3]\n\n[node name=\"n\" type=\"Node3D\"]\nv = " + literal + "\n"
		_, err := Decode([]byte(src))
		se, ok := err.(*SyntaxError)
		if !ok || se.Line != 4 {
			t.Errorf("%q: want a syntax error at line 4, got %v", literal, err)
		} else if !strings.Contains(se.Error(), "Array") {
			t.Errorf("%q: error %v does not name the collection", literal, se)
		}
	}
}
