package mjcf

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/inspect"
)

// globalPair writes one generated model twice: in local coordinates and
// in MuJoCo 1.x global ones (every body, geom, site, joint and inertial
// placed in the world), as two files MuJoCo 2.2 compiles alike. Bodies
// nest up to three deep under up to three top bodies, oriented by quat,
// euler (degrees) or axisangle; geoms are spheres, boxes and capsules
// placed by pos and quat or by fromto; joints are hinges and slides with
// their own pos and axis; some bodies give an inertial.
func globalPair(seed uint64) (local, global string) {
	r := rand.New(rand.NewPCG(seed, 5))
	num := func(lo, hi float64) float64 { return math.Round((lo+(hi-lo)*r.Float64())*1e4) / 1e4 }
	vec := func(s float64) convert.Vec3 { return convert.Vec3{num(-s, s), num(-s, s), num(-s, s)} }
	quat := func() convert.Quat {
		return convert.Quat{num(-1, 1), num(-1, 1), num(-1, 1), num(0.2, 1)}.Normalize()
	}
	v3 := func(v convert.Vec3) string { return fmt.Sprintf("%v %v %v", v[0], v[1], v[2]) }
	q4 := func(q convert.Quat) string { return fmt.Sprintf("%v %v %v %v", q[3], q[0], q[1], q[2]) }
	var lb, gb strings.Builder
	head := "<mujoco>\n  <compiler angle=\"degree\"%s/>\n  <worldbody>\n    <geom type=\"plane\" size=\"5 5 0.1\"/>\n"
	fmt.Fprintf(&lb, head, "")
	fmt.Fprintf(&gb, head, " coordinate=\"global\"")
	n := 0
	var body func(parent convert.Transform, depth int)
	body = func(parent convert.Transform, depth int) {
		n++
		name := fmt.Sprintf("b%d", n)
		local := convert.Identity()
		local.T = vec(0.5)
		orient := ""
		switch r.IntN(3) {
		case 0:
			local.R = quat()
			orient = " quat=\"" + q4(local.R) + "\""
		case 1:
			e := convert.Vec3{num(-90, 90), num(-90, 90), num(-90, 90)}
			local.R = eulerXYZ(e.Scale(math.Pi / 180))
			orient = " euler=\"" + v3(e) + "\""
		case 2:
			axis, angle := vec(1).Normalize(), num(-170, 170)
			if axis.Len() == 0 {
				axis = convert.Vec3{0, 0, 1}
			}
			local.R = convert.AxisAngle(axis, angle*math.Pi/180)
			orient = fmt.Sprintf(" axisangle=\"%s %v\"", v3(axis), angle)
		}
		world := parent.Mul(local)
		fmt.Fprintf(&lb, "<body name=%q pos=%q%s>\n", name, v3(local.T), orient)
		fmt.Fprintf(&gb, "<body name=%q pos=%q quat=%q>\n", name, v3(world.T), q4(world.R))
		// a joint of its own place and axis
		jp, axis := vec(0.2), vec(1).Normalize()
		if axis.Len() == 0 {
			axis = convert.Vec3{1, 0, 0}
		}
		kind := []string{"hinge", "slide"}[r.IntN(2)]
		fmt.Fprintf(&lb, "<joint name=\"j%d\" type=%q pos=%q axis=%q/>\n", n, kind, v3(jp), v3(axis))
		fmt.Fprintf(&gb, "<joint name=\"j%d\" type=%q pos=%q axis=%q/>\n", n, kind, v3(world.Apply(jp)), v3(world.R.Rotate(axis)))
		for k := 1 + r.IntN(2); k > 0; k-- {
			if r.IntN(3) == 0 {
				a, b := vec(0.3), vec(0.3)
				fmt.Fprintf(&lb, "<geom type=\"capsule\" size=\"0.05\" fromto=\"%s %s\"/>\n", v3(a), v3(b))
				fmt.Fprintf(&gb, "<geom type=\"capsule\" size=\"0.05\" fromto=\"%s %s\"/>\n", v3(world.Apply(a)), v3(world.Apply(b)))
				continue
			}
			g := convert.Transform{T: vec(0.3), R: quat(), S: convert.Vec3{1, 1, 1}}
			shape := []string{`type="sphere" size="0.08"`, `type="box" size="0.1 0.05 0.02"`, `type="capsule" size="0.04 0.1"`}[r.IntN(3)]
			gw := world.Mul(g)
			fmt.Fprintf(&lb, "<geom %s pos=%q quat=%q/>\n", shape, v3(g.T), q4(g.R))
			fmt.Fprintf(&gb, "<geom %s pos=%q quat=%q/>\n", shape, v3(gw.T), q4(gw.R))
		}
		if r.IntN(2) == 0 {
			i := convert.Transform{T: vec(0.2), R: quat(), S: convert.Vec3{1, 1, 1}}
			iw := world.Mul(i)
			const rest = ` mass="1.5" diaginertia="0.02 0.03 0.04"`
			fmt.Fprintf(&lb, "<inertial pos=%q quat=%q%s/>\n", v3(i.T), q4(i.R), rest)
			fmt.Fprintf(&gb, "<inertial pos=%q quat=%q%s/>\n", v3(iw.T), q4(iw.R), rest)
		}
		s := convert.Transform{T: vec(0.2), R: quat(), S: convert.Vec3{1, 1, 1}}
		sw := world.Mul(s)
		fmt.Fprintf(&lb, "<site name=\"s%d\" pos=%q quat=%q/>\n", n, v3(s.T), q4(s.R))
		fmt.Fprintf(&gb, "<site name=\"s%d\" pos=%q quat=%q/>\n", n, v3(sw.T), q4(sw.R))
		if depth < 3 {
			for k := r.IntN(3); k > 0; k-- {
				body(world, depth+1)
			}
		}
		lb.WriteString("</body>\n")
		gb.WriteString("</body>\n")
	}
	for k := 1 + r.IntN(3); k > 0; k-- {
		body(convert.Identity(), 1)
	}
	const tail = "  </worldbody>\n</mujoco>\n"
	lb.WriteString(tail)
	gb.WriteString(tail)
	return lb.String(), gb.String()
}

