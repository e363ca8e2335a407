package physconv_test

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// hfieldBalls are where balls drop onto a 6×5 height field of 1 m cells
// centred on the origin, in Godot's x and z (MJCF's x and −y): inside
// it, off its samples, where a field mirrored along either axis puts
// them at other heights.
var hfieldBalls = [][2]float64{{-1.3, -0.8}, {1.6, -1.2}, {-1.4, 1.3}, {0.7, 0.9}, {-0.4, 0.2}}

// hfieldHeights are the field's heights, row by row from −z (Godot's
// first row; MJCF's first elevation row, at +y): a plane rising 0.1 m a
// metre along x and 0.2 m along z (so 0.1·(x+2.5) + 0.2·(z+2) between
// samples too), on which a ball of radius r rests at the height under
// its centre plus r·√(1 + 0.1² + 0.2²).
var hfieldHeights = func() (h [5][6]float64) {
	for r := range h {
		for c := range h[r] {
			h[r][c] = 0.1*float64(c) + 0.2*float64(r)
		}
	}
	return h
}()

const hfieldBall = 0.2 // the balls' radius

// hfieldScenes are the field of hfieldHeights with cells of sx by sz
// metres and balls dropped onto it at balls (Godot's x and z): as a Godot
// scene (its height map under a CollisionShape3D scaled to the cells,
// each ball held by axis locks to move up and down only) and as an MJCF
// model (each ball on a slide joint), with the height each ball rests at
// on the plane and the field's heights as written.
func hfieldScenes(sx, sz float64, balls [][2]float64) (godot, mjcf string, want []float64, flat []string) {
	for _, row := range hfieldHeights {
		for _, h := range row {
			flat = append(flat, fmt.Sprint(h))
		}
	}
	shape := ""
	if sx != 1 || sz != 1 {
		shape = fmt.Sprintf("transform = Transform3D(%g, 0, 0, 0, 1, 0, 0, 0, %g, 0, 0, 0)\n", sx, sz)
	}
	godot = `[gd_scene load_steps=3 format=3]
[sub_resource type="HeightMapShape3D" id="h"]
map_width = 6
map_depth = 5
map_data = PackedFloat32Array(` + strings.Join(flat, ", ") + `)
[sub_resource type="SphereShape3D" id="s"]
radius = ` + fmt.Sprint(hfieldBall) + `
[node name="Root" type="Node3D"]
[node name="Terrain" type="StaticBody3D" parent="."]
[node name="Shape" type="CollisionShape3D" parent="Terrain"]
` + shape + `shape = SubResource("h")
`
	// the heights span 0 to 1.3 m
	mjcf = fmt.Sprintf(`<mujoco><asset><hfield name="h" nrow="5" ncol="6" size="%g %g 1.3 0.1" elevation="%s"/></asset>`, 2.5*sx, 2*sz, strings.Join(flat, " ")) +
		`<worldbody><geom type="hfield" hfield="h"/>`
	gx, gz := 0.1/sx, 0.2/sz // the plane's slope along x and z
	for k, b := range balls {
		want = append(want, 0.1*(b[0]/sx+2.5)+0.2*(b[1]/sz+2)+hfieldBall*math.Sqrt(1+gx*gx+gz*gz))
		godot += fmt.Sprintf(`[node name="Ball%d" type="RigidBody3D" parent="."]
transform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, %g, %g, %g)
lock_rotation = true
axis_lock_linear_x = true
axis_lock_linear_z = true
[node name="Shape" type="CollisionShape3D" parent="Ball%d"]
shape = SubResource("s")
`, k, b[0], want[k]+0.3, b[1], k)
		mjcf += fmt.Sprintf(`<body name="Ball%d" pos="%g %g %g"><joint type="slide" axis="0 0 1"/><geom type="sphere" size="%g"/></body>`, k, b[0], -b[1], want[k]+0.3, hfieldBall)
	}
	return godot, mjcf + `</worldbody></mujoco>`, want, flat
}

