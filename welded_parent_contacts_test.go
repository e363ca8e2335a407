package physconv_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	urdfpkg "github.com/physconv/physconv/urdf"
)

// TestWeldedParentContacts: MuJoCo filters the contacts of a body with
// its parent unless the parent is welded to the world (a body without
// joints below the world body), which it counts as the world's. A fixed
// base therefore touches its first link in MuJoCo, where URDF simulators,
// Godot and glTF keep a joint's two bodies apart.
//
// MJCF output wrote a URDF or Godot robot's fixed base as such a body and
// its arm, overlapping the base, was pushed out of it and ended pointing
// up; it now gets an <exclude>, and swings as an arm whose base has no
// collider at all. The MJCF reader took such a joint as keeping its
// bodies apart, so glTF and Godot output of an MJCF arm resting on its
// base let it sink into it; the joint lets them collide now (an <exclude>
// of the two takes that back), and MuJoCo moves an MJCF → KHR → MJCF
// round trip as the source.
func TestWeldedParentContacts(t *testing.T) {
	reg := all.Registry()
	dir := t.TempDir()
	urdf := func(baseCollider bool) string {
		c := ""
		if baseCollider {
			c = `<collision><geometry><box size="0.4 0.4 0.1"/></geometry></collision>`
		}
		return `<robot name="ov"><link name="world"/><joint name="wj" type="fixed"><parent link="world"/><child link="base"/><origin xyz="0 0 1"/></joint>` +
			`<link name="base"><inertial><mass value="5"/><inertia ixx="0.1" iyy="0.1" izz="0.1" ixy="0" ixz="0" iyz="0"/></inertial>` + c + `</link>` +
			`<link name="arm"><inertial><origin xyz="0.2 0 0"/><mass value="1"/><inertia ixx="0.01" iyy="0.01" izz="0.01" ixy="0" ixz="0" iyz="0"/></inertial>` +
			`<collision><origin xyz="0.2 0 0"/><geometry><box size="0.4 0.05 0.05"/></geometry></collision></link>` +
			`<joint name="j" type="revolute"><parent link="base"/><child link="arm"/><origin xyz="0.1 0 0"/><axis xyz="0 1 0"/><limit lower="-3" upper="3" effort="10" velocity="1"/></joint></robot>`
	}
	armAfter := func(name string, data []byte, side ...map[string][]byte) [3]float64 {
		var files map[string][]byte
		if len(side) > 0 {
			files = side[0]
		}
		return stepped(t, dir, name, data, files, 300, "--backend", "c")["arm"].COM()
	}
	free, _ := convertIn(t, reg, fstest.MapFS{"r.urdf": {Data: []byte(urdf(false))}}, "r.urdf", "mjcf")
	swings := armAfter("free.xml", free.Main)
	out, res := convertIn(t, reg, fstest.MapFS{"r.urdf": {Data: []byte(urdf(true))}}, "r.urdf", "mjcf")
	if !strings.Contains(string(out.Main), `<exclude body1="base" body2="arm"/>`) {
		t.Errorf("no exclude of the fixed base and its arm:\n%s", out.Main)
	}
	if m := mismatches(res); len(m) > 0 {
		t.Errorf("URDF → MJCF: %v", m)
	}
	if got := armAfter("out.xml", out.Main); apart(got, swings) > 1e-6 {
		t.Errorf("URDF → MJCF: the arm is at %v after 300 steps; an arm whose base has no collider swings to %v", got, swings)
	}

	// however the base is fixed: by a world link with or without a mass
	// (a massless link with colliders fixed to the world is a static body,
	// not a frame of the world), a mass of 0 at the root (Bullet's static
	// link), --base fixed, and a URDF → URDF round trip of that
	for _, c := range []struct {
		name, src string
		base      string // --base
		roundTrip bool
	}{
		{"massless world link", strings.Replace(urdf(true), `<inertial><mass value="5"/><inertia ixx="0.1" iyy="0.1" izz="0.1" ixy="0" ixz="0" iyz="0"/></inertial>`, "", 1), "", false},
		{"mass 0 at the root", strings.Replace(strings.Replace(urdf(true), `<mass value="5"/>`, `<mass value="0"/>`, 1),
			`<link name="world"/><joint name="wj" type="fixed"><parent link="world"/><child link="base"/><origin xyz="0 0 1"/></joint>`, "", 1), "", false},
		{"--base fixed, through URDF", strings.Replace(urdf(true), `<link name="world"/><joint name="wj" type="fixed"><parent link="world"/><child link="base"/><origin xyz="0 0 1"/></joint>`, "", 1), "fixed", true},
	} {
		prepare := func(text string) []byte {
			if !c.roundTrip {
				return []byte(text)
			}
			in, err := physconv.NewInput(fstest.MapFS{"r.urdf": {Data: []byte(text)}}, "r.urdf", (&convert.Options{To: "urdf", OutputName: "rt.urdf"}).With(urdfpkg.BaseOption, c.base))
			if err != nil {
				t.Fatal(err)
			}
			rt, _, err := physconv.ConvertBytes(context.Background(), reg, in)
			if err != nil {
				t.Fatal(err)
			}
			return rt.Main
		}
		src := prepare(c.src)
		out, res := convertIn(t, reg, fstest.MapFS{"r.urdf": {Data: src}}, "r.urdf", "mjcf")
		if m := mismatches(res); len(m) > 0 {
			t.Errorf("%s: %v", c.name, m)
		}
		if !strings.Contains(string(out.Main), `<exclude body1="base" body2="arm"/>`) {
			t.Errorf("%s: no exclude of the fixed base and its arm:\n%s", c.name, out.Main)
		}
		// as the same arm on a base without a collider
		bare := prepare(strings.Replace(c.src, `<collision><geometry><box size="0.4 0.4 0.1"/></geometry></collision>`, "", 1))
		ref, _ := convertIn(t, reg, fstest.MapFS{"r.urdf": {Data: bare}}, "r.urdf", "mjcf")
		if strings.Contains(string(ref.Main), `size="0.2 0.2 0.05"`) {
			t.Fatalf("%s: the bare base kept its collider", c.name)
		}
		name := strings.NewReplacer(" ", "_", "-", "", ",", "").Replace(c.name)
		if got, want := armAfter(name+".xml", out.Main), armAfter(name+"-bare.xml", ref.Main); apart(got, want) > 1e-6 {
			t.Errorf("%s: the arm is at %v after 300 steps; on a base without a collider it swings to %v", c.name, got, want)
		}
	}

	// an MJCF arm on a base welded to the world collides with it, unless
	// an exclude keeps them apart
	for _, c := range []struct {
		name, contact string
	}{{"touching", ""}, {"excluded", `<contact><exclude body1="base" body2="arm"/></contact>`}} {
		src := `<mujoco><worldbody><body name="base" pos="0 0 1"><geom type="box" size="0.2 0.2 0.05"/>` +
			`<body name="arm" pos="0.1 0 0"><joint name="j" axis="0 1 0"/><inertial pos="0.2 0 0" mass="1" diaginertia="0.01 0.01 0.01"/>` +
			`<geom type="box" size="0.2 0.025 0.025" pos="0.2 0 0" mass="0"/></body></body></worldbody>` + c.contact + `</mujoco>`
		want := armAfter(c.name+".xml", []byte(src))
		khr, kres := convertIn(t, reg, fstest.MapFS{"src.xml": {Data: []byte(src)}}, "src.xml", "khr")
		if m := mismatches(kres); len(m) > 0 {
			t.Errorf("%s: MJCF → KHR: %v", c.name, m)
		}
		if enabled := strings.Contains(strings.ReplaceAll(string(khr.Main), " ", ""), `"enableCollision":true`); enabled != (c.contact == "") {
			t.Errorf("%s: the KHR joint lets its bodies collide: %v", c.name, enabled)
		}
		files := fstest.MapFS{"out.gltf": {Data: khr.Main}}
		for name, data := range khr.Files {
			files[name] = &fstest.MapFile{Data: data}
		}
		back, bres := convertIn(t, reg, files, "out.gltf", "mjcf")
		if m := mismatches(bres); len(m) > 0 {
			t.Errorf("%s: KHR → MJCF: %v", c.name, m)
		}
		mj, _ := convertIn(t, reg, fstest.MapFS{"src.xml": {Data: []byte(src)}}, "src.xml", "mjcf")
		for k, o := range []*convert.Output{mj, back} {
			if got := armAfter(fmt.Sprintf("%s%d.xml", c.name, k), o.Main, o.Files); apart(got, want) > 1e-4 {
				t.Errorf("%s: %s: the arm is at %v after 300 steps, the source's at %v\n%s", c.name, []string{"MJCF → MJCF", "MJCF → KHR → MJCF"}[k], got, want, o.Main)
			}
		}
	}
}
