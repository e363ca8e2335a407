package godot

import (
	"strconv"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// A kinematic body's given mass properties have no Godot property
// (AnimatableBody3D, Godot 3 KinematicBody): they are not written, and the
// emitter says so. Godot 3 KinematicBody has no rigid-body `mode` either.
func TestKinematicMassDropped(t *testing.T) {
	for _, version := range []int{4, 3} {
		g := convert.NewGraph()
		g.AddNode(convert.Node{Name: "K", Motion: &convert.Motion{Kind: convert.Kinematic, GravityFactor: 1,
			Mass: convert.Ptr(4.9), CenterOfMass: &convert.Vec3{0.1, 0, 0}, InertiaDiagonal: &convert.Vec3{1, 2, 2.5}}}, -1)
		out, diags, err := Emit(g, (&convert.Options{}).With(VersionOption, strconv.Itoa(version)))
		if err != nil {
			t.Fatal(err)
		}
		text := string(out.Main)
		if strings.Contains(text, "mass") || strings.Contains(text, "inertia") || strings.Contains(text, "mode") {
			t.Errorf("Godot %d: kinematic body written with properties its class lacks:\n%s", version, text)
		}
		if !diags.Has("godot-kinematic-mass-dropped") {
			t.Errorf("Godot %d: dropped kinematic mass not diagnosed: %v", version, diags)
		}
	}
}
