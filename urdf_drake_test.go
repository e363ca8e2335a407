package physconv_test

import (
	"context"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// drakePendulum is a box a fixed to the world, a massless link b on a
// hinge above it, and a pendulum c on a second hinge at b, whose sphere
// rests against a's side. extra goes inside <robot>.
func drakePendulum(extra, jointTransmission string) string {
	return `<robot name="p" xmlns:drake="http://drake.mit.edu">
  <link name="world"/>
  <joint name="fix" type="fixed"><parent link="world"/><child link="a"/></joint>
  <link name="a">
    <inertial><mass value="1"/><inertia ixx="0.01" ixy="0" ixz="0" iyy="0.01" iyz="0" izz="0.01"/></inertial>
    <collision><geometry><box size="0.2 0.2 0.2"/></geometry></collision>
  </link>
  <joint name="j1" type="revolute"><parent link="a"/><child link="b"/><origin xyz="0 0 0.3"/><axis xyz="1 0 0"/><limit lower="-3" upper="3" effort="1" velocity="1"/></joint>
  <link name="b">
    <inertial><mass value="0.1"/><inertia ixx="0.001" ixy="0" ixz="0" iyy="0.001" iyz="0" izz="0.001"/></inertial>
  </link>
  <joint name="j2" type="revolute"><parent link="b"/><child link="c"/><axis xyz="1 0 0"/><limit lower="-3" upper="3" effort="1" velocity="1"/></joint>
  <link name="c">
    <inertial><origin xyz="0 0 -0.2"/><mass value="1"/><inertia ixx="0.01" ixy="0" ixz="0" iyy="0.01" iyz="0" izz="0.01"/></inertial>
    <collision><origin xyz="0 0.08 -0.2"/><geometry><sphere radius="0.1"/></geometry></collision>
  </link>
` + jointTransmission + extra + `
</robot>`
}

// Drake's collision filter groups were kept for URDF output only, with an
// info saying they meant nothing: the pendulum that Drake lets hang
// through the box it is filtered from was thrown off it. They are the
// Graph's filters now, link pair by link pair, which MJCF writes as
// <exclude>s; URDF output writes filters (any source's) as groups again.
// MuJoCo leaves the filtered pendulum hanging as Drake does, and knocks
// the unfiltered one away.
func TestURDFDrakeCollisionFilterGroups(t *testing.T) {
	reg := all.Registry()
	self := `<drake:collision_filter_group name="ac"><drake:member link="a"/><drake:member link="c"/><drake:ignored_collision_filter_group name="ac"/></drake:collision_filter_group>`
	cross := `<drake:collision_filter_group name="A"><drake:member link="a"/><drake:ignored_collision_filter_group name="C"/></drake:collision_filter_group>
<drake:collision_filter_group name="C"><drake:member_group name="inner"/></drake:collision_filter_group>
<drake:collision_filter_group name="inner"><drake:member link="c"/></drake:collision_filter_group>`
	for _, c := range []struct {
		name, groups string
		apart        bool
		warnings     int
	}{
		{"a group ignoring itself", self, true, 0},
		{"a group ignoring another, by member group", cross, true, 0},
		{"ignore=true", strings.Replace(self, `name="ac">`, `name="ac" ignore="true">`, 1), false, 0},
		{"unknown link and group", `<drake:collision_filter_group name="g"><drake:member link="nope"/><drake:member link="a"/><drake:member link="c"/><drake:ignored_collision_filter_group name="g"/><drake:ignored_collision_filter_group name="ghost"/></drake:collision_filter_group>`, true, 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := drakePendulum(c.groups, "")
			fsys := fstest.MapFS{"p.urdf": {Data: []byte(src)}}
			out, res := convertIn(t, reg, fsys, "p.urdf", "mjcf")
			if m := mismatches(res); len(m) > 0 {
				t.Errorf("%v", m)
			}
			if got := strings.Contains(string(out.Main), `<exclude body1="a" body2="c"/>`); got != c.apart {
				t.Errorf("exclude a–c written: %v, want %v:\n%s", got, c.apart, out.Main)
			}
			if n := len(res.Diagnostics.OfCode(convert.CodeFieldDropped)); n != c.warnings {
				t.Errorf("%d field-dropped, want %d: %v", n, c.warnings, res.Diagnostics)
			}
			if len(res.Diagnostics.OfCode(convert.CodeElementKept)) != 0 {
				t.Errorf("the groups are said to mean nothing: %v", res.Diagnostics.OfCode(convert.CodeElementKept))
			}
			// URDF output writes the filters as groups again, and reads
			// back the same excludes
			back, res := convertIn(t, reg, fsys, "p.urdf", "urdf")
			if !strings.Contains(string(back.Main), "drake:collision_filter_group") {
				t.Errorf("URDF output lost the groups:\n%s", back.Main)
			}
			if m := mismatches(res); len(m) > 0 {
				t.Errorf("URDF output: %v", m)
			}
			again, _ := convertIn(t, reg, fstest.MapFS{"p.urdf": {Data: back.Main}}, "p.urdf", "mjcf")
			if got := strings.Contains(string(again.Main), `<exclude body1="a" body2="c"/>`); got != c.apart {
				t.Errorf("URDF output read back: exclude a–c %v, want %v", got, c.apart)
			}
			testenv.Oracle(t, "mj-inspect")
			after := stepped(t, t.TempDir(), "p.xml", out.Main, nil, 300, "--backend", "c")["c"]
			moved := apart(after.COM(), [3]float64{0, 0, 0.1})
			if c.apart && moved > 1e-3 || !c.apart && moved < 0.05 {
				t.Errorf("the pendulum's centre of mass moved %.4g m in MuJoCo (kept apart from the box: %v)", moved, c.apart)
			}
		})
	}
}