// eulerXYZ is MuJoCo's default euler sequence (xyz, rotating axes).
func eulerXYZ(e convert.Vec3) convert.Quat {
	return convert.AxisAngle(convert.Vec3{1, 0, 0}, e[0]).
		Mul(convert.AxisAngle(convert.Vec3{0, 1, 0}, e[1])).
		Mul(convert.AxisAngle(convert.Vec3{0, 0, 1}, e[2])).Normalize()
}

// TestGlobalCoordinates: a model in MuJoCo 1.x global coordinates reads
// as the same model in local ones (MuJoCo 3 refuses such files, and the
// reader did: old Gym's hopper and walker): 300 generated pairs compare
// equal in every body, joint and collider to 1e-9, with the conversion
// reported; <frame> and an unknown coordinate value are refused at
// their line.
func TestGlobalCoordinates(t *testing.T) {
	for seed := uint64(1); seed <= 300; seed++ {
		local, global := globalPair(seed)
		reports := make([]*inspect.Report, 2)
		for k, src := range []string{local, global} {
			g, diags, err := Parse(&convert.Input{Name: "m.xml", Data: []byte(src), Options: &convert.Options{}})
			if err != nil {
				t.Fatalf("seed %d (%s): %v\n%s", seed, []string{"local", "global"}[k], err, src)
			}
			if diags.Has(convert.CodeGlobalCoordinates) != (k == 1) {
				t.Errorf("seed %d: global-coordinates said %v for the %s file", seed, k == 0, []string{"local", "global"}[k])
			}
			reports[k] = inspect.Inspect(g, "mjcf", nil)
		}
		inspect.Equate(reports[0], reports[1], 1e-9)
		if d := inspect.Diff(reports[0], reports[1], 1e-9); len(d) > 0 {
			t.Errorf("seed %d: global coordinates read differently: %v\n%s", seed, d[0].Format(), global)
		}
	}
	for _, bad := range []string{
		"<mujoco>\n<compiler coordinate=\"global\"/>\n<worldbody>\n<frame pos=\"1 0 0\"><body/></frame>\n</worldbody>\n</mujoco>",
		"<mujoco>\n<compiler coordinate=\"global\"/>\n<worldbody>\n<body>\n<frame/></body>\n</worldbody>\n</mujoco>",
		"<mujoco>\n<compiler coordinate=\"polar\"/>\n</mujoco>",
	} {
		_, _, err := Parse(&convert.Input{Name: "m.xml", Data: []byte(bad), Options: &convert.Options{}})
		if fe, ok := err.(*convert.FormatError); !ok || fe.Line < 2 {
			t.Errorf("%q: want an error at its line, got %v", bad, err)
		}
	}
}
