package crosscheck

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// triangleBoundURDF is a chain of links whose inertia tensors have
// principal moments on or next to the triangle inequality (C = A + B, a
// flat plate's, and C over A + B by a few ulps up to a millionth), each
// turned by a random rotation so the URDF spells six numbers. The
// moments are returned per link in order.
func triangleBoundURDF(n int, seed uint64) ([]byte, [][3]float64) {
	r := rand.New(rand.NewPCG(seed, 7))
	excess := []float64{0, 1e-16, 4e-16, 1e-15, 1e-14, 1e-13, 5e-13, 1e-6, -1e-13}
	var b strings.Builder
	b.WriteString(`<robot name="bound"><link name="base"><inertial><mass value="1"/><inertia ixx="0.1" iyy="0.1" izz="0.1" ixy="0" ixz="0" iyz="0"/></inertial></link>` + "\n")
	var moments [][3]float64
	num := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	for i := range n {
		a := math.Pow(10, -7+5*r.Float64())
		bb := a * (0.2 + 3*r.Float64())
		c := (a + bb) * (1 + excess[i%len(excess)])
		d := [3]float64{a, bb, c}
		r.Shuffle(3, func(x, y int) { d[x], d[y] = d[y], d[x] })
		q := convert.Quat{r.NormFloat64(), r.NormFloat64(), r.NormFloat64(), r.NormFloat64()}.Normalize()
		rm := q.Mat()
		t := rm.Mul(convert.Diag(convert.Vec3(d))).Mul(rm.T())
		moments = append(moments, d)
		fmt.Fprintf(&b, `<link name="l%d"><inertial><mass value="%s"/><inertia ixx="%s" iyy="%s" izz="%s" ixy="%s" ixz="%s" iyz="%s"/></inertial></link>`+"\n",
			i, num(0.01+r.Float64()), num(t[0][0]), num(t[1][1]), num(t[2][2]), num(t[0][1]), num(t[0][2]), num(t[1][2]))
		parent := "base"
		if i > 0 {
			parent = fmt.Sprintf("l%d", i-1)
		}
		fmt.Fprintf(&b, `<joint name="j%d" type="revolute"><parent link="%s"/><child link="l%d"/><origin xyz="0 0 0.1"/><axis xyz="0 1 0"/><limit lower="-1" upper="1" effort="1" velocity="1"/></joint>`+"\n", i, parent, i)
	}
	b.WriteString("</robot>\n")
	return []byte(b.String()), moments
}

// TestMJCFInertiaOnTriangleBound converts tensors whose principal
// moments sit on the triangle inequality to MJCF. MuJoCo refuses a body
// whose moments break it by any amount, and finds the moments of a
// written fullinertia itself, a last bit over the bound for a tensor on
// it: such bodies are written as diaginertia with exact decimals. Our
// reader (which checks as MuJoCo does) must read every output back
// without a difference, and MuJoCo must load it with the moments given.
func TestMJCFInertiaOnTriangleBound(t *testing.T) {
	reg := all.Registry()
	for seed := range uint64(8) {
		data, _ := triangleBoundURDF(60, seed)
		in := &convert.Input{Name: "bound.urdf", Data: data, Options: &convert.Options{From: "urdf", To: "mjcf", OutputName: "bound.xml"}}
		out, res, err := physconv.ConvertBytes(context.Background(), reg, in)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		for _, d := range res.Diagnostics {
			if d.Code == convert.CodeVerifyMismatch {
				t.Errorf("seed %d: %s", seed, d.Message)
			}
		}
		if seed > 0 {
			continue // MuJoCo loads one of them: a run costs seconds
		}
		dir := t.TempDir()
		p := testenv.WriteFiles(t, dir, "bound.xml", out.Main, out.Files)
		report, code := testenv.RunOracle(t, "mj-inspect", p)
		if code != 0 {
			t.Fatalf("MuJoCo refuses the output: %s", report)
		}
		var mj struct {
			Bodies []struct {
				Name    string
				Inertia []float64
			}
		}
		if err := json.Unmarshal(report, &mj); err != nil {
			t.Fatal(err)
		}
		_, moments := triangleBoundURDF(60, seed)
		checked := 0
		for _, b := range mj.Bodies {
			var i int
			if _, err := fmt.Sscanf(b.Name, "l%d", &i); err != nil || len(b.Inertia) != 3 {
				continue
			}
			want := moments[i]
			got := [3]float64{b.Inertia[0], b.Inertia[1], b.Inertia[2]}
			// MuJoCo sorts nothing: compare as sets, to the 1e-9 bar
			// (the source's C over A + B by a millionth is repaired)
			if !sameMoments(want, got, 1e-9) && !sameMoments(want, got, 2e-6) {
				t.Errorf("body %s: MuJoCo's moments %v, source %v", b.Name, got, want)
			}
			checked++
		}
		if checked != 60 {
			t.Errorf("MuJoCo reported %d of the 60 links", checked)
		}
	}
}

