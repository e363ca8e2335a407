package godot

import (
	"encoding/json"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/mass"
	"github.com/physconv/physconv/internal/testenv"
)

// partialInertiaScene has one body per case: partial custom inertia on a
// box both engines weigh exactly and on a capsule GodotPhysics3D
// approximates, turned so that the computed tensor has products, and
// bodies without a shape of volume, with and without partial inertia.
const partialInertiaScene = `[gd_scene format=3]

[sub_resource type="BoxShape3D" id="box"]
size = Vector3(0.5, 15, 0.5)

[sub_resource type="CapsuleShape3D" id="cap"]
radius = 0.3
height = 2.0

[sub_resource type="SeparationRayShape3D" id="ray"]

[node name="W" type="Node3D"]

[node name="Pole" type="RigidBody3D" parent="."]
mass = 5.0
inertia = Vector3(0, 3, 0)

[node name="S" type="CollisionShape3D" parent="Pole"]
shape = SubResource("box")

[node name="TurnedPole" type="RigidBody3D" parent="."]
transform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 4, 0, 0)
mass = 5.0
inertia = Vector3(7, 0, 0)

[node name="S" type="CollisionShape3D" parent="TurnedPole"]
transform = Transform3D(0.8660254, -0.5, 0, 0.5, 0.8660254, 0, 0, 0, 1, 0, 0, 0)
shape = SubResource("box")

[node name="Capsule" type="RigidBody3D" parent="."]
transform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0)
mass = 2.0
inertia = Vector3(0, 0, 0.25)

[node name="S" type="CollisionShape3D" parent="Capsule"]
transform = Transform3D(1, 0, 0, 0, 0.8660254, -0.5, 0, 0.5, 0.8660254, 0, 0.5, 0)
shape = SubResource("cap")

[node name="Ray" type="RigidBody3D" parent="."]
transform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 16, 0, 0)
mass = 2.0

[node name="S" type="CollisionShape3D" parent="Ray"]
shape = SubResource("ray")

[node name="Bare" type="RigidBody3D" parent="."]
transform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 20, 0, 0)
mass = 7.0

[node name="BarePartial" type="RigidBody3D" parent="."]
transform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 24, 0, 0)
mass = 7.0
inertia = Vector3(0, 0, 5)
`

