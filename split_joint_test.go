package physconv_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
)

// splitMJCF has a body of each set of MJCF joints that forms one
// multi-axis Graph joint, which URDF writes as a chain of one-axis joints
// through dummy links: two hinges at one point (named, the body named
// like the first, as dm_control's fish tail; unnamed, a universal joint;
// oblique), a ball, a slide and a hinge on one axis (cylindrical), a slide
// and two hinges, and three named hinges with ranges; two free slides and
// a hinge across them (planar, which URDF has; the MJCF writer writes it
// as three joints again); and two hinges at two points, which the reader
// itself chains through a link.
const splitMJCF = `<mujoco model="split">
  <compiler angle="radian"/>
  <worldbody>
    <geom name="floor" type="box" size="1 1 0.05"/>
    <body name="torso" pos="0 0 1">
      <freejoint name="root"/>
      <geom type="box" size="0.2 0.1 0.05"/>
      <body name="tail1" pos="0 -0.3 0">
        <joint name="tail1" axis="0 0 1" pos="0 0.01 0"/>
        <joint name="tail_twist" axis="0 1 0" pos="0 0.01 0" range="-0.5 0.5"/>
        <geom type="capsule" size="0.02 0.1"/>
        <body name="tail2" pos="0 -0.2 0">
          <joint name="tail2" axis="0 0 1"/>
          <geom type="sphere" size="0.05"/>
        </body>
      </body>
      <body name="gimbal" pos="0.4 0 0">
        <joint axis="1 0 0"/>
        <joint axis="0 1 0"/>
        <geom type="sphere" size="0.05"/>
      </body>
      <body name="tilted" pos="0.4 0.4 0">
        <joint name="tilt_a" axis="1 1 0" range="-0.3 0.7"/>
        <joint name="tilt_b" axis="0 0 1"/>
        <geom type="sphere" size="0.05"/>
      </body>
      <body name="head" pos="-0.4 0 0">
        <joint name="socket" type="ball"/>
        <geom type="sphere" size="0.05"/>
      </body>
      <body name="pill" pos="0 0.4 0">
        <joint name="pill_slide" type="slide" axis="1 0 0" range="-0.1 0.2"/>
        <joint name="pill_turn" axis="1 0 0"/>
        <geom type="capsule" size="0.03 0.05" euler="0 1.5707963267948966 0"/>
      </body>
      <body name="puck" pos="-0.4 0.4 0">
        <joint name="puck_x" type="slide" axis="1 0 0"/>
        <joint name="puck_y" type="slide" axis="0 1 0"/>
        <joint name="puck_turn" axis="0 0 1"/>
        <geom type="cylinder" size="0.05 0.01"/>
      </body>
      <body name="boom" pos="0 -0.4 0.3">
        <joint name="boom_out" type="slide" axis="0 1 0" range="0 0.3"/>
        <joint name="boom_yaw" axis="0 0 1" range="-1 1"/>
        <joint name="boom_pitch" axis="1 0 0" range="-0.5 0.5"/>
        <geom type="box" size="0.02 0.1 0.02"/>
      </body>
      <body name="wrist" pos="0 0 0.3">
        <joint name="wrist_roll" axis="1 0 0" range="-0.4 0.4"/>
        <joint name="wrist_pitch" axis="0 1 0" range="-0.6 0.2"/>
        <joint name="wrist_yaw" axis="0 0 1" range="-1.2 1.2"/>
        <geom type="sphere" size="0.04"/>
      </body>
      <body name="finright" pos="0.1 0 -0.1">
        <joint name="finright_roll" axis="0 1 0"/>
        <joint name="finright_pitch" axis="1 0 0" pos="0 0.005 0"/>
        <geom type="box" size="0.02 0.015 0.001"/>
      </body>
    </body>
  </worldbody>
</mujoco>
`

