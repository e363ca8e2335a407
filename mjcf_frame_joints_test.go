package physconv_test

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/internal/testenv"
)

// frameJointCases put a body's joints inside <frame> elements (MuJoCo 3),
// which turn and move them and may give them a class: one hinge in a
// turned frame, one in nested frames with a childclass, a hinge and a
// slide in nested frames, a joint beside the body's own, and a ball.
// via names the formats whose round trip is exact for such a joint
// (others approximate a joint of two axes or a ball with a warning, as
// they do when the joints are written in the body itself).
var frameJointCases = []struct {
	name, joints string
	via          []string
}{
	{"turned", `<frame pos="0.05 0 0" euler="0 0 40"><joint name="h" axis="1 0 0" damping="0.2"/></frame>`, []string{"urdf", "khr"}},
	{"nested", `<frame pos="0.05 0 0" euler="0 20 0" childclass="soft"><frame pos="0 0.02 0" euler="30 0 0"><joint name="h"/></frame></frame>`, []string{"urdf", "khr"}},
	{"nested-two", `<frame pos="0.05 0 0" euler="0 20 0" childclass="soft"><joint name="h"/>` +
		`<frame euler="30 0 0"><joint name="s" type="slide" axis="0 1 0" range="-0.05 0.05"/></frame></frame>`, nil},
	{"beside", `<joint name="h1" axis="0 1 0"/><frame euler="0 0 90"><joint name="h2" axis="0 1 0" pos="0.1 0 0"/></frame>`, nil},
	{"ball", `<frame pos="0.02 0.03 0" euler="10 20 30"><joint name="b" type="ball" damping="0.05"/></frame>`, []string{"khr"}},
}

// TestMJCFFrameJoints: joints inside a body's <frame> elements were
// skipped, the body welded to its parent without a word (a swinging
// link hung still). They are the body's joints now, their anchors and
// axes in the frames' poses and their defaults from the frames' class:
// MuJoCo compiles the MJCF output with the source's joints and steps it
// to the same place, and the URDF and KHR outputs read back into MJCF
// where their round trip is exact.
func TestMJCFFrameJoints(t *testing.T) {
	reg := all.Registry()
	dir := t.TempDir()
	for _, c := range frameJointCases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel() // MuJoCo runs apart from the test
			src := `<mujoco><default><default class="soft"><joint damping="0.3" axis="1 0 0"/></default></default><worldbody>` +
				`<body name="a" pos="0 0 1"><frame euler="0 0 15"><joint name="root" axis="0 1 0"/></frame>` +
				`<geom type="box" size="0.1 0.05 0.02" pos="0.1 0 0"/>` +
				`<body name="b" pos="0.2 0 0">` + c.joints +
				`<geom type="capsule" size="0.02" fromto="0 0 0 0.2 0.05 -0.1"/></body></body></worldbody></mujoco>`
			srcFile := filepath.Join(dir, c.name+"-src.xml")
			if err := os.WriteFile(srcFile, []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			files := map[string]string{}
			for _, to := range append([]string{"mjcf"}, c.via...) {
				out, res := convertIn(t, reg, fstest.MapFS{"src.xml": {Data: []byte(src)}}, "src.xml", to)
				if m := mismatches(res); len(m) > 0 {
					t.Errorf("%s to %s: %v", c.name, to, m)
				}
				if to != "mjcf" {
					// read back into MJCF, where MuJoCo can run it
					mid := "out" + emitExt[to]
					out, res = convertIn(t, reg, outputFS(out, mid), mid, "mjcf")
					if m := mismatches(res); len(m) > 0 {
						t.Errorf("%s from %s: %v", c.name, to, m)
					}
				}
				caseDir := filepath.Join(dir, c.name+"-via-"+to)
				files[to] = filepath.Join(caseDir, "out.xml")
				for name, data := range outputFS(out, "out.xml") {
					if err := os.MkdirAll(filepath.Dir(filepath.Join(caseDir, name)), 0o755); err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(filepath.Join(caseDir, name), data.Data, 0o644); err != nil {
						t.Fatal(err)
					}
				}
			}
			testenv.Oracle(t, "mj-inspect")
			// every file runs once, stepped; its joints come from that report
			wantAt := testenv.MuJoCoBodies(t, srcFile, "--steps", "200")
			stepped := map[string]map[string]testenv.MuJoCoBody{}
			for to, f := range files {
				stepped[to] = testenv.MuJoCoBodies(t, f, "--steps", "200")
			}
			want := mujocoJointList(t, srcFile)
			if got := mujocoJointList(t, files["mjcf"]); fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("%s: MJCF output's joints %v, the source's %v", c.name, got, want)
			}
			for to, gotAt := range stepped {
				for _, name := range []string{"a", "b"} {
					at, w := gotAt[name].COM(), wantAt[name].COM()
					if d := math.Hypot(math.Hypot(at[0]-w[0], at[1]-w[1]), at[2]-w[2]); d > 1e-6 {
						t.Errorf("%s via %s: body %s's centre of mass at %v after 200 steps, the source's at %v", c.name, to, name, at, w)
					}
				}
			}
		})
	}
}
