package lower_test

import (
	"math"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/lower"
)

// ropeGraph is a ball hanging from a world site by a spatial tendon whose
// path is given by mk (sites: 0 anchor in the world, 1 hook on the ball,
// 2 a second ball site).
func ropeGraph(mk func(g *convert.Graph) convert.Tendon) *convert.Graph {
	g := convert.NewGraph()
	world := g.AddNode(convert.Node{Name: "world"}, -1)
	ball := g.AddNode(convert.Node{Name: "ball", Transform: convert.Transform{T: convert.Vec3{0, 1.5, 0}, R: convert.IdentityQuat(), S: convert.Vec3{1, 1, 1}},
		Motion: &convert.Motion{Kind: convert.Dynamic, Mass: convert.Ptr(1.0), GravityFactor: 1}}, world)
	at := func(y float64) convert.Transform {
		return convert.Transform{T: convert.Vec3{0, y, 0}, R: convert.IdentityQuat(), S: convert.Vec3{1, 1, 1}}
	}
	g.Sites = []convert.Site{{Name: "anchor", Node: world, Transform: at(2)}, {Name: "hook", Node: ball, Transform: at(0.05)}, {Name: "side", Node: ball, Transform: at(-0.05)}}
	g.AddNode(convert.Node{Name: "j", Joint: &convert.Joint{Connected: -1, Limits: []convert.Limit{{Angular: []int{0}, Min: -1, Max: 1, Stiffness: math.Inf(1)}}}}, ball)
	g.Nodes[2].Joint.Connected = world
	g.Tendons = []convert.Tendon{mk(g)}
	return g
}

func spatial(pts ...convert.TendonPoint) func(*convert.Graph) convert.Tendon {
	return func(*convert.Graph) convert.Tendon {
		return convert.Tendon{Name: "rope", Kind: convert.SpatialTendon, Path: pts, Min: 0, Max: 0.5}
	}
}

func TestTendonsLowered(t *testing.T) {
	s := convert.SitePoint
	cases := []struct {
		name string
		mk   func(*convert.Graph) convert.Tendon
		// want per target: the codes Lower reports for tendons and sites, in order
		want map[string]string
	}{
		{"two-site limited", spatial(s(0), s(1)),
			map[string]string{"khr": "tendon-as-distance-joint sites-dropped", "omi": "tendon-as-distance-joint sites-dropped", "urdf": "tendon-dropped sites-dropped", "godot": "tendon-dropped sites-dropped", "mjcf": ""}},
		{"three sites", spatial(s(0), s(1), s(2)),
			map[string]string{"khr": "tendon-dropped sites-dropped", "omi": "tendon-dropped sites-dropped", "urdf": "tendon-dropped sites-dropped", "godot": "tendon-dropped sites-dropped", "mjcf": ""}},
		{"wrapping", spatial(s(0), convert.WrapPoint(1, 2), s(1)),
			map[string]string{"khr": "tendon-dropped sites-dropped", "omi": "tendon-dropped sites-dropped", "urdf": "tendon-dropped sites-dropped", "godot": "tendon-dropped sites-dropped", "mjcf": ""}},
		{"unlimited spring", func(g *convert.Graph) convert.Tendon {
			return convert.Tendon{Name: "spring", Kind: convert.SpatialTendon, Path: []convert.TendonPoint{s(0), s(1)}, Min: math.Inf(-1), Max: math.Inf(1), Stiffness: 10}
		}, map[string]string{"khr": "tendon-dropped sites-dropped", "omi": "tendon-dropped sites-dropped", "urdf": "tendon-dropped sites-dropped", "godot": "tendon-dropped sites-dropped", "mjcf": ""}},
		{"fixed", func(g *convert.Graph) convert.Tendon {
			return convert.Tendon{Name: "sum", Kind: convert.FixedTendon, Path: []convert.TendonPoint{convert.JointPoint(2, "", 0.5)}, Min: -1, Max: 1}
		}, map[string]string{"khr": "tendon-dropped sites-dropped", "omi": "tendon-dropped sites-dropped", "urdf": "tendon-dropped sites-dropped", "godot": "tendon-dropped sites-dropped", "mjcf": ""}},
	}
	for _, c := range cases {
		for _, r := range rows {
			t.Run(c.name+"/"+r.name, func(t *testing.T) {
				g := ropeGraph(c.mk)
				if err := convert.Validate(g); err != nil {
					t.Fatal(err)
				}
				out, diags := lower.Lower(g, r.caps)
				var codes []string
				for _, d := range diags {
					if strings.Contains(string(d.Code), "tendon") || d.Code == convert.CodeSitesDropped {
						codes = append(codes, string(d.Code))
					}
				}
				if got := strings.Join(codes, " "); got != c.want[r.name] {
					t.Fatalf("codes %q, want %q", got, c.want[r.name])
				}
				if r.caps.Tendons {
					if len(out.Tendons) != 1 || len(out.Sites) != 3 {
						t.Fatalf("tendons and sites not kept: %d, %d", len(out.Tendons), len(out.Sites))
					}
					return
				}
				if len(out.Tendons)+len(out.Sites) > 0 {
					t.Fatalf("tendons or sites left for %s", r.name)
				}
				if strings.HasPrefix(c.want[r.name], "tendon-as-distance-joint") {
					checkDistanceJoint(t, out, len(g.Nodes))
				}
				if again, d2 := lower.Lower(out, r.caps); len(d2) != 0 || len(again.Nodes) != len(out.Nodes) {
					t.Fatalf("second Lower changed the graph: %v", d2)
				}
			})
		}
	}
}

