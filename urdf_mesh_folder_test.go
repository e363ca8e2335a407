package physconv_test

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/internal/testenv"
)

// TestURDFMeshFolderLoadsInMuJoCo: URDF output writes its meshes in a
// folder beside it (meshes/Rock.stl), and MuJoCo's URDF import strips
// folders from mesh paths unless told not to, so it refused a quarter of
// the URDF files written from Godot scenes. The output now tells it
// (<mujoco><compiler strippath="false"/></mujoco>, which other URDF
// readers pass over): both MuJoCo versions load the robot, each body with
// its mass; urdfdom takes the file.
func TestURDFMeshFolderLoadsInMuJoCo(t *testing.T) {
	reg := all.Registry()
	for _, c := range []struct{ name, scene string }{
		{"convex hull", `[gd_scene format=3]

[sub_resource type="ConvexPolygonShape3D" id="hull"]
points = PackedVector3Array(0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 1, 1)

[node name="Root" type="Node3D"]

[node name="Rock" type="RigidBody3D" parent="."]
mass = 3.0

[node name="CollisionShape3D" type="CollisionShape3D" parent="Rock"]
shape = SubResource("hull")
`},
		{"triangle mesh floor", `[gd_scene format=3]

[sub_resource type="ConcavePolygonShape3D" id="tri"]
data = PackedVector3Array(0, 0, 0, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0, 0, 1, 1, 0, 1)

[sub_resource type="BoxShape3D" id="box"]

[node name="Root" type="Node3D"]

[node name="Floor" type="StaticBody3D" parent="."]

[node name="S" type="CollisionShape3D" parent="Floor"]
shape = SubResource("tri")

[node name="Box" type="RigidBody3D" parent="."]
transform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 2, 0)
mass = 2.0

[node name="S" type="CollisionShape3D" parent="Box"]
shape = SubResource("box")
`},
	} {
		out, _ := convertIn(t, reg, fstest.MapFS{"s.tscn": {Data: []byte(c.scene)}}, "s.tscn", "urdf")
		if !strings.Contains(string(out.Main), `<compiler strippath="false"/>`) || len(out.Files) == 0 {
			t.Fatalf("%s: no mesh folder told to MuJoCo (%d side files):\n%s", c.name, len(out.Files), out.Main)
		}
		file := testenv.WriteFiles(t, t.TempDir(), "robot.urdf", out.Main, out.Files)
		for _, args := range [][]string{nil, {"--backend", "c"}} {
			bodies := testenv.MuJoCoBodies(t, file, args...)
			for name, kg := range map[string]float64{"Rock": 3, "Box": 2} {
				if b, ok := bodies[name]; ok && (b.Mass < kg*(1-1e-9) || b.Mass > kg*(1+1e-9)) {
					t.Errorf("%s, MuJoCo %v: %s of %g kg, want %g", c.name, args, name, b.Mass, kg)
				}
			}
		}
		if raw, code := testenv.RunOracle(t, "urdf-check", file); code != 0 {
			t.Errorf("%s: urdfdom refuses it: %s", c.name, raw)
		}
	}
}
