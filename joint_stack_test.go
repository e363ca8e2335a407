package physconv_test

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
)

// stackSources are MJCF models whose bodies carry several joints that
// cannot form one Graph joint, which the reader chains through massless
// links, one link per joint but the last.
var stackSources = []struct {
	name, text string
	chains     int // bodies split into chains (joint-stack-split)
}{
	// unnamed bodies, each with hinges on one axis at one point, limited
	// or not by every combination of limited, range, autolimits and
	// classes; the bodies stand at one place, so every link of both
	// chains does
	{"same-axis.xml", `<mujoco model="same-axis">
  <compiler autolimits="true"/>
  <default>
    <joint damping="0.2"/>
    <default class="free_turn"><joint limited="false"/></default>
    <default class="bounded"><joint limited="true"/>
      <default class="bounded_auto"><joint limited="auto"/></default>
    </default>
    <default class="wide"><joint range="-90 90"/></default>
  </default>
  <worldbody>
    <body pos="0 0 1">
      <joint/>
      <joint range="-10 20"/>
      <joint range="-10 20" limited="false"/>
      <joint range="-10 20" limited="true"/>
      <joint range="-10 20" class="free_turn"/>
      <geom type="box" size="0.2 0.1 0.05"/>
    </body>
    <body pos="0 0 1">
      <joint range="0 5" class="bounded"/>
      <joint range="0 5" class="bounded_auto"/>
      <joint class="wide"/>
      <joint class="wide" limited="false"/>
      <joint range="5 0"/>
      <geom type="box" size="0.1 0.2 0.05"/>
    </body>
  </worldbody>
</mujoco>`, 2},
	// joints at different points and on different axes: unnamed bodies
	// (one nested in another), a named body with unnamed joints, an
	// unnamed body with named joints, named ones, slides among hinges
	{"points.xml", `<mujoco model="points">
  <worldbody>
    <geom type="plane" size="3 3 0.1"/>
    <body pos="0 0 1">
      <joint axis="1 0 0" pos="0 0 0.1" range="-30 30"/>
      <joint axis="0 1 0" pos="0 0.1 0"/>
      <joint type="slide" axis="0 0 1" pos="0.1 0 0" range="-0.1 0.2"/>
      <geom size="0.1"/>
      <body pos="0.4 0 0">
        <joint axis="1 0 0" pos="0 0 0.05"/>
        <joint axis="0 0 1" pos="0 0.05 0" range="0 45"/>
        <geom type="capsule" size="0.03 0.1" pos="0.1 0 0"/>
        <body>
          <joint axis="0 1 0" pos="0.2 0 0"/>
          <joint axis="0 1 0" pos="0.3 0 0" range="-5 5"/>
          <geom size="0.04" pos="0.3 0 0"/>
        </body>
      </body>
    </body>
    <body name="named" pos="1 0 1">
      <joint axis="1 0 0" pos="0 0 0.1"/>
      <joint axis="0 1 0" pos="0 0.1 0" range="-20 20"/>
      <geom size="0.1"/>
    </body>
    <body pos="2 0 1" euler="0 30 0">
      <joint name="ja" axis="1 0 0" pos="0 0 0.1"/>
      <joint name="jb" axis="0 1 0" pos="0 0.1 0"/>
      <joint axis="1 1 0" pos="0.1 0 0"/>
      <geom size="0.1"/>
    </body>
    <body name="both" pos="3 0 1">
      <joint name="jc" axis="1 0 0" pos="0 0 0.1" range="-1 1"/>
      <joint name="jd" axis="0 1 0" pos="0 0.1 0"/>
      <geom size="0.1"/>
    </body>
  </worldbody>
</mujoco>`, 6},
	// autolimits off: every range says limited; radians
	{"explicit.xml", `<mujoco model="explicit">
  <compiler autolimits="false" angle="radian"/>
  <default>
    <default class="on"><joint limited="true" range="-0.5 0.5"/></default>
    <default class="off"><joint limited="false" range="-0.5 0.5"/></default>
    <default class="zero"><joint range="0 0"/></default>
  </default>
  <worldbody>
    <body>
      <joint class="on" pos="0 0 0.1"/>
      <joint class="off" pos="0 0.1 0"/>
      <joint class="zero" pos="0.1 0 0"/>
      <joint limited="true" range="0 0.25" pos="0.1 0.1 0"/>
      <geom size="0.1"/>
    </body>
    <body pos="0 0 -1">
      <joint class="on"/>
      <joint class="on" pos="0 0 0.2"/>
      <geom size="0.1"/>
    </body>
  </worldbody>
</mujoco>`, 2},
}

