package mjcf

import (
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/inspect"
	"github.com/physconv/physconv/convert/kin"
)

func emitParse(t *testing.T, g *convert.Graph) (*convert.Graph, string) {
	t.Helper()
	out, _, err := Emit(g, &convert.Options{})
	if err != nil {
		t.Fatal(err)
	}
	back, _, err := Parse(&convert.Input{Name: "x.xml", Data: out.Main, Options: &convert.Options{}})
	if err != nil {
		t.Fatalf("%v\n%s", err, out.Main)
	}
	return back, string(out.Main)
}

func rigidAt(x, y, z float64) convert.Transform {
	return convert.Transform{T: convert.Vec3{x, y, z}, R: convert.IdentityQuat(), S: convert.Vec3{1, 1, 1}}
}

func dynamicBody(mass float64) *convert.Motion {
	return &convert.Motion{Kind: convert.Dynamic, GravityFactor: 1, Mass: convert.Ptr(mass), CenterOfMass: &convert.Vec3{},
		InertiaDiagonal: &convert.Vec3{0.1, 0.1, 0.1}}
}

// A joint's position in a scaled child body is a point of the body's
// scaled frame; MJCF bodies have no scale, so the scale is applied.
func TestJointPositionInScaledBody(t *testing.T) {
	g := convert.NewGraph()
	a := g.AddNode(convert.Node{Name: "a", Transform: rigidAt(0, 1, 0), Motion: dynamicBody(2)}, -1)
	bt := rigidAt(1, 0, 0)
	bt.S = convert.Vec3{0.5, 0.5, 0.5}
	b := g.AddNode(convert.Node{Name: "b", Transform: bt, Motion: dynamicBody(1)}, a)
	limits, frame := kin.LimitsFor(kin.KindRevolute, convert.Vec3{0, 0, 1}, -1, 1)
	// frame B at (0.4, 0, 0) in b's scaled frame: 0.2 m from b's origin
	conn := g.AddNode(convert.Node{Name: "hinge_b", Transform: convert.Transform{T: convert.Vec3{0.4, 0, 0}, R: frame, S: convert.Vec3{2, 2, 2}}}, b)
	g.AddNode(convert.Node{Name: "hinge", Transform: convert.Transform{T: convert.Vec3{1.2, 0, 0}, R: frame, S: convert.Vec3{1, 1, 1}},
		Joint: &convert.Joint{Connected: conn, Limits: limits}}, a)
	back, text := emitParse(t, g)
	r := inspect.Inspect(back, "mjcf", nil)
	want := convert.Vec3{1.2, 1, 0}
	if len(r.Joints) != 1 || r.Joints[0].Anchor.Sub(want).Len() > 1e-12 {
		t.Errorf("joints %+v, want the hinge at %v\n%s", r.Joints, want, text)
	}
}

// A loop-closing ball joint becomes a connect equality whose anchor is a
// point of the first body's MJCF frame, which has no scale.
func TestLoopAnchorInScaledBody(t *testing.T) {
	g := convert.NewGraph()
	limits, _ := kin.LimitsFor(kin.KindBall, convert.Vec3{}, 0, 0)
	at := rigidAt(0, 1, 0)
	at.S = convert.Vec3{0.5, 0.5, 0.5}
	a := g.AddNode(convert.Node{Name: "a", Transform: at, Motion: dynamicBody(2)}, -1)
	b := g.AddNode(convert.Node{Name: "b", Transform: rigidAt(0.5, 1, 0), Motion: dynamicBody(1)}, -1)
	// world → a, world → b, and a → b at (0.5, 1, 0): a loop
	ca := g.AddNode(convert.Node{Name: "hang_b"}, a)
	g.AddNode(convert.Node{Name: "hang", Transform: rigidAt(0, 1, 0), Joint: &convert.Joint{Connected: ca, Limits: limits}}, -1)
	cw := g.AddNode(convert.Node{Name: "top_b"}, b)
	g.AddNode(convert.Node{Name: "top", Transform: rigidAt(0.5, 1, 0), Joint: &convert.Joint{Connected: cw, Limits: limits}}, -1)
	cb := g.AddNode(convert.Node{Name: "ab_b"}, b)
	g.AddNode(convert.Node{Name: "ab", Transform: rigidAt(1, 0, 0), Joint: &convert.Joint{Connected: cb, Limits: limits}}, a)
	_, text := emitParse(t, g)
	i := strings.Index(text, "<connect")
	if i < 0 {
		t.Fatalf("no connect equality:\n%s", text)
	}
	el := text[i:]
	el = el[:strings.Index(el, ">")]
	if !strings.Contains(el, `body1="a"`) || !strings.Contains(el, `anchor="0.5 0 0"`) {
		t.Errorf("connect %s, want body1 a with anchor 0.5 0 0 (1 in a's frame scaled by 0.5)", el)
	}
}
