package physconv_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
)

// TestMJCFStaticBodyMassSaysNothing: MJCF output writes every body's mass
// properties; a static body's (welded to the world) were computed from
// its colliders with a mass-computed info and, for a floor plane, a
// shape-massless warning that a plane adds no mass to a moving body,
// though the body never moves. A static body's are now written without
// either; a rigid body on a plane still hears it.
func TestMJCFStaticBodyMassSaysNothing(t *testing.T) {
	reg := all.Registry()
	for _, c := range []struct {
		class    string
		massless bool
	}{{"StaticBody3D", false}, {"RigidBody3D", true}} {
		scene := fmt.Sprintf(`[gd_scene load_steps=3 format=3]

[sub_resource type="WorldBoundaryShape3D" id="wb"]

[sub_resource type="BoxShape3D" id="box"]

[node name="root" type="Node3D"]

[node name="Ground" type=%q parent="."]

[node name="Plane" type="CollisionShape3D" parent="Ground"]
shape = SubResource("wb")

[node name="Box" type="CollisionShape3D" parent="Ground"]
shape = SubResource("box")
`, c.class)
		_, res, err := physconv.ConvertBytes(context.Background(), reg, &convert.Input{Name: "g.tscn", Data: []byte(scene),
			Options: &convert.Options{From: "godot", To: "mjcf", OutputName: "g.xml"}})
		if err != nil {
			t.Fatal(err)
		}
		if got := res.Diagnostics.Has(convert.CodeShapeMassless); got != c.massless {
			t.Errorf("%s: shape-massless %v, want %v: %v", c.class, got, c.massless, res.Diagnostics)
		}
		if c.class == "StaticBody3D" && (res.Diagnostics.Has(convert.CodeMassComputed) || res.Diagnostics.Has(convert.CodeVerifyMismatch)) {
			t.Errorf("%s: %v", c.class, res.Diagnostics)
		}
	}
}
