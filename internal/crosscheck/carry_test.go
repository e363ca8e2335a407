package crosscheck

import (
	"bytes"
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// tetOBJ is a tetrahedron OBJ drawn with material m from the libraries
// named on its mtllib line.
func tetOBJ(libs string) string {
	return "mtllib " + libs + "\nv 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nvt 0 0\nvt 1 0\nvt 0 1\nusemtl m\nf 1/1 3/3 2/2\nf 1/1 2/2 4/3\nf 1/1 4/3 3/3\nf 2/2 3/3 4/3\n"
}

// tetDAE is a tetrahedron COLLADA file whose material draws image file.
func tetDAE(file string) string {
	return `<?xml version="1.0"?><COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema" version="1.4.1">
<library_images><image id="img"><init_from>` + file + `</init_from></image></library_images>
<library_effects><effect id="fx"><profile_COMMON><technique sid="t"><lambert><diffuse><texture texture="img" texcoord="uv"/></diffuse></lambert></technique></profile_COMMON></effect></library_effects>
<library_materials><material id="mat"><instance_effect url="#fx"/></material></library_materials>
<library_geometries><geometry id="g"><mesh>
<source id="p"><float_array id="pa" count="12">0 0 0 1 0 0 0 1 0 0 0 1</float_array><technique_common><accessor source="#pa" count="4" stride="3"><param name="X" type="float"/><param name="Y" type="float"/><param name="Z" type="float"/></accessor></technique_common></source>
<vertices id="v"><input semantic="POSITION" source="#p"/></vertices>
<triangles material="mat" count="4"><input semantic="VERTEX" source="#v" offset="0"/><p>0 2 1 0 1 3 0 3 2 1 2 3</p></triangles>
</mesh></geometry></library_geometries>
<library_visual_scenes><visual_scene id="s"><node><instance_geometry url="#g"><bind_material><technique_common><instance_material symbol="mat" target="#mat"/></technique_common></bind_material></instance_geometry></node></visual_scene></library_visual_scenes>
<scene><instance_visual_scene url="#s"/></scene></COLLADA>`
}

// urdfVisuals is a URDF with one link per mesh file, each drawn by it.
func urdfVisuals(files ...string) string {
	var b strings.Builder
	b.WriteString(`<robot name="r">`)
	for i, f := range files {
		fmt.Fprintf(&b, `<link name="l%d"><inertial><mass value="1"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial><visual><geometry><mesh filename="%s"/></geometry></visual></link>`, i, f)
		if i > 0 {
			fmt.Fprintf(&b, `<joint name="j%d" type="fixed"><parent link="l0"/><child link="l%d"/></joint>`, i, i)
		}
	}
	b.WriteString(`</robot>`)
	return b.String()
}

// TestCarriedSideFiles: a mesh file a writer copies beside its output
// takes along the files it names, and those the files they name (OBJ →
// .mtl → image, COLLADA → image), at paths where its references resolve,
// for every writer that copies mesh files (URDF; MJCF when its mesh
// format is the file's). A reference that would leave the output folder,
// or whose place another file takes, is written beside the file naming it
// under a name of its own, and the naming file is rewritten to say so. A
// file that cannot be read is a diagnostic, never read from outside the
// input's root.
func TestCarriedSideFiles(t *testing.T) {
	cases := []struct {
		name  string
		files map[string]string // below in/; r.urdf is written from meshes
		mesh  []string
		// want: output files (for the URDF writer; for MJCF those ending in
		// .mtl or an image) with the source file whose bytes they hold
		want    map[string]string
		mjcf    bool     // MJCF copies the mesh (an OBJ under mesh-format obj)
		missing []string // references left unresolved, reported
		diag    string
	}{
		{"obj, mtl and image", map[string]string{"meshes/m.obj": tetOBJ("m.mtl"), "meshes/m.mtl": "newmtl m\nmap_Kd tex.png\n", "meshes/tex.png": "PNG-1"},
			[]string{"meshes/m.obj"}, map[string]string{"meshes/m.obj": "meshes/m.obj", "meshes/m.mtl": "meshes/m.mtl", "meshes/tex.png": "meshes/tex.png"}, true, nil, ""},
		{"two libraries", map[string]string{"m.obj": tetOBJ("a.mtl b.mtl"), "a.mtl": "newmtl m\nmap_Kd a.png\n", "b.mtl": "newmtl n\nKd 1 0 0\n", "a.png": "PNG-A"},
			[]string{"m.obj"}, map[string]string{"meshes/m.obj": "m.obj", "meshes/a.mtl": "a.mtl", "meshes/b.mtl": "b.mtl", "meshes/a.png": "a.png"}, true, nil, ""},
		{"library missing", map[string]string{"m.obj": tetOBJ("gone.mtl")},
			[]string{"m.obj"}, map[string]string{"meshes/m.obj": "m.obj"}, true, []string{"meshes/gone.mtl"}, `"gone.mtl", which meshes/`},
		{"library in a subfolder naming images beside and above it", map[string]string{"p/m.obj": tetOBJ("mat/m.mtl"), "p/mat/m.mtl": "newmtl m\nmap_Kd ../tex/t.png\nmap_Ks -s 1 1 1 s.png\n", "p/tex/t.png": "PNG-T", "p/mat/s.png": "PNG-S"},
			[]string{"p/m.obj"}, map[string]string{"meshes/m.obj": "p/m.obj", "meshes/mat/m.mtl": "p/mat/m.mtl", "meshes/tex/t.png": "p/tex/t.png", "meshes/mat/s.png": "p/mat/s.png"}, true, nil, ""},
		{"collada image", map[string]string{"d/m.dae": tetDAE("img/t.png"), "d/img/t.png": "PNG-D"},
			[]string{"d/m.dae"}, map[string]string{"meshes/m.dae": "d/m.dae", "meshes/img/t.png": "d/img/t.png"}, false, nil, ""},
		{"reference leaving the output folder", map[string]string{"a/b/m.obj": tetOBJ("../../lib/m.mtl"), "lib/m.mtl": "newmtl m\nmap_Kd t.png\n", "lib/t.png": "PNG-L"},
			[]string{"a/b/m.obj"}, map[string]string{"meshes/m.mtl": "lib/m.mtl", "meshes/t.png": "lib/t.png"}, true, nil, ""},
		{"two libraries wanting one place", map[string]string{"a/link.obj": tetOBJ("link.mtl"), "a/link.mtl": "newmtl m\nKd 1 0 0\n", "b/link.obj": strings.Replace(tetOBJ("link.mtl"), "v 0 0 1", "v 0 0 2", 1), "b/link.mtl": "newmtl m\nKd 0 0 1\n"},
			[]string{"a/link.obj", "b/link.obj"}, map[string]string{"meshes/link.obj": "a/link.obj", "meshes/link.mtl": "a/link.mtl", "meshes/link_2.mtl": "b/link.mtl"}, true, nil, ""},
		{"one library for two meshes", map[string]string{"a.obj": tetOBJ("shared.mtl"), "b.obj": strings.Replace(tetOBJ("shared.mtl"), "v 0 0 1", "v 0 0 2", 1), "shared.mtl": "newmtl m\nmap_Kd s.png\n", "s.png": "PNG-S"},
			[]string{"a.obj", "b.obj"}, map[string]string{"meshes/a.obj": "a.obj", "meshes/b.obj": "b.obj", "meshes/shared.mtl": "shared.mtl", "meshes/s.png": "s.png"}, true, nil, ""},
		{"library beyond the input's root", map[string]string{"m.obj": tetOBJ("../outside/secret.mtl")},
			[]string{"m.obj"}, map[string]string{"meshes/m.obj": "m.obj"}, true, []string{"outside/secret.mtl"}, "escapes the allowed root"},
		{"absolute image", map[string]string{"m.obj": tetOBJ("m.mtl"), "m.mtl": "newmtl m\nmap_Kd /opt/tex/t.png\n"},
			[]string{"m.obj"}, map[string]string{"meshes/m.obj": "m.obj", "meshes/m.mtl": "m.mtl"}, true, nil, `names "/opt/tex/t.png" by an absolute path or URL`},
	}
	reg := all.Registry()
	for _, c := range cases {
		for _, to := range []string{"urdf", "mjcf"} {
			if to == "mjcf" && !c.mjcf {
				continue
			}
			t.Run(c.name+"/"+to, func(t *testing.T) {
				dir := t.TempDir()
				files := map[string]string{"in/r.urdf": urdfVisuals(c.mesh...), "outside/secret.mtl": "newmtl m\nmap_Kd secret.png\n# " + secret}
				for k, v := range c.files {
					files["in/"+k] = v
				}
				layout(t, dir, files)
				res, err := convertCarried(reg, dir, to)
				if err != nil {
					t.Fatal(err)
				}
				written := map[string]string{}
				filepath.WalkDir(filepath.Join(dir, "out"), func(p string, d os.DirEntry, err error) error {
					if err == nil && !d.IsDir() {
						data, _ := os.ReadFile(p)
						written[string(data)] = p
					}
					return nil
				})
				for name, src := range c.want {
					if to == "mjcf" {
						// the MJCF writer names mesh files after their
						// assets, and what they name after them
						if _, ok := written[c.files[src]]; !ok && !strings.HasSuffix(name, ".obj") {
							t.Errorf("no output file holds the bytes of %s", src)
						}
						continue
					}
					got, err := os.ReadFile(filepath.Join(dir, "out", filepath.FromSlash(name)))
					if err != nil {
						t.Errorf("%s not written: %v", name, err)
						continue
					}
					if !bytes.Equal(got, []byte(c.files[src])) && !strings.Contains(c.name, "leaving") {
						t.Errorf("%s holds %q, want the bytes of %s", name, got, src)
					}
				}
				refs, missing := outputRefs(t, res.Output)
				if !slices.Equal(missing, c.missing) && !(len(missing) == 0 && len(c.missing) == 0) {
					t.Errorf("unresolved references %q, want %q (all: %q)", missing, c.missing, refs)
				}
				if c.diag != "" {
					found := false
					for _, d := range res.Diagnostics {
						found = found || d.Code == convert.CodeTextureDropped && strings.Contains(d.Message, c.diag)
					}
					if !found {
						t.Errorf("no texture-dropped diagnostic contains %q: %v", c.diag, res.Diagnostics)
					}
				}
				filepath.WalkDir(filepath.Join(dir, "out"), func(p string, d os.DirEntry, err error) error {
					if err == nil && !d.IsDir() {
						if data, _ := os.ReadFile(p); bytes.Contains(data, []byte(secret)) {
							t.Errorf("%s carries bytes from outside the root", p)
						}
					}
					return nil
				})
			})
		}
	}
}

// TestCorpusReferencesResolve converts every corpus URDF to URDF and to
// MJCF (STL and OBJ mesh files) and checks that every file the output
// references, and every file its side files reference in turn (OBJ →
// .mtl → image, COLLADA → image), was written beside it, except those the
// source itself lacks (each reported).
func TestCorpusReferencesResolve(t *testing.T) {
	files := testenv.CorpusFiles(t, []string{".urdf", ".URDF"}, "urdf")
	reg := all.Registry()
	for _, f := range files {
		rel, _ := filepath.Rel(testenv.Corpus(t), f)
		for _, target := range []struct{ name, ext, meshFormat string }{{"urdf", ".urdf", ""}, {"mjcf", ".xml", ""}, {"mjcf", ".xml", "obj"}} {
			t.Run(filepath.ToSlash(rel)+"/"+target.name+target.meshFormat, func(t *testing.T) {
				opts := &convert.Options{To: target.name}
				if target.meshFormat != "" {
					opts.SetOption("mesh-format", target.meshFormat)
				}
				out := filepath.Join(t.TempDir(), "out"+target.ext)
				res, err := physconv.ConvertFile(context.Background(), reg, f, out, opts)
				if err != nil {
					t.Fatal(err)
				}
				refs, missing := outputRefs(t, out)
				for _, m := range missing {
					reported := false
					for _, d := range res.Diagnostics {
						reported = reported || strings.Contains(d.Message, fmt.Sprintf("%q", filepath.Base(m))) && (d.Code == convert.CodeTextureDropped || d.Code == convert.CodeMeshMissing)
					}
					if !reported {
						t.Errorf("output references %s, not written beside it and not reported", m)
					}
				}
				t.Logf("%d files referenced, %d missing %q", len(refs), len(missing), missing)
			})
		}
	}
}

// TestCarryReportsEachFileOnce: a file several copied mesh files name
// that cannot be carried (missing, or named by absolute path) is one
// carrying diagnostic per conversion, not one per file naming it.
func TestCarryReportsEachFileOnce(t *testing.T) {
	reg := all.Registry()
	for _, to := range []string{"urdf", "mjcf"} {
		t.Run(to, func(t *testing.T) {
			dir := t.TempDir()
			layout(t, dir, map[string]string{
				"in/r.urdf":    urdfVisuals("a.obj", "b.obj", "sub/c.obj"),
				"in/a.obj":     tetOBJ("gone.mtl a.mtl"),
				"in/b.obj":     strings.Replace(tetOBJ("gone.mtl b.mtl"), "v 0 0 1", "v 0 0 2", 1),
				"in/sub/c.obj": strings.Replace(tetOBJ("../gone.mtl"), "v 0 0 1", "v 0 0 3", 1),
				"in/a.mtl":     "newmtl m\nmap_Kd /opt/t.png\n",
				"in/b.mtl":     "newmtl n\nmap_Kd /opt/t.png\nmap_Ks lost.png\n",
			})
			res, err := convertCarried(reg, dir, to)
			if err != nil {
				t.Fatal(err)
			}
			count := map[string]int{}
			for _, d := range res.Diagnostics {
				for _, f := range []string{`"gone.mtl"`, `"../gone.mtl"`, `"/opt/t.png"`, `"lost.png"`} {
					if d.Code == convert.CodeTextureDropped && strings.Contains(d.Message, f) && strings.Contains(d.Message, "written beside it") {
						count[strings.TrimPrefix(strings.Trim(f, `"`), "../")]++
					}
				}
			}
			want := map[string]int{"gone.mtl": 1, "/opt/t.png": 1, "lost.png": 1}
			if !maps.Equal(count, want) {
				t.Errorf("diagnostics per file %v, want %v: %v", count, want, res.Diagnostics)
			}
		})
	}
}

// TestConvertIntoOneFolderCarriedFilesFollowTheirMesh: convert (one file
// at a time) writes side files at their plain names, unless a name would
// change another output's file in the folder: a second robot converted
// into the first one's folder then names its side files by content, the
// files a copied mesh carries with the mesh naming them, so each output's
// references resolve to its own robot's bytes, mesh and library alike
// (never one robot's mesh with the other's library, nor the first's
// replaced by the second's). Batch names side files by content always
// (batch.TestBatchCarriedFilesAreNeverSharedUnlessEqual).
func TestConvertIntoOneFolderCarriedFilesFollowTheirMesh(t *testing.T) {
	reg := all.Registry()
	dir := t.TempDir()
	files := map[string]string{}
	for _, r := range []struct{ robot, z string }{{"a", "1"}, {"b", "2"}} {
		files[r.robot+"/r.urdf"] = urdfVisuals("body.obj")
		files[r.robot+"/body.obj"] = strings.Replace(tetOBJ("look.mtl"), "v 0 0 1", "v 0 0 "+r.z, 1)
		files[r.robot+"/look.mtl"] = "newmtl m\nmap_Kd t.png\n# " + r.robot + "\n"
		files[r.robot+"/t.png"] = "PNG-" + r.robot
	}
	layout(t, dir, files)
	for _, robot := range []string{"a", "b"} {
		out := filepath.Join(dir, "out", robot+".urdf")
		if _, err := physconv.ConvertFile(context.Background(), reg, filepath.Join(dir, robot, "r.urdf"), out, &convert.Options{}); err != nil {
			t.Fatal(err)
		}
	}
	hashed := regexp.MustCompile(`\.[0-9a-f]{12}(\.[a-z]+)`) // a content name's hash
	for _, robot := range []string{"a", "b"} {
		refs, missing := outputRefs(t, filepath.Join(dir, "out", robot+".urdf"))
		if len(missing) > 0 || len(refs) != 3 {
			t.Fatalf("%s.urdf references %q, %q missing", robot, refs, missing)
		}
		for _, r := range refs {
			got, _ := os.ReadFile(filepath.Join(dir, "out", filepath.FromSlash(r)))
			plain := hashed.ReplaceAllString(filepath.Base(r), "$1")
			if want := files[robot+"/"+plain]; hashed.ReplaceAllString(string(got), "$1") != want {
				t.Errorf("%s.urdf: %s holds %q, want its own robot's %q", robot, r, got, want)
			}
		}
	}
}

// convertCarried converts dir/in/r.urdf into dir/out as URDF or as MJCF
// that copies its OBJ meshes (the writers that carry mesh files' files).
func convertCarried(reg *convert.Registry, dir, to string) (*physconv.Result, error) {
	opts := &convert.Options{}
	out := filepath.Join(dir, "out", "r.urdf")
	if to == "mjcf" {
		out = filepath.Join(dir, "out", "r.xml")
		opts.SetOption("mesh-format", "obj")
	}
	return physconv.ConvertFile(context.Background(), reg, filepath.Join(dir, "in", "r.urdf"), out, opts)
}
