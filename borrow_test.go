package physconv_test

import (
	"bytes"
	"testing"
	"unsafe"

	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
)

// TestReadersBorrowOnlyImmutable: a reader keeps names pointing into the
// input's bytes only when the input says they never change; otherwise
// the Graph survives the caller reusing its buffer.
func TestReadersBorrowOnlyImmutable(t *testing.T) {
	docs := map[string]string{
		"urdf": `<robot name="r"><link name="base_link"><inertial><mass value="1"/><inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial></link></robot>`,
		"mjcf": `<mujoco><worldbody><body name="base_link"><freejoint/><geom type="sphere" size="0.1"/></body></worldbody></mujoco>`,
	}
	reg := all.Registry()
	for format, doc := range docs {
		f, err := reg.Lookup(format)
		if err != nil {
			t.Fatal(err)
		}
		for _, immutable := range []bool{false, true} {
			data := []byte(doc)
			g, _, err := f.Parse(&convert.Input{Name: "in", Data: data, Immutable: immutable, Options: &convert.Options{From: format}})
			if err != nil {
				t.Fatalf("%s: %v", format, err)
			}
			var name string
			for _, n := range g.Nodes {
				if n.Name == "base_link" {
					name = n.Name
				}
			}
			if name == "" {
				t.Fatalf("%s: no node base_link", format)
			}
			p, lo := uintptr(unsafe.Pointer(unsafe.StringData(name))), uintptr(unsafe.Pointer(&data[0]))
			if inData := p >= lo && p < lo+uintptr(len(data)); inData != immutable {
				t.Errorf("%s, immutable %v: node name points into the input: %v", format, immutable, inData)
			}
			if !immutable {
				copy(data, bytes.Repeat([]byte{'x'}, len(data)))
				if name != "base_link" {
					t.Errorf("%s: node name changed with the caller's buffer: %q", format, name)
				}
			}
		}
	}
}