// splitURDF has the URDF joints other formats split or that URDF splits
// read back: a spherical joint (Bullet's, a ball: URDF output writes it as
// three hinges), a planar joint and a floating joint between two links,
// each turned by its origin.
const splitURDF = `<robot name="split">
  <link name="base">
    <inertial><mass value="2"/><inertia ixx="0.1" iyy="0.2" izz="0.3" ixy="0" ixz="0" iyz="0"/></inertial>
    <collision><geometry><box size="0.4 0.4 0.1"/></geometry></collision>
  </link>
  <link name="head">
    <inertial><origin xyz="0 0 0.1"/><mass value="0.5"/><inertia ixx="0.01" iyy="0.01" izz="0.002" ixy="0" ixz="0" iyz="0"/></inertial>
    <collision><origin xyz="0 0 0.1"/><geometry><sphere radius="0.05"/></geometry></collision>
  </link>
  <joint name="neck" type="spherical">
    <parent link="base"/><child link="head"/><origin xyz="0 0 0.2" rpy="0.3 0 0.5"/>
  </joint>
  <link name="puck">
    <inertial><mass value="0.3"/><inertia ixx="0.001" iyy="0.001" izz="0.002" ixy="0" ixz="0" iyz="0"/></inertial>
    <collision><geometry><cylinder radius="0.05" length="0.02"/></geometry></collision>
  </link>
  <joint name="table" type="planar">
    <parent link="base"/><child link="puck"/><origin xyz="0.3 0 0.1" rpy="0 0.2 0"/>
    <axis xyz="0 0 1"/>
  </joint>
  <link name="drone">
    <inertial><mass value="0.2"/><inertia ixx="0.001" iyy="0.001" izz="0.001" ixy="0" ixz="0" iyz="0"/></inertial>
    <collision><geometry><box size="0.1 0.1 0.02"/></geometry></collision>
  </link>
  <joint name="hover" type="floating">
    <parent link="base"/><child link="drone"/><origin xyz="-0.3 0 0.5"/>
  </joint>
</robot>
`

// splitKHR has a KHR joint of each kind URDF lacks, most of them turned:
// ball, universal (its frame A on the moving body, so URDF's tree runs it
// backwards), cylindrical (a limited slide), cone-twist, planar, generic
// (two limited slides, from one moving body to another) and a six-axis
// generic joint with free slides (which URDF writes with ±1e9 m bounds).
const splitKHR = `{
 "asset": {"version": "2.0"},
 "extensionsUsed": ["KHR_physics_rigid_bodies", "KHR_implicit_shapes"],
 "extensions": {
  "KHR_implicit_shapes": {"shapes": [
   {"type": "box", "box": {"size": [4, 0.2, 4]}},
   {"type": "sphere", "sphere": {"radius": 0.1}}
  ]},
  "KHR_physics_rigid_bodies": {"physicsJoints": [
   {"name": "ball", "limits": [{"linearAxes": [0, 1, 2], "min": 0, "max": 0}]},
   {"name": "universal", "limits": [{"linearAxes": [0, 1, 2], "min": 0, "max": 0}, {"angularAxes": [0], "min": 0, "max": 0},
    {"angularAxes": [1], "min": -0.6, "max": 0.9}]},
   {"name": "cylindrical", "limits": [{"linearAxes": [1, 2], "min": 0, "max": 0}, {"angularAxes": [1, 2], "min": 0, "max": 0},
    {"linearAxes": [0], "min": -0.2, "max": 0.3}]},
   {"name": "cone", "limits": [{"linearAxes": [0, 1, 2], "min": 0, "max": 0}, {"angularAxes": [1, 2], "min": 0, "max": 0.5},
    {"angularAxes": [0], "min": -0.25, "max": 0.25}]},
   {"name": "planar", "limits": [{"linearAxes": [1], "min": 0, "max": 0}, {"angularAxes": [0, 2], "min": 0, "max": 0}]},
   {"name": "generic", "limits": [{"linearAxes": [0], "min": -0.1, "max": 0.1}, {"linearAxes": [1], "min": -0.05, "max": 0.2},
    {"linearAxes": [2], "min": 0, "max": 0}, {"angularAxes": [0, 1, 2], "min": 0, "max": 0}]},
   {"name": "six", "limits": [{"linearAxes": [0], "min": -0.2, "max": 0.2}, {"angularAxes": [1], "min": -1, "max": 1}]}
  ]}
 },
 "scene": 0,
 "scenes": [{"nodes": [0, 1, 2, 3, 4, 5, 6, 7]}],
 "nodes": [
  {"name": "Base", "children": [8, 10, 11, 12, 14, 16],
   "extensions": {"KHR_physics_rigid_bodies": {"collider": {"geometry": {"shape": 0}}}}},
  {"name": "BallBody", "translation": [1, 1, 0], "children": [15, 13],
   "extensions": {"KHR_physics_rigid_bodies": {"motion": {"mass": 1}, "collider": {"geometry": {"shape": 1}}}}},
  {"name": "GimbalBody", "translation": [-1, 1, 0], "children": [9],
   "extensions": {"KHR_physics_rigid_bodies": {"motion": {"mass": 1}, "collider": {"geometry": {"shape": 1}}}}},
  {"name": "PillBody", "translation": [0, 1, 1], "children": [17],
   "extensions": {"KHR_physics_rigid_bodies": {"motion": {"mass": 1}, "collider": {"geometry": {"shape": 1}}}}},
  {"name": "ConeBody", "translation": [1, 1, 1], "children": [18],
   "extensions": {"KHR_physics_rigid_bodies": {"motion": {"mass": 1}, "collider": {"geometry": {"shape": 1}}}}},
  {"name": "PuckBody", "translation": [-1, 1, 1], "children": [19],
   "extensions": {"KHR_physics_rigid_bodies": {"motion": {"mass": 1}, "collider": {"geometry": {"shape": 1}}}}},
  {"name": "LooseBody", "translation": [0, 1, -1], "children": [20],
   "extensions": {"KHR_physics_rigid_bodies": {"motion": {"mass": 1}, "collider": {"geometry": {"shape": 1}}}}},
  {"name": "SixBody", "translation": [1, 1, -1], "children": [21],
   "extensions": {"KHR_physics_rigid_bodies": {"motion": {"mass": 1}, "collider": {"geometry": {"shape": 1}}}}},
  {"name": "BallSocket", "translation": [1, 1, 0],
   "extensions": {"KHR_physics_rigid_bodies": {"joint": {"connectedNode": 15, "joint": 0}}}},
  {"name": "DrumGimbal", "rotation": [0.5, 0.5, 0.5, 0.5],
   "extensions": {"KHR_physics_rigid_bodies": {"joint": {"connectedNode": 16, "joint": 1}}}},
  {"name": "PillAxle", "translation": [0, 1, 1], "rotation": [0.25881904510252074, 0, 0, 0.9659258262890683],
   "extensions": {"KHR_physics_rigid_bodies": {"joint": {"connectedNode": 17, "joint": 2}}}},
  {"name": "ConeSwing", "translation": [1, 1, 1], "rotation": [0, 0, 0.7071067811865476, 0.7071067811865476],
   "extensions": {"KHR_physics_rigid_bodies": {"joint": {"connectedNode": 18, "joint": 3}}}},
  {"name": "PuckPlane", "translation": [-1, 1, 1],
   "extensions": {"KHR_physics_rigid_bodies": {"joint": {"connectedNode": 19, "joint": 4}}}},
  {"name": "RockSlack", "translation": [-1, 0, -1], "rotation": [0.5, 0.5, 0.5, 0.5],
   "extensions": {"KHR_physics_rigid_bodies": {"joint": {"connectedNode": 20, "joint": 5}}}},
  {"name": "SixWay", "translation": [1, 1, -1], "rotation": [0.25881904510252074, 0, 0, 0.9659258262890683],
   "extensions": {"KHR_physics_rigid_bodies": {"joint": {"connectedNode": 21, "joint": 6}}}},
  {"name": "BallSocketB"},
  {"name": "DrumGimbalB", "translation": [-1, 1, 0], "rotation": [0.5, 0.5, 0.5, 0.5]},
  {"name": "PillAxleB", "rotation": [0.25881904510252074, 0, 0, 0.9659258262890683]},
  {"name": "ConeSwingB", "rotation": [0, 0, 0.7071067811865476, 0.7071067811865476]},
  {"name": "PuckPlaneB"},
  {"name": "RockSlackB", "rotation": [0.5, 0.5, 0.5, 0.5]},
  {"name": "SixWayB", "rotation": [0.25881904510252074, 0, 0, 0.9659258262890683]}
 ]
}
`

