package physconv_test

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
	"github.com/physconv/physconv/urdf"
)

// gazeboArm is a link hinged to a fixed base, swinging under gravity
// unless a Gazebo extension (in ext) turns its gravity off.
func gazeboArm(ext string) string {
	link := func(name string) string {
		return `<link name="` + name + `"><inertial><origin xyz="0.1 0 0"/><mass value="1"/><inertia ixx="0.01" iyy="0.01" izz="0.01" ixy="0" ixz="0" iyz="0"/></inertial>` +
			`<collision><geometry><box size="0.1 0.1 0.1"/></geometry></collision></link>`
	}
	return `<robot name="arm">` + link("base") + link("c") +
		`<joint name="j" type="revolute"><parent link="base"/><child link="c"/><origin xyz="0 0 0.5"/><axis xyz="0 1 0"/><limit lower="-1" upper="1" effort="1" velocity="1"/></joint>` +
		ext + `</robot>`
}

// TestGazeboGravityOff: Gazebo's <turnGravityOff> (and SDF's <gravity>
// false) for a link was kept for URDF output only, with an info that it
// had no physics meaning, and the link fell in every other format (PR2's
// arms, 46 links, swung down). It is the link's gravity factor of 0 now:
// KHR and Godot write it, MJCF (the only moving body) as the scene's
// gravity, and URDF writes the Gazebo switch back; MuJoCo and Godot 4.6
// hold the arm where it starts.
func TestGazeboGravityOff(t *testing.T) {
	reg := all.Registry()
	for _, tag := range []string{`<turnGravityOff>true</turnGravityOff>`, `<gravity>false</gravity>`, `<turnGravityOff value="true"/>`} {
		src := gazeboArm(`<gazebo reference="c">` + tag + `</gazebo>`)
		outs := map[string]*convert.Output{}
		for _, to := range []string{"urdf", "khr", "godot", "mjcf"} {
			opts := (&convert.Options{To: to, OutputName: "out" + emitExt[to]}).With(urdf.BaseOption, "fixed")
			in, err := physconv.NewInput(fstest.MapFS{"arm.urdf": {Data: []byte(src)}}, "arm.urdf", opts)
			if err != nil {
				t.Fatal(err)
			}
			out, res, err := physconv.ConvertBytes(context.Background(), reg, in)
			if err != nil {
				t.Fatal(err)
			}
			if m := mismatches(res); len(m) > 0 {
				t.Errorf("%s to %s: %v", tag, to, m)
			}
			outs[to] = out
		}
		if !strings.Contains(string(outs["urdf"].Main), "<turnGravityOff>true</turnGravityOff>") {
			t.Errorf("%s: URDF output without the Gazebo switch:\n%s", tag, outs["urdf"].Main)
		}
		if !regexp.MustCompile(`"gravityFactor":\s*0[,}\s]`).Match(outs["khr"].Main) {
			t.Errorf("%s: KHR output without a gravity factor of 0", tag)
		}
		testenv.Oracle(t, "mj-inspect")
		file := filepath.Join(t.TempDir(), "out.xml")
		if err := os.WriteFile(file, outs["mjcf"].Main, 0o644); err != nil {
			t.Fatal(err)
		}
		q := mujocoQpos(t, file).qpos
		if len(q) != 1 || math.Abs(q[0]) > 1e-9 {
			t.Errorf("%s: MuJoCo swings the arm to %v", tag, q)
		}
		at := testenv.GodotOrigins(t, "godot4-inspect", string(outs["godot"].Main), 60, map[string]string{"project.godot": "config_version=5\n"})
		start := testenv.GodotOrigins(t, "godot4-inspect", string(outs["godot"].Main), 1, map[string]string{"project.godot": "config_version=5\n"})
		for path, p := range at {
			if strings.HasSuffix(path, "c") && math.Abs(p[1]-start[path][1]) > 1e-3 {
				t.Errorf("%s: Godot moves %s from %v to %v", tag, path, start[path], p)
			}
		}
	}
}

// TestGazeboUnreadTagsWarned: Gazebo extension tags that change how
// Gazebo moves a link, a joint or the model and that physconv does not
// read (contact depth and speed, friction direction, self-collision,
// damping, joint springs and limit softness, a static model) vanished
// from every output but URDF without a word; each is a warning now.
func TestGazeboUnreadTagsWarned(t *testing.T) {
	reg := all.Registry()
	for _, c := range []struct{ ext, tag string }{
		{`<gazebo reference="c"><minDepth>0.001</minDepth></gazebo>`, "minDepth"},
		{`<gazebo reference="c"><dampingFactor>0.1</dampingFactor></gazebo>`, "dampingFactor"},
		{`<gazebo reference="c"><selfCollide>true</selfCollide></gazebo>`, "selfCollide"},
		{`<gazebo reference="j"><springStiffness>10</springStiffness><springReference>0.3</springReference></gazebo>`, "springStiffness"},
		{`<gazebo><static>true</static></gazebo>`, "static"},
	} {
		_, res := convertIn(t, reg, fstest.MapFS{"arm.urdf": {Data: []byte(gazeboArm(c.ext))}}, "arm.urdf", "mjcf")
		warned := false
		for _, d := range res.Diagnostics {
			warned = warned || d.Code == convert.CodeFieldDropped && d.Severity == convert.Warning && strings.Contains(d.Message, "<"+c.tag+">")
		}
		if !warned {
			t.Errorf("%s: no warning: %v", c.tag, res.Diagnostics)
		}
	}
}
