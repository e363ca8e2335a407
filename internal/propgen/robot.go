package propgen

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
)

// Robot is a random MJCF robot and what the tests need to know about it.
type Robot struct {
	// XML is the MJCF document.
	XML string
	// Refs maps each hinge or slide joint with a ref to it (rad or m).
	Refs map[string]float64
	// Closures counts the <connect> constraints that close loops.
	Closures int
	// Free counts the top-level bodies with a free joint.
	Free int
}

// robotGen writes a random MJCF robot: one to three trees of nested bodies
// under random rotations (so hinge axes point anywhere in the world), each
// body with no joint, one hinge or slide, a ball, three orthogonal hinges
// sharing an anchor (one Graph joint) or two hinges at different anchors
// (a chain); joints with ref and springref, in degrees or radians; top
// bodies welded to the world, free, or hinged to it; and sometimes a
// <connect> between two bodies of different branches closing a loop.
type robotGen struct {
	rng    *rand.Rand
	b      strings.Builder
	degree bool
	bodies int
	refs   map[string]float64
	free   int
	leaves [][]string // per top-level tree, the deepest body of each branch
	indent int
}

// GenerateRobot returns the MJCF robot of one seed. The same seed always
// gives the same robot.
func GenerateRobot(seed uint64) Robot {
	gen := &robotGen{rng: rand.New(rand.NewPCG(seed, 0x2545f4914f6cdd1d)), refs: map[string]float64{}}
	gen.degree = gen.chance(0.5)
	angle := "radian"
	if gen.degree {
		angle = "degree"
	}
	gen.line(`<mujoco model="robot%d">`, seed)
	gen.indent++
	gen.line(`<compiler angle="%s" autolimits="true"/>`, angle)
	gen.line(`<worldbody>`)
	gen.indent++
	trees := 1 + gen.rng.IntN(3)
	gen.leaves = make([][]string, trees)
	for t := 0; t < trees; t++ {
		gen.body(0, t)
	}
	gen.indent--
	gen.line(`</worldbody>`)
	closures := 0
	var eq []string
	for _, branches := range gen.leaves {
		if len(branches) >= 2 && gen.chance(0.7) {
			a, b := branches[0], branches[len(branches)-1]
			eq = append(eq, fmt.Sprintf(`<connect body1="%s" body2="%s" anchor="%s"/>`, a, b, gen.vecText(0.05)))
			closures++
		}
	}
	if len(eq) > 0 {
		gen.line(`<equality>`)
		for _, e := range eq {
			gen.line(`  %s`, e)
		}
		gen.line(`</equality>`)
	}
	gen.indent--
	gen.line(`</mujoco>`)
	return Robot{XML: gen.b.String(), Refs: gen.refs, Closures: closures, Free: gen.free}
}

func (gen *robotGen) chance(p float64) bool { return gen.rng.Float64() < p }

func (gen *robotGen) uniform(lo, hi float64) float64 { return lo + (hi-lo)*gen.rng.Float64() }

func (gen *robotGen) line(format string, args ...any) {
	gen.b.WriteString(strings.Repeat("  ", gen.indent))
	fmt.Fprintf(&gen.b, format, args...)
	gen.b.WriteByte('\n')
}

// num writes a number with a short exact decimal form (multiples of 1/64),
// so the text is what the tests compute with.
func (gen *robotGen) num(lo, hi float64) float64 {
	return math.Round(gen.uniform(lo, hi)*64) / 64
}

func (gen *robotGen) vecText(r float64) string {
	return fmt.Sprintf("%g %g %g", gen.num(-r, r), gen.num(-r, r), gen.num(-r, r))
}

// angle returns an angle of at most maxRad radians in the file's unit and
// in radians.
func (gen *robotGen) angle(maxRad float64) (file, rad float64) {
	if gen.degree {
		d := math.Round(gen.uniform(-maxRad, maxRad) * 180 / math.Pi)
		return d, d * math.Pi / 180
	}
	r := gen.num(-maxRad, maxRad)
	return r, r
}

// axis is a coordinate axis (either sign) or an oblique direction.
func (gen *robotGen) axis() string {
	if gen.chance(0.5) {
		v := [3]int{}
		v[gen.rng.IntN(3)] = 1 - 2*gen.rng.IntN(2)
		return fmt.Sprintf("%d %d %d", v[0], v[1], v[2])
	}
	return fmt.Sprintf("%g %g %g", gen.num(-1, 1), gen.num(-1, 1), 1+gen.num(0, 1))
}

