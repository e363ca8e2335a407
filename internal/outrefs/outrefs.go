// Package outrefs lists the files a written output references, following
// its side files down, so tests can check that every reference resolves
// beside the output to the bytes it should.
package outrefs

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/physconv/physconv/internal/gltfrefs"
	"github.com/physconv/physconv/internal/meshio"
)

// List returns the files the output main references, relative to its
// folder, following side files down (an OBJ's .mtl libraries, the images
// those name, a COLLADA file's images): URDF mesh and texture filenames,
// MJCF file attributes under the compiler's folders, glTF buffer and image
// URIs. References by URL or absolute path mean a file elsewhere and are
// not listed. missing holds those not written beside the output; err what
// could not be read as its format says.
func List(main string) (refs, missing []string, err error) {
	data, err := os.ReadFile(main)
	if err != nil {
		return nil, nil, err
	}
	var first []string
	switch strings.ToLower(filepath.Ext(main)) {
	case ".urdf":
		first, err = xmlFileAttrs(data, false)
	case ".xml":
		first, err = xmlFileAttrs(data, true)
	case ".gltf", ".glb":
		first, err = gltfrefs.FileRefs(data)
	}
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", main, err)
	}
	var errs []error
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
			errs = append(errs, fmt.Errorf("%s: %w", rel, err))
		}
		for _, r := range inner {
			if Local(r) {
				walk(path.Join(path.Dir(rel), strings.ReplaceAll(r, "\\", "/")))
			}
		}
	}
	for _, r := range first {
		if Local(r) {
			walk(path.Clean(r))
		}
	}
	return refs, missing, errors.Join(errs...)
}

// Local reports a reference to a file relative to the one naming it.
func Local(ref string) bool {
	return ref != "" && !strings.Contains(ref, "://") && !path.IsAbs(ref) && !filepath.IsAbs(ref)
}

// xmlFileAttrs lists the files a URDF (mesh and texture filename) or an
// MJCF document (file attributes, under meshdir, texturedir or assetdir)
// names.
func xmlFileAttrs(data []byte, mjcf bool) ([]string, error) {
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
			return nil, err
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
		if !mjcf || !Local(r.file) {
			out = append(out, r.file)
			continue
		}
		dir := dirs["assetdir"]
		if k := map[string]string{"mesh": "meshdir", "hfield": "meshdir", "skin": "meshdir", "texture": "texturedir"}[r.kind]; dirs[k] != "" {
			dir = dirs[k]
		}
		out = append(out, path.Join(dir, r.file))
	}
	return out, nil
}
