package lower

import (
	"fmt"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestStaticJointMessagesNameTheStaticBody: a joint between a static and
// a moving body, written where static bodies are colliders without
// motion, is told about by naming the static body and the one the joint
// then holds to the world; with the static body as the joint's second
// body the two names were swapped (the moving one called static). Each
// side, with and without filters that list their systems.
func TestStaticJointMessagesNameTheStaticBody(t *testing.T) {
	for _, staticFirst := range []bool{true, false} {
		for _, lists := range []bool{false, true} {
			g := convert.NewGraph()
			box := g.AddShape(convert.Shape{Kind: convert.Box, Size: convert.Vec3{1, 1, 1}, Mesh: -1})
			filter := -1
			if lists {
				g.Filters = append(g.Filters, convert.Filter{Systems: []string{"a"}, CollideWith: []string{"a"}})
				filter = 0
			}
			body := func(name string, kind convert.BodyKind) int {
				b := g.AddNode(convert.Node{Name: name, Transform: convert.Identity(), Motion: &convert.Motion{Kind: kind, GravityFactor: 1}}, -1)
				g.AddNode(convert.Node{Name: name + "Shape", Transform: convert.Identity(), Collider: &convert.Collider{Shape: box, Material: -1, Filter: filter}}, b)
				return b
			}
			post, arm := body("Post", convert.Static), body("Arm", convert.Dynamic)
			from, to := post, arm
			if !staticFirst {
				from, to = arm, post
			}
			g.AddNode(convert.Node{Name: "Hinge", Transform: convert.Identity(), Joint: &convert.Joint{Connected: to}}, from)
			_, diags := Lower(g, &convert.Capabilities{})
			said := 0
			for _, d := range diags {
				if d.Code != convert.CodeStaticJointApart && d.Code != convert.CodeCollisionFilterWidened {
					continue
				}
				said++
				if !strings.Contains(d.Message, fmt.Sprintf("writes static body %s", g.NodeLabel(post))) || !strings.Contains(d.Message, fmt.Sprintf("holds %s to the world", g.NodeLabel(arm))) {
					t.Errorf("static first %v, listing systems %v: %s", staticFirst, lists, d.Message)
				}
			}
			if said == 0 {
				t.Errorf("static first %v, listing systems %v: nothing said: %v", staticFirst, lists, diags)
			}
		}
	}
}
