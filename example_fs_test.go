package physconv_test

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing/fstest"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
)

// armPackage is a ROS package held in memory: a URDF whose collision mesh
// is a package:// reference.
var armPackage = fstest.MapFS{
	"arm_description/package.xml": {Data: []byte(`<package format="3"><name>arm_description</name></package>`)},
	"arm_description/urdf/arm.urdf": {Data: []byte(`<robot name="arm">
  <link name="base">
    <inertial><mass value="2"/><inertia ixx="0.1" iyy="0.1" izz="0.1" ixy="0" ixz="0" iyz="0"/></inertial>
    <collision><geometry><box size="0.2 0.2 0.1"/></geometry></collision>
  </link>
  <link name="finger">
    <inertial><mass value="0.1"/><inertia ixx="0.001" iyy="0.001" izz="0.001" ixy="0" ixz="0" iyz="0"/></inertial>
    <collision><geometry><mesh filename="package://arm_description/meshes/wedge.obj"/></geometry></collision>
  </link>
  <joint name="slide" type="prismatic">
    <parent link="base"/><child link="finger"/>
    <origin xyz="0 0 0.1"/><axis xyz="1 0 0"/>
    <limit lower="0" upper="0.05" effort="10" velocity="1"/>
  </joint>
</robot>
`)},
	"arm_description/meshes/wedge.obj": {Data: []byte("v 0 0 0\nv 0.1 0 0\nv 0 0.1 0\nv 0 0 0.1\nf 1 3 2\nf 1 2 4\nf 1 4 3\nf 2 3 4\n")},
}

// ExampleNewInput converts a URDF package held in memory to MJCF in
// memory: the package:// mesh is found through the package.xml inside the
// file system, and nothing is read from or written to disk.
func ExampleNewInput() {
	opts := &convert.Options{To: "mjcf", OutputName: "arm.xml"}
	in, err := physconv.NewInput(armPackage, "arm_description/urdf/arm.urdf", opts)
	if err != nil {
		fmt.Println(err)
		return
	}
	out, res, err := physconv.ConvertBytes(context.Background(), all.Registry(), in)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.From, "→", res.To)
	fmt.Println("side files:", slices.Sorted(maps.Keys(out.Files)))
	for _, line := range strings.Split(string(out.Main), "\n") {
		if strings.Contains(line, "<joint ") || strings.Contains(line, "<mesh ") {
			fmt.Println(strings.TrimSpace(line))
		}
	}
	// Output:
	// urdf → mjcf
	// side files: [meshes/wedge.obj]
	// <mesh name="wedge" file="wedge.obj"/>
	// <joint name="slide" type="slide" pos="0 0 0" axis="1 0 0" range="0 0.05"/>
}
