package godot

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// TestBulletBodyWithoutVolume: a Godot 3 rigid body without a shape of
// volume (rays only, or no shape) gets no inertia from Bullet (the
// engine reports an inverse inertia of zero: no torque turns it, and it
// keeps a spin it has); it is read with infinite moments, and a body with
// a box is not.
func TestBulletBodyWithoutVolume(t *testing.T) {
	const scene = `[gd_scene load_steps=3 format=2]

[sub_resource type="RayShape" id=1]

[sub_resource type="BoxShape" id=2]

[node name="W" type="Spatial"]

[node name="Ray" type="RigidBody" parent="."]
mass = 2.0

[node name="S" type="CollisionShape" parent="Ray"]
shape = SubResource( 1 )

[node name="Bare" type="RigidBody" parent="."]
transform = Transform( 1, 0, 0, 0, 1, 0, 0, 0, 1, 3, 0, 0 )

[node name="Box" type="RigidBody" parent="."]
transform = Transform( 1, 0, 0, 0, 1, 0, 0, 0, 1, 6, 0, 0 )

[node name="S" type="CollisionShape" parent="Box"]
shape = SubResource( 2 )
`
	g, diags, err := Parse(&convert.Input{Name: "s.tscn", Data: []byte(scene), Options: &convert.Options{}})
	if err != nil {
		t.Fatal(err)
	}
	locked := map[string]bool{} // no inertia: infinite moments
	for _, n := range g.Nodes {
		if m := n.Motion; m != nil {
			d := m.InertiaDiagonal
			locked[n.Name] = d != nil && math.IsInf(d[0], 1) && math.IsInf(d[1], 1) && math.IsInf(d[2], 1)
		}
	}
	if !locked["Ray"] || !locked["Bare"] || locked["Box"] || diags.Has(convert.CodeMassDefaulted) {
		t.Errorf("infinite moments: %v; diagnostics %v", locked, diags)
	}
	p := testenv.WriteFiles(t, t.TempDir(), "s.tscn", []byte(scene), nil)
	raw, code := testenv.RunOracle(t, "godot3-inspect", "--compact", p)
	var rep struct {
		Nodes []struct {
			Name  string `json:"name"`
			State *struct {
				InverseInertia []float64 `json:"inverse_inertia"`
			} `json:"physics_state"`
		} `json:"nodes"`
	}
	if err := json.Unmarshal(raw, &rep); err != nil || code != 0 {
		t.Fatalf("Godot 3: exit %d, %v", code, err)
	}
	seen := 0
	for _, n := range rep.Nodes {
		if n.State == nil || len(n.State.InverseInertia) != 3 {
			continue
		}
		seen++
		none := n.State.InverseInertia[0] == 0 && n.State.InverseInertia[1] == 0 && n.State.InverseInertia[2] == 0
		if none != locked[n.Name] {
			t.Errorf("%s: Godot 3's inverse inertia %v, ours infinite %v", n.Name, n.State.InverseInertia, locked[n.Name])
		}
	}
	if seen != 3 {
		t.Errorf("Godot 3 reported %d of the 3 bodies", seen)
	}
}