// checkDistanceJoint checks the joint Lower added: frame A at the anchor,
// frame B at the hook, a hard limit on the 3D distance in [0, 0.5].
func checkDistanceJoint(t *testing.T, g *convert.Graph, first int) {
	t.Helper()
	if len(g.Nodes) != first+2 {
		t.Fatalf("%d nodes added, want 2", len(g.Nodes)-first)
	}
	b, a := first, first+1
	j := g.Nodes[a].Joint
	if j == nil || j.Connected != b || g.Nodes[a].Parent != 0 || g.Nodes[b].Parent != 1 {
		t.Fatalf("joint misplaced: %+v parents %d %d", j, g.Nodes[a].Parent, g.Nodes[b].Parent)
	}
	if wa, wb := g.WorldTransform(a).T, g.WorldTransform(b).T; wa != (convert.Vec3{0, 2, 0}) || math.Abs(wb[1]-1.55) > 1e-12 {
		t.Fatalf("frames at %v and %v, want the anchor and the hook", wa, wb)
	}
	want := convert.Limit{Linear: []int{0, 1, 2}, Min: 0, Max: 0.5, Stiffness: math.Inf(1)}
	if l := j.Limits; len(l) != 1 || l[0].Min != want.Min || l[0].Max != want.Max || len(l[0].Linear) != 3 || len(l[0].Angular) != 0 || !math.IsInf(l[0].Stiffness, 1) {
		t.Fatalf("limits %+v, want %+v", l, want)
	}
}

