package crosscheck

import (
	"bytes"
	"encoding/xml"
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"

	"github.com/physconv/physconv/internal/meshio"
)

// outputRefs lists the files a written output references, relative to its
// folder, following side files down (an OBJ's .mtl libraries, the images
// those name, a COLLADA file's images): URDF mesh and texture filenames,
// MJCF file attributes under the compiler's folders, glTF buffer and image
// URIs. References by URL or absolute path mean a file elsewhere and are
// not listed. missing holds those not written beside the output.
func outputRefs(t *testing.T, main string) (refs, missing []string) {
	t.Helper()
	data, err := os.ReadFile(main)
	if err != nil {
		t.Fatal(err)
	}
	var first []string
	switch strings.ToLower(filepath.Ext(main)) {
	case ".urdf":
		first = xmlFileAttrs(t, data, false)
	case ".xml":
		first = xmlFileAttrs(t, data, true)
	case ".gltf":
		first = readGLTFJSON(t, main).uris()
	}
	dir := filepath.Dir(main)
	seen := map[string]bool{}
	var walk func(rel string)
	walk = func(rel string) {
		if seen[rel] {
			return
		}
		seen[rel] = true
		refs = append(refs, rel)
		b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(rel)))
		if err != nil {
			missing = append(missing, rel)
			return
		}
		ext := strings.ToLower(strings.TrimPrefix(path.Ext(rel), "."))
		inner, err := meshio.Refs(ext, b)
		if err != nil {
			t.Errorf("%s: %v", rel, err)
		}
		for _, r := range inner {
			if local(r) {
				walk(path.Join(path.Dir(rel), strings.ReplaceAll(r, "\\", "/")))
			}
		}
	}
	for _, r := range first {
		if local(r) {
			walk(path.Clean(r))
		}
	}
	return refs, missing
}

// local reports a reference to a file relative to the one naming it.
func local(ref string) bool {
	return ref != "" && !strings.Contains(ref, "://") && !path.IsAbs(ref) && !filepath.IsAbs(ref)
}

// xmlFileAttrs lists the files a URDF (mesh and texture filename) or an
// MJCF document (file attributes, under meshdir, texturedir or assetdir)
// names.
func xmlFileAttrs(t *testing.T, data []byte, mjcf bool) []string {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(data))
	dirs := map[string]string{}
	type ref struct{ kind, file string }
	var found []ref
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("output: %v", err)
		}
		se, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		for _, a := range se.Attr {
			switch {
			case mjcf && se.Name.Local == "compiler":
				dirs[a.Name.Local] = a.Value
			case !mjcf && (se.Name.Local == "mesh" || se.Name.Local == "texture") && a.Name.Local == "filename":
				found = append(found, ref{"", a.Value})
			case mjcf && strings.HasPrefix(a.Name.Local, "file") && a.Name.Local != "fileformat":
				found = append(found, ref{se.Name.Local, a.Value})
			}
		}
	}
	var out []string
	for _, r := range found {
		if !mjcf || !local(r.file) {
			out = append(out, r.file)
			continue
		}
		dir := dirs["assetdir"]
		if k := map[string]string{"mesh": "meshdir", "hfield": "meshdir", "skin": "meshdir", "texture": "texturedir"}[r.kind]; dirs[k] != "" {
			dir = dirs[k]
		}
		out = append(out, path.Join(dir, r.file))
	}
	return out
}
