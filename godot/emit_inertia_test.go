package godot

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/inspect"
	"github.com/physconv/physconv/convert/lower"
	"github.com/physconv/physconv/convert/mass"
	"github.com/physconv/physconv/internal/testenv"
)

// inertiaCase is a rotated body B on a hinge to body A, with given
// principal moments whose orientation is one of the kinds below.
type inertiaCase struct {
	seed    uint64
	orient  string // "none", "permutation", "equal moments", "general"
	axis    int    // the hinge's frame axis
	connect string // frame B: "body" (B itself) or "node" (a child of B); "on A": the joint on A's node
}

var orientKinds = []string{"none", "permutation", "equal moments", "general"}

// inertiaGraph builds the case; diagonalInFrame says whether B's tensor
// is diagonal in B's own frame (so Godot needs no turned frame).
func inertiaGraph(c inertiaCase) (g *convert.Graph, diagonalInFrame bool) {
	rng := rand.New(rand.NewPCG(c.seed, 11))
	u := func(lo, hi float64) float64 { return lo + (hi-lo)*rng.Float64() }
	randQuat := func() convert.Quat {
		return convert.AxisAngle(convert.Vec3{u(-1, 1), u(-1, 1), u(-1, 1) + 2}.Normalize(), u(-3, 3))
	}
	g = convert.NewGraph()
	box := g.AddShape(convert.Shape{Kind: convert.Box, Size: convert.Vec3{0.2, 0.3, 0.4}, Mesh: -1})
	a := g.AddNode(convert.Node{Name: "A", Transform: convert.Transform{T: convert.Vec3{u(-1, 1), u(0, 2), u(-1, 1)}, R: randQuat(), S: convert.Vec3{1, 1, 1}},
		Motion: &convert.Motion{Kind: convert.Dynamic, GravityFactor: 1, Mass: convert.Ptr(2.0)}, Collider: &convert.Collider{Shape: box, Material: -1, Filter: -1}}, -1)
	// moments obeying the triangle inequality
	d := convert.Vec3{u(1, 2), u(1, 2), u(1, 2)}
	var q *convert.Quat
	diagonalInFrame = true
	switch c.orient {
	case "permutation":
		q = convert.Ptr(convert.AxisAngle(convert.Vec3{1, 1, 1}.Normalize(), 2*math.Pi/3))
	case "equal moments":
		d[2] = d[0]
		q = convert.Ptr(convert.AxisAngle(convert.Vec3{0, 1, 0}, u(0.1, 3)))
	case "general":
		q = convert.Ptr(randQuat())
		diagonalInFrame = false
	}
	b := g.AddNode(convert.Node{Name: "B", Transform: convert.Transform{T: convert.Vec3{u(-1, 1), u(0, 2), u(-1, 1)}, R: randQuat(), S: convert.Vec3{1, 1, 1}},
		Motion: &convert.Motion{Kind: convert.Dynamic, GravityFactor: 1, Mass: convert.Ptr(u(0.5, 3)), CenterOfMass: &convert.Vec3{u(-0.1, 0.1), u(-0.1, 0.1), u(-0.1, 0.1)},
			InertiaDiagonal: &d, InertiaOrientation: q}}, -1)
	g.AddNode(convert.Node{Name: "BShape", Transform: convert.Transform{T: convert.Vec3{0.1, 0, 0}, R: convert.IdentityQuat(), S: convert.Vec3{1, 1, 1}},
		Collider: &convert.Collider{Shape: box, Material: -1, Filter: -1}}, b)
	// the joint's frame A lies on frame B (body B's frame, or a node of
	// its own moved inside B) and hinges about one of its axes
	connected, at := b, g.WorldTransform(b)
	if c.connect == "node" {
		jb := convert.Transform{T: convert.Vec3{0.05, -0.02, 0.03}, R: convert.IdentityQuat(), S: convert.Vec3{1, 1, 1}}
		connected = g.AddNode(convert.Node{Name: "JB", Transform: jb}, b)
		at = at.Mul(jb)
	}
	if c.connect == "on A" {
		// the joint is body A's node itself, so turning the joint's
		// frame turns A, whose given inertia (no orientation) must turn
		// with it
		ma := g.Nodes[a].Motion
		ma.CenterOfMass, ma.InertiaDiagonal = &convert.Vec3{0.01, 0.02, -0.03}, &convert.Vec3{0.3, 0.4, 0.5}
		jb := g.WorldTransform(b).Inverse().Mul(g.WorldTransform(a))
		connected = g.AddNode(convert.Node{Name: "JB", Transform: jb}, b)
		g.Nodes[a].Joint = &convert.Joint{Connected: connected, Limits: axisLimits(c.axis)}
		return g, diagonalInFrame
	}
	local := g.WorldTransform(a).Inverse().Mul(at)
	g.AddNode(convert.Node{Name: "J", Transform: local, Joint: &convert.Joint{Connected: connected, Limits: axisLimits(c.axis)}}, a)
	return g, diagonalInFrame
}

