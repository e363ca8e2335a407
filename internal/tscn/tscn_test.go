package tscn

import (
	"bytes"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/physconv/physconv/internal/testenv"
)

// corpusFiles lists every .tscn/.tres under the Godot corpus folders.
func corpusFiles(t testing.TB) []string {
	t.Helper()
	return testenv.CorpusFiles(t, []string{".tscn", ".tres"}, "godot", "godot3")
}

func TestCorpusRoundTrip(t *testing.T) {
	files := corpusFiles(t)
	if len(files) < 35 {
		t.Fatalf("found only %d corpus files", len(files))
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		doc, err := Decode(data)
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		again, err := Decode(Encode(doc))
		if err != nil {
			t.Errorf("%s: re-encoded text does not decode: %v", f, err)
			continue
		}
		stripLines(doc)
		stripLines(again)
		if !reflect.DeepEqual(doc, again) {
			t.Errorf("%s: round trip changed the document", f)
		}
	}
}

func stripLines(d *Document) {
	strip := func(s *Section) {
		s.Line = 0
		for i := range s.Attrs {
			s.Attrs[i].Line = 0
		}
		for i := range s.Props {
			s.Props[i].Line = 0
		}
	}
	strip(&d.Header)
	for i := range d.Sections {
		strip(&d.Sections[i])
	}
}