// splitSources are the hand-written inputs of the split-joint tests, with
// how many joints URDF output writes as chains, and the names of those
// named (as the joint-kind-unsupported warning names them).
var splitSources = []struct {
	name, text string
	chains     int
	chained    []string
}{
	{"split.xml", splitMJCF, 7, []string{"tail1+tail_twist", "tilt_a+tilt_b", "socket", "pill_slide+pill_turn", "boom_out+boom_yaw+boom_pitch", "wrist_roll+wrist_pitch+wrist_yaw"}},
	{"split.urdf", splitURDF, 1, []string{"neck"}},
	{"split.gltf", splitKHR, 6, []string{"BallSocket", "DrumGimbal", "PillAxle", "ConeSwing", "RockSlack", "SixWay"}},
}

// TestVerifySplitJoints converts joints of every kind some writer splits
// into several (URDF's chains of one-axis joints through dummy links; the
// MJCF writer's several joints in one body, which its reader joins again)
// from MJCF, URDF and KHR glTF to every format: verification must find
// each written joint the same as its source, compared as the chain it is
// where it is one, or explained by the diagnostic that says so.
func TestVerifySplitJoints(t *testing.T) {
	reg := all.Registry()
	for _, src := range splitSources {
		for _, to := range reg.Formats() {
			if to.Emit == nil || to.Parse == nil {
				continue
			}
			t.Run(src.name+"/"+to.Name, func(t *testing.T) {
				out, res := convertIn(t, reg, fstest.MapFS{src.name: {Data: []byte(src.text)}}, src.name, to.Name)
				noMismatch(t, res, "")
				if to.Name != "urdf" {
					return
				}
				// the URDF output holds the chains this test is about
				if n := len(res.Diagnostics.OfCode(convert.CodeJointKindUnsupported)); n != src.chains {
					t.Errorf("%d joints written as chains, want %d: %v", n, src.chains, res.Diagnostics.OfCode(convert.CodeJointKindUnsupported))
				}
				said := map[string]bool{}
				for _, d := range res.Diagnostics {
					if d.Code == convert.CodeJointKindUnsupported {
						for _, j := range src.chained {
							if strings.Contains(d.Message, fmt.Sprintf("joint %q is written as", j)) {
								said[j] = true
							}
						}
					}
				}
				for _, j := range src.chained {
					if !said[j] {
						t.Errorf("joint %q is not written as a chain; joint-kind-unsupported says %v", j, res.Diagnostics.OfCode(convert.CodeJointKindUnsupported))
					}
				}
				if !strings.Contains(string(out.Main), "_dummy") {
					t.Errorf("no dummy link in the URDF output:\n%s", out.Main)
				}
			})
		}
	}
}

