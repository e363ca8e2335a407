package inspect

import (
	"testing"

	"github.com/physconv/physconv/convert"
)

// chainReport is a body "arm" at the origin hung from the world through a
// chain of massless links, all at the origin too, by the joints j1 … jn
// (j<k> moves links[k-1], the last moves arm), with the links named as
// given.
func chainReport(links ...string) *Report {
	r := &Report{Bodies: []BodyReport{body("arm", 1, convert.Vec3{})}}
	prev := ""
	for k, l := range links {
		r.Bodies = append(r.Bodies, body(l, 0, convert.Vec3{}))
		r.Joints = append(r.Joints, JointReport{Name: "j" + string(rune('1'+k)), BodyA: prev, BodyB: l, Kind: "continuous"})
		prev = l
	}
	r.Joints = append(r.Joints, JointReport{Name: "j" + string(rune('1'+len(links))), BodyA: prev, BodyB: "arm", Kind: "continuous"})
	return r
}

// TestAlignPairsChainLinksByJoints: the massless links of a chain of
// joints stand at one place, so mass and place tell none apart; their
// names may change through a writer (a reader names them after names the
// file lacks, and numbers repeats in its own order). Align pairs them by
// the joints, whose names a writer keeps, from the world or a body known
// by name, along the chain. Joints that contradict, or leave two
// candidates, pair nothing.
func TestAlignPairsChainLinksByJoints(t *testing.T) {
	t.Run("renamed links", func(t *testing.T) {
		a := chainReport("#", "##2", "##3")
		b := chainReport("node1#node5", "node1#node8", "node1#node11")
		Align(a, b, 1e-9)
		for k, want := range []string{"arm", "#", "##2", "##3"} {
			if got := b.Bodies[k].Name; got != want {
				t.Errorf("body %d named %q, want %q", k, got, want)
			}
		}
		if d := CompareReports(a, b, 1e-9); len(d) != 0 {
			t.Errorf("differences after Align: %q", d)
		}
	})
	t.Run("repeats numbered in another order", func(t *testing.T) {
		// the links of the second chain read first: what NodeNames
		// numbered "#2" in one file is "#" in the other
		a := chainReport("#", "##2")
		b := chainReport("##2", "#")
		Align(a, b, 1e-9)
		for k, want := range []string{"arm", "#", "##2"} {
			if got := b.Bodies[k].Name; got != want {
				t.Errorf("body %d named %q, want %q", k, got, want)
			}
		}
		if d := CompareReports(a, b, 1e-9); len(d) != 0 {
			t.Errorf("differences after Align: %q", d)
		}
	})
	t.Run("joint names in another case", func(t *testing.T) {
		a := chainReport("#", "##2")
		b := chainReport("x", "y")
		for k := range b.Joints {
			b.Joints[k].Name = "J" + b.Joints[k].Name[1:]
		}
		Align(a, b, 1e-9)
		if b.Bodies[1].Name != "#" || b.Bodies[2].Name != "##2" {
			t.Errorf("bodies %q, %q, want \"#\", \"##2\"", b.Bodies[1].Name, b.Bodies[2].Name)
		}
	})
	t.Run("from the body end", func(t *testing.T) {
		// the chain's first joint has another name in b: its links are
		// found from arm, up the chain
		a := chainReport("p", "q")
		b := chainReport("x", "y")
		b.Joints[0].Name = "other"
		Align(a, b, 1e-9)
		if b.Bodies[1].Name != "p" || b.Bodies[2].Name != "q" {
			t.Errorf("bodies %q, %q, want \"p\", \"q\"", b.Bodies[1].Name, b.Bodies[2].Name)
		}
	})
	t.Run("contradiction", func(t *testing.T) {
		// j1 hangs the first link from the world in a, from arm in b:
		// that link stays unpaired, the second is paired through j3
		a := chainReport("p", "q")
		b := chainReport("x", "y")
		b.Joints[0].BodyA = "arm"
		Align(a, b, 1e-9)
		if b.Bodies[1].Name != "x" || b.Bodies[2].Name != "q" {
			t.Errorf("links named %q, %q, want \"x\" (its joints join other bodies), \"q\"", b.Bodies[1].Name, b.Bodies[2].Name)
		}
	})
	t.Run("one of two chains from the world", func(t *testing.T) {
		// two links hung from the world at one place: k1 pairs its link
		// though the world has two links left; the other link's joints
		// have other names in b, so nothing pairs it
		a := chainReport("p")
		a.Joints = append(a.Joints, JointReport{Name: "k1", BodyB: "p2", Kind: "continuous"})
		a.Bodies = append(a.Bodies, body("p2", 0, convert.Vec3{}))
		b := chainReport("x")
		b.Joints = append(b.Joints, JointReport{Name: "k1", BodyB: "x2", Kind: "continuous"})
		b.Bodies = append(b.Bodies, body("x2", 0, convert.Vec3{}))
		b.Joints[0].Name = "other"
		a.Joints[len(a.Joints)-2].Name = "jj"
		Align(a, b, 1e-9)
		// k1 still pairs p2 with x2; p and x are left to their names
		if b.Bodies[2].Name != "p2" {
			t.Errorf("second chain's link named %q, want \"p2\"", b.Bodies[2].Name)
		}
	})
}