// axisLimits is a hinge about frame axis k, limited to [-0.3, 0.6].
func axisLimits(k int) []convert.Limit {
	var others []int
	for n := 0; n < 3; n++ {
		if n != k {
			others = append(others, n)
		}
	}
	return []convert.Limit{{Linear: []int{0, 1, 2}, Stiffness: math.Inf(1)}, {Angular: others, Stiffness: math.Inf(1)},
		{Angular: []int{k}, Min: -0.3, Max: 0.6, Stiffness: math.Inf(1)}}
}

// emitGodot4 lowers, emits and reads back a Graph as Godot 4, completed.
func emitGodot4(t *testing.T, g *convert.Graph) (text string, back *convert.Graph, diags convert.Diagnostics) {
	t.Helper()
	g, _ = mass.Complete(g, nil)
	lg, _ := lower.Lower(g, &Capabilities)
	out, diags, err := Emit(lg, &convert.Options{})
	if err != nil {
		t.Fatal(err)
	}
	back, _, err = Parse(&convert.Input{Name: "x.tscn", Data: out.Main, Options: &convert.Options{}})
	if err != nil {
		t.Fatalf("read back: %v\n%s", err, out.Main)
	}
	back, _ = mass.Complete(back, nil)
	return string(out.Main), back, diags
}

// bodyReport is the inspect report of the body named name.
func bodyReport(t *testing.T, g *convert.Graph, name string) inspect.BodyReport {
	t.Helper()
	for _, b := range inspect.Inspect(g, "", nil).Bodies {
		if b.Name == name {
			return b
		}
	}
	t.Fatalf("no body %s", name)
	return inspect.BodyReport{}
}

// sameWorldMass compares mass, world centre of mass and world inertia at
// rel relative to the mass, 1 m and the largest moment.
func sameWorldMass(want, got inspect.BodyReport, rel float64) error {
	if float64(*want.Mass) != float64(*got.Mass) && math.Abs(float64(*want.Mass-*got.Mass)) > rel*float64(*want.Mass) {
		return fmt.Errorf("mass %v, want %v", *got.Mass, *want.Mass)
	}
	if d := got.CenterOfMass.Sub(*want.CenterOfMass).Len(); d > rel {
		return fmt.Errorf("centre of mass %v, want %v", *got.CenterOfMass, *want.CenterOfMass)
	}
	big := 0.0
	for r := 0; r < 3; r++ {
		big = math.Max(big, float64(want.Inertia[r][r]))
	}
	for r := 0; r < 3; r++ {
		for c := 0; c < 3; c++ {
			if math.Abs(float64(got.Inertia[r][c]-want.Inertia[r][c])) > rel*big {
				return fmt.Errorf("world inertia %v, want %v", *got.Inertia, *want.Inertia)
			}
		}
	}
	return nil
}

