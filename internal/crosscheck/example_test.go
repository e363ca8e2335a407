package crosscheck

import (
	"context"
	"path/filepath"
	"regexp"
	"slices"
	"testing"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/inspect"
)

// exampleLoss ties a class of report differences to the diagnostics that
// explain it (by code and the quantity that differs); a difference no
// emitted diagnostic explains fails the test.
type exampleLoss struct {
	diff  *regexp.Regexp
	q     convert.Quantity
	codes []convert.Code
}

var exampleLosses = []exampleLoss{
	// Materials: URDF has none; MJCF has one friction and no restitution;
	// Godot has one friction and its own combine rule.
	{regexp.MustCompile(`: material`), convert.QMaterial, []convert.Code{convert.CodeMaterialDropped, convert.CodeFrictionApproximated, convert.CodeRestitutionDropped,
		convert.CodeGodotFrictionStaticDropped, convert.CodeGodotCombineDefault}},
	// The hinge's damped drive: URDF keeps a transmission without gains,
	// a Godot hinge motor a target velocity and an impulse only.
	{regexp.MustCompile(`^joint "Hinge": drives `), convert.QDrive, []convert.Code{convert.CodeDriveGainsDropped, convert.CodeGodotMotorGainsDropped}},
	// Godot 3 puts a body's centre of mass at its origin, and has no
	// inertia property: a centre off the origin moves, and the moments
	// with it (the writer reports both).
	{regexp.MustCompile(`: (centre of mass|inertia)`), convert.QCenterOfMass, []convert.Code{convert.CodeGodotComDropped, convert.CodeGodotInertiaDropped}},
	// The infinite floor plane: no OMI form; a thin box in URDF.
	{regexp.MustCompile(`static colliders: (plane|box) on "Floor"`), convert.QShape, []convert.Code{convert.CodeShapeDropped, convert.CodeShapeApproximated}},
}

// TestExampleToEveryFormat converts the shipped example (a door on a
// hinge) to every format and reads it back: the physics agrees with the
// original at 1e-9 except for differences a diagnostic of that conversion
// explains.
func TestExampleToEveryFormat(t *testing.T) {
	reg := all.Registry()
	ctx := context.Background()
	src := "../../testdata/examples/door.gltf"
	want, err := physconv.InspectFile(ctx, reg, src, nil, &convert.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range reg.Formats() {
		if f.Parse == nil || f.Emit == nil {
			continue
		}
		to, ext := f.Name, f.Extensions[0]
		t.Run(to, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "door"+ext)
			res, err := physconv.ConvertFile(ctx, reg, src, out, &convert.Options{To: to})
			if err != nil {
				t.Fatal(err)
			}
			got, err := physconv.InspectFile(ctx, reg, out, nil, &convert.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if len(got.Joints) != 1 || got.Joints[0].Kind != "revolute" {
				t.Errorf("the hinge did not survive: %+v", got.Joints)
			}
			for _, d := range inspect.CompareReports(want, got, 1e-9) {
				if !explained(d, res.Diagnostics) {
					t.Errorf("unexplained difference: %s", d)
				}
			}
		})
	}
}

func explained(diff string, diags convert.Diagnostics) bool {
	for _, l := range exampleLosses {
		if !l.diff.MatchString(diff) {
			continue
		}
		for _, d := range diags {
			if slices.Contains(l.codes, d.Code) && d.Quantities.Has(l.q) {
				return true
			}
		}
	}
	return false
}
