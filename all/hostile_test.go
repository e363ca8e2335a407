package all_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/mjcf"
)

var nonFiniteToken = regexp.MustCompile(`(?i)(^|[^a-z_])[+-]?(nan|inf)([^a-z_]|$)`)

// nonFiniteGraphs has one body per case whose number is NaN or ±Inf where
// a writer would have to write it: every shape kind and the transform.
func nonFiniteGraphs() map[string]*convert.Graph {
	out := map[string]*convert.Graph{}
	body := func(name string, s *convert.Shape, mutate func(n *convert.Node)) {
		g := convert.NewGraph()
		n := convert.Node{Name: "b", Transform: convert.Identity(),
			Motion: &convert.Motion{Kind: convert.Dynamic, Mass: convert.Ptr(1.0), CenterOfMass: &convert.Vec3{},
				InertiaDiagonal: &convert.Vec3{1, 1, 1}, GravityFactor: 1}}
		if s != nil {
			if s.Kind == convert.Convex || s.Kind == convert.TriMesh {
				s.Mesh = g.AddMesh(convert.Mesh{Positions: []convert.Vec3{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, math.NaN()}},
					Indices: []uint32{0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3}, Loaded: true, Scale: convert.Vec3{1, 1, 1}})
			}
			n.Collider = &convert.Collider{Shape: g.AddShape(*s), Material: -1, Filter: -1}
		}
		if mutate != nil {
			mutate(&n)
		}
		g.AddNode(n, -1)
		out[name] = g
	}
	nan, inf := math.NaN(), math.Inf(1)
	body("box", &convert.Shape{Kind: convert.Box, Size: convert.Vec3{1, nan, 1}}, nil)
	body("ellipsoid", &convert.Shape{Kind: convert.Ellipsoid, Size: convert.Vec3{1, 1, inf}}, nil)
	body("sphere", &convert.Shape{Kind: convert.Sphere, Radius: nan}, nil)
	body("capsule", &convert.Shape{Kind: convert.Capsule, Height: inf, RadiusTop: 1, RadiusBottom: 1}, nil)
	body("cylinder", &convert.Shape{Kind: convert.Cylinder, Height: 1, RadiusTop: nan, RadiusBottom: nan}, nil)
	body("plane", &convert.Shape{Kind: convert.Plane, SizeX: nan, SizeZ: 1}, nil)
	body("convex", &convert.Shape{Kind: convert.Convex}, nil)
	body("trimesh", &convert.Shape{Kind: convert.TriMesh}, nil)
	body("heightfield", &convert.Shape{Kind: convert.Heightfield, Field: &convert.HeightField{Columns: 2, Rows: 2, SizeX: 1, SizeZ: 1,
		Heights: []float64{0, nan, 0, 0}, MinY: 0, MaxY: 1}}, nil)
	body("translation", &convert.Shape{Kind: convert.Sphere, Radius: 1}, func(n *convert.Node) { n.Transform.T[0] = nan })
	body("inertia", &convert.Shape{Kind: convert.Sphere, Radius: 1}, func(n *convert.Node) { n.Motion.InertiaDiagonal = &convert.Vec3{nan, 1, 1} })
	body("centre-of-mass", &convert.Shape{Kind: convert.Sphere, Radius: 1}, func(n *convert.Node) { n.Motion.CenterOfMass = &convert.Vec3{0, inf, 0} })
	return out
}

// Every writer refuses to write NaN or ±Inf: the emit fails with an error
// and no output, or the number is not written at all. Cases where a
// writer must write the number (shape sizes, the transform) must fail.
func TestNoNonFiniteOutput(t *testing.T) {
	ext := map[string]string{"khr": ".gltf", "omi": ".gltf", "godot": ".tscn", "godot3": ".tscn", "urdf": ".urdf", "mjcf": ".xml"}
	mustFail := map[string]bool{"box": true, "sphere": true, "translation": true}
	for _, f := range all.Registry().Formats() {
		if f.Emit == nil {
			continue
		}
		for name, g := range nonFiniteGraphs() {
			out, _, err := convert.EmitChecked(f, g, (&convert.Options{OutputName: "out" + ext[f.Name]}).With(mjcf.InlineMeshesOption, "true"))
			switch {
			case err != nil && out != nil:
				t.Errorf("%s/%s: an error and an output", f.Name, name)
			case err != nil:
				if strings.Contains(err.Error(), "internal error") {
					t.Errorf("%s/%s: %v", f.Name, name, err)
				}
			case mustFail[name]:
				t.Errorf("%s/%s: written without an error", f.Name, name)
			default:
				for file, b := range map[string][]byte{"main": out.Main} {
					if m := nonFiniteToken.Find(b); m != nil {
						t.Errorf("%s/%s: %s holds %q", f.Name, name, file, m)
					}
				}
			}
		}
	}
}

