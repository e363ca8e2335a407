package crosscheck

import (
	"context"
	"fmt"
	"runtime"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/benchgen"
	"github.com/physconv/physconv/internal/meshio"
)

// denseMeshRobot is a URDF of two links that both use one sphere mesh of
// about tris triangles (a scanned or finely tessellated part: every vertex
// on its convex hull), for the base's visual and collision and the second
// link's collision, with the mesh beside it.
func denseMeshRobot(tris int) fstest.MapFS {
	stacks := 2
	for 2*stacks*2*stacks < tris {
		stacks++
	}
	pos, idx := benchgen.UVSphere(0.1, stacks, 2*stacks)
	m := &meshio.Mesh{Indices: idx}
	for _, p := range pos {
		m.Positions = append(m.Positions, convert.Vec3(p))
	}
	const inertia = `<inertial><mass value="1"/><inertia ixx="0.004" iyy="0.004" izz="0.004" ixy="0" ixz="0" iyz="0"/></inertial>`
	urdf := fmt.Sprintf(`<robot name="dense">
  <link name="base">%s
    <visual><geometry><mesh filename="sphere.stl"/></geometry></visual>
    <collision><geometry><mesh filename="sphere.stl"/></geometry></collision>
  </link>
  <link name="arm">%s
    <collision><geometry><mesh filename="sphere.stl"/></geometry></collision>
  </link>
  <joint name="hinge" type="revolute"><parent link="base"/><child link="arm"/><origin xyz="0 0 0.3"/>
    <axis xyz="0 1 0"/><limit lower="-1" upper="1" effort="1" velocity="1"/></joint>
</robot>`, inertia, inertia)
	return fstest.MapFS{"robot.urdf": {Data: []byte(urdf)}, "sphere.stl": {Data: meshio.EncodeSTL(m, "sphere")}}
}

// TestDenseMeshBytes converts a robot whose two links use one mesh of
// 12,000 and of 48,000 triangles from URDF to every format, verification
// included, and holds the bytes allocated to the mesh: 4× the triangles at
// most 4.5× the bytes, and at most 1.5 KB a triangle (measured 0.3–1.1 KB;
// glTF output was 1.6 KB, Godot 5.7 KB). A mesh whose every
// vertex is on its hull made the hull keep ~16 retired faces a vertex;
// reading a Godot mesh kept a pair of zero texture coordinates per
// corner; Godot wrote the mesh's points once per collider; flat shading
// for glTF held a map entry per corner: 250,000 triangles to Godot took
// 2 KB a triangle of memory at its peak and 1.95 s (now 0.6 s).
func TestDenseMeshBytes(t *testing.T) {
	if testing.Short() {
		t.Skip("converts meshes of 48,000 triangles to every format")
	}
	reg := all.Registry()
	convertMesh := func(fsys fstest.MapFS, to string) uint64 {
		t.Helper()
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		ext := map[string]string{"mjcf": ".xml", "urdf": ".urdf", "godot": ".tscn", "godot3": ".tscn", "khr": ".gltf", "omi": ".gltf"}[to]
		opts := &convert.Options{To: to, OutputName: "out" + ext}
		in, err := physconv.NewInput(fsys, "robot.urdf", opts)
		if err != nil {
			t.Fatal(err)
		}
		_, res, err := physconv.ConvertBytes(context.Background(), reg, in)
		runtime.ReadMemStats(&after)
		if err != nil {
			t.Fatalf("urdf → %s: %v", to, err)
		}
		for _, d := range res.Diagnostics {
			if d.Code == convert.CodeVerifyMismatch {
				t.Errorf("urdf → %s: %s", to, d)
			}
		}
		return after.TotalAlloc - before.TotalAlloc
	}
	const small, large = 12_000, 48_000
	lo, hi := denseMeshRobot(small), denseMeshRobot(large)
	for _, tg := range chainTargets {
		a, b := convertMesh(lo, tg.to), convertMesh(hi, tg.to)
		ratio, perTri := float64(b)/float64(a), float64(b)/large
		t.Logf("urdf → %s: %.2f× the bytes for 4× the triangles, %.0f bytes a triangle", tg.name, ratio, perTri)
		if ratio > 4.5 {
			t.Errorf("urdf → %s: %.1f× the bytes for 4× the triangles (%d KB, %d KB); linear is 4×", tg.name, ratio, a/1024, b/1024)
		}
		if perTri > 1536 {
			t.Errorf("urdf → %s: %.0f bytes allocated a triangle, want at most 1.5 KB", tg.name, perTri)
		}
	}
}
