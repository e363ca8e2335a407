package lower_test

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/lower"
	"github.com/physconv/physconv/godot"
	"github.com/physconv/physconv/mjcf"
	"github.com/physconv/physconv/urdf"
)

// TestFuseMasslessChains: where the target's engine solves bodies in
// world coordinates (Godot), two joints meeting at a bare massless link
// are one joint moving along and about the same world axes, with the same
// ranges (flipped for an axis that points the other way); a chain that no
// one joint can say (a slide after a hinge, oblique or repeated slides,
// two hinges), a link that has a shape, or a target in joint coordinates
// (MJCF) keeps its joints.
func TestFuseMasslessChains(t *testing.T) {
	chain := func(j1, j2 string, linkBody string) string {
		return `<robot name="r">
  <link name="world"/>
  <link name="l1">` + linkBody + `</link>
  <link name="base"><inertial><mass value="10"/><inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial>
    <collision><geometry><box size="0.5 0.5 0.3"/></geometry></collision></link>
  <joint name="a" ` + j1 + `<parent link="world"/><child link="l1"/></joint>
  <joint name="b" ` + j2 + `<parent link="l1"/><child link="base"/></joint>
</robot>`
	}
	slide := func(axis, rpy string, lo, hi float64) string {
		return fmt.Sprintf(`type="prismatic"><origin xyz="0.1 0.2 0.3" rpy="%s"/><axis xyz="%s"/><limit lower="%g" upper="%g" effort="1" velocity="1"/>`, rpy, axis, lo, hi)
	}
	hinge := func(axis string) string {
		return `type="continuous"><origin xyz="0 0 0.5" rpy="0 0 0"/><axis xyz="` + axis + `"/>`
	}
	for _, c := range []struct {
		name, urdf string
		fused      bool
		// the fused joint's moving world axes (Z-up file axes), each
		// with its range
		want []string
	}{
		{"two slides", chain(slide("1 0 0", "0 0 0", -1, 2), slide("0 1 0", "0 0 0", -3, 4), ""), true,
			[]string{"linear (0 1 0) [-3 4]", "linear (1 0 0) [-1 2]"}},
		{"slide then hinge", chain(slide("0 1 0", "0 0 0", -1, 2), hinge("0 0 1"), ""), true,
			[]string{"angular (0 0 1) [-Inf +Inf]", "linear (0 1 0) [-1 2]"}},
		// the hinge's axis is l1's z, which the slide's frame turned onto x
		{"turned frames", chain(slide("0 0 1", "0 1.5707963267948966 0", -1, 2), hinge("0 0 1"), ""), true,
			[]string{"angular (1 0 0) [-Inf +Inf]", "linear (1 0 0) [-1 2]"}},
		{"opposite axis", chain(slide("0 0 -1", "0 1.5707963267948966 0", -1, 2), hinge("0 0 1"), ""), true,
			[]string{"angular (1 0 0) [-Inf +Inf]", "linear (1 0 0) [-2 1]"}},
		{"hinge then slide", chain(hinge("0 0 1"), slide("1 0 0", "0 0 0", -1, 1), ""), false, nil},
		{"two hinges", chain(hinge("0 0 1"), hinge("1 0 0"), ""), false, nil},
		{"oblique slides", chain(slide("1 0 0", "0 0 0", -1, 1), slide("1 1 0", "0 0 0", -1, 1), ""), false, nil},
		{"one axis twice", chain(slide("1 0 0", "0 0 0", -1, 1), slide("-1 0 0", "0 0 0", -1, 1), ""), false, nil},
		{"link with a shape", chain(slide("1 0 0", "0 0 0", -1, 1), slide("0 1 0", "0 0 0", -1, 1), `<collision><geometry><sphere radius="0.1"/></geometry></collision>`), false, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			parse := func() *convert.Graph {
				g, _, err := urdf.Parse(&convert.Input{Name: "r.urdf", Data: []byte(c.urdf), Options: &convert.Options{Up: "keep"}})
				if err != nil {
					t.Fatal(err)
				}
				return g
			}
			g, diags := lower.Lower(parse(), &godot.Capabilities)
			var joints []int
			for i, n := range g.Nodes {
				if n.Joint != nil {
					joints = append(joints, i)
				}
			}
			fusedSaid := slices.ContainsFunc(diags, func(d convert.Diagnostic) bool { return d.Code == convert.CodeJointChainFused })
			if !c.fused {
				if len(joints) != 2 || fusedSaid {
					t.Errorf("%d joints, fusion said %v: %v", len(joints), fusedSaid, diags)
				}
				return
			}
			if len(joints) != 1 || !fusedSaid {
				t.Fatalf("%d joints, fusion said %v: %v", len(joints), fusedSaid, diags)
			}
			j := joints[0]
			if g.Nodes[j].Name != "a+b" || g.BodyOf(g.Nodes[j].Joint.Connected) < 0 || g.Nodes[g.BodyOf(g.Nodes[j].Joint.Connected)].Name != "base" {
				t.Errorf("fused joint %q connects %d", g.Nodes[j].Name, g.Nodes[j].Joint.Connected)
			}
			for i, n := range g.Nodes {
				if n.Name == "l1" && n.Motion != nil {
					t.Errorf("massless link %d still a body", i)
				}
			}
			if got := movingWorldAxes(g, j); !slices.Equal(got, c.want) {
				t.Errorf("moving axes %q, want %q", got, c.want)
			}
			// a target in joint coordinates keeps the chain
			if g2, _ := lower.Lower(parse(), &mjcf.Capabilities); countJoints(g2) != 2 {
				t.Errorf("MJCF: %d joints", countJoints(g2))
			}
		})
	}
}

func countJoints(g *convert.Graph) int {
	n := 0
	for _, x := range g.Nodes {
		if x.Joint != nil {
			n++
		}
	}
	return n
}

// movingWorldAxes lists the axes joint node j moves along or about, as
// world directions with their ranges, sorted.
func movingWorldAxes(g *convert.Graph, j int) []string {
	w := g.WorldTransform(j)
	fixed := [2][3]bool{}
	ranges := [2][3][2]float64{}
	for t := range 2 {
		for k := range 3 {
			ranges[t][k] = [2]float64{math.Inf(-1), math.Inf(1)}
		}
	}
	for _, l := range g.Nodes[j].Joint.Limits {
		for t, axes := range [][]int{l.Linear, l.Angular} {
			for _, k := range axes {
				if l.Fixed() {
					fixed[t][k] = true
				} else {
					ranges[t][k] = [2]float64{l.Min, l.Max}
				}
			}
		}
	}
	var out []string
	for t, kind := range []string{"linear", "angular"} {
		for k := range 3 {
			if fixed[t][k] {
				continue
			}
			var e convert.Vec3
			e[k] = 1
			d := w.R.Rotate(e)
			r := ranges[t][k]
			for i := range d {
				d[i] = math.Round(d[i]*1e9) / 1e9
				if d[i] == 0 {
					d[i] = 0
				}
			}
			// an axis the other way round, with its range flipped, is
			// the same motion: spelled with the first direction positive
			if first := slices.IndexFunc(d[:], func(x float64) bool { return x != 0 }); first >= 0 && d[first] < 0 {
				d = d.Scale(-1)
				r = [2]float64{-r[1], -r[0]}
			}
			d = d.Add(convert.Vec3{}) // no -0
			out = append(out, fmt.Sprintf("%s (%g %g %g) [%g %g]", kind, d[0], d[1], d[2], r[0], r[1]))
		}
	}
	sort.Strings(out)
	return out
}
