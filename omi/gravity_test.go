package omi

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/convert"
)

// gravityDoc is an OMI document with one dynamic box, the document-level
// OMI_physics_gravity world (raw JSON, "" for none) and, when volume, a
// trigger with a point gravity field.
func gravityDoc(world string, volume bool) string {
	ext := `"OMI_physics_shape":{"shapes":[{"type":"box","box":{"size":[1,1,1]}},{"type":"sphere","sphere":{"radius":5}}]}`
	if world != "" {
		ext += `,"OMI_physics_gravity":` + world
	}
	nodes := `{"name":"box","extensions":{"OMI_physics_body":{"motion":{"type":"dynamic","mass":2},"collider":{"shape":0}}}}`
	if volume {
		nodes += `,{"name":"planet","extensions":{"OMI_physics_body":{"trigger":{"shape":1}},"OMI_physics_gravity":{"type":"point","gravity":9.8,"point":{"unitDistance":2}}}}`
	}
	n := strings.Count(nodes, `"name"`)
	scene := "0"
	for i := 1; i < n; i++ {
		scene += fmt.Sprintf(",%d", i)
	}
	return `{"asset":{"version":"2.0"},"extensionsUsed":["OMI_physics_body","OMI_physics_gravity","OMI_physics_shape"],"extensions":{` + ext + `},"nodes":[` + nodes + `],"scene":0,"scenes":[{"nodes":[` + scene + `]}]}`
}

func parseGravityDoc(t *testing.T, doc string) (*convert.Graph, convert.Diagnostics, error) {
	t.Helper()
	return Parse(&convert.Input{Name: "g.gltf", Data: []byte(doc), FS: fstest.MapFS{}, Dir: ".", Options: &convert.Options{}})
}

// TestWorldGravity: the document-level OMI_physics_gravity is the
// world's gravity, its strength along its direction (default down,
// normalised when not a unit vector; zero and negative strengths kept);
// a missing strength or a zero direction is refused at its path.
func TestWorldGravity(t *testing.T) {
	for _, c := range []struct {
		world string
		want  *convert.Vec3
		err   string
	}{
		{"", nil, ""},
		{`{"gravity":9.80665}`, &convert.Vec3{0, -9.80665, 0}, ""},
		{`{"gravity":0}`, &convert.Vec3{0, 0, 0}, ""},
		{`{"gravity":-2,"direction":[1,0,0]}`, &convert.Vec3{-2, 0, 0}, ""},
		{`{"gravity":3,"direction":[0,0,-2]}`, &convert.Vec3{0, 0, -3}, ""},
		{`{"direction":[0,-1,0]}`, nil, "extensions.OMI_physics_gravity.gravity: is required"},
		{`{"gravity":1,"direction":[0,0,0]}`, nil, "must be a direction"},
		{`{"gravity":"up"}`, nil, "gravity"},
		{`[1]`, nil, "must be an object"},
	} {
		g, _, err := parseGravityDoc(t, gravityDoc(c.world, false))
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%s: err = %v, want one saying %q", c.world, err, c.err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", c.world, err)
		}
		if (g.Gravity == nil) != (c.want == nil) || c.want != nil && *g.Gravity != *c.want {
			t.Errorf("%s: gravity %v, want %v", c.world, g.Gravity, c.want)
		}
	}
}

// TestWorldGravityRoundTrip: generated world gravities (any direction and
// strength, zero, straight down) are written and read back to 1e-15, the
// direction left out when it is the default (down) or there is no pull.
func TestWorldGravityRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 9))
	cases := []convert.Vec3{{0, -9.81, 0}, {0, 0, 0}, {0, 3, 0}}
	for range 200 {
		cases = append(cases, convert.Vec3{r.NormFloat64(), r.NormFloat64(), r.NormFloat64()}.Scale(20*r.Float64()))
	}
	for _, want := range cases {
		g, _, err := parseGravityDoc(t, gravityDoc("", false))
		if err != nil {
			t.Fatal(err)
		}
		g.Gravity = &want
		out, _, err := Emit(g, &convert.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if plain := want[0] == 0 && want[2] == 0 && want[1] <= 0; plain == strings.Contains(string(out.Main), `"direction"`) {
			t.Errorf("%v written as %s", want, out.Main)
		}
		back, _, err := parseGravityDoc(t, string(out.Main))
		if err != nil {
			t.Fatal(err)
		}
		if back.Gravity == nil {
			t.Fatalf("%v not written", want)
		}
		for k := range want {
			if math.Abs(back.Gravity[k]-want[k]) > 1e-15*max(want.Len(), 1) {
				t.Errorf("%v read back as %v", want, *back.Gravity)
				break
			}
		}
	}
}

// TestGravityVolume: a trigger's gravity field is named (type,
// strength, node) by gravity-volume-kept at its path, and OMI output of
// the document keeps it on its node.
func TestGravityVolume(t *testing.T) {
	g, diags, err := parseGravityDoc(t, gravityDoc(`{"gravity":0}`, true))
	if err != nil {
		t.Fatal(err)
	}
	kept := diags.OfCode(convert.CodeGravityVolumeKept)
	if len(kept) != 1 || kept[0].Path != "nodes[1].extensions.OMI_physics_gravity" || !strings.Contains(kept[0].Message, `point gravity field (9.8 m/s²) of "planet"`) {
		t.Fatalf("gravity-volume-kept %v", kept)
	}
	out, _, err := Emit(g, &convert.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out.Main), `"unitDistance": 2`) {
		t.Errorf("the gravity field is not kept in OMI output:\n%s", out.Main)
	}
}
