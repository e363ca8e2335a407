package physconv_test

import (
	"fmt"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/inspect"
)

// Sources whose bodies that are not dynamic — MJCF mocap bodies, OMI and
// KHR kinematic bodies, a KHR body of infinite mass (OMI writes it as
// kinematic) — have their centre of mass at the body origin while their
// colliders do not balance there: a heightfield centred on the body that
// MuJoCo weighs as a box about the origin, and given mass properties
// beside an off-centre box, ellipsoid, plane or cylinder.
var originComSources = []struct{ name, file, data string }{
	{"mjcf mocap", "lifts.xml", `<mujoco model="lifts">
  <asset>
    <hfield name="field" nrow="3" ncol="3" size=".5 .5 .4 .1" elevation="1 0 1 0 1 0 1 .5 0"/>
  </asset>
  <worldbody>
    <body name="field" pos="1 0 0" euler="10 20 30" mocap="true"><geom type="hfield" hfield="field"/></body>
    <body name="given" pos="2 0 0" mocap="true"><inertial pos="0 0 0" mass="2" diaginertia="1 2 3"/><geom type="box" size=".1 .2 .3" pos=".3 .2 .1"/></body>
    <body name="egg" pos="3 0 0" mocap="true"><inertial pos="0 0 0" mass="2" diaginertia="1 2 3"/><geom type="ellipsoid" size=".1 .2 .3" pos=".3 .2 .1"/></body>
    <body name="floor" pos="4 0 0" mocap="true"><inertial pos="0 0 0" mass="2" diaginertia="1 2 3"/><geom type="plane" size="1 1 .1" pos=".3 .2 0"/></body>
    <body name="tube" pos="5 0 0" mocap="true"><inertial pos="0 0 0" mass="2" diaginertia="1 2 3"/><geom type="cylinder" size=".1 .2" pos=".3 .2 .1"/></body>
  </worldbody>
</mujoco>`},
	{"omi kinematic", "lift.gltf", `{
  "asset": {"version": "2.0"},
  "extensionsUsed": ["OMI_physics_body", "OMI_physics_shape"],
  "extensions": {"OMI_physics_shape": {"shapes": [{"type": "box", "box": {"size": [1, 1, 1]}}]}},
  "scene": 0,
  "scenes": [{"nodes": [0]}],
  "nodes": [
    {"name": "Lift", "translation": [0, 1, 0], "children": [1], "extensions": {"OMI_physics_body": {"motion": {"type": "kinematic", "mass": 3, "centerOfMass": [0, 0, 0], "inertiaDiagonal": [1, 2, 3]}}}},
    {"name": "LiftShape", "translation": [2, 0, 0], "extensions": {"OMI_physics_body": {"collider": {"shape": 0}}}}
  ]
}`},
	{"khr kinematic and infinite mass", "lift.gltf", `{
  "asset": {"version": "2.0"},
  "extensionsUsed": ["KHR_physics_rigid_bodies", "KHR_implicit_shapes"],
  "extensions": {"KHR_implicit_shapes": {"shapes": [{"type": "box", "box": {"size": [1, 1, 1]}}]}},
  "scene": 0,
  "scenes": [{"nodes": [0, 2]}],
  "nodes": [
    {"name": "Lift", "children": [1], "extensions": {"KHR_physics_rigid_bodies": {"motion": {"isKinematic": true, "mass": 3, "centerOfMass": [0, 0, 0], "inertiaDiagonal": [1, 2, 3]}}}},
    {"name": "LiftShape", "translation": [2, 0, 0], "extensions": {"KHR_physics_rigid_bodies": {"collider": {"geometry": {"shape": 0}}}}},
    {"name": "Heavy", "translation": [0, 3, 0], "children": [3], "extensions": {"KHR_physics_rigid_bodies": {"motion": {"mass": 0, "centerOfMass": [0, 0, 0], "inertiaDiagonal": [1, 1, 1]}}}},
    {"name": "HeavyShape", "translation": [0, 0, 2], "extensions": {"KHR_physics_rigid_bodies": {"collider": {"geometry": {"shape": 0}}}}}
  ]
}`},
}