// TestDistanceJointBecomesTendon: where the target has tendons, a joint
// that only bounds the distance of its frames becomes a two-site tendon;
// joints that do more stay joints.
func TestDistanceJointBecomesTendon(t *testing.T) {
	inf := math.Inf(1)
	cases := []struct {
		name   string
		limits []convert.Limit
		drives []convert.Drive
		want   bool
	}{
		{"distance", []convert.Limit{{Linear: []int{2, 0, 1}, Min: 0.1, Max: 0.5, Stiffness: inf}}, nil, true},
		{"min only", []convert.Limit{{Linear: []int{0, 1, 2}, Min: 0.1, Max: inf, Stiffness: inf}}, nil, true},
		{"ball (distance 0)", []convert.Limit{{Linear: []int{0, 1, 2}, Stiffness: inf}}, nil, false},
		{"soft", []convert.Limit{{Linear: []int{0, 1, 2}, Max: 0.5, Stiffness: 100}}, nil, false},
		{"plane distance", []convert.Limit{{Linear: []int{0, 1}, Max: 0.5, Stiffness: inf}}, nil, false},
		{"with angular", []convert.Limit{{Linear: []int{0, 1, 2}, Max: 0.5, Stiffness: inf}, {Angular: []int{0}, Stiffness: inf}}, nil, false},
		{"driven", []convert.Limit{{Linear: []int{0, 1, 2}, Max: 0.5, Stiffness: inf}}, []convert.Drive{{Type: "linear", Axis: 0, Stiffness: 1}}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := convert.NewGraph()
			w := g.AddNode(convert.Node{Name: "world"}, -1)
			ball := g.AddNode(convert.Node{Name: "ball", Motion: &convert.Motion{Kind: convert.Dynamic, Mass: convert.Ptr(1.0), GravityFactor: 1}}, w)
			fb := g.AddNode(convert.Node{Name: "hook"}, ball)
			g.AddNode(convert.Node{Name: "rope", Joint: &convert.Joint{Connected: fb, Limits: c.limits, Drives: c.drives}}, w)
			for _, r := range rows {
				out, _ := lower.Lower(g, r.caps)
				got := len(out.Tendons) == 1 && out.Nodes[3].Joint == nil
				if got != (c.want && r.caps.Tendons) {
					t.Fatalf("%s: tendon %v, want %v", r.name, got, c.want && r.caps.Tendons)
				}
				if !got {
					continue
				}
				tn := out.Tendons[0]
				if a, b, ok := tn.TwoSites(); !ok || out.Sites[a].Node != 3 || out.Sites[b].Node != fb || tn.Min != c.limits[0].Min || tn.Max != c.limits[0].Max {
					t.Fatalf("tendon %+v sites %+v", tn, out.Sites)
				}
				if again, d2 := lower.Lower(out, r.caps); len(d2) != 0 || len(again.Tendons) != 1 {
					t.Fatalf("second Lower changed the graph: %v", d2)
				}
			}
		})
	}
}

// A point mass (given mass, zero moments) stays one where the target
// writes zero moments (URDF) and gets near-zero moments with a diagnostic
// elsewhere; massless bodies and bodies with moments are left alone.
func TestPointMassLowered(t *testing.T) {
	cases := []struct {
		name    string
		mass    float64
		moments convert.Vec3
		changed bool
	}{
		{"point mass", 2, convert.Vec3{}, true},
		{"massless", 0, convert.Vec3{}, false},
		{"rod", 1, convert.Vec3{0.1, 0.1, 0}, false},
		{"box", 1, convert.Vec3{0.1, 0.2, 0.25}, false},
	}
	for _, c := range cases {
		for _, r := range rows {
			g := convert.NewGraph()
			g.AddNode(convert.Node{Name: "b", Motion: &convert.Motion{Kind: convert.Dynamic, GravityFactor: 1, Mass: convert.Ptr(c.mass),
				CenterOfMass: &convert.Vec3{}, InertiaDiagonal: convert.Ptr(c.moments)}}, -1)
			out, diags := lower.Lower(g, r.caps)
			want := c.changed && !r.caps.ZeroInertia
			got := *out.Nodes[0].Motion.InertiaDiagonal
			if want != diags.Has(convert.CodePointMassInertia) {
				t.Errorf("%s/%s: point-mass-inertia %v, want %v", c.name, r.name, diags.Has(convert.CodePointMassInertia), want)
			}
			if w := (convert.Vec3{convert.NearZeroInertia, convert.NearZeroInertia, convert.NearZeroInertia}); want && got != w || !want && got != c.moments {
				t.Errorf("%s/%s: moments %v", c.name, r.name, got)
			}
			if *out.Nodes[0].Motion.Mass != c.mass {
				t.Errorf("%s/%s: mass changed", c.name, r.name)
			}
		}
	}
}
