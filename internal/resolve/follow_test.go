package resolve

import (
	"fmt"
	"io/fs"
	"sync"
	"testing"
	"testing/fstest"
)

// overlay reads a name from top when top holds it, else from under.
type overlay struct{ top, under fs.FS }

func (o overlay) Open(name string) (fs.File, error) {
	if f, err := o.top.Open(name); err == nil {
		return f, nil
	}
	return o.under.Open(name)
}

func answer(r *Resolver, ref string) string {
	loc, err := r.Resolve(ref)
	return fmt.Sprintf("%s %v %v", loc.Name, loc.Main, err)
}

// A follower answers as it would alone, from any number of goroutines,
// and refuses to follow a Resolver that searches elsewhere.
func TestFollow(t *testing.T) {
	src := fstest.MapFS{
		"meshes/a.stl":         {Data: []byte("a")},
		"parts/package.xml":    {Data: []byte("<package><name>parts</name></package>")},
		"parts/b.stl":          {Data: []byte("b")},
		"robot/ghost/c.stl":    {Data: []byte("c")},
		"robot/meshes/old.stl": {Data: []byte("d")},
	}
	top := fstest.MapFS{"robot/meshes/a.stl": {Data: []byte("output")}, "robot/out.urdf": {}}
	refs := []string{"package://ghost/meshes/a.stl", "package://parts/b.stl", "package://ghost/c.stl",
		"package://none/x.stl", "meshes/a.stl", "../meshes/a.stl", "package://ghost/meshes/old.stl"}
	prior := &Resolver{FS: src, Dir: "robot"}
	for _, ref := range refs {
		prior.Resolve(ref)
	}
	shadowed := func(name string) bool { _, err := fs.Stat(top, name); return err == nil }
	alone := &Resolver{FS: overlay{top, src}, Dir: "robot"}
	follower := &Resolver{FS: overlay{top, src}, Dir: "robot"}
	if !follower.Follow(prior, shadowed) {
		t.Fatal("a Resolver searching the same places does not follow")
	}
	var wg sync.WaitGroup
	got := make([][]string, 4)
	for g := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, ref := range refs {
				got[g] = append(got[g], answer(follower, ref))
			}
		}()
	}
	wg.Wait()
	for i, ref := range refs {
		want := answer(alone, ref)
		for g := range got {
			if got[g][i] != want {
				t.Errorf("%s: followed %s, alone %s", ref, got[g][i], want)
			}
		}
	}
	if fmt.Sprint(follower.Notes()) != fmt.Sprint(alone.Notes()) {
		t.Errorf("notes: followed %v, alone %v", follower.Notes(), alone.Notes())
	}
	for _, other := range []*Resolver{
		{FS: src, Dir: "parts"},
		{FS: src, Dir: "robot", Packages: map[string]string{"ghost": "parts"}},
		{FS: src, Dir: "robot", AllowRoots: []string{"/elsewhere"}},
	} {
		if other.Follow(prior, shadowed) {
			t.Errorf("follows a Resolver searching elsewhere: %+v", other)
		}
	}
}
