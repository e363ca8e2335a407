package crosscheck

import (
	"context"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// TestCorpusVisualsToGLTF converts every corpus URDF and MJCF model to
// KHR glTF and checks that each visual of the source is a mesh node in the
// scene (or a reported drop), that every file the output references was
// written beside it, and that glTF-Validator finds no error.
func TestCorpusVisualsToGLTF(t *testing.T) {
	files := testenv.CorpusFiles(t, []string{".urdf", ".xml"}, "urdf", "mjcf")
	testenv.Oracle(t, "gltf-validate")
	reg := all.Registry()
	var mu sync.Mutex
	total, meshNodes, images := 0, 0, 0
	for _, f := range files {
		rel, _ := filepath.Rel(testenv.Corpus(t), f)
		t.Run(filepath.ToSlash(rel), func(t *testing.T) {
			in, err := physconv.OpenInput(f, nil, &convert.Options{})
			if err != nil {
				t.Fatal(err)
			}
			_, g, _, err := physconv.ParseGraph(context.Background(), reg, in)
			if err != nil {
				t.Skipf("not a model on its own: %v", err) // MJCF include fragments
			}
			visuals := 0
			for _, n := range g.Nodes {
				if n.Visual != nil {
					visuals++
				}
			}
			out := filepath.Join(t.TempDir(), "out.gltf")
			res, err := physconv.ConvertFile(context.Background(), reg, f, out, &convert.Options{To: "khr"})
			if err != nil {
				t.Fatal(err)
			}
			dropped := 0
			for _, d := range res.Diagnostics {
				if d.Code == convert.CodeVisualDropped {
					dropped++
				}
			}
			doc := readGLTFJSON(t, out)
			got := doc.sceneMeshNodes()
			if got+dropped < visuals || got == 0 && visuals > 0 {
				t.Errorf("%d visuals in the source, %d mesh nodes in the scene, %d reported dropped", visuals, got, dropped)
			}
			if _, missing := outputRefs(t, out); len(missing) > 0 {
				t.Errorf("output references %q, not written beside it", missing)
			}
			if report, code := testenv.RunOracle(t, "gltf-validate", "--summary", out); code != 0 {
				t.Errorf("gltf-validate: %s", report)
			}
			mu.Lock()
			total += visuals
			meshNodes += got
			images += len(doc.Images)
			mu.Unlock()
		})
	}
	t.Logf("%d source visuals, %d mesh nodes written, %d texture images", total, meshNodes, images)
}

// gltfJSON is the part of a glTF document these checks read.
type gltfJSON struct {
	Scene  *int `json:"scene"`
	Scenes []struct {
		Nodes []int `json:"nodes"`
	} `json:"scenes"`
	Nodes []struct {
		Mesh     *int  `json:"mesh"`
		Children []int `json:"children"`
	} `json:"nodes"`
	Images []struct {
		URI string `json:"uri"`
	} `json:"images"`
}

func readGLTFJSON(t *testing.T, p string) *gltfJSON {
	t.Helper()
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	var d gltfJSON
	if err := json.Unmarshal(data, &d); err != nil {
		t.Fatal(err)
	}
	return &d
}

// sceneMeshNodes counts the nodes with a mesh reachable from the default
// scene: what a viewer draws.
func (d *gltfJSON) sceneMeshNodes() int {
	if len(d.Scenes) == 0 {
		return 0
	}
	s := 0
	if d.Scene != nil {
		s = *d.Scene
	}
	n := 0
	stack := append([]int(nil), d.Scenes[s].Nodes...)
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if d.Nodes[i].Mesh != nil {
			n++
		}
		stack = append(stack, d.Nodes[i].Children...)
	}
	return n
}

// box3 is an axis-aligned bounding box in world space.
type box3 struct{ lo, hi convert.Vec3 }

// boundsOf returns the box around n points.
func boundsOf(n int, at func(int) convert.Vec3) box3 {
	b := box3{convert.Vec3{math.Inf(1), math.Inf(1), math.Inf(1)}, convert.Vec3{math.Inf(-1), math.Inf(-1), math.Inf(-1)}}
	for k := 0; k < n; k++ {
		p := at(k)
		for c := 0; c < 3; c++ {
			b.lo[c], b.hi[c] = math.Min(b.lo[c], p[c]), math.Max(b.hi[c], p[c])
		}
	}
	return b
}

// placed returns the world box around the box's corners mapped by to.
func (b box3) placed(to func(convert.Vec3) convert.Vec3) box3 {
	return boundsOf(8, func(k int) convert.Vec3 {
		p := b.lo
		for c := 0; c < 3; c++ {
			if k>>c&1 == 1 {
				p[c] = b.hi[c]
			}
		}
		return to(p)
	})
}

func (b box3) near(o box3, tol float64) bool {
	for c := 0; c < 3; c++ {
		if math.Abs(b.lo[c]-o.lo[c]) > tol || math.Abs(b.hi[c]-o.hi[c]) > tol {
			return false
		}
	}
	return true
}
