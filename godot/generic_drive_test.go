package godot

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestGenericDriveRoundTrip writes one Generic6DOFJoint3D drive and reads
// it back: a drive Godot can hold reads back the same with no diagnostic;
// any other reads back as the form the emitter chose and is diagnosed. A
// Godot 4 linear motor, which GodotPhysics3D does not run, is said and
// reads back as no drive. A motor is a velocity drive of the damping a
// Godot motor acts with (motor, below); a velocity drive without damping
// pushes with no force and is not written, said.
func TestGenericDriveRoundTrip(t *testing.T) {
	ptr := convert.Ptr[float64]
	inf := math.Inf(1)
	const motor = -1 // a Damping standing for the motor's own
	for _, c := range []struct {
		name  string
		drive convert.Drive
		want  convert.Drive // as read back; Axis and Type as drive
		diag  bool
	}{
		{"spring", convert.Drive{Mode: "force", MaxForce: inf, PositionTarget: ptr(0.3), Stiffness: 5, Damping: 1},
			convert.Drive{Mode: "force", MaxForce: inf, PositionTarget: ptr(0.3), Stiffness: 5, Damping: 1}, false},
		{"limited motor", convert.Drive{Mode: "force", MaxForce: 40, VelocityTarget: ptr(2), Damping: motor},
			convert.Drive{Mode: "force", MaxForce: 40, VelocityTarget: ptr(2), Damping: motor}, false},
		{"unlimited motor", convert.Drive{Mode: "force", MaxForce: inf, VelocityTarget: ptr(-1.5), Damping: motor},
			convert.Drive{Mode: "force", MaxForce: inf, VelocityTarget: ptr(-1.5), Damping: motor}, false},
		{"velocity without damping", convert.Drive{Mode: "force", MaxForce: 40, VelocityTarget: ptr(2)},
			convert.Drive{}, true},
		{"both targets", convert.Drive{Mode: "force", MaxForce: inf, PositionTarget: ptr(0.3), VelocityTarget: ptr(2), Stiffness: 5, Damping: 1},
			convert.Drive{Mode: "force", MaxForce: inf, PositionTarget: ptr(0.3), Stiffness: 5, Damping: 1}, true},
		{"limited spring", convert.Drive{Mode: "force", MaxForce: 10, PositionTarget: ptr(0.3), Stiffness: 5},
			convert.Drive{Mode: "force", MaxForce: inf, PositionTarget: ptr(0.3), Stiffness: 5}, true},
		{"acceleration spring", convert.Drive{Mode: "acceleration", MaxForce: inf, PositionTarget: ptr(0.3), Stiffness: 5},
			convert.Drive{Mode: "force", MaxForce: inf, PositionTarget: ptr(0.3), Stiffness: 5}, true},
		{"damped motor", convert.Drive{Mode: "force", MaxForce: 40, VelocityTarget: ptr(2), Damping: 3},
			convert.Drive{Mode: "force", MaxForce: 40, VelocityTarget: ptr(2), Damping: motor}, true},
	} {
		for _, version := range []int{4, 3} {
			for _, typ := range []string{"linear", "angular"} {
				t.Run(fmt.Sprintf("%s/%s/godot%d", c.name, typ, version), func(t *testing.T) {
					// B has a shape: Godot 3 keeps no inertia of its own,
					// and a motor acts through the body's inertia
					scene := strings.Replace(strings.Replace(fmt.Sprintf(hingeScene, "Generic6DOFJoint3D",
						"angular_limit_z/lower_angle = -0.2\nangular_limit_z/upper_angle = 0.6\nlinear_limit_x/lower_distance = -0.3\nlinear_limit_x/upper_distance = 0.5"),
						"[node name=\"Root\"", "[sub_resource type=\"SphereShape3D\" id=\"1\"]\nradius = 0.5\n\n[node name=\"Root\"", 1),
						"[node name=\"J\"", "[node name=\"Shape\" type=\"CollisionShape3D\" parent=\"B\"]\nshape = SubResource(\"1\")\n\n[node name=\"J\"", 1)
					g := parseText(t, scene)
					d := c.drive
					d.Type, d.Axis = typ, 1
					own := 0.0 // the damping of a Godot motor on this joint
					for i := range g.Nodes {
						if g.Nodes[i].Joint != nil {
							own, _ = motorDamping(g, g.WorldTransform, i, d, defaultTicks)
						}
					}
					if d.Damping == motor {
						d.Damping = own
					}
					jointOf(t, g).Drives = []convert.Drive{d}
					emit := Emit
					if version == 3 {
						emit = emitGodot3
					}
					out, diags, err := emit(g, &convert.Options{})
					if err != nil {
						t.Fatal(err)
					}
					if got := diags.Has(convert.CodeGodotDriveApproximated); got != c.diag {
						t.Errorf("%s diagnosed %v, want %v: %v", convert.CodeGodotDriveApproximated, got, c.diag, diags)
					}
					back := jointOf(t, parseText(t, string(out.Main)))
					if c.want == (convert.Drive{}) {
						if len(back.Drives) != 0 {
							t.Errorf("read back %+v, want no drive", back.Drives)
						}
						return
					}
					if inert := version == 4 && typ == "linear" && d.VelocityTarget != nil && !d.IsSpring(); inert {
						// GodotPhysics3D runs no linear motor: said, and not
						// read back
						if !diags.Has(convert.CodeGodotMotorInert) || len(back.Drives) != 0 {
							t.Errorf("a linear motor in Godot 4: %s said %v, read back %d drives, want said and none", convert.CodeGodotMotorInert, diags.Has(convert.CodeGodotMotorInert), len(back.Drives))
						}
						return
					}
					if len(back.Drives) != 1 {
						t.Fatalf("read back %d drives %+v, want 1", len(back.Drives), back.Drives)
					}
					w, r := c.want, back.Drives[0]
					w.Type, w.Axis = typ, 1
					if w.Damping == motor {
						w.Damping = own
					}
					if !sameDrive(r, w) {
						t.Errorf("read back %s, want %s", driveString(r), driveString(w))
					}
				})
			}
		}
	}
}

func sameDrive(a, b convert.Drive) bool {
	opt := func(p, q *float64) bool { return (p == nil) == (q == nil) && (p == nil || math.Abs(*p-*q) < 1e-12) }
	return a.Type == b.Type && a.Mode == b.Mode && a.Axis == b.Axis && a.MaxForce == b.MaxForce && a.Stiffness == b.Stiffness &&
		a.Damping == b.Damping && opt(a.PositionTarget, b.PositionTarget) && opt(a.VelocityTarget, b.VelocityTarget)
}

func driveString(d convert.Drive) string {
	s := fmt.Sprintf("%s %s axis %d max %g k %g d %g", d.Type, d.Mode, d.Axis, d.MaxForce, d.Stiffness, d.Damping)
	if d.PositionTarget != nil {
		s += fmt.Sprintf(" to %g", *d.PositionTarget)
	}
	if d.VelocityTarget != nil {
		s += fmt.Sprintf(" at %g/s", *d.VelocityTarget)
	}
	return s
}