// sameMoments reports whether two sets of three moments agree to rel.
func sameMoments(a, b [3]float64, rel float64) bool {
	sa, sb := a, b
	sortThree(&sa)
	sortThree(&sb)
	for k := range 3 {
		if math.Abs(sa[k]-sb[k]) > rel*math.Max(math.Abs(sa[k]), math.Abs(sb[k])) {
			return false
		}
	}
	return true
}

func sortThree(v *[3]float64) {
	if v[0] > v[1] {
		v[0], v[1] = v[1], v[0]
	}
	if v[1] > v[2] {
		v[1], v[2] = v[2], v[1]
	}
	if v[0] > v[1] {
		v[0], v[1] = v[1], v[0]
	}
}

// TestMJCFTinyMassAndMoments converts moving links whose mass or
// principal moments are positive but below MuJoCo's smallest (mjMINVAL,
// 1e-15), as a source's rounding noise gives them, and a point mass
// written with noise (read as zero moments). MuJoCo refuses such a body,
// so the MJCF output has stand-ins with a point-mass-inertia diagnostic
// that explains the difference; MuJoCo must load it, and every other
// target must read back without an unexplained difference.
func TestMJCFTinyMassAndMoments(t *testing.T) {
	links := []struct{ mass, inertia string }{
		{"0.746", `ixx="2.71051e-20" ixy="-1.69407e-21" ixz="1.35525e-20" iyy="5.42101e-20" iyz="3.38813e-21" izz="1.35525e-20"`},
		{"1e-20", `ixx="0.001" ixy="0" ixz="0" iyy="0.001" iyz="0" izz="0.001"`},
		{"0.5", `ixx="1e-20" ixy="0" ixz="0" iyy="0.02" iyz="0" izz="0.02"`},
		{"1.33687", `ixx="0" ixy="0" ixz="2.40741e-35" iyy="0" iyz="0" izz="0"`},
		{"0.526", `ixx="-5.42101e-20" ixy="0" ixz="0" iyy="-5.42101e-20" iyz="0" izz="0"`},
	}
	var b strings.Builder
	b.WriteString(`<robot name="tiny"><link name="base"><inertial><mass value="1"/><inertia ixx="0.1" iyy="0.1" izz="0.1" ixy="0" ixz="0" iyz="0"/></inertial></link>` + "\n")
	for i, l := range links {
		fmt.Fprintf(&b, `<link name="l%d"><inertial><mass value="%s"/><inertia %s/></inertial><collision><geometry><box size="0.1 0.1 0.1"/></geometry></collision></link>`+"\n", i, l.mass, l.inertia)
		fmt.Fprintf(&b, `<joint name="j%d" type="revolute"><parent link="base"/><child link="l%d"/><origin xyz="%d 0 0"/><axis xyz="0 1 0"/><limit lower="-1" upper="1" effort="1" velocity="1"/></joint>`+"\n", i, i, i+1)
	}
	b.WriteString("</robot>\n")
	reg := all.Registry()
	for _, to := range []string{"mjcf", "urdf", "godot", "godot3", "khr", "omi"} {
		in := &convert.Input{Name: "tiny.urdf", Data: []byte(b.String()), Options: &convert.Options{From: "urdf", To: to, OutputName: "tiny" + map[string]string{"mjcf": ".xml", "urdf": ".urdf", "godot": ".tscn", "godot3": ".tscn", "khr": ".gltf", "omi": ".gltf"}[to]}}
		out, res, err := physconv.ConvertBytes(context.Background(), reg, in)
		if err != nil {
			t.Fatalf("%s: %v", to, err)
		}
		standIns := 0
		for _, d := range res.Diagnostics {
			switch d.Code {
			case convert.CodeVerifyMismatch:
				t.Errorf("%s: %s", to, d.Message)
			case convert.CodePointMassInertia:
				standIns++
			}
		}
		if to != "mjcf" {
			continue
		}
		if standIns < 3 {
			t.Errorf("mjcf: %d point-mass-inertia diagnostics, want one for each of the three tiny links at least: %v", standIns, res.Diagnostics)
		}
		p := testenv.WriteFiles(t, t.TempDir(), "tiny.xml", out.Main, out.Files)
		if report, code := testenv.RunOracle(t, "mj-inspect", p); code != 0 {
			t.Fatalf("MuJoCo refuses the output: %s", report)
		}
	}
}
