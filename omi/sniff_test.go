package omi

import (
	"testing"

	"github.com/physconv/physconv/convert"
)

func TestSniff(t *testing.T) {
	for _, c := range []struct {
		head string
		want bool
	}{
		{`{"asset":{"version":"2.0"},"extensionsUsed":["OMI_physics_body","OMI_physics_shape"]}`, true},
		{`  {"extensionsUsed":["OMI_collider"]`, true},
		{`{"extensionsUsed":["KHR_physics_rigid_bodies","KHR_implicit_shapes"]}`, false},
		{`{"asset":{"version":"2.0"}}`, false},
		{`<robot name="r"/>`, false},
		{"glTF\x02\x00\x00\x00....{\"extensionsUsed\":[\"OMI_seat\"]}", true},
	} {
		if got := Format.Sniff([]byte(c.head)); got != c.want {
			t.Errorf("Sniff(%.40q) = %v, want %v", c.head, got, c.want)
		}
	}
	reg := convert.NewRegistry(Format)
	if f, err := reg.Detect("", "scene.gltf", []byte(`{"extensionsUsed":["OMI_physics_body"]}`)); err != nil || f != Format {
		t.Errorf("Detect = %v, %v", f, err)
	}
}