// TestPartialAndVolumelessInertia: a Godot 4 body whose inertia gives
// some moments and leaves others zero, and a body without a shape of
// volume, read as Godot 4.6 computes them under each engine: the computed
// tensor in the body's axes with the given moments on its diagonal (its
// products kept by GodotPhysics3D, those of each given axis zeroed by
// Jolt), and for a body with nothing to weigh 1 kg·m² about each axis
// (GodotPhysics3D) or its mass in kg·m² (Jolt). Each body's principal moments are compared
// with the engine's (1e-6 relative: Godot runs in single precision; 2e-5
// for the hull under Jolt, which builds its own), and each principal axis
// the engine finds for a moment of its own must be one of our tensor's.
func TestPartialAndVolumelessInertia(t *testing.T) {
	for _, engine := range []string{engineGodotPhysics, engineJolt} {
		t.Run(engine, func(t *testing.T) {
			project := "[application]\n\n[physics]\n\n3d/physics_engine=\"" + engine + "\"\n"
			fsys := fstest.MapFS{"project.godot": {Data: []byte(project)}, "s.tscn": {Data: []byte(partialInertiaScene)}}
			g, diags, err := Parse(&convert.Input{Name: "s.tscn", Data: []byte(partialInertiaScene), FS: fsys, Dir: ".", Options: &convert.Options{}})
			if err != nil {
				t.Fatal(err)
			}
			ours := map[string]convert.Mat3{}
			for i, n := range g.Nodes {
				m := n.Motion
				if m == nil || m.Kind != convert.Dynamic {
					continue
				}
				if m.InertiaDiagonal == nil || m.CenterOfMass == nil {
					t.Fatalf("%s: inertia left to the generic completion", n.Name)
				}
				r := convert.IdentityQuat().Mat()
				if m.InertiaOrientation != nil {
					r = m.InertiaOrientation.Normalize().Mat()
				}
				ours[g.Nodes[i].Name] = r.Mul(convert.Diag(*m.InertiaDiagonal)).Mul(r.T())
			}
			// what needs no engine: the given moments, the unit inertia
			if d := ours["Pole"]; math.Abs(d[1][1]-3) > 1e-12 || math.Abs(d[0][0]-5.0/12*(225+0.25)) > 1e-12 {
				t.Errorf("Pole: tensor %v, want Iyy 3 and Ixx %v", d, 5.0/12*(225+0.25))
			}
			// products: GodotPhysics3D keeps them, Jolt zeroes those of an
			// axis given
			if d := ours["TurnedPole"]; math.Abs(d[0][0]-7) > 1e-12 || (math.Abs(d[0][1]) > 1) != (engine == engineGodotPhysics) {
				t.Errorf("TurnedPole: tensor %v, want Ixx 7 and the shape's products kept by GodotPhysics3D only", d)
			}
			unit := map[string]float64{"Ray": 1, "Bare": 1, "BarePartial": 1}
			if engine == engineJolt {
				unit = map[string]float64{"Ray": 2, "Bare": 7, "BarePartial": 7} // their masses
			}
			for name, u := range unit {
				want := convert.Vec3{u, u, u}
				if name == "BarePartial" {
					want[2] = 5
				}
				d := ours[name]
				if math.Abs(d[0][0]-want[0])+math.Abs(d[1][1]-want[1])+math.Abs(d[2][2]-want[2]) > 1e-12 || d[0][1] != 0 || d[0][2] != 0 || d[1][2] != 0 {
					t.Errorf("%s: tensor %v, want diag %v", name, d, want)
				}
			}
			if !diags.Has(convert.CodeGodotInertiaPartial) || diags.Has(convert.CodeMassDefaulted) {
				t.Errorf("diagnostics: %v", diags)
			}
			dir := t.TempDir()
			testenv.WriteFiles(t, dir, "project.godot", []byte(project), nil)
			testenv.WriteFiles(t, dir, "s.tscn", []byte(partialInertiaScene), nil)
			raw, code := testenv.RunOracle(t, "godot4-inspect", "--compact", "--root", dir, filepath.Join(dir, "s.tscn"))
			var rep struct {
				Error string `json:"error"`
				Nodes []struct {
					Path    string `json:"path"`
					Physics *struct {
						InvMoments []float64            `json:"inverse_inertia"`
						InvTensor  map[string][]float64 `json:"inverse_inertia_tensor"`
					} `json:"physics_state"`
				} `json:"nodes"`
			}
			if err := json.Unmarshal(raw, &rep); err != nil || code != 0 {
				t.Fatalf("Godot: exit %d, %v: %s", code, err, rep.Error)
			}
			seen := 0
			for _, on := range rep.Nodes {
				want, ok := ours[strings.TrimPrefix(on.Path, "./")]
				if !ok || on.Physics == nil || len(on.Physics.InvMoments) != 3 || len(on.Physics.InvTensor) != 3 {
					continue
				}
				seen++
				const tol = 1e-6
				// the moments, sorted
				var moments convert.Vec3
				for k := range 3 {
					moments[k] = 1 / on.Physics.InvMoments[k]
				}
				ourMoments, _ := mass.PrincipalAxes(want)
				sorted := moments
				slices.Sort(sorted[:])
				for k := range 3 {
					if math.Abs(sorted[k]-ourMoments[k]) > tol*ourMoments[2] {
						t.Errorf("%s: principal moments %v, Godot's %v", on.Path, ourMoments, sorted)
						break
					}
				}
				// and the whole tensor, to 1 % of the largest moment: both engines
				// report principal axes from a single-precision
				// diagonalisation up to half a degree off (0.0089 rad on the
				// pole: 0.6 kg·m² of products where there are none), while a
				// product kept or dropped is tens of kg·m² here
				var inv convert.Mat3
				for r, axis := range []string{"x", "y", "z"} {
					for c := range 3 {
						inv[c][r] = on.Physics.InvTensor[axis][c]
					}
				}
				engineTensor := inverse(inv)
			tensor:
				for r := range 3 {
					for c := range 3 {
						if math.Abs(engineTensor[r][c]-want[r][c]) > 0.01*sorted[2] {
							t.Errorf("%s: tensor %v, Godot's %v", on.Path, want, engineTensor)
							break tensor
						}
					}
				}
			}
			if seen != len(ours) {
				t.Errorf("Godot reported %d of our %d bodies", seen, len(ours))
			}
		})
	}
}