// stepAxis rewrites the axis of URDF joint name in a written file.
func stepAxis(name, axis string) func([]byte) []byte {
	re := regexp.MustCompile(`(<joint name="` + regexp.QuoteMeta(name) + `" type="[a-z]+">(?:\s*<[^j/][^>]*>)*?\s*<axis xyz=")[^"]*(")`)
	return func(b []byte) []byte { return re.ReplaceAll(b, []byte("${1}"+axis+"${2}")) }
}

// stepLimit rewrites the upper bound of URDF joint name in a written file.
func stepLimit(name, upper string) func([]byte) []byte {
	re := regexp.MustCompile(`(<joint name="` + regexp.QuoteMeta(name) + `" type="[a-z]+">(?:\s*<[^j/][^>]*>)*?\s*<limit [^>]*upper=")[^"]*(")`)
	return func(b []byte) []byte { return re.ReplaceAll(b, []byte("${1}"+upper+"${2}")) }
}

// TestVerifyCatchesWrongSplit: a chain written wrongly for a joint (one
// step about another axis, or with another range) is a verify-mismatch
// on that joint in the quantity that differs, although the diagnostic
// that says the joint was split is there: it explains the split, not
// what the split got wrong.
func TestVerifyCatchesWrongSplit(t *testing.T) {
	cases := []struct {
		src, joint string
		edit       func([]byte) []byte
		q          convert.Quantity
	}{
		// the fish tail: the twist step about the tail's length turned to
		// its side
		{"split.xml", "tail1+tail_twist", stepAxis("tail_twist", "1 0 0"), convert.QAxis},
		{"split.xml", "tail1+tail_twist", stepLimit("tail_twist", "0.4"), convert.QLimit},
		{"split.xml", "tilt_a+tilt_b", stepAxis("tilt_b", "0 1 0"), convert.QAxis},
		{"split.xml", "socket", stepAxis("socket_1", "1 0 0"), convert.QAxis},
		{"split.xml", "pill_slide+pill_turn", stepAxis("pill_slide", "0 1 0"), convert.QAxis},
		{"split.urdf", "neck", stepAxis("neck", "0 1 0"), convert.QAxis},
		{"split.gltf", "DrumGimbal", stepAxis("DrumGimbal", "0 1 0"), convert.QAxis},
		{"split.gltf", "PillAxle", stepLimit("PillAxle_0", "0.25"), convert.QLimit},
		{"split.gltf", "RockSlack", stepAxis("RockSlack", "1 0 0"), convert.QAxis},
	}
	text := map[string]string{}
	for _, s := range splitSources {
		text[s.name] = s.text
	}
	for _, c := range cases {
		t.Run(c.src+"/"+c.joint+"/"+c.q.String(), func(t *testing.T) {
			var formats []*convert.Format
			edited := false
			for _, f := range all.Registry().Formats() {
				if f.Name == "urdf" {
					g, emit := *f, f.Emit
					g.Emit = func(gr *convert.Graph, opts *convert.Options) (*convert.Output, convert.Diagnostics, error) {
						out, diags, err := emit(gr, opts)
						if err == nil {
							before := string(out.Main)
							out.Main = c.edit(out.Main)
							edited = string(out.Main) != before
						}
						return out, diags, err
					}
					f = &g
				}
				formats = append(formats, f)
			}
			_, res := convertIn(t, convert.NewRegistry(formats...), fstest.MapFS{c.src: {Data: []byte(text[c.src])}}, c.src, "urdf")
			if !edited {
				t.Fatal("the edit changed nothing in the output")
			}
			var found []string
			for _, d := range res.Diagnostics {
				if d.Code == convert.CodeVerifyMismatch {
					found = append(found, d.Message)
					if d.Quantities.Has(c.q) && strings.Contains(d.Message, fmt.Sprintf("joint %q", c.joint)) {
						return
					}
				}
			}
			t.Errorf("no %s verify-mismatch on joint %q; mismatches: %q", c.q, c.joint, found)
		})
	}
}