// TestOriginCentreOfMassNotDynamic: a centre of mass at the origin of a
// body that is not dynamic reads back where it was: OMI readers put a
// missing centre of mass at the origin of a dynamic body only and compute
// it from the colliders for any other, so the OMI writer writes it. Every
// target converts without verify-mismatch and reads back; the glTF
// outputs give every body its source's centre of mass.
func TestOriginCentreOfMassNotDynamic(t *testing.T) {
	reg := all.Registry()
	for _, src := range originComSources {
		fsys := fstest.MapFS{src.file: {Data: []byte(src.data)}}
		_, sg := parseIn(t, reg, fsys, src.file)
		want := map[string]convert.Vec3{}
		for _, b := range inspect.Inspect(sg, "", nil).Bodies {
			if b.CenterOfMass != nil {
				want[b.Name] = *b.CenterOfMass
			}
		}
		if len(want) == 0 {
			t.Fatalf("%s: no centre of mass in the source", src.name)
		}
		for _, to := range []string{"mjcf", "urdf", "godot", "godot3", "khr", "omi"} {
			t.Run(src.name+"/"+to, func(t *testing.T) {
				out, res := convertIn(t, reg, fsys, src.file, to)
				noMismatch(t, res, "")
				g := readOutput(t, reg, to, out)
				if to != "khr" && to != "omi" {
					return
				}
				got := map[string]convert.Vec3{}
				for _, b := range inspect.Inspect(g, "", nil).Bodies {
					if b.CenterOfMass != nil {
						got[b.Name] = *b.CenterOfMass
					}
				}
				for name, c := range want {
					r, ok := got[name]
					if !ok {
						t.Errorf("body %q not read back", name)
						continue
					}
					if d := r.Sub(c).Len(); d > 1e-9*max(1, c.Len()) {
						t.Errorf("body %q: centre of mass %v read back, %v in the source", name, r, c)
					}
				}
			})
		}
	}
}

// pointMassMocapMJCF has mocap bodies carrying a point mass (zero
// moments), one without colliders and one with a collider beside it.
const pointMassMocapMJCF = `<mujoco model="marks">
  <worldbody>
    <body name="mark" pos="0 0 1" mocap="true"><inertial pos="0 0 0" mass="1" diaginertia="0 0 0"/></body>
    <body name="block" pos="1 0 1" mocap="true"><inertial pos="0 0 0" mass="2" diaginertia="0 0 0"/><geom type="box" size=".1 .1 .1" pos=".3 0 0"/></body>
  </worldbody>
</mujoco>`

// TestKinematicPointMass: a kinematic point mass keeps near-zero moments
// through the glTF targets, whose readers take a zero moment for an
// infinite one (KHR) or compute a missing one (OMI): the 1e-12 kg·m²
// stand-in of a dynamic point mass is written instead. MJCF keeps the
// zero moments of a mocap body. Every target converts without
// verify-mismatch and reads back.
func TestKinematicPointMass(t *testing.T) {
	reg := all.Registry()
	fsys := fstest.MapFS{"marks.xml": {Data: []byte(pointMassMocapMJCF)}}
	for _, to := range []string{"mjcf", "urdf", "godot", "godot3", "khr", "omi"} {
		t.Run(to, func(t *testing.T) {
			out, res := convertIn(t, reg, fsys, "marks.xml", to)
			noMismatch(t, res, "")
			g := readOutput(t, reg, to, out)
			if to != "khr" && to != "omi" && to != "mjcf" {
				return
			}
			limit := convert.NearZeroInertia
			if to == "mjcf" {
				limit = 0
			}
			for _, b := range inspect.Inspect(g, "", nil).Bodies {
				if b.Inertia == nil {
					t.Errorf("body %q: no inertia read back", b.Name)
					continue
				}
				for r := 0; r < 3; r++ {
					if m := float64(b.Inertia[r][r]); !(m >= 0 && m <= limit) {
						t.Errorf("body %q: moment %g read back, want at most %g", b.Name, m, limit)
					}
				}
			}
		})
	}
}

