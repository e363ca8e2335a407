package physconv_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
)

// staticGroveScene is a Godot scene of trees as a game level has them:
// n static bodies all named StaticBody3D (after up to three other nodes
// of that name), each under a differently named
// and scaled parent (scales a little off uniform, as an artist's are),
// holding a cylinder or capsule trunk and a sphere or box crown, and a
// few boxes that fall among them.
func staticGroveScene(seed uint64, n int) string {
	r, num := seeded(seed, 11)
	var b strings.Builder
	b.WriteString("[gd_scene format=3]\n\n")
	b.WriteString("[sub_resource type=\"CylinderShape3D\" id=\"trunk\"]\nradius = 0.4\nheight = 3.0\n\n")
	b.WriteString("[sub_resource type=\"CapsuleShape3D\" id=\"stem\"]\nradius = 0.3\nheight = 2.5\n\n")
	b.WriteString("[sub_resource type=\"SphereShape3D\" id=\"crown\"]\nradius = 1.2\n\n")
	b.WriteString("[sub_resource type=\"BoxShape3D\" id=\"box\"]\nsize = Vector3(0.5, 0.5, 0.5)\n\n")
	b.WriteString("[node name=\"Level\" type=\"Node3D\"]\n\n")
	// nodes of the same name that are not bodies (markers, or what an
	// imported scene leaves), so that the names the source's bodies get
	// and those a writer gives them are numbered apart
	for k := r.IntN(4); k > 0; k-- {
		fmt.Fprintf(&b, "[node name=\"Marker%d\" type=\"Node3D\" parent=\".\"]\n\n[node name=\"StaticBody3D\" type=\"Node3D\" parent=\"Marker%d\"]\n\n", k, k)
	}
	for k := 0; k < n; k++ {
		s := num(0.5, 2)
		sx, sy, sz := s, s*num(0.8, 1.25), s
		switch r.IntN(3) {
		case 0: // off uniform in the last digits
			sz = s * (1 + num(-5e-6, 5e-6))
		case 1: // clearly not uniform across
			sz = s * num(0.7, 1.3)
		}
		fmt.Fprintf(&b, "[node name=\"tree_%03d\" type=\"Node3D\" parent=\".\"]\ntransform = Transform3D(%g, 0, 0, 0, %g, 0, 0, 0, %g, %g, %g, %g)\n\n",
			k, sx, sy, sz, num(-30, 30), num(0, 5), num(-30, 30))
		fmt.Fprintf(&b, "[node name=\"StaticBody3D\" type=\"StaticBody3D\" parent=\"tree_%03d\"]\n\n", k)
		trunk, crown := "trunk", "crown"
		if r.IntN(2) == 0 {
			trunk = "stem"
		}
		if r.IntN(2) == 0 {
			crown = "box"
		}
		fmt.Fprintf(&b, "[node name=\"CollisionShape3D\" type=\"CollisionShape3D\" parent=\"tree_%03d/StaticBody3D\"]\ntransform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 1.5, 0)\nshape = SubResource(\"%s\")\n\n", k, trunk)
		fmt.Fprintf(&b, "[node name=\"CollisionShape3D2\" type=\"CollisionShape3D\" parent=\"tree_%03d/StaticBody3D\"]\ntransform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 3.5, 0)\nshape = SubResource(\"%s\")\n\n", k, crown)
	}
	for k := 0; k < 3; k++ {
		fmt.Fprintf(&b, "[node name=\"Box%d\" type=\"RigidBody3D\" parent=\".\"]\ntransform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, %g, 8, %g)\n\n", k, num(-5, 5), num(-5, 5))
		fmt.Fprintf(&b, "[node name=\"CollisionShape3D\" type=\"CollisionShape3D\" parent=\"Box%d\"]\nshape = SubResource(\"box\")\n\n", k)
	}
	return b.String()
}

// Static bodies that share a name, under scaled parents, go to every
// format without a verify-mismatch: MJCF reads such a body back as one
// welded to the world and its writer renames it, and the comparison
// paired none of them (the statics only by name), while URDF output
// widened a cylinder whose cross-section scale was not uniform without
// saying so. 30 generated levels of 12 trees.
func TestStaticNamesakesUnderScale(t *testing.T) {
	noMismatchOnSeeds(t, "level.tscn", 30, func(seed uint64) string { return staticGroveScene(seed, 12) })
}

