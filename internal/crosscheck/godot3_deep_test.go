package crosscheck

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// TestGodot3DeepChainInEngine: a 30-link chain written to Godot 3 loads
// and falls in the engine without errors. Nesting every body in the last
// (as the writer once did) made Godot 3 compose 30 float32 transforms:
// "Basis must be normalized" errors and a chain flung 1.5e7 m in one
// second; bodies below 8 levels are written under the root instead.
func TestGodot3DeepChainInEngine(t *testing.T) {
	testenv.Oracle(t, "godot3-inspect")
	const n = 30
	src, out := chainFiles(t, n, "revolute", `<axis xyz="1 0 0"/><limit lower="-1" upper="1" effort="1" velocity="1"/>`)
	if _, err := physconv.ConvertFile(t.Context(), all.Registry(), src, out, &convert.Options{To: "godot3"}); err != nil {
		t.Fatal(err)
	}
	raw, code := testenv.RunOracle(t, "godot3-inspect", "--steps", "60", out)
	var rep struct {
		Errors int `json:"engine_error_count"`
		After  map[string]struct {
			Transform struct {
				Origin [3]float64 `json:"origin"`
			} `json:"global_transform"`
		} `json:"after_steps"`
	}
	if err := json.Unmarshal(raw, &rep); err != nil || code != 0 {
		t.Fatalf("godot3-inspect: exit %d %v\n%.500s", code, err, raw)
	}
	if rep.Errors != 0 || len(rep.After) < n {
		t.Fatalf("%d engine errors, %d bodies stepped:\n%.800s", rep.Errors, len(rep.After), raw)
	}
	for path, s := range rep.After {
		for _, x := range s.Transform.Origin {
			// one second of free fall from about 3 m up moves a body a few metres
			if math.Abs(x) > 10 {
				t.Errorf("%s at %v after one second", path, s.Transform.Origin)
			}
		}
	}
}

// TestGodot3WeldedChainInEngine: a 30-link chain of fixed joints, which
// Godot output writes as one body (Godot's joints are soft), nests its
// links 30 deep inside that body; Godot 3 output writes the links past 8
// levels directly under the body (godot3-nodes-lifted). Godot 3 loads it
// without errors and places every collision shape where the source's
// links put it (the oracle prints 6 decimals).
func TestGodot3WeldedChainInEngine(t *testing.T) {
	testenv.Oracle(t, "godot3-inspect")
	const n = 30
	src, out := chainFiles(t, n, "fixed", "")
	res, err := physconv.ConvertFile(t.Context(), all.Registry(), src, out, &convert.Options{To: "godot3"})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Diagnostics.Has(convert.CodeGodot3NodesLifted) {
		t.Fatalf("no %s: %v", convert.CodeGodot3NodesLifted, res.Diagnostics)
	}
	// where the source puts each collision shape
	in, err := physconv.OpenInput(src, nil, &convert.Options{})
	if err != nil {
		t.Fatal(err)
	}
	_, g, _, err := physconv.ParseGraph(t.Context(), all.Registry(), in)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]convert.Vec3{}
	for i, node := range g.Nodes {
		if node.Collider != nil {
			want[node.Name] = g.WorldTransform(i).T
		}
	}
	raw, code := testenv.RunOracle(t, "godot3-inspect", out)
	var rep struct {
		Errors int `json:"engine_error_count"`
		Nodes  []struct {
			Path, Name, Class string
			Global            struct {
				Origin [3]float64 `json:"origin"`
			} `json:"global_transform"`
		} `json:"nodes"`
	}
	if err := json.Unmarshal(raw, &rep); err != nil || code != 0 || rep.Errors != 0 {
		t.Fatalf("godot3-inspect: exit %d, %v, %d engine errors\n%.800s", code, err, rep.Errors, raw)
	}
	found, deepest := 0, 0
	for _, node := range rep.Nodes {
		deepest = max(deepest, strings.Count(node.Path, "/")+1)
		if node.Class != "CollisionShape" {
			continue
		}
		w, ok := want[strings.TrimSuffix(node.Name, "Shape")]
		if !ok {
			t.Errorf("collision shape %s is no collider of the source", node.Path)
			continue
		}
		found++
		for k := 0; k < 3; k++ {
			if math.Abs(node.Global.Origin[k]-w[k]) > 2e-6 {
				t.Errorf("%s at %v in Godot 3, %v in the source", node.Path, node.Global.Origin, w)
				break
			}
		}
	}
	if found != n || deepest > 10 {
		t.Errorf("%d of %d collision shapes found; deepest node path %d names", found, n, deepest)
	}
}

// chainFiles writes a URDF of n links of one box each, joined in a chain
// by joints of kind (with extra elements, an axis and limits), each turned
// a little, into a temporary folder, and returns its path and that of a
// Godot scene beside it.
func chainFiles(t *testing.T, n int, kind, extra string) (src, out string) {
	t.Helper()
	var b strings.Builder
	b.WriteString("<robot name=\"chain\">\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, `<link name="l%d"><inertial><origin xyz="0 0 0.05"/><mass value="1"/><inertia ixx="0.01" iyy="0.01" izz="0.01" ixy="0" ixz="0" iyz="0"/></inertial><collision name="c%d"><origin xyz="0 0 0.05"/><geometry><box size="0.05 0.05 0.1"/></geometry></collision></link>`+"\n", i, i)
	}
	for i := 1; i < n; i++ {
		fmt.Fprintf(&b, `<joint name="j%d" type="%s"><origin xyz="0 0.01 0.1" rpy="0.05 0.1 0"/><parent link="l%d"/><child link="l%d"/>%s</joint>`+"\n", i, kind, i-1, i, extra)
	}
	b.WriteString("</robot>\n")
	dir := t.TempDir()
	src, out = filepath.Join(dir, "chain.urdf"), filepath.Join(dir, "chain.tscn")
	if err := os.WriteFile(src, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return src, out
}
