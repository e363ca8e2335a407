package physconv_test

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// TestSpringJointDamping: an MJCF joint's damping beside a stiffness is
// its spring's damping (MuJoCo's passive force -k(q - springref) - d q̇),
// which MJCF output writes as the joint's stiffness and damping. Read
// back, it was taken for the joint's own damping while the source's drive
// had it: a Godot spring of damping 1 written to MJCF came back
// verify-mismatch, and through glTF the spring lost its damping. Now the
// damping is the spring's: Godot springs reach MJCF without a mismatch,
// and MJCF spring joints of several kinds, through glTF and back, move in
// MuJoCo 3.3 as their sources do after 300 steps.
func TestSpringJointDamping(t *testing.T) {
	reg := all.Registry()
	conv := func(name string, data []byte, files map[string][]byte, to string) *convert.Output {
		t.Helper()
		fsys := fstest.MapFS{name: {Data: data}}
		for rel, b := range files {
			fsys[rel] = &fstest.MapFile{Data: b}
		}
		out, res := convertIn(t, reg, fsys, name, to)
		for _, d := range mismatches(res) {
			t.Errorf("%s to %s: %s", name, to, d.Message)
		}
		return out
	}
	scene := `[gd_scene format=3]

[sub_resource type="BoxShape3D" id="box"]

[node name="Root" type="Node3D"]

[node name="A" type="RigidBody3D" parent="."]

[node name="S" type="CollisionShape3D" parent="A"]
shape = SubResource("box")

[node name="B" type="RigidBody3D" parent="."]
transform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 0, -2, 0)

[node name="S" type="CollisionShape3D" parent="B"]
shape = SubResource("box")

[node name="Joint" type="Generic6DOFJoint3D" parent="."]
transform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 0, -1, 0)
node_a = NodePath("../A")
node_b = NodePath("../B")
linear_limit_y/upper_distance = 2.0
linear_spring_y/enabled = true
linear_spring_y/stiffness = 10.0
linear_spring_y/damping = 1.0
`
	if out := conv("spring.tscn", []byte(scene), nil, "mjcf"); !strings.Contains(string(out.Main), `stiffness="10" damping="1"`) {
		t.Errorf("MJCF of the Godot spring:\n%s", out.Main)
	}
	for _, j := range []string{
		`type="hinge" axis="0 1 0" stiffness="5" damping="0.3" springref="0.4"`,
		`type="slide" axis="1 0 0" stiffness="40" damping="2"`,
		`type="hinge" axis="1 0 0" stiffness="2" damping="0.05" springref="-0.3" range="-1 1"`,
	} {
		src := fmt.Sprintf(`<mujoco>
  <option timestep="0.002"/>
  <worldbody>
    <body name="arm" pos="0 0 1">
      <joint name="j" %s/>
      <geom type="capsule" fromto="0 0 0 0.4 0 0" size="0.03" mass="1"/>
    </body>
  </worldbody>
</mujoco>`, j)
		gltf := conv("spring.xml", []byte(src), nil, "khr")
		back := conv("spring.gltf", gltf.Main, gltf.Files, "mjcf")
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "src.xml"), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		testenv.WriteFiles(t, dir, "back.xml", back.Main, back.Files)
		want := testenv.MuJoCoBodies(t, filepath.Join(dir, "src.xml"), "--steps", "300")["arm"]
		got := testenv.MuJoCoBodies(t, filepath.Join(dir, "back.xml"), "--steps", "300")["arm"]
		dq := 0.0
		for k := range 4 {
			dq = math.Max(dq, math.Min(math.Abs(want.Xquat[k]-got.Xquat[k]), math.Abs(want.Xquat[k]+got.Xquat[k])))
		}
		if convert.Vec3(want.Xpos).Sub(convert.Vec3(got.Xpos)).Len() > 1e-6 || dq > 1e-6 {
			t.Errorf("joint %s: after glTF and back at %v %v, the source at %v %v\n%s", j, got.Xpos, got.Xquat, want.Xpos, want.Xquat, back.Main)
		}
	}
}