// gateScene is a Godot scene of n gates as a level repeats a prefab: each
// under its own parent, a static post named Post and a gate named Gate
// hinged or slid on it by a joint named Joint (every name repeated), after
// up to three other nodes named Joint and Post.
func gateScene(seed uint64, n int) string {
	r, num := seeded(seed, 13)
	var b strings.Builder
	b.WriteString("[gd_scene format=3]\n\n[sub_resource type=\"BoxShape3D\" id=\"post\"]\nsize = Vector3(0.2, 2, 0.2)\n\n")
	b.WriteString("[sub_resource type=\"BoxShape3D\" id=\"gate\"]\nsize = Vector3(1.5, 1.5, 0.1)\n\n[node name=\"Level\" type=\"Node3D\"]\n\n")
	for k := r.IntN(4); k > 0; k-- {
		fmt.Fprintf(&b, "[node name=\"Marker%d\" type=\"Node3D\" parent=\".\"]\n\n[node name=\"Joint\" type=\"Node3D\" parent=\"Marker%d\"]\n\n[node name=\"Post\" type=\"Node3D\" parent=\"Marker%d\"]\n\n", k, k, k)
	}
	for k := 0; k < n; k++ {
		p := fmt.Sprintf("gate_%02d", k)
		fmt.Fprintf(&b, "[node name=%q type=\"Node3D\" parent=\".\"]\ntransform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, %g, 0, %g)\n\n", p, num(-20, 20), num(-20, 20))
		fmt.Fprintf(&b, "[node name=\"Post\" type=\"StaticBody3D\" parent=%q]\ntransform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 0)\n\n", p)
		fmt.Fprintf(&b, "[node name=\"Shape\" type=\"CollisionShape3D\" parent=\"%s/Post\"]\nshape = SubResource(\"post\")\n\n", p)
		fmt.Fprintf(&b, "[node name=\"Gate\" type=\"RigidBody3D\" parent=%q]\ntransform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, %g, 1, 0)\n\n", p, 0.85)
		fmt.Fprintf(&b, "[node name=\"Shape\" type=\"CollisionShape3D\" parent=\"%s/Gate\"]\nshape = SubResource(\"gate\")\n\n", p)
		kind := []string{"HingeJoint3D", "SliderJoint3D", "ConeTwistJoint3D", "Generic6DOFJoint3D"}[r.IntN(4)]
		fmt.Fprintf(&b, "[node name=\"Joint\" type=%q parent=%q]\ntransform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 0.1, 1, 0)\nnode_a = NodePath(\"../Post\")\nnode_b = NodePath(\"../Gate\")\n\n", kind, p)
	}
	return b.String()
}

// Joints between namesake bodies (a prefab repeated: posts, gates and
// joints all of one name) go to every format without a verify-mismatch:
// MJCF writes each static post as a body welded to the world, renames
// every namesake, and writes a cone-twist or 6DOF joint as a chain; the
// joints were compared only between bodies of one name, and a welded
// post was not taken for the static one it stands for, so no joint
// paired and wrong ones were compared. 30 generated levels of 8 gates.
func TestJointsBetweenNamesakes(t *testing.T) {
	noMismatchOnSeeds(t, "gates.tscn", 30, func(seed uint64) string { return gateScene(seed, 8) })
}

// heightScene is a Godot terrain: a static height map of random heights
// under a random scale (uniform, or stretched across or up) on its body
// or its shape's node, and a box that falls on it.
func heightScene(seed uint64) string {
	r, num := seeded(seed, 17)
	w, d := 2+r.IntN(6), 2+r.IntN(6)
	heights := make([]string, w*d)
	for k := range heights {
		heights[k] = fmt.Sprintf("%.3f", num(-1, 2))
	}
	s := num(0.3, 3)
	sx, sy, sz := s, s, s
	switch r.IntN(3) {
	case 1:
		sx, sz = s*num(0.5, 2), s*num(0.5, 2)
	case 2:
		sy = s * num(0.5, 2)
	}
	// the scale on the body or on its shape's node, as scenes have both
	scaled := fmt.Sprintf("%g, 0, 0, 0, %g, 0, 0, 0, %g, %g, 0, %g", sx, sy, sz, num(-3, 3), num(-3, 3))
	body, shape := scaled, "1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0"
	if r.IntN(2) == 0 {
		body, shape = shape, scaled
	}
	return fmt.Sprintf(`[gd_scene format=3]

[sub_resource type="HeightMapShape3D" id="ground"]
map_width = %d
map_depth = %d
map_data = PackedFloat32Array(%s)

[sub_resource type="BoxShape3D" id="box"]

[node name="Terrain" type="Node3D"]

[node name="Ground" type="StaticBody3D" parent="."]
transform = Transform3D(%s)

[node name="Shape" type="CollisionShape3D" parent="Ground"]
transform = Transform3D(%s)
shape = SubResource("ground")

[node name="Box" type="RigidBody3D" parent="."]
transform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 5, 0)

[node name="Shape" type="CollisionShape3D" parent="Box"]
shape = SubResource("box")
`, w, d, strings.Join(heights, ", "), body, shape)
}

