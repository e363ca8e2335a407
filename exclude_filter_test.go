package physconv_test

import (
	"context"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
)

// excludeMasksMJCF is a hand with two fingers on hinges and two free
// blocks, every geom with contype/conaffinity masks, and <exclude>s
// between the hand and its fingers and between the blocks: the exclude
// filters list both collideWith (the masks) and notCollideWith (the
// excluded bodies) systems. The hand's masks (contype 3) meet a default
// geom's conaffinity (1), so MuJoCo pairs them with the default-mask
// ball: only crosswise filters (one list each) say so, and those cannot
// hold the ball's exclude from the hand either.
const excludeMasksMJCF = `<mujoco model="hand">
  <default><geom contype="3" conaffinity="2"/></default>
  <worldbody>
    <body name="hand">
      <freejoint/>
      <geom name="palm" type="box" size="0.05 0.05 0.02"/>
      <geom name="cover" type="box" size="0.04 0.04 0.01" pos="0 0 0.03" contype="1" conaffinity="1"/>
      <body name="finger1" pos="0.06 0 0">
        <joint name="j1" type="hinge" axis="0 1 0" range="-1 1" limited="true"/>
        <geom name="knuckle1" type="capsule" size="0.01 0.03" pos="0.03 0 0" euler="0 90 0"/>
      </body>
      <body name="finger2" pos="-0.06 0 0">
        <joint name="j2" type="hinge" axis="0 1 0" range="-1 1" limited="true"/>
        <geom name="knuckle2" type="capsule" size="0.01 0.03" pos="-0.03 0 0" euler="0 90 0"/>
      </body>
    </body>
    <body name="block1" pos="0 0 0.5"><freejoint/><geom name="b1" type="box" size="0.05 0.05 0.05"/></body>
    <body name="block2" pos="0 0 0.6"><freejoint/><geom name="b2" type="box" size="0.05 0.05 0.05" contype="2" conaffinity="3"/></body>
    <body name="ball" pos="0 0 1"><freejoint/><geom name="ball" type="sphere" size="0.05" contype="1" conaffinity="1"/></body>
  </worldbody>
  <contact>
    <exclude body1="hand" body2="finger1"/>
    <exclude body1="hand" body2="finger2"/>
    <exclude body1="block1" body2="block2"/>
    <exclude body1="ball" body2="hand"/>
  </contact>
</mujoco>`

// TestExcludeFilterGLTFVerify: an MJCF whose <exclude>s make filters
// with both lists converts to KHR and OMI files that read back as
// written (no verify-mismatch; each filter lists one of the two), in
// which every pair of geoms collides or not as in the source's Graph;
// MJCF output keeps every exclude. The excludes of the free blocks and
// of the ball, which filters cannot express, are named by the reader,
// and only those.
func TestExcludeFilterGLTFVerify(t *testing.T) {
	reg := all.Registry()
	fsys := fstest.MapFS{"hand.xml": {Data: []byte(excludeMasksMJCF)}}
	src, err := physconv.NewInput(fsys, "hand.xml", &convert.Options{})
	if err != nil {
		t.Fatal(err)
	}
	_, sg, sdiags, err := physconv.ParseGraph(context.Background(), reg, src)
	if err != nil {
		t.Fatal(err)
	}
	lost := sdiags.OfCode(convert.CodeContactPairKept)
	if len(lost) != 2 || !strings.Contains(lost[0].Message, `bodies "block1" and "block2"`) || !strings.Contains(lost[1].Message, `bodies "ball" and "hand"`) {
		t.Errorf("reader: %v, want contact-pair-kept naming block1 and block2, then ball and hand", lost)
	}
	both := 0
	for _, f := range sg.Filters {
		if len(f.CollideWith) > 0 && len(f.NotCollideWith) > 0 {
			both++
		}
	}
	if both == 0 {
		t.Fatal("the source's Graph has no filter with both lists: the test lost its point")
	}
	want := geomPairs(sg)

	for _, to := range []string{"khr", "omi", "mjcf"} {
		t.Run(to, func(t *testing.T) {
			out, res := convertIn(t, reg, fsys, "hand.xml", to)
			noMismatch(t, res, "")
			if to == "mjcf" {
				for _, x := range []string{`<exclude body1="finger1" body2="hand"/>`, `<exclude body1="finger2" body2="hand"/>`,
					`<exclude body1="block1" body2="block2"/>`, `<exclude body1="ball" body2="hand"/>`} {
					if !strings.Contains(string(out.Main), x) {
						t.Errorf("MJCF output lacks %s", x)
					}
				}
				return
			}
			files := fstest.MapFS{"out.gltf": {Data: out.Main}}
			for name, data := range out.Files {
				files[name] = &fstest.MapFile{Data: data}
			}
			back, err := physconv.NewInput(files, "out.gltf", &convert.Options{From: to})
			if err != nil {
				t.Fatal(err)
			}
			_, g, _, err := physconv.ParseGraph(context.Background(), reg, back)
			if err != nil {
				t.Fatalf("the %s output does not read back: %v", to, err)
			}
			for k, f := range g.Filters {
				if len(f.CollideWith) > 0 && len(f.NotCollideWith) > 0 {
					t.Errorf("filters[%d] %q lists both collideWith and notCollideWith systems", k, f.Name)
				}
			}
			got := geomPairs(g)
			if len(got) != len(want) {
				t.Fatalf("%d geom pairs read back, want %d", len(got), len(want))
			}
			for pair, collide := range want {
				if c, ok := got[pair]; !ok || c != collide {
					t.Errorf("geoms %s and %s: collide %v (found %v) in the %s output, %v in the source", pair[0], pair[1], c, ok, to, collide)
				}
			}
		})
	}
}

