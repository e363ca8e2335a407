package mjcf

import (
	"fmt"
	"regexp"
	"strconv"
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestFilterBitsFitMuJoCoInt: however many collision systems a Graph has
// (a Godot scene uses up to 32 layers), every contype and conaffinity
// written fits the signed 32-bit integer MuJoCo reads, and systems past
// the 30 bits available share the last one with a warning.
func TestFilterBitsFitMuJoCoInt(t *testing.T) {
	for _, n := range []int{1, 29, 30, 31, 32, 40} {
		t.Run(fmt.Sprint(n, " systems"), func(t *testing.T) {
			g := convert.NewGraph()
			box := g.AddShape(convert.Shape{Kind: convert.Box, Size: convert.Vec3{1, 1, 1}, Mesh: -1})
			for k := range n {
				sys := fmt.Sprintf("layer%02d", k)
				g.Filters = append(g.Filters, convert.Filter{Systems: []string{sys}})
				g.AddNode(convert.Node{Name: sys, Collider: &convert.Collider{Shape: box, Material: -1, Filter: k}}, -1)
			}
			// one filter that collides with everything but the first system
			g.Filters = append(g.Filters, convert.Filter{Systems: []string{"layer00"}, NotCollideWith: []string{"layer00"}})
			g.AddNode(convert.Node{Name: "all", Collider: &convert.Collider{Shape: box, Material: -1, Filter: n}}, -1)
			out, diags, err := Emit(g, &convert.Options{})
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range regexp.MustCompile(`(contype|conaffinity)="([0-9-]+)"`).FindAllStringSubmatch(string(out.Main), -1) {
				v, err := strconv.ParseInt(m[2], 10, 64)
				if err != nil || v < 0 || v > 1<<31-1 {
					t.Errorf("%s=%q does not fit MuJoCo's int", m[1], m[2])
				}
			}
			warned := false
			for _, d := range diags {
				warned = warned || d.Code == convert.CodeCollisionFilterApproximated
			}
			if warned != (n > 30) {
				t.Errorf("%d systems: shared-bit warning %v", n, warned)
			}
		})
	}
}
