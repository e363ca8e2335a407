package godot

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/mass"
	"github.com/physconv/physconv/internal/testreport"
)

// Every malformed scene in testdata/godot/bad gives a FormatError with a
// line number and no Graph.
func TestMalformed(t *testing.T) {
	dir := filepath.Join("..", "testdata", "godot", "bad")
	files, _ := filepath.Glob(filepath.Join(dir, "*.tscn"))
	if len(files) < 15 {
		t.Fatalf("only %d malformed cases", len(files))
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			in := &convert.Input{Name: filepath.Base(f), Data: data, FS: os.DirFS(dir), Dir: ".", Options: &convert.Options{}}
			g, _, err := Parse(in)
			fe := testreport.Refused(t, g, err)
			if fe.Line <= 0 {
				t.Errorf("no line number (%v)", fe)
			}
			t.Log(fe)
		})
	}
}

func TestSniff(t *testing.T) {
	for head, want := range map[string]bool{
		"[gd_scene load_steps=3 format=3]\n":           true,
		"\ufeff  [gd_scene format=2]":                  true,
		"[gd_resource type=\"BoxShape3D\" format=3]\n": true,
		`{"asset":{"version":"2.0"}}`:                  false,
		"<robot name=\"x\"/>":                          false,
	} {
		if Sniff([]byte(head)) != want {
			t.Errorf("Sniff(%q) = %v", head, !want)
		}
	}
	if !strings.Contains(Format.Description, "Godot") || Format.Extensions[0] != ".tscn" {
		t.Error("descriptor")
	}
}

func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "godot", "bad", "*.tscn"))
	for _, p := range files {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(data)
		}
	}
	if dir := os.Getenv("PHYSCONV_CORPUS"); dir != "" {
		for _, p := range []string{"godot/omi_physics_scenes/examples/omi_physics_joint/source/pendulum_balls.tscn",
			"godot/demo_truck_town/vehicles/trailer_truck.tscn", "godot3/demo_truck_town_3x/car_base.tscn"} {
			if data, err := os.ReadFile(filepath.Join(dir, p)); err == nil {
				f.Add(data)
			}
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		opts := &convert.Options{Limits: convert.Limits{InputBytes: 1 << 20, Nodes: 100_000, Triangles: 1 << 20, Elements: 1 << 22}}
		g, _, err := Parse(&convert.Input{Name: "fuzz.tscn", Data: data, Options: opts})
		if err != nil {
			return
		}
		if err := convert.Validate(g); err != nil {
			return // Validate is the net under every parser
		}
		if g, _ = mass.Complete(g, opts); convert.ValidateComputed(g) != nil {
			return
		}
		for _, v := range []int{4, 3} {
			out, _, err := Emit(g, (&convert.Options{}).With(VersionOption, strconv.Itoa(v)))
			if err != nil {
				t.Fatal(err)
			}
			if _, _, err := Parse(&convert.Input{Name: "again.tscn", Data: out.Main, Options: &convert.Options{}}); err != nil {
				t.Fatalf("emitted scene does not parse: %v\n%s", err, out.Main)
			}
		}
	})
}

// BenchmarkConcaveMesh parses and emits the largest corpus scene: the
// robot head ConcavePolygonShape3D (580 KB .tres) instanced by a test scene.
func BenchmarkConcaveMesh(b *testing.B) {
	in := corpusInput(b, "godot/demo_physics_tests", "tests/functional/test_shapes.tscn")
	g, _, err := Parse(in)
	if err != nil {
		b.Fatal(err)
	}
	tri := 0
	for _, m := range g.Meshes {
		tri += len(m.Indices) / 3
	}
	if tri < 5000 {
		b.Fatalf("robot head not loaded: %d triangles", tri)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		in := corpusInput(b, "godot/demo_physics_tests", "tests/functional/test_shapes.tscn")
		g, _, err := Parse(in)
		if err != nil {
			b.Fatal(err)
		}
		if _, _, err := Emit(g, &convert.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