// TestVerifyJointStacks converts MJCF bodies whose joints the reader
// chains through massless links (unnamed bodies and joints, named ones,
// chains standing at one place, limits set every way MuJoCo allows) to
// every format: the output must read back with the same physics, so no
// verify-mismatch. The links of an unnamed body were named "#", "#2" …
// in the order they were read, which no writer kept: a MJCF round trip
// reported every link missing, Godot every joint between other bodies.
func TestVerifyJointStacks(t *testing.T) {
	reg := all.Registry()
	for _, src := range stackSources {
		for _, to := range reg.Formats() {
			if to.Emit == nil || to.Parse == nil {
				continue
			}
			t.Run(src.name+"/"+to.Name, func(t *testing.T) {
				out, res := convertIn(t, reg, fstest.MapFS{src.name: {Data: []byte(src.text)}}, src.name, to.Name)
				noMismatch(t, res, "")
				if n := len(res.Diagnostics.OfCode(convert.CodeJointStackSplit)); n != src.chains {
					t.Errorf("%d bodies' joints chained, want %d", n, src.chains)
				}
				if to.Name == "mjcf" && strings.Contains(string(out.Main), `name="#`) {
					t.Errorf("MJCF output names a body after an empty name:\n%s", out.Main)
				}
			})
		}
	}
}

// repeatedNamesScene has two chains of massless links at one place, each
// ending in a body that weighs: the first chain's links are both named
// "arm" (one nested in the other, as Godot allows), the second's are
// "arm_2" and "arm" — the name a writer numbering repeats would give the
// first chain's second link.
const repeatedNamesScene = `[gd_scene format=3]

[sub_resource type="SphereShape3D" id="s"]
radius = 0.1

[node name="root" type="Node3D"]

[node name="arm" type="RigidBody3D" parent="."]
mass = 1e-09
center_of_mass_mode = 1
inertia = Vector3(1e-12, 1e-12, 1e-12)

[node name="arm" type="RigidBody3D" parent="arm"]
mass = 1e-09
center_of_mass_mode = 1
inertia = Vector3(1e-12, 1e-12, 1e-12)

[node name="hand" type="RigidBody3D" parent="arm/arm"]
mass = 2.0

[node name="shape" type="CollisionShape3D" parent="arm/arm/hand"]
shape = SubResource("s")

[node name="wrist" type="HingeJoint3D" parent="arm/arm"]
node_a = NodePath("..")
node_b = NodePath("../hand")

[node name="elbow" type="HingeJoint3D" parent="arm"]
transform = Transform3D(0, 0, 1, 0, 1, 0, -1, 0, 0, 0, 0, 0)
node_a = NodePath("..")
node_b = NodePath("../arm")

[node name="shoulder" type="HingeJoint3D" parent="."]
node_b = NodePath("../arm")

[node name="arm_2" type="RigidBody3D" parent="."]
mass = 1e-09
center_of_mass_mode = 1
inertia = Vector3(1e-12, 1e-12, 1e-12)

[node name="arm" type="RigidBody3D" parent="arm_2"]
mass = 1e-09
center_of_mass_mode = 1
inertia = Vector3(1e-12, 1e-12, 1e-12)

[node name="paw" type="RigidBody3D" parent="arm_2/arm"]
mass = 2.0

[node name="shape" type="CollisionShape3D" parent="arm_2/arm/paw"]
shape = SubResource("s")

[node name="wrist2" type="HingeJoint3D" parent="arm_2/arm"]
node_a = NodePath("..")
node_b = NodePath("../paw")
angular_limit/enable = true
angular_limit/lower = -0.5
angular_limit/upper = 0.5

[node name="elbow2" type="HingeJoint3D" parent="arm_2"]
node_a = NodePath("..")
node_b = NodePath("../arm")

[node name="shoulder2" type="HingeJoint3D" parent="."]
transform = Transform3D(0, 0, 1, 0, 1, 0, -1, 0, 0, 0, 0, 0)
node_b = NodePath("../arm_2")
`

// TestVerifyRepeatedBodyNames converts a scene that names bodies alike in
// different branches to every format. A writer numbers a repeated name
// (MJCF and URDF name every body once, Godot every sibling) past the names
// other bodies have: the second "arm" numbered "arm_2" took the name of
// the body called so, which the output then named "arm_2_2", and the
// bodies read back under each other's names (verify-mismatch on every
// joint of both chains).
func TestVerifyRepeatedBodyNames(t *testing.T) {
	reg := all.Registry()
	for _, to := range reg.Formats() {
		if to.Emit == nil || to.Parse == nil {
			continue
		}
		t.Run(to.Name, func(t *testing.T) {
			_, res := convertIn(t, reg, fstest.MapFS{"repeated.tscn": {Data: []byte(repeatedNamesScene)}}, "repeated.tscn", to.Name)
			noMismatch(t, res, "")
		})
	}
}
