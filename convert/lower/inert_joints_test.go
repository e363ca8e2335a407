package lower_test

import (
	"slices"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/lower"
)

// inertGraph has a joint of every kind of connection: world to world,
// two frames of one body, two static bodies, a static body to the world,
// a dynamic body to the world and to a static body, and a coupling from
// the joint in one body to the dynamic body's joint.
func inertGraph() (*convert.Graph, map[string]int) {
	g := convert.NewGraph()
	m := 1.0
	at := func(x float64) convert.Transform {
		t := convert.Identity()
		t.T = convert.Vec3{x, 0, 0}
		return t
	}
	nodes := map[string]int{}
	add := func(name string, n convert.Node, parent int) int {
		n.Name = name
		nodes[name] = g.AddNode(n, parent)
		return nodes[name]
	}
	dyn := func() *convert.Motion {
		return &convert.Motion{Kind: convert.Dynamic, Mass: &m, MassSource: convert.Given, GravityFactor: 1}
	}
	w1 := add("w1", convert.Node{}, -1)
	add("worldWorld", convert.Node{Transform: at(1), Joint: &convert.Joint{Connected: w1}}, -1)
	body := add("body", convert.Node{Transform: at(2), Motion: dyn()}, -1)
	inBody := add("inBody", convert.Node{Transform: at(0.1)}, body)
	add("sameBody", convert.Node{Joint: &convert.Joint{Connected: inBody}}, body)
	wallA := add("wallA", convert.Node{Transform: at(3), Motion: &convert.Motion{Kind: convert.Static}}, -1)
	wallB := add("wallB", convert.Node{Transform: at(4), Motion: &convert.Motion{Kind: convert.Static}}, -1)
	add("staticStatic", convert.Node{Joint: &convert.Joint{Connected: wallA}}, wallB)
	add("worldStatic", convert.Node{Joint: &convert.Joint{Connected: wallB}}, -1)
	add("bodyWorld", convert.Node{Joint: &convert.Joint{Connected: w1}}, body)
	add("bodyStatic", convert.Node{Joint: &convert.Joint{Connected: wallA}}, body)
	g.Couplings = []convert.Coupling{
		{Follower: nodes["sameBody"], Leader: nodes["bodyWorld"], Multiplier: 1},
		{Follower: nodes["bodyStatic"], Leader: nodes["bodyWorld"], Multiplier: 2},
	}
	return g, nodes
}

// TestInertJointsDropped: every target loses the joints that constrain
// nothing — world to world, one body to itself, and, where static bodies
// are colliders without motion (KHR), a joint between static bodies or a
// static body and the world — with one joint-same-body each, and the
// coupling naming one; every other joint and coupling stays. Check finds
// them in the source and nothing in the result, and lowering again says
// nothing.
func TestInertJointsDropped(t *testing.T) {
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			g, nodes := inertGraph()
			want := []string{"worldWorld", "sameBody"}
			if !r.caps.StaticMotion {
				want = append(want, "staticStatic", "worldStatic")
			}
			out, diags := lower.Lower(g, r.caps)
			var dropped []string
			for name, i := range nodes {
				if g.Nodes[i].Joint != nil && out.Nodes[i].Joint == nil {
					dropped = append(dropped, name)
				}
			}
			slices.Sort(dropped)
			slices.Sort(want)
			if !slices.Equal(dropped, want) {
				t.Errorf("dropped %v, want %v", dropped, want)
			}
			said := map[int]bool{}
			for _, d := range diags.OfCode(convert.CodeJointSameBody) {
				if d.Subject.Kind != convert.SubjectJoint {
					t.Errorf("%v: subject %v, want a joint", d, d.Subject)
				}
				said[d.Subject.Node] = true
			}
			for _, name := range want {
				if !said[nodes[name]] {
					t.Errorf("no joint-same-body names %s: %v", name, diags)
				}
			}
			if len(said) != len(want) {
				t.Errorf("%d joint-same-body diagnostics, want %d: %v", len(said), len(want), diags)
			}
			if r.caps.Couplings {
				if len(out.Couplings) != 1 || out.Couplings[0].Follower != nodes["bodyStatic"] {
					t.Errorf("couplings %v, want the one of bodyStatic alone", out.Couplings)
				}
				if c := diags.OfCode(convert.CodeCouplingDropped); len(c) != 1 || c[0].Subject != convert.CouplingSubject(0) {
					t.Errorf("coupling-dropped %v, want one for coupling 0", c)
				}
			}
			if p := lower.Check(out, r.caps); len(p) > 0 {
				t.Errorf("lowered graph breaks the row: %v", p)
			}
			if p := lower.Check(g, r.caps); len(p) == 0 {
				t.Errorf("Check of the source finds nothing")
			}
			if _, d2 := lower.Lower(out, r.caps); len(d2) > 0 {
				t.Errorf("lowering twice: %v", d2)
			}
		})
	}
}

// TestInertJointNamedByTendonStays: where tendons are kept (MJCF), a
// joint in one body that a fixed tendon names stays for the emitter,
// whose tree leaves it out, so the tendon's path names a joint still.
func TestInertJointNamedByTendonStays(t *testing.T) {
	g, nodes := inertGraph()
	g.Couplings = nil
	g.Tendons = []convert.Tendon{{Name: "t", Kind: convert.FixedTendon, Path: []convert.TendonPoint{
		convert.JointPoint(nodes["sameBody"], "", 1), convert.JointPoint(nodes["bodyWorld"], "", 1)}}}
	for _, r := range rows {
		if !r.caps.Tendons {
			continue
		}
		out, _ := lower.Lower(g, r.caps)
		if out.Nodes[nodes["sameBody"]].Joint == nil {
			t.Errorf("%s: the joint a tendon names was dropped", r.name)
		}
		if out.Nodes[nodes["worldWorld"]].Joint != nil {
			t.Errorf("%s: the joint between two world frames was kept", r.name)
		}
	}
}