// TestEmitInertiaWithHinges: rotated bodies on hinges about each frame
// axis, frame B on the body or on a node of its own, with principal axes
// along the frame, permuted, within equal moments, or anywhere. Read back,
// every body keeps its world mass properties to 1e-9; a body whose tensor
// is diagonal in its frame keeps its frame (no rotation, no
// godot-inertia-baked); the joint's frames are not reported apart.
func TestEmitInertiaWithHinges(t *testing.T) {
	seed := uint64(0)
	for _, orient := range orientKinds {
		for axis := range 3 {
			for _, connect := range []string{"body", "node", "on A"} {
				seed++
				c := inertiaCase{seed: seed, orient: orient, axis: axis, connect: connect}
				t.Run(fmt.Sprintf("%s/axis%d/%s", orient, axis, connect), func(t *testing.T) {
					src, diagonalInFrame := inertiaGraph(c)
					text, back, diags := emitGodot4(t, src)
					done, _ := mass.Complete(src, nil)
					for _, name := range []string{"A", "B"} {
						if err := sameWorldMass(bodyReport(t, done, name), bodyReport(t, back, name), 1e-9); err != nil {
							t.Errorf("%s: %v\n%s", name, err, text)
						}
					}
					baked := false
					for _, d := range diags {
						if d.Code == convert.CodeGodotInertiaBaked && d.Path == "B" {
							baked = true
						}
						if d.Code == convert.CodeJointFramesApart || d.Code == convert.CodeJointFramesRounded {
							t.Errorf("joint frames reported apart: %v", d)
						}
					}
					if baked == diagonalInFrame {
						t.Errorf("godot-inertia-baked on B: %v, want %v", baked, !diagonalInFrame)
					}
					if diagonalInFrame {
						wb, gb := done.WorldTransform(1), back.WorldTransform(nodeNamed(t, back, "B"))
						if !sameRotation(wb.R, gb.R) {
							t.Errorf("B turned from %v to %v though its inertia is diagonal in its frame", wb.R, gb.R)
						}
					}
				})
			}
		}
	}
}

func nodeNamed(t *testing.T, g *convert.Graph, name string) int {
	t.Helper()
	for i, n := range g.Nodes {
		if n.Name == name {
			return i
		}
	}
	t.Fatalf("no node %s", name)
	return -1
}

func sameRotation(a, b convert.Quat) bool {
	a, b = a.Normalize(), b.Normalize()
	return math.Abs(math.Abs(a[0]*b[0]+a[1]*b[1]+a[2]*b[2]+a[3]*b[3])-1) < 1e-12
}

