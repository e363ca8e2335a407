package all_test

import (
	"testing"

	"github.com/physconv/physconv/all"
)

func TestRegistryDetects(t *testing.T) {
	reg := all.Registry()
	cases := []struct {
		file, head, want string
	}{
		{"a.gltf", `{"asset":{"version":"2.0"},"extensionsUsed":["KHR_physics_rigid_bodies"]}`, "khr"},
		{"a.gltf", `{"asset":{"version":"2.0"},"extensionsUsed":["OMI_physics_body"]}`, "omi"},
		{"robot.URDF", `<?xml version="1.0"?><robot name="r"/>`, "urdf"},
		{"model.xml", `<mujoco model="m"/>`, "mjcf"},
		{"model.xml", `<?xml version="1.0"?><robot name="r"/>`, "urdf"},
		{"scene.tscn", `[gd_scene format=3]`, "godot"},
		{"noext", `<mujoco/>`, "mjcf"},
		{"robot.urdf.xacro", `<robot name="r" xmlns:xacro="http://www.ros.org/wiki/xacro">`, "xacro"},
		{"robot.xacro", `<robot name="r"><xacro:property name="a" value="1"/>`, "xacro"},
		{"model.xml", `<robot name="r" xmlns:xacro="http://www.ros.org/wiki/xacro">`, "xacro"},
		{"robot.xacro", `<robot name="r"><link name="a"/></robot>`, "urdf"},
		{"robot.urdf", `<robot name="r" xmlns:xacro="http://www.ros.org/wiki/xacro"><link name="a"/>`, "urdf"},
		{"robot.urdf", `<robot name="r" xmlns:xacro="http://www.ros.org/wiki/xacro"><xacro:include filename="x"/>`, "xacro"},
		{"robot.urdf", `<robot name="${name}">`, "xacro"},
	}
	for _, c := range cases {
		f, err := reg.Detect("", c.file, []byte(c.head))
		if err != nil || f.Name != c.want {
			t.Errorf("%s %q: got %v %v, want %s", c.file, c.head, f, err, c.want)
		}
	}
	if _, err := reg.Detect("", "notes.txt", []byte("hello")); err == nil {
		t.Error("plain text detected as a format")
	}
	for _, name := range []string{"khr", "omi", "godot", "godot3", "urdf", "mjcf"} {
		f, err := reg.Lookup(name)
		if err != nil || f.Parse == nil || f.Emit == nil {
			t.Errorf("%s: %v %v", name, f, err)
		}
	}
}
