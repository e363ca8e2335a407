package godot

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/convert"
)

// A shape resource of the wrong kind is an error or a warning, never a
// collider dropped in silence.
func TestShapeResourceOfWrongType(t *testing.T) {
	scene := func(path string) []byte {
		return []byte("[gd_scene format=3]\n\n[ext_resource type=\"Shape3D\" path=\"" + path + "\" id=\"1\"]\n\n[node name=\"R\" type=\"StaticBody3D\"]\n\n[node name=\"C\" type=\"CollisionShape3D\" parent=\".\"]\nshape = ExtResource(\"1\")\n")
	}
	fsys := fstest.MapFS{
		"project.godot": {Data: []byte("config_version=5\n")},
		"other.tscn":    {Data: []byte("[gd_scene format=3]\n\n[node name=\"N\" type=\"Node3D\"]\n")},
		"shape.res":     {Data: []byte("RSRC\x00\x01")},
		"mat.tres":      {Data: []byte("[gd_resource type=\"PhysicsMaterial\" format=3]\n\n[resource]\nfriction = 0.5\n")},
	}
	cases := []struct {
		name, path, err, code string
	}{
		{"itself", "res://s.tscn", "is a scene, not a resource", ""},
		{"another scene", "res://other.tscn", "is a scene, not a resource", ""},
		{"binary resource", "res://shape.res", "", "godot-resource-unreadable"},
		{"a material", "res://mat.tres", "", "shape-dropped"},
		{"missing", "res://gone.tres", "", "godot-resource-missing"},
	}
	for _, c := range cases {
		fs := fstest.MapFS{}
		for k, v := range fsys {
			fs[k] = v
		}
		fs["s.tscn"] = &fstest.MapFile{Data: scene(c.path)}
		_, diags, err := Parse(&convert.Input{Name: "s.tscn", Data: fs["s.tscn"].Data, FS: fs, Dir: ".", Options: &convert.Options{}})
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%s: %v, want %q", c.name, err, c.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		found := false
		for _, d := range diags {
			found = found || string(d.Code) == c.code && d.Severity >= convert.Warning
		}
		if !found {
			t.Errorf("%s: no %s warning in %v", c.name, c.code, diags)
		}
	}
}