// A scaled height map goes to every format without a verify-mismatch:
// the comparison took a Godot height map's node scale as a scale apart
// from its extents while MJCF output bakes it in, and reported every
// scaled terrain (a physics demo's). The extents and the heights' range
// are compared with the scale applied. 60 generated terrains.
func TestScaledHeightMaps(t *testing.T) {
	noMismatchOnSeeds(t, "terrain.tscn", 60, func(seed uint64) string { return heightScene(seed) })
}

// mountedArm is an MJCF arm as teleoperated hands are built: a mocap
// body where the arm is mounted, a chain of depth bodies without joints
// (welded to the world, one to the next) holding a hinged hand, and an
// equality weld from the mocap body to the last of the chain.
func mountedArm(depth int, mocapWeld bool) string {
	var b strings.Builder
	b.WriteString("<mujoco>\n  <worldbody>\n    <body name=\"mocap\" mocap=\"true\" pos=\"0 0 0.1\"><geom type=\"sphere\" size=\"0.05\" contype=\"0\" conaffinity=\"0\"/></body>\n")
	for k := 0; k < depth; k++ {
		fmt.Fprintf(&b, "<body name=\"mount%d\" pos=\"0 0 0.1\"><inertial pos=\"0 0 0\" mass=\"0.5\" diaginertia=\"0.01 0.01 0.01\"/><geom type=\"capsule\" size=\"0.03 0.05\"/>\n", k)
	}
	b.WriteString("<body name=\"hand\" pos=\"0 0 0.2\"><joint name=\"wrist\" axis=\"0 1 0\"/><geom type=\"box\" size=\"0.05 0.02 0.1\"/></body>\n")
	b.WriteString(strings.Repeat("</body>\n", depth))
	b.WriteString("  </worldbody>\n")
	if mocapWeld {
		fmt.Fprintf(&b, "  <equality><weld body1=\"mocap\" body2=\"mount%d\"/></equality>\n", depth-1)
	}
	b.WriteString("</mujoco>\n")
	return b.String()
}

// A chain of bodies welded to the world under a mocap weld (a
// teleoperated hand's mount) goes to every format without a
// verify-mismatch: Godot output makes the chain static, and the
// comparison took the mocap body, welded to that static chain, for a
// static one too, pairing its weld with the chain's own.
func TestWeldedChainUnderMocap(t *testing.T) {
	reg := all.Registry()
	for depth := 1; depth <= 3; depth++ {
		for _, weld := range []bool{false, true} {
			fsys := fstest.MapFS{"arm.xml": {Data: []byte(mountedArm(depth, weld))}}
			noMismatchAnywhere(t, reg, fsys, "arm.xml", fmt.Sprintf("depth %d, mocap weld %v", depth, weld))
		}
	}
}

// seeded is a generator's random source for seed (stream keeps the
// generators apart) and a number drawn uniformly from [lo, hi) with it.
func seeded(seed, stream uint64) (*rand.Rand, func(lo, hi float64) float64) {
	r := rand.New(rand.NewPCG(seed, stream))
	return r, func(lo, hi float64) float64 { return lo + (hi-lo)*r.Float64() }
}

// noMismatchOnSeeds converts the file file(seed) gives, named name, for
// seeds 1 to n, to every writable format, failing t on every
// verify-mismatch.
func noMismatchOnSeeds(t *testing.T, name string, n uint64, file func(seed uint64) string) {
	t.Helper()
	reg := all.Registry()
	for seed := uint64(1); seed <= n; seed++ {
		fsys := fstest.MapFS{name: {Data: []byte(file(seed))}}
		noMismatchAnywhere(t, reg, fsys, name, fmt.Sprintf("seed %d", seed))
	}
}

// noMismatchAnywhere converts file name of fsys to every writable format
// and fails t on every verify-mismatch, naming the case by label.
func noMismatchAnywhere(t *testing.T, reg *convert.Registry, fsys fstest.MapFS, name, label string) {
	t.Helper()
	for _, to := range []string{"mjcf", "urdf", "khr", "omi", "godot", "godot3"} {
		_, res := convertIn(t, reg, fsys, name, to)
		for _, d := range mismatches(res) {
			t.Errorf("%s → %s: %s", label, to, d.Message)
		}
	}
}
