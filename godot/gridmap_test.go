package godot

import (
	"math"
	"os"
	"sort"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/inspect"
	"github.com/physconv/physconv/internal/tscn"
)

// TestGridMapCollision: a GridMap's cells become collision shapes of one
// static body, each item's shapes placed by the cell's position (cell
// size, centring), orientation index and the item's shape transforms,
// with the GridMap's collision layer; empty library items add nothing.
func TestGridMapCollision(t *testing.T) {
	in := &convert.Input{Name: "level.tscn", FS: os.DirFS("testdata/gridmap"), Dir: ".", Options: &convert.Options{}}
	var err error
	if in.Data, err = os.ReadFile("testdata/gridmap/level.tscn"); err != nil {
		t.Fatal(err)
	}
	g, diags, err := Parse(in)
	if err != nil {
		t.Fatal(err)
	}
	if !diags.Has(convert.CodeGodotGridMapRead) {
		t.Errorf("no %s diagnostic: %v", convert.CodeGodotGridMapRead, diags)
	}
	r := inspect.Inspect(g, "godot", nil)
	var grid *inspect.BodyReport
	for i := range r.Bodies {
		if r.Bodies[i].Name == "GridMap" {
			grid = &r.Bodies[i]
		}
	}
	if grid == nil || grid.Kind != convert.Static {
		t.Fatalf("no static GridMap body in %+v", r.Bodies)
	}
	type placed struct {
		shape   convert.ShapeKind
		x, y, z float64
	}
	var got []placed
	for _, c := range grid.Colliders {
		got = append(got, placed{c.Shape, round(c.Position[0]), round(c.Position[1]), round(c.Position[2])})
		if c.Filter == nil || len(c.Filter.Systems) != 2 {
			t.Errorf("%s: filter %+v, want the GridMap's layers 1 and 2", c.Node, c.Filter)
		}
	}
	// cell (x, 0, z) of size (2, 1, 2), centred, under a GridMap at y = 1:
	// the floor box sits 0.75 below the cell centre; the post (orientation
	// 16: a quarter turn about Y that takes +X to -Z) at cell (1, 1, 0)
	// has its cylinder 0.5 along the item's X and a box like the floor's
	var want []placed
	for _, x := range []float64{-1, 0, 1} {
		for _, z := range []float64{-1, 0, 1} {
			want = append(want, placed{convert.Box, 2*x + 1, 0.75, 2*z + 1})
		}
	}
	want = append(want, placed{convert.Cylinder, 3, 2.5, 0.5}, placed{convert.Box, 3, 1.75, 1})
	less := func(s []placed) func(i, j int) bool {
		return func(i, j int) bool {
			a, b := s[i], s[j]
			if a.shape != b.shape {
				return a.shape < b.shape
			}
			if a.x != b.x {
				return a.x < b.x
			}
			if a.y != b.y {
				return a.y < b.y
			}
			return a.z < b.z
		}
	}
	sort.Slice(got, less(got))
	sort.Slice(want, less(want))
	if len(got) != len(want) {
		t.Fatalf("%d colliders %v, want %d %v", len(got), got, len(want), want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("collider %d at %+v, want %+v", i, got[i], want[i])
		}
	}
}

// TestGridMapCells: the cell words decode as Godot packs them (signed
// 16-bit coordinates, item and orientation in the third word).
func TestGridMapCells(t *testing.T) {
	for _, c := range []struct {
		words [3]int64
		want  gridCell
	}{
		{[3]int64{0, 0, 0}, gridCell{0, 0, 0, 0, 0}},
		{[3]int64{65535, 65535, 0}, gridCell{-1, 0, -1, 0, 0}},
		{[3]int64{-1, 32767, 0x13_0007}, gridCell{-1, -1, 32767, 7, 19}},
		{[3]int64{0x0002_0003, -32768, 0x0A_FFFF}, gridCell{3, 2, -32768, 65535, 10}},
	} {
		n := &node{props: map[string]value{"data": {v: dictCells(c.words[:]...)}}}
		cells, err := gridCells(n)
		if err != nil || len(cells) != 1 || cells[0] != c.want {
			t.Errorf("%v: %+v %v, want %+v", c.words, cells, err, c.want)
		}
	}
	// every orientation is a rotation
	for i := range orthogonalBases {
		m := orthogonalRotation(i).Mat()
		b := basisFrom(orthogonalBases[i][:])
		for r := 0; r < 3; r++ {
			for k := 0; k < 3; k++ {
				if math.Abs(m[r][k]-b[r][k]) > 1e-12 {
					t.Fatalf("orientation %d: %v is not %v", i, m, b)
				}
			}
		}
	}
}

func round(x float64) float64 { return math.Round(x*1e9) / 1e9 }

func dictCells(words ...int64) tscn.Dict {
	args := make([]tscn.Value, len(words))
	for i, w := range words {
		args[i] = w
	}
	return tscn.Dict{{Key: "cells", Value: &tscn.Call{Name: "PackedInt32Array", Args: args}}}
}
