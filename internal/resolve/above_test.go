package resolve

import (
	"strings"
	"testing"
	"testing/fstest"
)

// TestSearchUp: with SearchUp, a relative reference that is not beside
// the input is read from the nearest folder above it that holds it (an
// asset root: Isaac Gym's URDFs name meshes so), noted once per folder;
// a file beside the input always wins, nothing is searched without
// SearchUp, and no search leaves the project root.
func TestSearchUp(t *testing.T) {
	fsys := fstest.MapFS{
		"assets/urdf/kuka/kuka.urdf":         {Data: []byte("r")},
		"assets/urdf/kuka/meshes/a.obj":      {Data: []byte("near")},
		"assets/urdf/kuka/kuka/meshes/b.obj": {Data: []byte("beside")},
		"assets/urdf/kuka/meshes/b.obj":      {Data: []byte("above")},
		"assets/urdf/ycb/can/can.urdf":       {Data: []byte("r")},
		"assets/urdf/ycb/can/collision.obj":  {Data: []byte("can")},
		"assets/ycb/can/collision.obj":       {Data: []byte("farther")},
		"assets/urdf/kuka/meshes/deep/c.obj": {Data: []byte("c")},
		"secret.obj":                         {Data: []byte("root")},
	}
	cases := []struct {
		dir, ref, want string // want "" = not found
		noted          bool
	}{
		{"assets/urdf/kuka", "meshes/a.obj", "assets/urdf/kuka/meshes/a.obj", false},
		{"assets/urdf/kuka", "kuka/meshes/a.obj", "assets/urdf/kuka/meshes/a.obj", true},
		{"assets/urdf/kuka", "kuka/meshes/b.obj", "assets/urdf/kuka/kuka/meshes/b.obj", false},
		{"assets/urdf/ycb/can", "ycb/can/collision.obj", "assets/urdf/ycb/can/collision.obj", true},
		{"assets/urdf/kuka", "missing.obj", "", false},
		{"assets/urdf/kuka", "../../../../secret.obj", "", false},
		{"assets/urdf/kuka", "../../../secret.obj", "secret.obj", false},
	}
	for _, c := range cases {
		for _, up := range []bool{true, false} {
			r := &Resolver{FS: fsys, Dir: c.dir, SearchUp: up}
			data, loc, err := r.Read(c.ref)
			want := c.want
			if !up && c.noted {
				want = "" // found only by the search
			}
			switch {
			case want == "" && err == nil:
				t.Errorf("SearchUp %v, %s from %s: read %s, want not found", up, c.ref, c.dir, loc.Name)
			case want != "" && (err != nil || loc.Name != want):
				t.Errorf("SearchUp %v, %s from %s: %s (%q), %v; want %s", up, c.ref, c.dir, loc.Name, data, err, want)
			}
			notes := r.Notes()
			if noted := len(notes) == 1 && notes[0].Kind == FoundAbove && strings.Contains(notes[0].Message, c.ref); noted != (up && c.noted) || len(notes) > 1 {
				t.Errorf("SearchUp %v, %s from %s: notes %v", up, c.ref, c.dir, notes)
			}
		}
	}
	// one note per folder, however many files are found from it
	r := &Resolver{FS: fsys, Dir: "assets/urdf/kuka", SearchUp: true}
	for _, ref := range []string{"kuka/meshes/a.obj", "kuka/meshes/deep/c.obj"} {
		if _, _, err := r.Read(ref); err != nil {
			t.Fatal(err)
		}
	}
	if n := r.Notes(); len(n) != 1 {
		t.Errorf("notes %v, want one for assets/urdf", n)
	}
}