// The repro inputs of extreme but finite sizes are input errors in every
// reader, not NaN in some writer.
func TestExtremeInputsRefused(t *testing.T) {
	reg := all.Registry()
	inert := `<inertial><mass value="1"/><inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial>`
	cases := []struct{ file, data string }{
		{"a.gltf", `{"asset":{"version":"2.0"},"extensionsUsed":["KHR_physics_rigid_bodies","KHR_implicit_shapes"],"scenes":[{"nodes":[0]}],"extensions":{"KHR_implicit_shapes":{"shapes":[{"type":"box","box":{"size":[1,1,1e-320]}}]}},"nodes":[{"name":"b","extensions":{"KHR_physics_rigid_bodies":{"motion":{"mass":1},"collider":{"geometry":{"shape":0}}}}}]}`},
		{"a.gltf", `{"asset":{"version":"2.0"},"extensionsUsed":["OMI_physics_body","OMI_physics_shape"],"scenes":[{"nodes":[0]}],"extensions":{"OMI_physics_shape":{"shapes":[{"type":"sphere","sphere":{"radius":1e200}}]}},"nodes":[{"name":"b","extensions":{"OMI_physics_body":{"motion":{"type":"dynamic","mass":1},"collider":{"shape":0}}}}]}`},
		{"a.tscn", "[gd_scene format=3]\n\n[sub_resource type=\"BoxShape3D\" id=\"B\"]\nsize = Vector3(1e200, 1, 1)\n\n[node name=\"R\" type=\"RigidBody3D\"]\nmass = 1.0\n\n[node name=\"C\" type=\"CollisionShape3D\" parent=\".\"]\nshape = SubResource(\"B\")\n"},
		{"a.urdf", `<robot name="r"><link name="a">` + inert + `<collision><geometry><box size="1 1 1e-300"/></geometry></collision></link></robot>`},
		{"a.urdf", `<robot name="r"><link name="a">` + inert + `</link><link name="b">` + inert + `</link><joint name="j" type="fixed"><origin xyz="1e300 0 0"/><parent link="a"/><child link="b"/></joint></robot>`},
		{"a.xml", `<mujoco><worldbody><body><freejoint/><geom type="box" size="1e200 1 1"/></body></worldbody></mujoco>`},
		{"a.xml", `<mujoco><worldbody><body><freejoint/><geom type="sphere" size="1e-300"/></body></worldbody></mujoco>`},
	}
	for _, c := range cases {
		in := &convert.Input{Name: c.file, Data: []byte(c.data), Options: &convert.Options{}}
		_, _, _, err := physconv.ParseGraph(context.Background(), reg, in)
		var fe *convert.FormatError
		if !errors.As(err, &fe) || !strings.Contains(err.Error(), "cannot compute with") {
			t.Errorf("%s %.60s…: %v", c.file, c.data, err)
		}
	}
}

