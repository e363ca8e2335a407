package godot

import (
	"fmt"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestCapsuleWithoutCylinder: a capsule whose caps meet (Godot 4: full
// height at most twice the radius; Godot 3: height 0) is a sphere, which
// is how it is read (the Graph's capsules have a positive height); Godot 4
// shrinks the radius to half the height when the height is the smaller.
// A capsule of no size is refused at its resource's line.
func TestCapsuleWithoutCylinder(t *testing.T) {
	for _, c := range []struct {
		name           string
		version        int
		class, props   string
		kind           convert.ShapeKind
		radius, height float64 // the Graph shape's (height: a capsule's cylinder part)
		refused        bool
	}{
		{"godot 4, caps meet", 4, "CapsuleShape3D", "radius = 3.0\nheight = 6.0", convert.Sphere, 3, 0, false},
		{"godot 4, height below the diameter", 4, "CapsuleShape3D", "radius = 3.0\nheight = 4.0", convert.Sphere, 2, 0, false},
		{"godot 4, a capsule", 4, "CapsuleShape3D", "radius = 3.0\nheight = 7.0", convert.Capsule, 3, 1, false},
		{"godot 4, no height", 4, "CapsuleShape3D", "radius = 3.0\nheight = 0.0", convert.Sphere, 0, 0, true},
		{"godot 3, no cylinder", 3, "CapsuleShape", "radius = 0.5\nheight = 0.0", convert.Sphere, 0.5, 0, false},
		{"godot 3, a capsule", 3, "CapsuleShape", "radius = 0.5\nheight = 2.0", convert.Capsule, 0.5, 2, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			format, body, col := 3, "RigidBody3D", "CollisionShape3D"
			if c.version == 3 {
				format, body, col = 2, "RigidBody", "CollisionShape"
			}
			scene := fmt.Sprintf("[gd_scene load_steps=2 format=%d]\n\n[sub_resource type=%q id=\"1\"]\n%s\n\n[node name=\"B\" type=%q]\n\n[node name=\"C\" type=%q parent=\".\"]\nshape = SubResource(\"1\")\n",
				format, c.class, c.props, body, col)
			if c.version == 3 {
				scene = strings.ReplaceAll(scene, `SubResource("1")`, `SubResource( 1 )`)
				scene = strings.ReplaceAll(scene, `id="1"`, `id=1`)
			}
			g, _, err := Parse(&convert.Input{Name: "s.tscn", Data: []byte(scene), Options: &convert.Options{}})
			if c.refused {
				fe, ok := err.(*convert.FormatError)
				if !ok || fe.Line != 3 {
					t.Fatalf("err = %v; want a format error at the resource's line 3", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if err := convert.Validate(g); err != nil {
				t.Fatalf("the Graph does not validate: %v", err)
			}
			if len(g.Shapes) != 1 {
				t.Fatalf("%d shapes, want 1", len(g.Shapes))
			}
			sh := g.Shapes[0]
			switch {
			case sh.Kind != c.kind:
				t.Errorf("shape %s, want %s", sh.Kind, c.kind)
			case c.kind == convert.Sphere && sh.Radius != c.radius:
				t.Errorf("sphere radius %v, want %v", sh.Radius, c.radius)
			case c.kind == convert.Capsule && (sh.RadiusTop != c.radius || sh.RadiusBottom != c.radius || sh.Height != c.height):
				t.Errorf("capsule radii %v %v height %v, want %v and %v", sh.RadiusTop, sh.RadiusBottom, sh.Height, c.radius, c.height)
			}
		})
	}
}
