package all_test

import (
	"bufio"
	"context"
	"encoding/json"
	"encoding/xml"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
	"github.com/physconv/physconv/urdf/xacro"
)

// expandCommand reads the xacro root file, args and environment a corpus
// robot's EXPAND.txt records.
func expandCommand(t *testing.T, dir string) (file string, args, env map[string]string) {
	t.Helper()
	f, err := os.Open(filepath.Join(dir, "EXPAND.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	args, env = map[string]string{}, map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || !strings.Contains(line, "xacro-expand") {
			continue
		}
		words := strings.Fields(strings.Split(line, ">")[0])
		for i, w := range words {
			switch {
			case strings.HasSuffix(w, "xacro-expand"):
				for _, e := range words[:i] {
					if k, v, ok := strings.Cut(e, "="); ok {
						env[k] = v
					}
				}
			case strings.Contains(w, ":="):
				k, v, _ := strings.Cut(w, ":=")
				args[k] = v
			case strings.HasSuffix(w, ".xacro"):
				file = filepath.Join(filepath.Dir(dir), w)
			}
		}
	}
	if file == "" {
		t.Fatalf("%s: no command in EXPAND.txt", dir)
	}
	return file, args, env
}

type mjModel struct {
	OK     bool   `json:"ok"`
	Error  string `json:"error"`
	Bodies []struct {
		Name string  `json:"name"`
		Mass float64 `json:"mass"`
	} `json:"bodies"`
}

func mujoco(t *testing.T, args ...string) mjModel {
	t.Helper()
	out, _ := testenv.RunOracle(t, "mj-inspect", append([]string{"--backend", "c", "--compact"}, args...)...)
	var m mjModel
	if err := json.Unmarshal(out, &m); err != nil {
		t.Fatalf("mj-inspect: %v\n%s", err, out)
	}
	return m
}

var (
	visualRe    = regexp.MustCompile(`(?s)<visual\b.*?</visual>|<visual\b[^>]*/>`)
	collisionRe = regexp.MustCompile(`(?s)<collision\b.*?</collision>`)
)

// forMuJoCo drops what MuJoCo's URDF import cannot read from a reference:
// visuals, and colliders with COLLADA meshes.
func forMuJoCo(urdf []byte) []byte {
	urdf = visualRe.ReplaceAll(urdf, nil)
	return collisionRe.ReplaceAllFunc(urdf, func(c []byte) []byte {
		if strings.Contains(strings.ToLower(string(c)), ".dae") {
			return nil
		}
		return c
	})
}

// TestXacroToMuJoCoMasses: every corpus xacro robot converts to MJCF that
// MuJoCo loads, and each body's mass equals MuJoCo's own import of the
// reference expansion (expected.urdf). The reference is given to MuJoCo
// with its fixed links kept as bodies, without visuals and COLLADA
// colliders (MuJoCo reads no COLLADA; masses come from <inertial>), its meshes gathered in one folder as MuJoCo's URDF import
// wants; bodies only the reference has are massless frame links, which
// physconv folds into their parent body. Only links with an <inertial>
// are compared.
func TestXacroToMuJoCoMasses(t *testing.T) {
	corpus := filepath.Join(testenv.Corpus(t), "xacro")
	testenv.Oracle(t, "mj-inspect")
	robots, err := os.ReadDir(corpus)
	if err != nil {
		t.Fatal(err)
	}
	// MuJoCo cannot import these references; our MJCF must still load.
	refUnloadable := map[string]string{
		"pr2":       "MuJoCo rejects sensor_mount_link's inertia (A + B < C)",
		"kuka_kr10": "links carry no <inertial>: MuJoCo computes masses from meshes, physconv keeps them massless",
	}
	for _, r := range robots {
		if !r.IsDir() {
			continue
		}
		t.Run(r.Name(), func(t *testing.T) {
			dir := filepath.Join(corpus, r.Name())
			file, args, env := expandCommand(t, dir)
			for k, v := range env {
				t.Setenv(k, v)
			}
			tmp := t.TempDir()
			out := filepath.Join(tmp, "out.xml")
			if _, err := physconv.ConvertFile(context.Background(), all.Registry(), file, out, (&convert.Options{}).WithPairs(xacro.ArgOption, args)); err != nil {
				t.Fatalf("convert: %v", err)
			}
			ours := mujoco(t, out)
			if !ours.OK {
				t.Fatalf("MuJoCo rejects our MJCF: %s", ours.Error)
			}
			if why, ok := refUnloadable[r.Name()]; ok {
				t.Logf("our MJCF loads (%d bodies); masses not compared: %s", len(ours.Bodies), why)
				return
			}
			meshes := filepath.Join(tmp, "reference-meshes")
			if err := os.Mkdir(meshes, 0o755); err != nil {
				t.Fatal(err)
			}
			_ = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
				ext := strings.ToLower(filepath.Ext(p))
				if err == nil && !d.IsDir() && (ext == ".stl" || ext == ".obj") {
					_ = os.Symlink(p, filepath.Join(meshes, d.Name()))
				}
				return nil
			})
			exp, err := os.ReadFile(filepath.Join(dir, "expected.urdf"))
			if err != nil {
				t.Fatal(err)
			}
			ref := filepath.Join(tmp, "reference.urdf")
			if err := os.WriteFile(ref, forMuJoCo(exp), 0o644); err != nil {
				t.Fatal(err)
			}
			want := mujoco(t, "--keep-static", "--meshdir", meshes, ref)
			if !want.OK {
				t.Fatalf("MuJoCo rejects the reference: %s", want.Error)
			}
			// Links without <inertial>: MuJoCo derives a mass from their
			// geoms, physconv invents none (diagnosed), so only links with
			// a given mass are compared.
			var doc struct {
				Links []struct {
					Name     string    `xml:"name,attr"`
					Inertial *struct{} `xml:"inertial"`
				} `xml:"link"`
			}
			if err := xml.Unmarshal(exp, &doc); err != nil {
				t.Fatal(err)
			}
			given := map[string]bool{}
			for _, l := range doc.Links {
				given[l.Name] = l.Inertial != nil
			}
			mass := map[string]float64{}
			for _, b := range ours.Bodies {
				mass[b.Name] = b.Mass
			}
			compared := 0
			for _, b := range want.Bodies {
				m, ok := mass[b.Name]
				switch {
				case b.Name == "world" || !given[b.Name]:
				case !ok && b.Mass == 0:
				case !ok:
					t.Errorf("body %q (%g kg) missing from our MJCF", b.Name, b.Mass)
				case math.Abs(m-b.Mass) > 1e-9*math.Max(1, b.Mass):
					t.Errorf("body %q: mass %.12g, MuJoCo's import of the reference %.12g", b.Name, m, b.Mass)
				default:
					compared++
				}
			}
			if compared == 0 {
				t.Error("no body compared")
			}
			t.Logf("%d bodies with equal masses", compared)
		})
	}
}
