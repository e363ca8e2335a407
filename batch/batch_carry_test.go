package batch_test

import (
	"bytes"
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"

	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/batch"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/outrefs"
)

// carryOBJ is a tetrahedron OBJ drawn with the material of library lib;
// z tells meshes apart.
func carryOBJ(lib, z string) string {
	return "mtllib " + lib + "\nv 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 " + z + "\nvt 0 0\nvt 1 0\nvt 0 1\nusemtl m\nf 1/1 3/3 2/2\nf 1/1 2/2 4/3\nf 1/1 4/3 3/3\nf 2/2 3/3 4/3\n"
}

// carryURDF is a robot of one link drawn by mesh file mesh.
func carryURDF(mesh string) string {
	return `<robot name="r"><link name="l"><inertial><mass value="1"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial><visual><geometry><mesh filename="` + mesh + `"/></geometry></visual></link></robot>`
}

// carriedBytes follows every reference of each output down (outrefs.List)
// and returns, per output, the bytes each referenced file holds by the
// source path it should hold; every reference must resolve.
func carriedBytes(t *testing.T, dst string, outputs []string) map[string]map[string]string {
	t.Helper()
	got := map[string]map[string]string{}
	for _, o := range outputs {
		main := filepath.Join(dst, o)
		refs, missing, err := outrefs.List(main)
		if err != nil || len(missing) > 0 {
			t.Fatalf("%s: references %q do not resolve (%v)", o, missing, err)
		}
		got[o] = map[string]string{}
		for _, r := range refs {
			data, _ := os.ReadFile(filepath.Join(filepath.Dir(main), filepath.FromSlash(r)))
			got[o][r] = string(data)
		}
	}
	return got
}

// TestBatchCarriedFilesAreNeverSharedUnlessEqual: outputs of one
// destination folder whose copied meshes name same-named .mtl libraries
// and images each find their own bytes at the end of the batch, however
// the names collide; equal files are written once; re-runs skip or
// convert again as the sources say, and stay resolved.
func TestBatchCarriedFilesAreNeverSharedUnlessEqual(t *testing.T) {
	for _, to := range []struct{ name, ext, meshFormat string }{{"urdf", ".urdf", ""}, {"mjcf", ".xml", "obj"}} {
		t.Run(to.name, func(t *testing.T) {
			src, dst := t.TempDir(), t.TempDir()
			// a and b: same names below, different bytes; c: a's bytes.
			files := map[string]string{}
			for _, r := range []struct{ robot, z, tex string }{{"a", "1", "PNG-A"}, {"b", "2", "PNG-B"}, {"c", "1", "PNG-A"}} {
				files[r.robot+".urdf"] = carryURDF("meshes/" + r.robot + "/body.obj")
				files["meshes/"+r.robot+"/body.obj"] = carryOBJ("look.mtl", r.z)
				files["meshes/"+r.robot+"/look.mtl"] = "newmtl m\nmap_Kd tex/t.png\n# " + r.tex + "\n"
				files["meshes/"+r.robot+"/tex/t.png"] = r.tex
			}
			writeTree(t, src, files)
			opts := batch.BatchOptions{Options: convert.Options{To: to.name}, Jobs: 3, Incremental: true}
			if to.meshFormat != "" {
				opts.Options.SetOption("mesh-format", to.meshFormat)
			}
			outs := []string{"a" + to.ext, "b" + to.ext, "c" + to.ext}
			// run checks a batch converts between least and most inputs
			// (inputs sharing a file converted again race: the first
			// restores it for the others), and skips the rest.
			run := func(least, most int) map[string]map[string]string {
				t.Helper()
				sum, err := batch.Batch(t.Context(), all.Registry(), src, dst, &opts)
				if err != nil {
					t.Fatal(err)
				}
				if sum.Converted < least || sum.Converted > most || sum.Failed != 0 || sum.Converted+sum.Skipped != 3 {
					t.Fatalf("%+v, want %d to %d converted, the rest skipped", sum, least, most)
				}
				got := carriedBytes(t, dst, outs)
				for _, o := range outs {
					robot := strings.TrimSuffix(o, to.ext)
					want := map[string]string{".mtl": files["meshes/"+robot+"/look.mtl"], ".png": files["meshes/"+robot+"/tex/t.png"]}
					found := map[string]int{}
					for r, data := range got[o] {
						ext := path.Ext(r)
						if w, ok := want[ext]; ok {
							found[ext]++
							// the library is rewritten to name its image
							// under a name of its own; the rest is its
							lines := strings.SplitAfter(w, "\n")
							if ext == ".mtl" && !strings.HasSuffix(data, lines[len(lines)-2]) || ext == ".png" && data != w {
								t.Errorf("%s references %s holding %q, want the bytes of %s's", o, r, data, robot)
							}
						}
					}
					if found[".mtl"] != 1 || found[".png"] != 1 {
						t.Errorf("%s references %v .mtl and .png files, want one each: %v", o, found, got[o])
					}
				}
				return got
			}
			got := run(3, 3)
			shared := func(got map[string]map[string]string, x, y, ext string) bool {
				for r := range got[x] {
					if path.Ext(r) == ext {
						_, ok := got[y][r]
						return ok
					}
				}
				return false
			}
			for _, ext := range []string{".mtl", ".png"} {
				if !shared(got, outs[0], outs[2], ext) || shared(got, outs[0], outs[1], ext) {
					t.Errorf("%s files: equal bytes must share one file, different bytes must not: %v", ext, got)
				}
			}
			// Nothing changed: all skipped, all still resolved.
			run(0, 0)
			// b's image changes: b alone is converted again, a and c keep
			// theirs, b's old image, which no output names now, is removed.
			var oldPNG string
			for r := range got[outs[1]] {
				if path.Ext(r) == ".png" {
					oldPNG = r
				}
			}
			// (replaced, as editors and checkouts do: written in place, the
			// source would change the side file hard-linked to it too)
			files["meshes/b/tex/t.png"] = "PNG-B2"
			replaceFile(t, filepath.Join(src, "meshes/b/tex/t.png"), "PNG-B2")
			run(1, 1)
			if _, err := os.Stat(filepath.Join(dst, filepath.FromSlash(oldPNG))); !os.IsNotExist(err) {
				t.Errorf("b's old image %s is still there (%v)", oldPNG, err)
			}
			// An output's carried image edited in DST: converted again.
			for r := range got[outs[0]] {
				if path.Ext(r) == ".png" {
					replaceFile(t, filepath.Join(dst, filepath.FromSlash(r)), "edited")
				}
			}
			run(1, 2) // a, and c unless a restored their shared image first
			pngs := 0
			filepath.WalkDir(dst, func(p string, d os.DirEntry, err error) error {
				if err == nil && !d.IsDir() && filepath.Ext(p) == ".png" {
					pngs++
					if data, _ := os.ReadFile(p); bytes.Equal(data, []byte("PNG-B")) {
						t.Errorf("stale image %s left", p)
					}
				}
				return nil
			})
			if pngs != 2 {
				t.Errorf("destination holds %d images, want 2 (a and c's shared, b's)", pngs)
			}
		})
	}
}

// replaceFile puts a new file at p, leaving the old one's other links alone.
func replaceFile(t *testing.T, p, data string) {
	t.Helper()
	os.Remove(p)
	if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}
