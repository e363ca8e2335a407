package all_test

import (
	"reflect"
	"testing"

	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
)

// TestFormatOptionsAgree: two formats declaring an option of one name
// declare the same option, so one flag and one physconv.yaml key mean one
// thing; every declaration is complete and its default is a valid value.
func TestFormatOptionsAgree(t *testing.T) {
	seen := map[string]convert.Option{}
	owners := map[string]string{}
	for _, f := range all.Registry().Formats() {
		for _, opt := range f.Options {
			if opt.Usage == "" {
				t.Errorf("%s: option %s has no usage text", f.Name, opt.Name)
			}
			if opt.Default != "" {
				if err := opt.Check(opt.Default); err != nil {
					t.Errorf("%s: option %s: default: %v", f.Name, opt.Name, err)
				}
			}
			if prev, ok := seen[opt.Name]; ok && !reflect.DeepEqual(prev, opt) {
				t.Errorf("option %s is declared differently by %s and %s", opt.Name, owners[opt.Name], f.Name)
			}
			seen[opt.Name], owners[opt.Name] = opt, f.Name
		}
	}
	for _, core := range []string{"from", "to", "up", "density", "strict", "package", "allow-root"} {
		if _, ok := seen[core]; ok {
			t.Errorf("format option %s shadows a core option", core)
		}
	}
}

// TestOptionValues: values reach the format that reads them, the last
// given value wins, defaults apply when nothing is given, and pairs merge.
func TestOptionValues(t *testing.T) {
	str := convert.Option{Name: "s", Kind: convert.OptionString, Default: "a", Values: []string{"a", "b"}, Usage: "u"}
	pairs := convert.Option{Name: "p", Kind: convert.OptionPairs, Usage: "u"}
	var o *convert.Options
	if got := o.Value(str); got != "a" {
		t.Errorf("nil options: %q, want the default a", got)
	}
	o = o.With(str, "b").With(pairs, "x=1", "y=2").With(pairs, "x=3")
	if got := o.Value(str); got != "b" {
		t.Errorf("given b: %q", got)
	}
	if got := o.Pairs(pairs); !reflect.DeepEqual(got, map[string]string{"x": "3", "y": "2"}) {
		t.Errorf("pairs: %v", got)
	}
	base := &convert.Options{}
	_ = base.With(str, "b")
	if base.FormatOptions != nil {
		t.Error("With changed its receiver")
	}
	for _, c := range []struct {
		opt  convert.Option
		v    string
		fail bool
	}{
		{str, "b", false}, {str, "c", true},
		{convert.Option{Name: "n", Kind: convert.OptionInt, Values: []string{"3", "4"}}, "3", false},
		{convert.Option{Name: "n", Kind: convert.OptionInt, Values: []string{"3", "4"}}, "5", true},
		{convert.Option{Name: "n", Kind: convert.OptionInt}, "x", true},
		{convert.Option{Name: "b", Kind: convert.OptionBool}, "true", false},
		{convert.Option{Name: "b", Kind: convert.OptionBool}, "yes", true},
		{pairs, "k=v", false}, {pairs, "=v", true}, {pairs, "kv", true},
	} {
		if err := c.opt.Check(c.v); (err != nil) != c.fail {
			t.Errorf("%s %q: error %v, want failure %v", c.opt.Name, c.v, err, c.fail)
		}
	}
}

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
}
