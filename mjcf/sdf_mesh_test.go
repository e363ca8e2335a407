package mjcf

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/inspect"
	"github.com/physconv/physconv/internal/testenv"
)

// TestSDFGeomOfPlainMesh: MuJoCo 3 takes an sdf geom naming a plain mesh
// (no plugin): it collides with the mesh itself, through its signed
// distance field, and weighs it as the mesh. physconv refused the file,
// saying the geom could not be fitted to the mesh. It reads the geom as
// the mesh's triangle mesh now, with the mass and inertia MuJoCo 3.3
// gives it; an sdf geom of a plugin stays unsupported.
func TestSDFGeomOfPlainMesh(t *testing.T) {
	src := `<mujoco><asset><mesh name="tet" vertex="0 0 0  1 0 0  0 1 0  0 0 1"/></asset>
<worldbody><body name="b" pos="0 0 1"><freejoint/><geom type="sdf" mesh="tet"/></body></worldbody></mujoco>`
	g, _, err := Parse(&convert.Input{Name: "sdf.xml", Data: []byte(src), Options: &convert.Options{}})
	if err != nil {
		t.Fatal(err)
	}
	r := inspect.Inspect(g, "mjcf", nil)
	if len(r.Bodies) != 1 || len(r.Bodies[0].Colliders) != 1 || r.Bodies[0].Colliders[0].Shape != convert.TriMesh || r.Bodies[0].Mass == nil {
		t.Fatalf("read %+v", r.Bodies)
	}
	var ue *convert.UnsupportedError
	plugin := `<mujoco><worldbody><body name="b"><freejoint/><geom type="sdf"><plugin instance="torus"/></geom></body></worldbody></mujoco>`
	if _, _, err := Parse(&convert.Input{Name: "p.xml", Data: []byte(plugin), Options: &convert.Options{}}); !errors.As(err, &ue) {
		t.Errorf("plugin sdf geom: %v, want unsupported", err)
	}
	testenv.Oracle(t, "mj-inspect")
	file := filepath.Join(t.TempDir(), "sdf.xml")
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	mj := testenv.MuJoCoBodies(t, file)["b"]
	if got := float64(*r.Bodies[0].Mass); math.Abs(got-mj.Mass) > 1e-9*mj.Mass {
		t.Errorf("mass %g, MuJoCo 3.3 %g", got, mj.Mass)
	}
}