// TestEmitVehicleKeepsFrame: a vehicle body whose principal axes are not
// its own axes keeps its frame (its forward direction). With boxes only,
// Godot computes the oriented inertia itself, so none is written and the
// read-back is exact; with a capsule besides (whose inertia GodotPhysics3D
// approximates), the moments along its axes are written with
// godot-inertia-axes.
func TestEmitVehicleKeepsFrame(t *testing.T) {
	for _, capsule := range []bool{false, true} {
		g := convert.NewGraph()
		box := g.AddShape(convert.Shape{Kind: convert.Box, Size: convert.Vec3{1.3, 1.04, 2.39}, Mesh: -1})
		car := g.AddNode(convert.Node{Name: "Car", Transform: convert.Transform{T: convert.Vec3{0, 0.4, 0}, R: convert.IdentityQuat(), S: convert.Vec3{1, 1, 1}},
			Motion:  &convert.Motion{Kind: convert.Dynamic, GravityFactor: 1, Mass: convert.Ptr(40.0), CenterOfMass: &convert.Vec3{}},
			Vehicle: &convert.Vehicle{MaxSpeed: -1, PilotSeat: -1}}, -1)
		g.AddNode(convert.Node{Name: "Chassis", Transform: convert.Transform{T: convert.Vec3{0, 0.57, 0.13}, R: convert.IdentityQuat(), S: convert.Vec3{1, 1, 1}},
			Collider: &convert.Collider{Shape: box, Material: -1, Filter: -1}}, car)
		g.AddNode(convert.Node{Name: "Roof", Transform: convert.Transform{T: convert.Vec3{0.2, 1.2, -0.3}, R: convert.IdentityQuat(), S: convert.Vec3{1, 1, 1}},
			Collider: &convert.Collider{Shape: box, Material: -1, Filter: -1}}, car)
		if capsule {
			pill := g.AddShape(convert.Shape{Kind: convert.Capsule, Height: 0.5, RadiusTop: 0.2, RadiusBottom: 0.2, Mesh: -1})
			g.AddNode(convert.Node{Name: "Pill", Transform: convert.Transform{T: convert.Vec3{-0.3, 0.2, 0.9}, R: convert.IdentityQuat(), S: convert.Vec3{1, 1, 1}},
				Collider: &convert.Collider{Shape: pill, Material: -1, Filter: -1}}, car)
		}
		w := convert.DefaultWheel()
		g.AddNode(convert.Node{Name: "Wheel", Transform: convert.Transform{T: convert.Vec3{0.57, 0, 1.1}, R: convert.IdentityQuat(), S: convert.Vec3{1, 1, 1}}, Wheel: &w}, car)
		text, back, diags := emitGodot4(t, g)
		if r := back.WorldTransform(nodeNamed(t, back, "Car")).R; !sameRotation(r, convert.IdentityQuat()) {
			t.Errorf("with a capsule %v: vehicle turned to %v", capsule, r)
		}
		if diags.Has(convert.CodeGodotInertiaBaked) {
			t.Errorf("with a capsule %v: vehicle frame baked: %v", capsule, diags)
		}
		if got := diags.Has(convert.CodeGodotInertiaAxes); got != capsule {
			t.Errorf("with a capsule %v: godot-inertia-axes %v", capsule, got)
		}
		if capsule {
			continue
		}
		if strings.Contains(text, "\ninertia = ") {
			t.Errorf("inertia written where Godot computes it:\n%s", text)
		}
		done, _ := mass.Complete(g, nil)
		if err := sameWorldMass(bodyReport(t, done, "Car"), bodyReport(t, back, "Car"), 1e-9); err != nil {
			t.Error(err)
		}
	}
}

// TestSpatialClasses: a transform is written only on 3D classes.
func TestSpatialClasses(t *testing.T) {
	for class, want := range map[string]bool{
		"Node3D": true, "MeshInstance3D": true, "Spatial": true, "MeshInstance": true, "GridMap": true, "CSGBox": true,
		"Camera": true, "Decal": true, "Label3D": true, "MyCustom3DThing": true,
		"Label": false, "Control": false, "Node": false, "VBoxContainer": false, "TextureRect": false, "Button": false,
		"Sprite2D": false, "Timer": false, "AnimationPlayer": false, "NavigationAgent3D": false, "ProgressBar": false,
	} {
		if got := spatial(class); got != want {
			t.Errorf("spatial(%s) = %v, want %v", class, got, want)
		}
	}
}

// TestEmitControlUnderTurnedBody: a body whose frame must turn onto its
// principal axes keeps its Control child free of a transform (Godot
// refuses one there), while its 3D children are counter-turned.
func TestEmitControlUnderTurnedBody(t *testing.T) {
	g := parseText(t, `[gd_scene load_steps=3 format=3]

[sub_resource type="BoxShape3D" id="B"]
size = Vector3(1, 0.5, 2)

[sub_resource type="CapsuleShape3D" id="C"]
radius = 0.3
height = 1.5

[node name="Player" type="RigidBody3D"]
mass = 3.0

[node name="Shape" type="CollisionShape3D" parent="."]
transform = Transform3D(0.8, 0.6, 0, -0.6, 0.8, 0, 0, 0, 1, 0.3, 0.2, 0.1)
shape = SubResource("B")

[node name="Shape2" type="CollisionShape3D" parent="."]
transform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, -0.4, 0.5, 0.3)
shape = SubResource("C")

[node name="Marker" type="Marker3D" parent="."]

[node name="Hud" type="Label" parent="."]
text = "hi"
`)
	text, back, diags := emitGodot4(t, g)
	if !diags.Has(convert.CodeGodotInertiaBaked) {
		t.Fatalf("the body was not turned, the case tests nothing:\n%s", text)
	}
	sec := text[strings.Index(text, `[node name="Hud"`):]
	if strings.Contains(sec, "transform") {
		t.Errorf("transform written on a Label:\n%s", sec)
	}
	if sec := text[strings.Index(text, `[node name="Marker"`):]; !strings.Contains(strings.SplitN(sec, "\n\n", 2)[0], "transform") {
		t.Errorf("Marker3D under the turned body lost its counter-turn:\n%s", sec)
	}
	done, _ := mass.Complete(g, nil)
	if err := sameWorldMass(bodyReport(t, done, "Player"), bodyReport(t, back, "Player"), 1e-9); err != nil {
		t.Error(err)
	}
}