// TestHeightFieldRows: MJCF's first elevation row lies at +y, Godot's
// first height map row at −z, which is MJCF's +y; the MJCF reader and
// writer each reversed the rows, so a terrain crossing between MJCF and
// any other format was mirrored front to back (a ball resting 0.5 m off
// in MuJoCo) and a round trip did not show it. Now a Godot height map
// rests each ball in MuJoCo where Godot 4.6 rests it, and an MJCF height
// field, which MuJoCo rests the balls on the same way, is written for
// Godot as that height map.
func TestHeightFieldRows(t *testing.T) {
	reg := all.Registry()
	dir := t.TempDir()
	godotSrc, mjcfSrc, want, flat := hfieldScenes(1, 1, hfieldBalls)

	// Godot's height map in MuJoCo
	out, res := convertIn(t, reg, fstest.MapFS{"src.tscn": {Data: []byte(godotSrc)}}, "src.tscn", "mjcf")
	if m := mismatches(res); len(m) > 0 {
		t.Errorf("Godot to MJCF: %v", m)
	}
	// MJCF's height field in Godot
	scene, res := convertIn(t, reg, fstest.MapFS{"src.xml": {Data: []byte(mjcfSrc)}}, "src.xml", "godot")
	if m := mismatches(res); len(m) > 0 {
		t.Errorf("MJCF to Godot: %v", m)
	}
	testenv.Oracle(t, "mj-inspect")
	for name, data := range map[string]string{"from-godot.xml": string(out.Main), "src.xml": mjcfSrc} {
		file := filepath.Join(dir, name)
		if err := os.WriteFile(file, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		at := testenv.MuJoCoBodies(t, file, "--steps", "1500")
		for k := range hfieldBalls {
			if z := at[fmt.Sprint("Ball", k)].Xpos[2]; math.Abs(z-want[k]) > 0.03 {
				t.Errorf("%s in MuJoCo: ball %d over %v rests at %.3f, over the field's %.3f", name, k, hfieldBalls[k], z, want[k])
			}
		}
	}
	// Godot rests the balls on its height map where the grid says: the
	// order the MJCF output must give back
	at := testenv.GodotOrigins(t, "godot4-inspect", godotSrc, 180, map[string]string{"project.godot": "config_version=5\n"})
	for k := range hfieldBalls {
		if y := at[fmt.Sprint("Ball", k)][1]; math.Abs(y-want[k]) > 0.03 {
			t.Errorf("the Godot source in Godot: ball %d over %v rests at %.3f, over the field's %.3f", k, hfieldBalls[k], y, want[k])
		}
	}
	// the MJCF source's height field written for Godot is that height map
	// (in Godot 4.6 the balls, held by slider joints, are thrown off a
	// height map at random, a plane holds them: its engine is not asked)
	m := regexp.MustCompile(`map_data = PackedFloat32Array\(([^)]*)\)`).FindStringSubmatch(string(scene.Main))
	if m == nil {
		t.Fatalf("no height map written for Godot:\n%s", scene.Main)
	}
	got := strings.Split(m[1], ", ")
	if len(got) != len(flat) {
		t.Fatalf("Godot height map of %d heights, the source's %d", len(got), len(flat))
	}
	for k := range got {
		g, _ := strconv.ParseFloat(got[k], 64)
		w, _ := strconv.ParseFloat(flat[k], 64)
		if math.Abs(g-w) > 1e-9 {
			t.Fatalf("Godot height map %v, the source's %v", got, flat)
		}
	}
}

// TestHeightFieldSpacing: Godot's height map cells are 1 m; a field of
// other spacing is the map under a scaled CollisionShape3D. Godot 4
// output wrote such a field unscaled ("its extent changes"), so a terrain
// of 2 m cells came out half its size and bodies fell off it. The
// scale is written now: read back, the field has the source's extent;
// and a Godot scene whose height map is scaled (2 m by 0.5 m cells)
// rests each ball in MuJoCo where Godot 4.6 rests it.
func TestHeightFieldSpacing(t *testing.T) {
	reg := all.Registry()
	const sx, sz = 2.0, 0.5
	// balls inside the field, off its samples
	balls := [][2]float64{{-2.6, -0.4}, {3.1, -0.6}, {-2.8, 0.65}, {1.4, 0.45}, {-0.8, 0.1}}
	godotSrc, mjcfSrc, want, _ := hfieldScenes(sx, sz, balls)

	// the MJCF field through Godot keeps its extent
	scene, res := convertIn(t, reg, fstest.MapFS{"src.xml": {Data: []byte(mjcfSrc)}}, "src.xml", "godot")
	for _, d := range res.Diagnostics {
		if d.Code == convert.CodeVerifyMismatch || d.Code == convert.CodeShapeApproximated {
			t.Errorf("MJCF to Godot: %s", d.Message)
		}
	}
	if !strings.Contains(string(scene.Main), fmt.Sprintf("Transform3D(%.1f, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, %.1f,", sx, sz)) {
		t.Errorf("the height map's CollisionShape3D is not scaled to the field's cells:\n%s", scene.Main)
	}
	back, _ := convertIn(t, reg, outputFS(scene, "out.tscn"), "out.tscn", "mjcf")
	if !strings.Contains(string(back.Main), fmt.Sprintf(`size="%g %g `, 2.5*sx, 2*sz)) {
		t.Errorf("read back from Godot, the field is not the source's %g × %g m:\n%s", 5*sx, 4*sz, back.Main)
	}

	// Godot's scaled height map in MuJoCo
	out, res := convertIn(t, reg, fstest.MapFS{"src.tscn": {Data: []byte(godotSrc)}}, "src.tscn", "mjcf")
	if m := mismatches(res); len(m) > 0 {
		t.Errorf("Godot to MJCF: %v", m)
	}
	testenv.Oracle(t, "godot4-inspect")
	at := testenv.GodotOrigins(t, "godot4-inspect", godotSrc, 180, map[string]string{"project.godot": "config_version=5\n"})
	file := filepath.Join(t.TempDir(), "from-godot.xml")
	if err := os.WriteFile(file, out.Main, 0o644); err != nil {
		t.Fatal(err)
	}
	mj := testenv.MuJoCoBodies(t, file, "--steps", "1500")
	for k := range balls {
		name := fmt.Sprint("Ball", k)
		if y := at[name][1]; math.Abs(y-want[k]) > 0.03 {
			t.Errorf("Godot: ball %d over %v rests at %.3f, over the scaled field's %.3f", k, balls[k], y, want[k])
		}
		if z := mj[name].Xpos[2]; math.Abs(z-want[k]) > 0.03 {
			t.Errorf("MuJoCo, from Godot: ball %d over %v rests at %.3f, over the scaled field's %.3f", k, balls[k], z, want[k])
		}
	}
}