// Each reader draws on the input's budget: an input that expands past a
// (here small) limit is an input error naming the limit, before the
// expansion is built.
func TestBudgetsPerReader(t *testing.T) {
	inert := `<inertial><mass value="1"/><inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial>`
	tri := `<source id="p"><float_array>0 0 0 1 0 0 0 1 0 0 0 1</float_array></source><vertices id="v"><input semantic="POSITION" source="#p"/></vertices><triangles><input semantic="VERTEX" source="#v" offset="0"/><p>0 2 1 0 1 3 0 3 2 1 2 3</p></triangles>`
	dae := `<COLLADA><library_geometries><geometry id="g"><mesh>` + tri + `</mesh></geometry></library_geometries><library_visual_scenes><visual_scene id="s"><node>` +
		strings.Repeat(`<instance_geometry url="#g"/>`, 30) + `</node></visual_scene></library_visual_scenes><scene><instance_visual_scene url="#s"/></scene></COLLADA>`
	stl := make([]byte, 84+50*40)
	stl[80] = 40
	var godotFiles = fstest.MapFS{"project.godot": {Data: []byte("config_version=5\n")}}
	for i := 0; i < 3; i++ {
		var b strings.Builder
		fmt.Fprintf(&b, "[gd_scene format=3]\n\n[ext_resource type=\"PackedScene\" path=\"res://s%d.tscn\" id=\"1\"]\n\n[node name=\"N\" type=\"Node3D\"]\n\n", i+1)
		for k := 0; k < 4; k++ {
			fmt.Fprintf(&b, "[node name=\"I%d\" parent=\".\" instance=ExtResource(\"1\")]\n\n", k)
		}
		godotFiles[fmt.Sprintf("s%d.tscn", i)] = &fstest.MapFile{Data: []byte(b.String())}
	}
	godotFiles["s3.tscn"] = &fstest.MapFile{Data: []byte("[gd_scene format=3]\n\n[node name=\"R\" type=\"StaticBody3D\"]\n")}
	accessor := func(count int) string {
		return fmt.Sprintf(`{"asset":{"version":"2.0"},"extensionsUsed":["KHR_physics_rigid_bodies"],"scenes":[{"nodes":[0]}],"nodes":[{"name":"b","extensions":{"KHR_physics_rigid_bodies":{"motion":{"mass":1},"collider":{"geometry":{"mesh":0,"convexHull":true}}}}}],`+
			`"meshes":[{"primitives":[{"attributes":{"POSITION":0}},{"attributes":{"POSITION":0}}]}],`+
			`"accessors":[{"componentType":5126,"count":%d,"type":"VEC3","sparse":{"count":1,"indices":{"bufferView":0,"componentType":5125},"values":{"bufferView":1}}}],`+
			`"bufferViews":[{"buffer":0,"byteLength":4},{"buffer":0,"byteOffset":4,"byteLength":12}],"buffers":[{"byteLength":16,"uri":"data:application/octet-stream;base64,AAAAAAAAAAAAAAAAAAAAAA=="}]}`, count)
	}
	cases := []struct {
		name, file, data string
		fs               fstest.MapFS
		limits           convert.Limits
		flag             string
	}{
		{"gltf sparse accessor", "a.gltf", accessor(1000), nil, convert.Limits{Elements: 2999}, "max-elements"},
		{"gltf accessor reused", "a.gltf", accessor(1000), nil, convert.Limits{Elements: 5999}, "max-elements"},
		// a free-form extras array, and an object of many members
		{"gltf extras array", "a.gltf", `{"asset":{"version":"2.0"},"nodes":[{"name":"n","extras":[` + strings.TrimSuffix(strings.Repeat("0,", 1000), ",") + `]}],"scenes":[{"nodes":[0]}]}`, nil, convert.Limits{JSONValues: 999}, "max-json-values"},
		{"gltf extras members", "a.gltf", `{"asset":{"version":"2.0"},"nodes":[{"name":"n"}],"scenes":[{"nodes":[0]}],"extras":{` + members(300) + `}}`, nil, convert.Limits{JSONValues: 1000}, "max-json-values"},
		{"godot instancing", "s0.tscn", "", godotFiles, convert.Limits{Nodes: 50}, "max-nodes"},
		{"mjcf replicate", "a.xml", `<mujoco><worldbody><replicate count="10" offset="1 0 0"><body><freejoint/><geom size="1"/><geom size="1"/></body></replicate></worldbody></mujoco>`, nil, convert.Limits{Nodes: 29}, "max-nodes"},
		{"collada instances", "a.urdf", `<robot name="r"><link name="a">` + inert + `<collision><geometry><mesh filename="m.dae"/></geometry></collision></link></robot>`,
			fstest.MapFS{"m.dae": {Data: []byte(dae)}}, convert.Limits{Triangles: 100}, "max-triangles"},
		{"stl triangles", "a.urdf", `<robot name="r"><link name="a">` + inert + `<collision><geometry><mesh filename="m.stl"/></geometry></collision></link></robot>`,
			fstest.MapFS{"m.stl": {Data: stl}}, convert.Limits{Triangles: 39}, "max-triangles"},
		{"side file size", "a.urdf", `<robot name="r"><link name="a">` + inert + `<collision><geometry><mesh filename="m.stl"/></geometry></collision></link></robot>`,
			fstest.MapFS{"m.stl": {Data: stl}}, convert.Limits{InputBytes: 1000}, "max-input-bytes"},
		{"input size", "a.xml", `<mujoco><worldbody><body><freejoint/><geom size="1"/></body></worldbody></mujoco>`, nil, convert.Limits{InputBytes: 20}, "max-input-bytes"},
	}
	reg := all.Registry()
	for _, c := range cases {
		data := []byte(c.data)
		if c.fs != nil && c.data == "" {
			data = c.fs[c.file].Data
		}
		fsys := c.fs
		if fsys == nil {
			fsys = fstest.MapFS{}
		}
		in := &convert.Input{Name: c.file, Data: data, FS: fsys, Dir: ".", Options: &convert.Options{Limits: c.limits}}
		_, _, _, err := physconv.ParseGraph(context.Background(), reg, in)
		var fe *convert.FormatError
		if !errors.As(err, &fe) || !strings.Contains(err.Error(), c.flag) {
			t.Errorf("%s: %v", c.name, err)
		}
		// The same input within the default limits converts.
		in = &convert.Input{Name: c.file, Data: data, FS: fsys, Dir: ".", Options: &convert.Options{}}
		if _, _, _, err := physconv.ParseGraph(context.Background(), reg, in); err != nil {
			t.Errorf("%s within the defaults: %v", c.name, err)
		}
	}
}

// members is n JSON object members "k0":0, "k1":0 ….
func members(n int) string {
	var parts []string
	for i := range n {
		parts = append(parts, fmt.Sprintf("%q:0", fmt.Sprintf("k%d", i)))
	}
	return strings.Join(parts, ",")
}