// Drake's reflected inertia (a transmission actuator's rotor inertia
// times its gear ratio squared) was dropped without a word, though it
// dominates a geared arm's joint inertia; it is the joint's armature now
// (MuJoCo swings the pendulum as with that armature), and URDF output
// writes an armature back on the transmission it writes.
func TestURDFDrakeReflectedInertia(t *testing.T) {
	reg := all.Registry()
	trans := `<transmission name="t"><type>transmission_interface/SimpleTransmission</type>
  <joint name="j2"><hardwareInterface>EffortJointInterface</hardwareInterface></joint>
  <actuator name="m"><drake:gear_ratio value="100.0"/><drake:rotor_inertia value="0.0001"/></actuator></transmission>`
	src := drakePendulum("", trans)
	opts := &convert.Options{From: "urdf", To: "mjcf", OutputName: "p.xml"}
	opts.SetOption("actuators", "none")
	out, res, err := physconv.ConvertBytes(context.Background(), reg, &convert.Input{Name: "p.urdf", Data: []byte(src), Options: opts})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out.Main), `armature="1"`) || len(res.Diagnostics.OfCode(convert.CodeDrakeReflectedInertia)) != 1 {
		t.Errorf("%s\n%v", out.Main, res.Diagnostics)
	}
	// the same pendulum with the armature written out, in MuJoCo
	withArmature := string(out.Main)
	none := strings.Replace(string(out.Main), ` armature="1"`, "", 1)
	testenv.Oracle(t, "mj-inspect")
	dir := t.TempDir()
	a := stepped(t, dir, "a.xml", []byte(withArmature), nil, 300, "--backend", "c")["c"]
	b := stepped(t, dir, "b.xml", []byte(none), nil, 300, "--backend", "c")["c"]
	if d := apart(a.COM(), b.COM()); d < 0.01 {
		t.Errorf("the armature changes nothing in 300 steps (%g m)", d)
	}
	// URDF output: the kept transmission carries it back, no loss said
	back, res := convertIn(t, reg, fstest.MapFS{"p.urdf": {Data: []byte(src)}}, "p.urdf", "urdf")
	if res.Diagnostics.Has(convert.CodeJointFieldDropped) || !strings.Contains(string(back.Main), "drake:rotor_inertia") {
		t.Errorf("URDF output: %v", res.Diagnostics)
	}
	// an MJCF armature on an actuated joint is written as Drake's
	mj := `<mujoco><worldbody><body name="arm"><joint name="h" axis="1 0 0" armature="0.25"/><geom size="0.1" pos="0 0 -0.3" mass="1"/></body></worldbody>
<actuator><motor joint="h" ctrlrange="-1 1"/></actuator></mujoco>`
	urdfOut, res := convertIn(t, reg, fstest.MapFS{"m.xml": {Data: []byte(mj)}}, "m.xml", "urdf")
	if d := res.Diagnostics.OfCode(convert.CodeJointFieldDropped); len(d) > 0 && strings.Contains(d[0].Message, "armature") {
		t.Errorf("MJCF → URDF: %v", res.Diagnostics)
	}
	again, _ := convertIn(t, reg, fstest.MapFS{"m.urdf": {Data: urdfOut.Main}}, "m.urdf", "mjcf")
	if !strings.Contains(string(again.Main), `armature="0.25"`) {
		t.Errorf("MJCF → URDF → MJCF lost the armature:\n%s\n%s", urdfOut.Main, again.Main)
	}
}

