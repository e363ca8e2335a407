package khr

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/convert"
)

// TestOMIPhysicsIgnoredNamed: a file read as KHR that also carries OMI
// physics says, per extension, that it is ignored — the world gravity
// and gravity fields of OMI_physics_gravity too.
func TestOMIPhysicsIgnoredNamed(t *testing.T) {
	for _, c := range []struct{ ext, doc, node string }{
		{"OMI_physics_gravity", `"OMI_physics_gravity":{"gravity":0}`, ""},
		{"OMI_physics_gravity", "", `"OMI_physics_gravity":{"type":"point","gravity":9.8}`},
		{"OMI_physics_body", "", `"OMI_physics_body":{"motion":{"type":"dynamic"}}`},
	} {
		doc := `{"asset":{"version":"2.0"},"extensionsUsed":["KHR_physics_rigid_bodies","` + c.ext + `"],
"extensions":{` + c.doc + `},
"nodes":[{"name":"a","extensions":{"KHR_physics_rigid_bodies":{"motion":{"mass":1}}` + map[bool]string{true: ",", false: ""}[c.node != ""] + c.node + `}}],"scene":0,"scenes":[{"nodes":[0]}]}`
		_, diags, err := Parse(&convert.Input{Name: "k.gltf", Data: []byte(doc), FS: fstest.MapFS{}, Dir: ".", Options: &convert.Options{}})
		if err != nil {
			t.Fatalf("%s: %v", c.ext, err)
		}
		said := diags.OfCode(convert.CodeExtensionIgnored)
		if len(said) != 1 || !strings.Contains(said[0].Message, c.ext) {
			t.Errorf("%s (doc %q, node %q): extension-ignored %v", c.ext, c.doc, c.node, said)
		}
	}
}