// TestMassPropertiesEveryShapeNotDynamic writes a body of every kind that
// moves (dynamic, kinematic) with one collider of every shape kind —
// those the glTF writers approximate (tapered capsule and cylinder, cone,
// ellipsoid, heightfield, finite plane) or drop (infinite plane, ray)
// among them — off the body origin, and mass properties computed, given
// at the origin, given off it, or a given mass alone, in every format
// (but a plane on a dynamic body in MJCF): verify-mismatch must never
// fire.
func TestMassPropertiesEveryShapeNotDynamic(t *testing.T) {
	cube := convert.Mesh{Name: "cube", Loaded: true, Scale: convert.Vec3{1, 1, 1},
		Positions: []convert.Vec3{{-1, -1, -1}, {1, -1, -1}, {1, 1, -1}, {-1, 1, -1}, {-1, -1, 1}, {1, -1, 1}, {1, 1, 1}, {-1, 1, 1}},
		Indices:   []uint32{0, 2, 1, 0, 3, 2, 4, 5, 6, 4, 6, 7, 0, 1, 5, 0, 5, 4, 2, 3, 7, 2, 7, 6, 1, 2, 6, 1, 6, 5, 0, 4, 7, 0, 7, 3}}
	shapes := []convert.Shape{
		{Kind: convert.Box, Size: convert.Vec3{1, 2, 3}},
		{Kind: convert.Sphere, Radius: 0.5},
		{Kind: convert.Capsule, Height: 1, RadiusTop: 0.2, RadiusBottom: 0.3},
		{Kind: convert.Cylinder, Height: 1, RadiusTop: 0.3, RadiusBottom: 0.2},
		{Kind: convert.Cylinder, Height: 1, RadiusTop: 0, RadiusBottom: 0.3},
		{Kind: convert.Plane, SizeX: 4, SizeZ: 2},
		{Kind: convert.Plane},
		{Kind: convert.Ellipsoid, Size: convert.Vec3{0.1, 0.2, 0.3}},
		{Kind: convert.Heightfield, Field: &convert.HeightField{Columns: 2, Rows: 3, SizeX: 2, SizeZ: 4, Heights: []float64{0, 1, 0, 1, 0, 1}}},
		{Kind: convert.Convex},
		{Kind: convert.TriMesh},
		{Kind: convert.Ray, Height: 1},
	}
	variants := []string{"computed", "given at the origin", "given off the origin", "mass alone"}
	reg := all.Registry()
	for _, to := range []string{"mjcf", "urdf", "godot", "godot3", "khr", "omi"} {
		f, err := reg.Lookup(to)
		if err != nil {
			t.Fatal(err)
		}
		for _, sh := range shapes {
			for _, kind := range []convert.BodyKind{convert.Dynamic, convert.Kinematic} {
				if to == "mjcf" && kind == convert.Dynamic && sh.Kind == convert.Plane {
					// MuJoCo refuses a plane in a body it integrates; what
					// the MJCF writer makes of one is not checked here
					continue
				}
				for _, v := range variants {
					g := convert.NewGraph()
					sh := sh
					sh.Mesh = -1
					if sh.Kind == convert.Convex || sh.Kind == convert.TriMesh {
						sh.Mesh = g.AddMesh(cube)
					}
					s := g.AddShape(sh)
					m := &convert.Motion{Kind: kind, GravityFactor: 1}
					if v != "computed" {
						m.Mass, m.MassSource = convert.Ptr(2.0), convert.Given
					}
					if v == "given at the origin" || v == "given off the origin" {
						c := convert.Vec3{}
						if v == "given off the origin" {
							c = convert.Vec3{0.1, 0.2, 0.3}
						}
						m.CenterOfMass, m.CenterOfMassSource = &c, convert.Given
						m.InertiaDiagonal, m.InertiaSource = &convert.Vec3{1, 2, 3}, convert.Given
					}
					b := g.AddNode(convert.Node{Name: "Body", Motion: m, Transform: convert.Transform{T: convert.Vec3{1, 2, 3},
						R: convert.AxisAngle(convert.Vec3{1, 2, 3}.Normalize(), 0.7), S: convert.Vec3{1, 1, 1}}}, -1)
					part := convert.Transform{T: convert.Vec3{0.5, -0.3, 0.2}, R: convert.AxisAngle(convert.Vec3{0, 1, 0}, 0.4), S: convert.Vec3{1, 1, 1}}
					g.AddNode(convert.Node{Name: "Part", Transform: part, Collider: &convert.Collider{Shape: s, Material: -1, Filter: -1}}, b)
					_, diags, err := physconv.EmitGraph(f, g, &convert.Options{OutputName: "out" + emitExt[to]})
					name := fmt.Sprintf("%s: %s body, %s collider, mass properties %s", to, kind, sh.Kind, v)
					if err != nil {
						t.Errorf("%s: %v", name, err)
						continue
					}
					for _, d := range diags.OfCode(convert.CodeVerifyMismatch) {
						t.Errorf("%s: %s", name, d.Message)
					}
				}
			}
		}
	}
}
