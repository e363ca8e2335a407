package godot

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestPrimitiveMeshSegments: a Godot round trip (either version in, either
// out) writes a round primitive mesh with the subdivision the source
// states (none: the engine's defaults), so Godot draws the polygon the
// source draws; a sphere from another format gets 31 rings, which reach
// its equator.
func TestPrimitiveMeshSegments(t *testing.T) {
	cases := []struct {
		class, props string
		want         []string // subdivision lines of the written mesh
	}{
		{"SphereMesh", "", nil},
		{"SphereMesh", "rings = 16\nradial_segments = 12", []string{"radial_segments = 12", "rings = 16"}},
		{"CylinderMesh", "radial_segments = 7", []string{"radial_segments = 7"}},
		{"CylinderMesh", "", nil},
		{"CapsuleMesh", "rings = 3\nradial_segments = 10", []string{"radial_segments = 10", "rings = 3"}},
	}
	segment := regexp.MustCompile(`(?m)^(radial_segments|rings) = .*$`)
	for _, c := range cases {
		for _, from := range []int{3, 4} {
			for _, to := range []int{3, 4} {
				t.Run(fmt.Sprintf("%s %q %d→%d", c.class, c.props, from, to), func(t *testing.T) {
					res, class, node := `SubResource("1")`, "MeshInstance3D", "Node3D"
					if from == 3 {
						res, class, node = "SubResource( 1 )", "MeshInstance", "Spatial"
					}
					scene := fmt.Sprintf("[gd_scene load_steps=2 format=%d]\n\n[sub_resource type=%q id=\"1\"]\n%s\n\n[node name=\"Root\" type=%q]\n\n[node name=\"Ball\" type=%q parent=\".\"]\nmesh = %s\n",
						from-1, c.class, c.props, node, class, res)
					g, diags, err := Parse(&convert.Input{Name: "round.tscn", Data: []byte(scene), Options: &convert.Options{}})
					if err != nil {
						t.Fatal(err)
					}
					out, _, err := Emit(g, (&convert.Options{}).With(VersionOption, strconv.Itoa(to)))
					if err != nil {
						t.Fatal(err)
					}
					text := string(out.Main)
					if !strings.Contains(text, fmt.Sprintf("type=%q", c.class)) {
						t.Fatalf("no %s written (%v):\n%s", c.class, diags, text)
					}
					if got := segment.FindAllString(text, -1); strings.Join(got, "\n") != strings.Join(c.want, "\n") {
						t.Errorf("subdivision written %q, source states %q:\n%s", got, c.want, text)
					}
				})
			}
		}
	}

	g := convert.NewGraph()
	n := g.AddNode(convert.Node{Name: "Ball", Transform: convert.Identity()}, -1)
	g.Nodes[n].Visual = &convert.Visual{Shape: g.AddShape(convert.Shape{Kind: convert.Sphere, Radius: 0.5})}
	out, _, err := Emit(g, &convert.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := segment.FindAllString(string(out.Main), -1); len(got) != 1 || got[0] != "rings = "+strconv.Itoa(sphereRings) {
		t.Errorf("a sphere from another format is written with %q, want rings = %d", got, sphereRings)
	}
}
