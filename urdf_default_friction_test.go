package physconv_test

import (
	"context"
	"fmt"
	"math"
	"regexp"
	"strings"
	"testing"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/inspect"
	"github.com/physconv/physconv/internal/testenv"
)

// slopeURDF is a box resting on a ramp tilted by angle (radians) about x,
// free to slide; contact, when not empty, is put in the box's link.
func slopeURDF(angle float64, contact string) string {
	n := convert.Vec3{0, -math.Sin(angle), math.Cos(angle)}.Scale(0.1005) // the box's centre, just above the ramp
	return fmt.Sprintf(`<robot name="slope">
  <link name="ramp"><collision><origin rpy="%[1]g 0 0"/><geometry><box size="2 1 0.1"/></geometry></collision></link>
  <link name="box">
    <inertial><mass value="1"/><inertia ixx="0.00167" ixy="0" ixz="0" iyy="0.00167" iyz="0" izz="0.00167"/></inertial>
    <collision><geometry><box size="0.1 0.1 0.1"/></geometry></collision>%[5]s
  </link>
  <joint name="free" type="floating"><parent link="ramp"/><child link="box"/><origin xyz="%[2]g %[3]g %[4]g" rpy="%[1]g 0 0"/></joint>
</robot>
`, angle, n[0], n[1], n[2], contact)
}

// TestURDFDefaultFriction: a URDF names no friction, and the simulators
// that read it (Gazebo's ODE, MuJoCo's URDF import) take 1. A box on ramps
// of 25°, 35° and 42° (tan 0.47, 0.70, 0.90: it rests at friction 1, and
// slid at the 0.6 of glTF's default the output had) ends where MuJoCo's
// own import of the URDF puts it after 300 steps, in MuJoCo 3.3.8 and
// 2.2.2. The default is said once (urdf-friction-default) and never
// written to URDF output, while a friction URDF output must spell out
// (glTF's default 0.6 of a collider without a material) is written and
// read back.
func TestURDFDefaultFriction(t *testing.T) {
	reg := all.Registry()
	convertTo := func(name string, data []byte, from, to, out string) (*convert.Output, convert.Diagnostics) {
		o, res, err := physconv.ConvertBytes(context.Background(), reg, &convert.Input{Name: name, Data: data,
			Options: &convert.Options{From: from, To: to, OutputName: out}})
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range res.Diagnostics {
			if d.Code == convert.CodeVerifyMismatch {
				t.Errorf("%s to %s: %v", from, to, d)
			}
		}
		return o, res.Diagnostics
	}
	for _, deg := range []float64{25, 35, 42} {
		src := slopeURDF(deg*math.Pi/180, "")
		out, diags := convertTo("slope.urdf", []byte(src), "urdf", "mjcf", "slope.xml")
		if n := len(diags.OfCode(convert.CodeURDFFrictionDefault)); n != 1 {
			t.Errorf("%g°: %d urdf-friction-default diagnostics, want 1", deg, n)
		}
		if strings.Contains(string(out.Main), `friction=`) { // MuJoCo's default is 1
			t.Errorf("%g°: MJCF output with a friction other than 1:\n%s", deg, out.Main)
		}
		{
			testenv.Oracle(t, "mj-inspect")
			dir := t.TempDir()
			for _, backend := range [][]string{nil, {"--backend", "c"}} {
				steps := append(backend, "--steps", "300")
				want := testenv.MuJoCoBodies(t, testenv.WriteFiles(t, dir, "slope.urdf", []byte(src), nil), steps...)
				got := testenv.MuJoCoBodies(t, testenv.WriteFiles(t, dir, "slope.xml", out.Main, out.Files), steps...)
				w, o := convert.Vec3(want["box"].Xpos), convert.Vec3(got["box"].Xpos)
				// a box that slid with glTF's 0.6 would be 10 cm and more away;
				// one resting at 42° creeps by micrometres with the last bit
				if d := w.Sub(o).Len(); d > 1e-5 || math.IsNaN(d) {
					t.Errorf("%g° %v: box after 300 steps at %v from the output, %v from MuJoCo's import of the URDF", deg, backend, o, w)
				}
			}
		}

		back, _ := convertTo("slope.urdf", []byte(src), "urdf", "urdf", "back.urdf")
		if strings.Contains(string(back.Main), "<gazebo") || strings.Contains(string(back.Main), "<contact") {
			t.Errorf("%g°: URDF output spells out URDF's default friction:\n%s", deg, back.Main)
		}
		khr, _ := convertTo("slope.urdf", []byte(src), "urdf", "khr", "slope.gltf")
		if !strings.Contains(string(khr.Main), `"staticFriction":1`) && !strings.Contains(string(khr.Main), `"staticFriction": 1`) {
			t.Errorf("%g°: KHR output without friction 1", deg)
		}
	}

	// a collider without a material has glTF's default, 0.6: URDF output
	// writes it, and it reads back
	glb, _ := convertTo("slope.urdf", []byte(slopeURDF(0.5, "")), "urdf", "khr", "slope.gltf")
	bare := regexp.MustCompile(`,\s*"physicsMaterial":\s*0`).ReplaceAllString(string(glb.Main), "")
	if bare == string(glb.Main) {
		t.Fatalf("could not take the materials out of the KHR output:\n%s", glb.Main)
	}
	urdfOut, _ := convertTo("bare.gltf", []byte(bare), "khr", "urdf", "bare.urdf")
	if !strings.Contains(string(urdfOut.Main), "<mu1>0.6</mu1>") {
		t.Errorf("glTF's default friction not written to URDF:\n%s", urdfOut.Main)
	}
	_, g, _, err := physconv.ParseGraph(context.Background(), reg, &convert.Input{Name: "bare.urdf", Data: urdfOut.Main, Options: &convert.Options{From: "urdf"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range inspect.Inspect(g, "urdf", nil).Bodies {
		for _, c := range b.Colliders {
			if c.Material == nil || c.Material.DynamicFriction != 0.6 {
				t.Errorf("body %s: collider read back with %+v, want friction 0.6", b.Name, c.Material)
			}
		}
	}
}
