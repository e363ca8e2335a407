package urdf

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/inspect"
	"github.com/physconv/physconv/internal/testenv"
)

// TestTriangleBoundInertiaLoads: principal moments on the triangle bound
// (a flat plate's or a thin ring's, C = A + B exactly; a repaired
// tensor's; a rod's, A = 0 and B = C) turned by an inertial frame are
// written as a full tensor in the link's axes, whose moments MuJoCo finds
// again and refuses when they come back a last bit over the bound. 60
// generated links, each such a tensor in a random orientation, and one
// repaired inertia as a real robot spells it: both MuJoCo versions load
// the output, and it reads back with the source's moments to 1e-9, but
// for the rods' zero moments, written as 2e-14 with a diagnostic.
func TestTriangleBoundInertiaLoads(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 4))
	rods := map[string]float64{} // a rod's moments about its other axes
	var b strings.Builder
	b.WriteString("<robot name=\"bound\">\n<link name=\"base\"><inertial><mass value=\"1\"/><inertia ixx=\"0.1\" iyy=\"0.1\" izz=\"0.1\" ixy=\"0\" ixz=\"0\" iyz=\"0\"/></inertial></link>\n")
	for i := range 60 {
		scale := math.Pow(10, -6+4*r.Float64())
		a, c := scale*(0.1+r.Float64()), scale*(0.1+r.Float64())
		m := [3]float64{a, c, a + c} // a plate
		switch i % 3 {
		case 1: // a thin ring: C = 2A = A + B
			m = [3]float64{a, a, a + a}
		case 2: // a rod: no moment about its axis
			m = [3]float64{0, a, a}
			rods[fmt.Sprintf("l%d", i)] = a
		}
		r.Shuffle(3, func(x, y int) { m[x], m[y] = m[y], m[x] })
		fmt.Fprintf(&b, "<link name=\"l%d\"><inertial><origin xyz=\"0 0 0.1\" rpy=\"%v %v %v\"/><mass value=\"0.5\"/><inertia ixx=\"%v\" iyy=\"%v\" izz=\"%v\" ixy=\"0\" ixz=\"0\" iyz=\"0\"/></inertial></link>\n",
			i, r.Float64()*6-3, r.Float64()*3-1.5, r.Float64()*6-3, m[0], m[1], m[2])
		fmt.Fprintf(&b, "<joint name=\"j%d\" type=\"revolute\"><parent link=\"base\"/><child link=\"l%d\"/><axis xyz=\"0 1 0\"/><limit lower=\"-1\" upper=\"1\" effort=\"1\" velocity=\"1\"/></joint>\n", i, i)
	}
	// a tensor breaking the bound, repaired onto it (a humanoid's ankle)
	b.WriteString(`<link name="ankle"><inertial><origin xyz="0 0 0.1" rpy="0.3 0.2 0.1"/><mass value="0.5"/>
<inertia ixx="9.80337e-05" ixy="-7.46444e-06" ixz="-0.000116453" iyy="0.000374354" iyz="-1.43763e-06" izz="0.000423717"/></inertial></link>
<joint name="ja" type="revolute"><parent link="base"/><child link="ankle"/><axis xyz="0 1 0"/><limit lower="-1" upper="1" effort="1" velocity="1"/></joint>
</robot>
`)
	src := []byte(b.String())
	g, diags, err := Parse(&convert.Input{Name: "bound.urdf", Data: src, Options: &convert.Options{}})
	if err != nil {
		t.Fatal(err)
	}
	if !diags.Has(convert.CodeInertiaRepaired) {
		t.Fatalf("the ankle's inertia is not repaired: %v", diags)
	}
	want := inspect.Inspect(g, "urdf", nil)
	out, emitted, err := Emit(g, &convert.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// a rod's zero moment is raised to 2e-14 (MuJoCo refuses a full
	// tensor with a smaller one), said of its link
	raised := map[string]bool{}
	for _, d := range emitted {
		if d.Code == convert.CodePointMassInertia && d.Subject.Body >= 0 {
			raised[g.Nodes[d.Subject.Body].Name] = true
		}
	}
	// each rod's zero moment is moved inside the triangle bound by 1.5e-13
	// of its others; below 1e-14 it is raised, and said
	for name, a := range rods {
		if want := 1.5e-13*a < 1e-14; raised[name] != want {
			t.Errorf("rod %s of moments %g: raised %v, want %v", name, a, raised[name], want)
		}
	}
	for name := range raised {
		if _, ok := rods[name]; !ok {
			t.Errorf("moments of %s raised, which is no rod", name)
		}
	}
	back, _, err := Parse(&convert.Input{Name: "out.urdf", Data: out.Main, Options: &convert.Options{}})
	if err != nil {
		t.Fatal(err)
	}
	got := inspect.Inspect(back, "urdf", nil)
	for _, d := range inspect.Diff(want, got, 1e-9) {
		if (d.Quantity == convert.QInertia || d.Quantity == convert.QMass) && !raised[d.Name] {
			t.Errorf("read back: %s", d.Message)
		}
	}
	for _, d := range inspect.Diff(want, got, 1e-7) {
		if d.Quantity == convert.QInertia || d.Quantity == convert.QMass {
			t.Errorf("read back, a rod: %s", d.Message)
		}
	}
	file := filepath.Join(t.TempDir(), "out.urdf")
	if err := os.WriteFile(file, out.Main, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{nil, {"--backend", "c"}} {
		// the world, the links but the base (fused into the world, which
		// it hangs from without a joint)
		if bodies := testenv.MuJoCoBodies(t, file, args...); len(bodies) != 62 {
			t.Errorf("MuJoCo %v: %d bodies", args, len(bodies))
		}
	}
}
