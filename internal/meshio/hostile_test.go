package meshio

import (
	"encoding/binary"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

func TestOBJText(t *testing.T) {
	tet := "v 0 0 0\r\nv 1 0 0\r\nv 0 1 0\r\nv 0 0 1\r\nf 1 2 3\r\nf 1 3 4\r\nf 1 4 2\r\nf 2 4 3\r\n"
	cases := []struct {
		name, data string
		tris       int
		err        string
	}{
		{"plain", tet, 4, ""},
		{"bom", "\xef\xbb\xbf" + tet, 4, ""},
		{"empty", "", 0, ""},
		{"comments only", "# nothing here\n", 0, "no v or f records"},
		{"NUL", "v 0 0 0\x00\n", 0, "control character"},
		{"invalid UTF-8", "v 0 0 0\nv \xff\xfe 0 0\n", 0, "invalid UTF-8"},
		{"BOM not at the start", "v 0 0 0\n\xef\xbb\xbfv 1 0 0\n", 0, ""},
		{"binary", "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", 0, "not an OBJ file"},
	}
	for _, c := range cases {
		m, err := Decode("m.obj", []byte(c.data), nil)
		switch {
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%s: %v, want an error with %q", c.name, err, c.err)
		case c.err == "" && err != nil:
			t.Errorf("%s: %v", c.name, err)
		case c.err == "" && err == nil && len(m.Indices)/3 != c.tris:
			t.Errorf("%s: %d triangles, want %d", c.name, len(m.Indices)/3, c.tris)
		}
	}
}

func TestDAEOffsets(t *testing.T) {
	for _, off := range []string{"9223372036854775807", "-1", "65537", "4294967296"} {
		dae := `<COLLADA><library_geometries><geometry id="g"><mesh><source id="p"><float_array>0 0 0 1 0 0 0 1 0</float_array></source><vertices id="v"><input semantic="POSITION" source="#p"/></vertices><triangles><input semantic="VERTEX" source="#v" offset="` + off + `"/><p>0 1 2</p></triangles></mesh></geometry></library_geometries></COLLADA>`
		if _, err := Decode("m.dae", []byte(dae), nil); err == nil || strings.Contains(err.Error(), "divide") {
			t.Errorf("offset %s: %v", off, err)
		}
	}
}

func TestSTLCount(t *testing.T) {
	good := EncodeSTL(unitCube(), "c")
	lying := append([]byte(nil), good...)
	binary.LittleEndian.PutUint32(lying[80:], 0xFFFFFFF0)
	short := append([]byte(nil), good[:len(good)-50]...)
	cases := []struct {
		name string
		data []byte
		ok   bool
	}{
		{"good", good, true}, {"lying count", lying, false}, {"one triangle short", short, false},
	}
	for _, c := range cases {
		_, err := Decode("m.stl", c.data, nil)
		if (err == nil) != c.ok {
			t.Errorf("%s: %v", c.name, err)
		}
	}
}

// The triangle budget is charged by every mesh reader; COLLADA counts
// each instance, STL its header's count before reading.
func TestMeshTriangleBudget(t *testing.T) {
	cube := EncodeSTL(unitCube(), "c") // 12 triangles
	var obj strings.Builder
	obj.WriteString("v 0 0 0\nv 1 0 0\nv 0 1 0\n")
	for i := 0; i < 12; i++ {
		obj.WriteString("f 1 2 3\n")
	}
	inst := strings.Repeat(`<instance_geometry url="#g"/>`, 4)
	dae := `<COLLADA><library_geometries><geometry id="g"><mesh><source id="p"><float_array>0 0 0 1 0 0 0 1 0</float_array></source><vertices id="v"><input semantic="POSITION" source="#p"/></vertices><triangles><input semantic="VERTEX" source="#v" offset="0"/><p>0 1 2 0 2 1 1 0 2</p></triangles></mesh></geometry></library_geometries><library_visual_scenes><visual_scene id="s"><node>` + inst + `</node></visual_scene></library_visual_scenes><scene><instance_visual_scene url="#s"/></scene></COLLADA>`
	for name, data := range map[string][]byte{"m.stl": cube, "m.obj": []byte(obj.String()), "m.dae": []byte(dae)} {
		if _, err := Decode(name, data, convert.NewBudget(convert.Limits{Triangles: 12})); err != nil {
			t.Errorf("%s at its size: %v", name, err)
		}
		_, err := Decode(name, data, convert.NewBudget(convert.Limits{Triangles: 11}))
		if err == nil || !strings.Contains(err.Error(), "max-triangles") {
			t.Errorf("%s above the limit: %v", name, err)
		}
	}
}
