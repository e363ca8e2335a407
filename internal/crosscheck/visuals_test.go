package crosscheck

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/gltfx"
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
	Buffers []struct {
		URI string `json:"uri"`
	} `json:"buffers"`
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

// TestGLTFVisualsInGodot converts corpus KHR scenes to Godot 4 and Godot 3
// and checks with Godot itself that every mesh node of the source is a
// MeshInstance whose world bounding box is the source's (1e-4 m).
func TestGLTFVisualsInGodot(t *testing.T) {
	reg := all.Registry()
	for _, rel := range []string{
		"khr/current/tests/RigidBodies_Joint/RigidBodies_Joint_06.gltf",
		"khr/current/tests/RigidBodies_Materials/RigidBodies_Materials_01.gltf",
		"khr/current/tests/RigidBodies_MotionProperties/RigidBodies_MotionProperties_03.gltf",
	} {
		for _, version := range []string{"godot", "godot3"} {
			t.Run(rel+"/"+version, func(t *testing.T) {
				oracle := map[string]string{"godot": "godot4-inspect", "godot3": "godot3-inspect"}[version]
				testenv.Oracle(t, oracle)
				src := testenv.CorpusPath(t, filepath.FromSlash(rel))
				in, err := physconv.OpenInput(src, nil, &convert.Options{})
				if err != nil {
					t.Fatal(err)
				}
				_, g, _, err := physconv.ParseGraph(context.Background(), reg, in)
				if err != nil {
					t.Fatal(err)
				}
				d := gltfx.SourceDoc(g)
				var want []box3
				frames := g.Frames(-1)
				stack := append([]int(nil), g.Roots...)
				for len(stack) > 0 {
					i := stack[len(stack)-1]
					stack = append(stack[:len(stack)-1], g.Nodes[i].Children...)
					if m := d.GLTF.Nodes[i].Mesh; m != nil {
						pos, _, err := gltfx.MeshTriangles(d, *m)
						if err != nil {
							t.Fatal(err)
						}
						// Godot knows only the local box: compare boxes of its
						// corners in the world
						world := frames.World(i)
						local := boundsOf(len(pos), func(k int) convert.Vec3 { return pos[k] })
						want = append(want, local.placed(world.Apply))
					}
				}
				if len(want) == 0 {
					t.Fatal("the source draws nothing")
				}
				out := filepath.Join(t.TempDir(), "scene.tscn")
				if _, err := physconv.ConvertFile(context.Background(), reg, src, out, &convert.Options{To: version}); err != nil {
					t.Fatal(err)
				}
				args := []string{"--strict", "--compact", out}
				if version == "godot3" {
					args = args[1:] // errors counted below, teardown noise left out
				}
				raw, code := testenv.RunOracle(t, oracle, args...)
				var rep struct {
					OK       bool     `json:"ok"`
					Missing  []string `json:"missing_dependencies"`
					Messages []string `json:"engine_messages"`
					Nodes    []struct {
						Class  string `json:"class"`
						Global struct {
							Basis  struct{ X, Y, Z convert.Vec3 } `json:"basis"`
							Origin convert.Vec3                   `json:"origin"`
						} `json:"global_transform"`
						Props struct {
							Mesh *struct {
								// Godot 4 reports the mesh's box
								AABB struct{ Position, Size convert.Vec3 } `json:"aabb"`
								// Godot 3 its surfaces, each with its box
								Props struct {
									Surface *struct {
										AABB string `json:"aabb"`
									} `json:"surfaces/0"`
								} `json:"props"`
							} `json:"mesh"`
						} `json:"props"`
					} `json:"nodes"`
				}
				if err := json.Unmarshal(raw, &rep); err != nil || code != 0 || !rep.OK || len(rep.Missing) != 0 {
					t.Fatalf("%s rejected the scene (exit %d, %v): %s", oracle, code, err, raw)
				}
				if errs := testenv.Godot3Errors(rep.Messages); version == "godot3" && len(errs) > 0 {
					t.Fatalf("Godot 3 errors: %v", errs)
				}
				var got []box3
				for _, n := range rep.Nodes {
					if !strings.HasPrefix(n.Class, "MeshInstance") || n.Props.Mesh == nil {
						continue
					}
					b, a := n.Global.Basis, n.Props.Mesh.AABB
					if version == "godot3" {
						s := n.Props.Mesh.Props.Surface
						if s == nil {
							t.Fatalf("Godot 3 mesh without a surface: %s", raw)
						}
						var f [6]float64
						if _, err := fmt.Sscanf(strings.ReplaceAll(s.AABB, ",", ""), "%g %g %g - %g %g %g", &f[0], &f[1], &f[2], &f[3], &f[4], &f[5]); err != nil {
							t.Fatalf("Godot 3 surface box %q: %v", s.AABB, err)
						}
						a.Position, a.Size = convert.Vec3{f[0], f[1], f[2]}, convert.Vec3{f[3], f[4], f[5]}
					}
					local := box3{a.Position, a.Position.Add(a.Size)}
					got = append(got, local.placed(func(p convert.Vec3) convert.Vec3 {
						return n.Global.Origin.Add(b.X.Scale(p[0])).Add(b.Y.Scale(p[1])).Add(b.Z.Scale(p[2]))
					}))
				}
				if len(got) != len(want) {
					t.Fatalf("%d MeshInstances in Godot, %d mesh nodes in the source", len(got), len(want))
				}
				for _, w := range want {
					found := false
					for _, b := range got {
						found = found || w.near(b, 1e-4)
					}
					if !found {
						t.Errorf("source mesh bounds %v..%v not among Godot's %v", w.lo, w.hi, got)
					}
				}
			})
		}
	}
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