func TestValues(t *testing.T) {
	src := `[gd_scene load_steps=3 format=3 uid="uid://x"]

[node name="N" type="Node3D" parent="." unique_id=42 groups=["a", "b"] parent_id_path=PackedInt32Array(1, 2)]
a = Vector3(1, -2.5, 3e-05)
b = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 0.5, 0, -1)
c = "esc \"q\" \\ \n \u00e9"
d = &"name"
e = NodePath("../Body")
f = ^"x/y"
g = [1, 2.0, "s", null, true]
h = {"k": Color(1, 0, 0, 1), 3: [] }
i = inf
j = -inf
k = nan
l = Array[int]([1, 2])
m = SubResource("Box_1")
n = ExtResource( 3 )
o = Object(InputEventKey,"resource_local_to_scene":false,"keycode":65)
metadata/_edit_lock_ = true
"quoted key" = 1
`
	doc, err := Decode([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if doc.Format() != 3 || doc.Header.AttrString("uid") != "uid://x" {
		t.Fatalf("header %+v", doc.Header)
	}
	n := doc.Sections[0]
	if n.Attr("unique_id") != int64(42) {
		t.Errorf("unique_id %v", n.Attr("unique_id"))
	}
	get := func(k string) Value { v, _ := n.Prop(k); return v }
	if fl, _ := get("a").(*Call).Floats(); !reflect.DeepEqual(fl, []float64{1, -2.5, 3e-05}) {
		t.Errorf("a = %v", fl)
	}
	if get("c") != "esc \"q\" \\ \n é" {
		t.Errorf("c = %q", get("c"))
	}
	if get("d") != StringName("name") || get("e") != NodePath("../Body") || get("f") != NodePath("x/y") {
		t.Errorf("d e f = %v %v %v", get("d"), get("e"), get("f"))
	}
	if g := get("g").(Array); len(g) != 5 || g[0] != int64(1) || g[1] != 2.0 || g[3] != nil || g[4] != true {
		t.Errorf("g = %v", g)
	}
	if h := get("h").(Dict); len(h) != 2 || h[1].Key != int64(3) {
		t.Errorf("h = %v", h)
	}
	if !math.IsInf(get("i").(float64), 1) || !math.IsInf(get("j").(float64), -1) || !math.IsNaN(get("k").(float64)) {
		t.Errorf("i j k = %v %v %v", get("i"), get("j"), get("k"))
	}
	if l := get("l").(*Call); l.Type != "int" || len(l.Args) != 1 {
		t.Errorf("l = %+v", l)
	}
	if get("m") != (Ref{Kind: "SubResource", ID: "Box_1"}) || get("n") != (Ref{Kind: "ExtResource", ID: "3", IntID: true}) {
		t.Errorf("m n = %v %v", get("m"), get("n"))
	}
	if o := get("o").(*Object); o.Class != "InputEventKey" || len(o.Props) != 2 {
		t.Errorf("o = %+v", o)
	}
	if get("metadata/_edit_lock_") != true || get("quoted key") != int64(1) {
		t.Error("keys")
	}
	out := string(Encode(doc))
	for _, want := range []string{`c = "esc \"q\" \\ \n é"`, `n = ExtResource(3)`, `i = inf`, `a = Vector3(1, -2.5, 3e-05)`, `"quoted key" = 1`} {
		if !strings.Contains(out, want) {
			t.Errorf("encoded text lacks %q:\n%s", want, out)
		}
	}
}

// Strings and names as Godot's own parser reads them: any escaped
// character other than the named escapes stands for itself ("SceneTree\?"
// is a node name in a scene that exercises every node), and @"…" is
// Godot 3's StringName, which Godot 4 reads in old animations.
func TestEscapesAndOldStringNames(t *testing.T) {
	src := "[gd_scene format=3]\n\n[node name=\"SceneTree\\?\" type=\"Node2D\" parent=\".\"]\n" +
		"a = \"x\\?y\\%z\\é\"\nb = {\n\"name\": @\"New Anim\"\n}\nc = [@\"a\", &\"b\", ^\"c\"]\n"
	doc, err := Decode([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	n := doc.Sections[0]
	if n.AttrString("name") != "SceneTree?" {
		t.Errorf("name %q", n.AttrString("name"))
	}
	get := func(k string) Value { v, _ := n.Prop(k); return v }
	if get("a") != "x?y%zé" {
		t.Errorf("a = %q", get("a"))
	}
	if b := get("b").(Dict); len(b) != 1 || b[0].Value != StringName("New Anim") {
		t.Errorf("b = %#v", get("b"))
	}
	if c := get("c").(Array); len(c) != 3 || c[0] != StringName("a") || c[1] != StringName("b") || c[2] != NodePath("c") {
		t.Errorf("c = %#v", get("c"))
	}
}

func TestGodot3Spacing(t *testing.T) {
	doc := &Document{Header: Section{Tag: "gd_scene", Attrs: []Prop{{Key: "format", Value: int64(2)}}}}
	doc.Sections = []Section{{Tag: "node", Props: []Prop{
		{Key: "shape", Value: Ref{Kind: "SubResource", ID: "1", IntID: true}},
		{Key: "v", Value: &Call{Name: "Vector3", Args: []Value{1.0, 2.0, 3.5}}},
	}}}
	got := string(Encode(doc))
	want := "[gd_scene format=2]\n\n[node]\nshape = SubResource( 1 )\nv = Vector3( 1.0, 2.0, 3.5 )\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestErrorsHaveLines(t *testing.T) {
	cases := map[string]int{
		"[gd_scene format=3]\n\n[node name=\"a\" type=\"Node3D\"]\nx = \"open\n\n": 4,
		"[gd_scene format=3]\n[node name=\"a\"]\nx = [1, 2\n":                      3,
		"[gd_scene format=3]\n[node name=\"a\"\n":                                  2,
		"[gd_scene format=3]\n[node]\nx = Vector3(1, 2\n":                          3,
		"[gd_scene format=3]\n[node]\nx 1\ny = bogus\n":                            4, // the name runs on to the '='; the bad value is on line 4
		"x = 1\n":  1,
		"[node]\n": 1,
		"[gd_scene format=3]\n[node]\nx = bogus\n":                            3,
		"[gd_scene format=3]\n[node]\n\nx = {\"a\" 1}\n":                      4,
		"[gd_scene format=3]\n[node]\nx = 1 2\n":                              3,
		"[gd_scene format=3]\n[node]\nx = \"a\\\nb\"\ny = bogus\n":            5,
		"[gd_scene format=3]\n[node]\nx = SubResource(1, 2)\n":                3,
		"[gd_scene format=3]\n[node]\nx = " + strings.Repeat("[", 300) + "\n": 3,
		"": 1,
		"[gd_scene format=3]\n[gd_scene format=3]\n": 2,
		"[gd_scene format=3]\n[node]\nx = 1.2.3\n":   3,
	}
	for src, line := range cases {
		_, err := Decode([]byte(src))
		se, ok := err.(*SyntaxError)
		if !ok {
			t.Errorf("%q: want a SyntaxError, got %v", src, err)
			continue
		}
		if se.Line != line {
			t.Errorf("%q: line %d, want %d (%v)", src, se.Line, line, se)
		}
	}
}

func FuzzDecode(f *testing.F) {
	f.Add([]byte("[gd_scene format=3]\n[node name=\"a\" type=\"Node3D\"]\nx = Vector3(1, 2, 3)\n"))
	f.Add([]byte("[gd_scene load_steps=2 format=2]\n[sub_resource type=\"BoxShape\" id=1]\nextents = Vector3( 1, 1, 1 )\n"))
	if dir := os.Getenv("PHYSCONV_CORPUS"); dir != "" {
		for _, p := range []string{"godot/omi_physics_scenes/examples/omi_physics_joint/source/pendulum_balls.tscn",
			"godot3/demo_physics_tests_3x/tests/functional/test_shapes.tscn",
			"godot/demo_truck_town/vehicles/trailer_truck.tscn"} {
			if data, err := os.ReadFile(filepath.Join(dir, p)); err == nil {
				f.Add(data)
			}
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		doc, err := Decode(data)
		general, generalErr := decodeWithoutShortcuts(data)
		if errText(err) != errText(generalErr) {
			t.Fatalf("error %v, without shortcuts %v", err, generalErr)
		}
		if err == nil && !bytes.Equal(Encode(doc), Encode(general)) {
			t.Fatalf("read\n%s\nwithout shortcuts\n%s", Encode(doc), Encode(general))
		}
		if err != nil {
			if _, ok := err.(*SyntaxError); !ok {
				t.Fatalf("error of type %T", err)
			}
			return
		}
		again, err := Decode(Encode(doc))
		if err != nil {
			t.Fatalf("re-encoded document does not decode: %v", err)
		}
		if len(again.Sections) != len(doc.Sections) {
			t.Fatalf("%d sections became %d", len(doc.Sections), len(again.Sections))
		}
	})
}

// TestNumbersReadAsStrconv: a number literal reads as strconv reads it —
// an integer as ParseInt (past int64, as ParseFloat), anything with a
// point or an exponent as ParseFloat — for generated literals of every
// length around the one-pass paths' limits (18 integer digits, 15
// significant decimal digits), signs and exponents included.
func TestNumbersReadAsStrconv(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	digits := func(n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte('0' + rng.IntN(10))
		}
		return string(b)
	}
	var lits []string
	for trial := 0; trial < 20000; trial++ {
		sign := []string{"", "-", "+"}[rng.IntN(3)]
		var lit string
		switch rng.IntN(4) {
		case 0:
			lit = sign + digits(1+rng.IntN(22))
		case 1:
			lit = sign + digits(1+rng.IntN(10)) + "." + digits(rng.IntN(14))
		case 2:
			lit = sign + digits(rng.IntN(3)) + "." + digits(1+rng.IntN(20))
		default:
			lit = sign + digits(1+rng.IntN(4)) + "." + digits(rng.IntN(4)) + []string{"e", "E", "e-", "e+"}[rng.IntN(4)] + digits(1+rng.IntN(3))
		}
		lits = append(lits, lit)
	}
	lits = append(lits, "9223372036854775807", "-9223372036854775808", "9223372036854775808", "999999999999999999", "1e308", "0.0", "-0.0", "-0")
	for _, lit := range lits {
		doc, err := Decode([]byte("[gd_scene format=3]\n[node name=\"n\" type=\"Node3D\"]\nv = " + lit + "\n"))
		var want Value
		isFloat := strings.ContainsAny(lit, ".eE")
		i, ierr := strconv.ParseInt(lit, 10, 64)
		f, ferr := strconv.ParseFloat(lit, 64)
		switch {
		case !isFloat && ierr == nil:
			want = i
		case ferr == nil:
			want = f
		}
		if want == nil {
			if err == nil {
				t.Errorf("%s: read, strconv refuses it", lit)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", lit, err)
		}
		got, _ := doc.Sections[0].Prop("v")
		if g, ok := got.(float64); ok && math.Signbit(g) != math.Signbit(f) {
			t.Fatalf("%s: read %v, want the sign of %v", lit, got, want)
		}
		if got != want {
			t.Fatalf("%s: read %v (%T), want %v (%T)", lit, got, got, want, want)
		}
	}
}

// TestIntegersWrittenAsStrconv: integers are written as strconv writes
// them, around the digit-by-digit path's limits.
func TestIntegersWrittenAsStrconv(t *testing.T) {
	for x := int64(-1100); x <= 1100; x++ {
		if got, want := EncodeValue(x), strconv.FormatInt(x, 10); got != want {
			t.Fatalf("%d written %q, want %q", x, got, want)
		}
	}
	for _, x := range []int64{math.MaxInt64, math.MinInt64, 123456789} {
		if got, want := EncodeValue(x), strconv.FormatInt(x, 10); got != want {
			t.Fatalf("%d written %q, want %q", x, got, want)
		}
	}
}

// TestByteArraysReadAsNumbers: a byte array written as numbers reads
// into Bytes when every element is a plain number from 0 to 255, and as
// any call's arguments otherwise; either way it holds the bytes (or fails
// to) as the same list read element by element does, and the lines after
// it are counted alike. Generated lists: 0 to 40 elements, spaces and
// line breaks between them, leading zeros, numbers past 255, signs,
// decimals, a trailing comma, an empty list.
func TestByteArraysReadAsNumbers(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 4))
	seps := []string{",", ", ", " ,", ",\n", "\n,\t"}
	bytesPath := 0
	for trial := 0; trial < 4000; trial++ {
		var els []string
		for i := rng.IntN(41); i > 0; i-- {
			switch k := rng.IntN(160); {
			case k == 0:
				els = append(els, strconv.Itoa(256+rng.IntN(1000)))
			case k == 1:
				els = append(els, "-"+strconv.Itoa(rng.IntN(3)))
			case k == 2:
				els = append(els, "1.0")
			case k == 3:
				els = append(els, "00"+strconv.Itoa(rng.IntN(10)))
			case k == 4:
				els = append(els, "+7")
			default:
				els = append(els, strconv.Itoa(rng.IntN(256)))
			}
		}
		var list strings.Builder
		for i, e := range els {
			if i > 0 {
				list.WriteString(seps[rng.IntN(len(seps))])
			}
			list.WriteString(e)
		}
		if rng.IntN(20) == 0 {
			list.WriteString(",")
		}
		scene := func(name string) string {
			return "[gd_resource type=\"Resource\" format=3]\n\n[resource]\nv = " + name + "(" + list.String() + ")\nw = Vector3(1, 2)\n"
		}
		got, gotErr := Decode([]byte(scene("PackedByteArray")))
		ref, refErr := Decode([]byte(scene("PackedInt64Array"))) // the same list, element by element
		if (gotErr == nil) != (refErr == nil) {
			t.Fatalf("%q: error %v, element by element %v", list.String(), gotErr, refErr)
		}
		if gotErr != nil {
			continue
		}
		gv, _ := got.Sections[0].Prop("v")
		rv, _ := ref.Sections[0].Prop("v")
		gc, rc := gv.(*Call), rv.(*Call)
		if gc.Bytes != nil {
			bytesPath++
		}
		want, wantOK := (&Call{Name: "PackedByteArray", Args: rc.Args}).ByteArgs()
		b, ok := gc.ByteArgs()
		if ok != wantOK || ok && !bytes.Equal(b, want) {
			t.Fatalf("%q: bytes %v (%v), element by element %v (%v)", list.String(), b, ok, want, wantOK)
		}
		if !ok && !reflect.DeepEqual(gc.Args, rc.Args) {
			t.Fatalf("%q: arguments %v, element by element %v", list.String(), gc.Args, rc.Args)
		}
		if gl, rl := got.Sections[0].PropLine("w"), ref.Sections[0].PropLine("w"); gl != rl {
			t.Fatalf("%q: next property on line %d, element by element %d", list.String(), gl, rl)
		}
		// written back as it was read
		if ok {
			if enc, want := EncodeValue(gc), EncodeValue(&Call{Name: "PackedByteArray", Args: rc.Args}); enc != want {
				t.Fatalf("%q: written %s, element by element %s", list.String(), enc, want)
			}
		}
	}
	if bytesPath < 1000 {
		t.Fatalf("only %d lists read into Bytes", bytesPath)
	}
}

// TestPropertyNamesAsGodotReadsThem: Godot reads a property name up to
// its '=', so names with characters beyond letters, digits and _ / : . -
// (Godot 3's AnimationPlayer writes "anims/<BASE>") are read, and written
// back so that Godot reads them again: bare when Godot's own files spell
// them so, quoted otherwise.
func TestPropertyNamesAsGodotReadsThem(t *testing.T) {
	for _, c := range []struct {
		key  string
		bare bool
	}{{"anims/<BASE>", true}, {"a[0]", false}, {"x+y", false}} {
		src := "[gd_scene format=2]\n\n[node name=\"n\" type=\"Spatial\"]\n" + c.key + " = 1\n"
		doc, err := Decode([]byte(src))
		if err != nil {
			t.Fatalf("%s: %v", c.key, err)
		}
		if p := doc.Sections[0].Props; len(p) != 1 || p[0].Key != c.key {
			t.Errorf("%s: read %v", c.key, p)
		}
		again, err := Decode(Encode(doc))
		if err != nil || again.Sections[0].Props[0].Key != c.key || strings.Contains(string(Encode(doc)), "\n"+c.key+" = ") != c.bare {
			t.Errorf("%s: written as\n%s\nreads back %v", c.key, Encode(doc), err)
		}
	}
	if _, err := Decode([]byte("[gd_scene format=2]\n[node name=\"n\"]\na;b = 1\n")); err == nil {
		t.Error("a name with a comment in it was read")
	}
}
