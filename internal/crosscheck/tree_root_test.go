package crosscheck

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/urdf"
)

// TestTreeRootSurvivesFormats: a URDF whose child link outweighs its root,
// written as glTF (KHR, OMI), Godot or MJCF and back to URDF, keeps its root
// and its joint's direction and limits; before, every non-URDF source was
// re-rooted at its heaviest link, reversing joints and negating limits.
func TestTreeRootSurvivesFormats(t *testing.T) {
	const chain = `<?xml version="1.0"?>
<robot name="r2">
  <link name="base"><inertial><mass value="1"/><inertia ixx="0.1" ixy="0" ixz="0" iyy="0.1" iyz="0" izz="0.1"/></inertial></link>
  <link name="mid"><inertial><mass value="5"/><inertia ixx="0.1" ixy="0" ixz="0" iyy="0.1" iyz="0" izz="0.1"/></inertial></link>
  <link name="tip"><inertial><mass value="9"/><inertia ixx="0.1" ixy="0" ixz="0" iyy="0.1" iyz="0" izz="0.1"/></inertial></link>
  <joint name="j1" type="revolute">
    <origin xyz="0 0 0.5"/><parent link="base"/><child link="mid"/>
    <axis xyz="0 0 1"/><limit lower="-2" upper="0.5" effort="1" velocity="1"/>
  </joint>
  <joint name="j2" type="prismatic">
    <origin xyz="0.2 0 0.3" rpy="0 0.4 0"/><parent link="mid"/><child link="tip"/>
    <axis xyz="1 0 0"/><limit lower="-0.1" upper="0.3" effort="1" velocity="1"/>
  </joint>
</robot>`
	dir := t.TempDir()
	src := filepath.Join(dir, "chain.urdf")
	if err := os.WriteFile(src, []byte(chain), 0o644); err != nil {
		t.Fatal(err)
	}
	want := map[string][3]any{"j1": {"base", "mid", [2]float64{-2, 0.5}}, "j2": {"mid", "tip", [2]float64{-0.1, 0.3}}}
	for _, via := range []struct{ to, ext string }{{"khr", "gltf"}, {"omi", "gltf"}, {"godot", "tscn"}, {"mjcf", "xml"}} {
		t.Run(via.to, func(t *testing.T) {
			mid := filepath.Join(dir, via.to, "mid."+via.ext)
			back := filepath.Join(dir, via.to, "back", "back.urdf")
			convertFile(t, src, mid, &convert.Options{To: via.to})
			diags := convertFile(t, mid, back, &convert.Options{To: "urdf"})
			if countCode(diags, string(convert.CodeTreeRootChosen)) != 0 {
				t.Errorf("the source's root was not found: %v", diags)
			}
			data, err := os.ReadFile(back)
			if err != nil {
				t.Fatal(err)
			}
			r, err := urdf.Decode(data)
			if err != nil {
				t.Fatal(err)
			}
			seen := 0
			for _, j := range r.Joints {
				w, ok := want[j.Name]
				if !ok {
					continue
				}
				seen++
				lim := [2]float64{}
				if j.Limit != nil {
					lim = [2]float64{j.Limit.Lower, j.Limit.Upper}
				}
				if j.Parent != w[0] || j.Child != w[1] || !mjcfNear(lim[0], w[2].([2]float64)[0], 1e-9, 1) || !mjcfNear(lim[1], w[2].([2]float64)[1], 1e-9, 1) {
					t.Errorf("joint %s: %s → %s limits %v, want %s → %s %v", j.Name, j.Parent, j.Child, lim, w[0], w[1], w[2])
				}
			}
			if seen != len(want) {
				t.Errorf("%d of the joints came back\n%s", seen, data)
			}
		})
	}
}
