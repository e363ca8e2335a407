package physconv_test

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/mass"
)

// rockScene is a Godot body whose collider is a convex tetrahedron of
// edge size.
func rockScene(size float64) string {
	return fmt.Sprintf(`[gd_scene load_steps=2 format=3]

[sub_resource type="ConvexPolygonShape3D" id="1"]
points = PackedVector3Array(0, 0, 0, %[1]g, 0, 0, 0, %[1]g, 0, 0, 0, %[1]g)

[node name="Rock" type="RigidBody3D"]
mass = 1.0

[node name="CollisionShape3D" type="CollisionShape3D" parent="."]
shape = SubResource("1")
`, size)
}

// TestSideFilesOfOneFolder: two inputs converted one after the other into
// one folder wrote their meshes under the same names (MJCF's meshes/1.stl,
// URDF's meshes/<body>.stl), so the second replaced the first's and the
// first output collided with the other model's shape, said by nothing. A
// side file that would change a file another output of the folder (or
// the user) keeps there now takes a name with a hash of its bytes, as
// batch runs name them: every output reads back with its own physics,
// converting either again keeps the names, and a file of the user's at
// the name is left alone.
func TestSideFilesOfOneFolder(t *testing.T) {
	reg := all.Registry()
	ctx := context.Background()
	src := t.TempDir()
	sizes := []float64{1, 3}
	for k, size := range sizes {
		if err := os.WriteFile(filepath.Join(src, fmt.Sprintf("rock%d.tscn", k)), []byte(rockScene(size)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// volume is the volume of the file's one collider, which tells the
	// rocks apart (the body's inertia is given, so a swapped mesh does
	// not show in it)
	volume := func(path string) float64 {
		t.Helper()
		in, err := physconv.OpenInput(path, nil, &convert.Options{})
		if err != nil {
			t.Fatal(err)
		}
		_, g, _, err := physconv.ParseGraph(ctx, reg, in)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range g.Nodes {
			if n.Collider != nil {
				props, _ := mass.ShapeMassProps(g, n.Collider.Shape, 1)
				return props.Mass
			}
		}
		t.Fatalf("%s: no collider", path)
		return 0
	}
	for _, to := range []struct{ name, ext string }{{"mjcf", ".xml"}, {"urdf", ".urdf"}} {
		out := t.TempDir()
		user := filepath.Join(out, "meshes", "Rock.stl")
		if to.name == "urdf" {
			// a file of the user's where the URDF writer names its mesh
			if err := os.MkdirAll(filepath.Dir(user), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(user, []byte("mine"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		convertAll := func() []float64 {
			var volumes []float64
			for k := range sizes {
				in := filepath.Join(src, fmt.Sprintf("rock%d.tscn", k))
				dst := filepath.Join(out, fmt.Sprintf("rock%d%s", k, to.ext))
				res, err := physconv.ConvertFile(ctx, reg, in, dst, &convert.Options{To: to.name})
				if err != nil {
					t.Fatalf("%s → %s: %v", in, to.name, err)
				}
				if res.Diagnostics.Has(convert.CodeVerifyMismatch) {
					t.Errorf("%s → %s: %v", in, to.name, res.Diagnostics)
				}
				volumes = append(volumes, volume(in))
			}
			return volumes
		}
		want := convertAll()
		first, _ := os.ReadFile(filepath.Join(out, "rock0"+to.ext))
		for round := range 2 {
			for k := range sizes {
				if got := volume(filepath.Join(out, fmt.Sprintf("rock%d%s", k, to.ext))); math.Abs(got-want[k]) > 1e-9*want[k] {
					t.Errorf("%s round %d: rock%d's collider reads back with volume %v, its source's %v", to.name, round, k, got, want[k])
				}
			}
			if held, err := os.ReadFile(user); to.name == "urdf" && (err != nil || string(held) != "mine") {
				t.Errorf("%s round %d: the user's file holds %q (%v)", to.name, round, held, err)
			}
			convertAll()
		}
		if again, _ := os.ReadFile(filepath.Join(out, "rock0"+to.ext)); !bytes.Equal(again, first) {
			t.Errorf("%s: converting again renamed the first output's side files:\n%s\nwas\n%s", to.name, again, first)
		}
	}
}