// A collision's Drake friction (<drake:proximity_properties> mu_static,
// mu_dynamic) was dropped without a word: a box of friction 0.1 stuck on
// a slope as one of friction 1. It is the collision's material now, and
// the contact-model properties no target has are named as dropped.
func TestURDFDrakeFriction(t *testing.T) {
	reg := all.Registry()
	box := func(props string) string {
		return `<robot name="b" xmlns:drake="http://drake.mit.edu"><link name="box">
  <inertial><mass value="1"/><inertia ixx="0.01" ixy="0" ixz="0" iyy="0.01" iyz="0" izz="0.01"/></inertial>
  <collision><geometry><box size="0.2 0.2 0.2"/></geometry><drake:proximity_properties>` + props + `</drake:proximity_properties></collision>
  <collision><origin xyz="0 0 0.3"/><geometry><sphere radius="0.05"/></geometry></collision>
</link></robot>`
	}
	for _, c := range []struct {
		props, friction string
		dropped         int
	}{
		{`<drake:mu_dynamic value="0.15"/><drake:mu_static value="0.15"/>`, `friction="0.15 `, 0},
		{`<drake:mu_static value="0.3"/>`, `friction="0.3 `, 0},
		{`<drake:mu_dynamic value="0.4"/><drake:hunt_crossley_dissipation value="1"/><drake:hydroelastic_modulus value="5e7"/>`, `friction="0.4 `, 2},
	} {
		out, res := convertIn(t, reg, fstest.MapFS{"b.urdf": {Data: []byte(box(c.props))}}, "b.urdf", "mjcf")
		geoms := strings.Split(string(out.Main), "<geom")
		if len(geoms) < 3 || !strings.Contains(geoms[1], c.friction) || strings.Contains(geoms[2], c.friction) {
			t.Errorf("%s: the box's geom lacks %s (and only it has it):\n%s", c.props, c.friction, out.Main)
		}
		if len(res.Diagnostics.OfCode(convert.CodeDrakeFriction)) != 1 || len(res.Diagnostics.OfCode(convert.CodeFieldDropped)) != c.dropped {
			t.Errorf("%s: %v", c.props, res.Diagnostics)
		}
		if m := mismatches(res); len(m) > 0 {
			t.Errorf("%v", m)
		}
	}
	// KHR keeps the friction as the collider's material
	khr, _ := convertIn(t, reg, fstest.MapFS{"b.urdf": {Data: []byte(box(`<drake:mu_dynamic value="0.1"/>`))}}, "b.urdf", "khr")
	if !strings.Contains(string(khr.Main), `"dynamicFriction": 0.1,`) {
		t.Errorf("KHR output lacks the friction:\n%s", khr.Main)
	}
}