// geomPairs says for every pair of named colliders whether their filters
// let them collide.
func geomPairs(g *convert.Graph) map[[2]string]bool {
	type named struct {
		name string
		f    convert.Filter
	}
	var cs []named
	for _, n := range g.Nodes {
		if n.Collider == nil || n.Collider.Shape < 0 || n.Name == "" {
			continue
		}
		f := convert.Filter{}
		if n.Collider.Filter >= 0 {
			f = g.Filters[n.Collider.Filter]
		}
		cs = append(cs, named{n.Name, f})
	}
	out := map[[2]string]bool{}
	for i := range cs {
		for j := i + 1; j < len(cs); j++ {
			a, b := cs[i], cs[j]
			if b.name < a.name {
				a, b = b, a
			}
			out[[2]string{a.name, b.name}] = convert.FiltersCollide(a.f, b.f)
		}
	}
	return out
}

// excludeWorldMJCF excludes contacts between MuJoCo's world body (the
// floor, a geom of the worldbody itself) and a free box.
const excludeWorldMJCF = `<mujoco model="world exclude">
  <worldbody>
    <geom name="floor" type="plane" size="2 2 0.1"/>
    <body name="box" pos="0 0 1"><freejoint/><geom name="box" type="box" size="0.1 0.1 0.1"/></body>
    <body name="ball" pos="1 0 1"><freejoint/><geom name="ball" type="sphere" size="0.1"/></body>
  </worldbody>
  <contact><exclude body1="world" body2="box"/></contact>
</mujoco>
`

// TestExcludeWorld: an <exclude> naming "world" (MuJoCo's world body)
// is read (it was refused as an unknown body): the floor and the box
// never collide, the floor and the ball do; written back to MJCF the
// exclude names the world; every target reads back without a difference.
func TestExcludeWorld(t *testing.T) {
	reg := all.Registry()
	in := &convert.Input{Name: "w.xml", Data: []byte(excludeWorldMJCF), Options: &convert.Options{From: "mjcf"}}
	_, g, _, err := physconv.ParseGraph(context.Background(), reg, in)
	if err != nil {
		t.Fatal(err)
	}
	pairs := geomPairs(g)
	if pairs[[2]string{"box", "floor"}] || !pairs[[2]string{"ball", "floor"}] {
		t.Errorf("geom pairs %v: want the floor against the ball only", pairs)
	}
	for _, to := range []string{"mjcf", "urdf", "godot", "godot3", "khr", "omi"} {
		in := &convert.Input{Name: "w.xml", Data: []byte(excludeWorldMJCF), Options: &convert.Options{From: "mjcf", To: to, OutputName: "out" + emitExt[to]}}
		out, res, err := physconv.ConvertBytes(context.Background(), reg, in)
		if err != nil {
			t.Fatalf("%s: %v", to, err)
		}
		noMismatch(t, res, to)
		if to == "mjcf" && !strings.Contains(string(out.Main), `<exclude body1="box" body2="world"/>`) {
			t.Errorf("MJCF output lost the exclude:\n%s", out.Main)
		}
	}
}