// body writes one body at depth d of tree t and its children.
func (gen *robotGen) body(d, t int) string {
	name := fmt.Sprintf("b%d", gen.bodies)
	gen.bodies++
	e1, _ := gen.angle(math.Pi)
	e2, _ := gen.angle(math.Pi / 2)
	e3, _ := gen.angle(math.Pi)
	pos := gen.vecText(0.3)
	if d == 0 {
		pos = fmt.Sprintf("%g 0 1", float64(t))
	}
	gen.line(`<body name="%s" pos="%s" euler="%g %g %g">`, name, pos, e1, e2, e3)
	gen.indent++
	if d == 0 {
		switch r := gen.rng.IntN(3); {
		case r == 0:
			gen.line(`<freejoint name="%s_free"/>`, name)
			gen.free++
		case r == 1:
			gen.joints1(name)
		}
	} else {
		gen.jointsOf(name)
	}
	gen.line(`<geom type="capsule" fromto="0 0 0 %g %g %g" size="0.02" mass="%g"/>`, gen.num(0.05, 0.2), gen.num(-0.2, 0.2), gen.num(-0.2, 0.2), gen.num(0.2, 3))
	if gen.chance(0.3) {
		gen.line(`<geom type="box" pos="%s" size="0.03 0.02 0.01" mass="%g"/>`, gen.vecText(0.1), gen.num(0.1, 1))
	}
	deepest := name // the deepest body along first children: what a closure joins
	if d < 3 {
		kids := gen.rng.IntN(3)
		if d == 0 && kids == 0 {
			kids = 1
		}
		for k := 0; k < kids; k++ {
			leaf := gen.body(d+1, t)
			if k == 0 {
				deepest = leaf
			}
			if d == 0 {
				gen.leaves[t] = append(gen.leaves[t], leaf)
			}
		}
	}
	gen.indent--
	gen.line(`</body>`)
	return deepest
}

// jointsOf writes the joints of a nested body.
func (gen *robotGen) jointsOf(name string) {
	switch r := gen.rng.IntN(10); {
	case r == 0:
		// welded to its parent
	case r == 1:
		gen.line(`<joint name="%s_ball" type="ball"/>`, name)
	case r == 2:
		// three orthogonal hinges sharing an anchor: one Graph joint
		pos := gen.vecText(0.05)
		for k, ax := range []string{"0 0 1", "0 1 0", "1 0 0"} {
			gen.hinge(fmt.Sprintf("%s_r%c", name, "zyx"[k]), pos, ax)
		}
	case r == 3:
		// two hinges at different anchors: a chain
		gen.hinge(name+"_h1", gen.vecText(0.05), gen.axis())
		gen.hinge(name+"_h2", gen.vecText(0.05), gen.axis())
	default:
		gen.joints1(name)
	}
}

// joints1 writes one hinge or slide.
func (gen *robotGen) joints1(name string) {
	if gen.chance(0.3) {
		gen.slide(name+"_slide", gen.vecText(0.05), gen.axis())
		return
	}
	gen.hinge(name+"_hinge", gen.vecText(0.05), gen.axis())
}

func (gen *robotGen) hinge(name, pos, axis string) {
	attrs := fmt.Sprintf(`name="%s" type="hinge" pos="%s" axis="%s"`, name, pos, axis)
	ref := 0.0
	if gen.chance(0.6) {
		var f float64
		f, ref = gen.angle(2)
		attrs += fmt.Sprintf(` ref="%g"`, f)
		gen.refs[name] = ref
	}
	if gen.chance(0.7) {
		// a range around the file's pose (ref), so the robot starts inside it
		lo, _ := gen.angle(1.5)
		hi, _ := gen.angle(1.5)
		lo, hi = math.Min(lo, hi)-math.Abs(lo-hi)/2-0.5, math.Max(lo, hi)+0.5
		r := ref
		if gen.degree {
			r = math.Round(ref * 180 / math.Pi)
		}
		attrs += fmt.Sprintf(` range="%g %g"`, r+math.Min(lo, -0.25), r+math.Max(hi, 0.25))
	}
	if gen.chance(0.3) {
		s, _ := gen.angle(1)
		attrs += fmt.Sprintf(` stiffness="%g" springref="%g"`, gen.num(0.5, 5), s)
	}
	gen.line(`<joint %s/>`, attrs)
}

func (gen *robotGen) slide(name, pos, axis string) {
	attrs := fmt.Sprintf(`name="%s" type="slide" pos="%s" axis="%s"`, name, pos, axis)
	ref := 0.0
	if gen.chance(0.6) {
		ref = gen.num(-0.3, 0.3)
		attrs += fmt.Sprintf(` ref="%g"`, ref)
		gen.refs[name] = ref
	}
	if gen.chance(0.7) {
		attrs += fmt.Sprintf(` range="%g %g"`, ref-gen.num(0.05, 0.3), ref+gen.num(0.05, 0.3))
	}
	if gen.chance(0.3) {
		attrs += fmt.Sprintf(` stiffness="%g" springref="%g"`, gen.num(5, 50), gen.num(-0.2, 0.2))
	}
	gen.line(`<joint %s/>`, attrs)
}