// TestGodotEngineInertiaOfHingedBodies checks a few generated hinge
// cases in Godot 4 itself: each body's world inverse inertia tensor in the
// engine is the inverse of the source's world tensor, to float32
// precision.
func TestGodotEngineInertiaOfHingedBodies(t *testing.T) {
	testenv.Oracle(t, "godot4-inspect")
	for _, c := range []inertiaCase{
		{seed: 101, orient: "none", axis: 0, connect: "body"},
		{seed: 102, orient: "permutation", axis: 1, connect: "node"},
		{seed: 103, orient: "general", axis: 2, connect: "body"},
		{seed: 104, orient: "equal moments", axis: 0, connect: "on A"},
	} {
		src, _ := inertiaGraph(c)
		text, _, _ := emitGodot4(t, src)
		file := filepath.Join(t.TempDir(), "hinge.tscn")
		if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		raw, code := testenv.RunOracle(t, "godot4-inspect", "--strict", "--compact", file)
		var rep struct {
			Nodes []struct {
				Path    string `json:"path"`
				Physics *struct {
					InvInertia map[string][3]float64 `json:"inverse_inertia_tensor"`
				} `json:"physics_state"`
			} `json:"nodes"`
		}
		if err := json.Unmarshal(raw, &rep); err != nil || code != 0 {
			t.Fatalf("%v: godot4-inspect exit %d, %v\n%s", c, code, err, raw)
		}
		done, _ := mass.Complete(src, nil)
		found := 0
		for _, n := range rep.Nodes {
			if n.Physics == nil || n.Path != "A" && n.Path != "B" {
				continue
			}
			found++
			want := bodyReport(t, done, n.Path)
			var I convert.Mat3
			for r := 0; r < 3; r++ {
				for k := 0; k < 3; k++ {
					I[r][k] = float64(want.Inertia[r][k])
				}
			}
			inv := inverse3(I)
			// Godot prints the basis by columns x, y, z (symmetric here)
			for k, col := range []string{"x", "y", "z"} {
				for r := 0; r < 3; r++ {
					if got := n.Physics.InvInertia[col][r]; math.Abs(got-inv[r][k]) > 1e-5*math.Abs(inv[k][k]) {
						t.Errorf("%v: %s: engine inverse inertia [%d][%d] %v, want %v", c, n.Path, r, k, got, inv[r][k])
					}
				}
			}
		}
		if found != 2 {
			t.Errorf("%v: Godot reports %d of bodies A and B:\n%s", c, found, raw)
		}
	}
}

// inverse3 inverts a 3×3 matrix by its adjugate.
func inverse3(m convert.Mat3) convert.Mat3 {
	var adj convert.Mat3
	for r := 0; r < 3; r++ {
		for c := 0; c < 3; c++ {
			r1, r2, c1, c2 := (c+1)%3, (c+2)%3, (r+1)%3, (r+2)%3
			adj[r][c] = m[r1][c1]*m[r2][c2] - m[r1][c2]*m[r2][c1]
		}
	}
	det := m.Det()
	return adj.ScaleBy(1 / det)
}
