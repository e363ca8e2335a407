package meshio

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"strings"

	"github.com/physconv/physconv/internal/gltfrefs"
)

// Refs lists the files a mesh-side file names, as written in it: an OBJ's
// mtllib libraries, an .mtl library's map images (every map_* record,
// bump, disp, decal, refl, norm), a COLLADA file's library_images, a glTF
// file's buffers and images (unescaped; data: URIs name none). A
// writer that copies such a file beside its output copies these too, or
// the copy draws uncoloured. ext is the lower-case extension without the
// dot; other formats name no files. Each reference is listed once.
func Refs(ext string, data []byte) ([]string, error) {
	var refs []string
	switch ext {
	case "obj":
		forOBJLibs(data, func(lib string) { refs = append(refs, lib) })
	case "mtl":
		if err := forMTLMaps(data, func(f []string) { refs = append(refs, mtlMapFile(f)) }); err != nil {
			return nil, err
		}
	case "gltf", "glb":
		return gltfrefs.FileRefs(data)
	case "dae":
		var doc struct {
			Images []daeImage `xml:"library_images>image"`
		}
		if err := xml.NewDecoder(bytes.NewReader(data)).Decode(&doc); err != nil {
			return nil, fmt.Errorf("meshio: malformed COLLADA: %w", err)
		}
		for _, im := range doc.Images {
			if f := im.file(); f != "" {
				refs = append(refs, f)
			}
		}
	}
	return unique(refs), nil
}

// Rewrite returns data with the references Refs lists renamed as names
// says (old → new, as written); references not in names stay. The rest of
// the file is byte for byte as it was.
func Rewrite(ext string, data []byte, names map[string]string) []byte {
	switch ext {
	case "obj":
		return rewriteLines(data, func(line []byte) []byte {
			f := splitFields(nil, line, true)
			if len(f) < 2 || string(f[0]) != "mtllib" {
				return nil
			}
			out := []string{"mtllib"}
			changed := false
			for _, x := range f[1:] {
				if n, ok := names[string(x)]; ok {
					x, changed = []byte(n), true
				}
				out = append(out, string(x))
			}
			if !changed {
				return nil
			}
			return []byte(strings.Join(out, " "))
		})
	case "mtl":
		return rewriteLines(data, func(line []byte) []byte {
			f := strings.Fields(string(line))
			if len(f) < 2 || !isMTLMap(f[0]) {
				return nil
			}
			n, ok := names[mtlMapFile(f)]
			if !ok {
				return nil
			}
			f[len(f)-1] = n
			return []byte(strings.Join(f, " "))
		})
	case "dae":
		return rewriteDAEImages(data, names)
	case "gltf", "glb":
		return gltfrefs.RenameFileRefs(data, names)
	}
	return data
}

// forOBJLibs calls fn with each library the mtllib lines of an OBJ file
// name, as the decoder reads them.
func forOBJLibs(data []byte, fn func(lib string)) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	var fields [][]byte
	for len(data) > 0 {
		var line []byte
		line, data = cutLine(data)
		line = bytes.TrimSuffix(line, []byte("\r"))
		if !bytes.HasPrefix(bytes.TrimLeft(line, " \t"), []byte("mtllib")) {
			continue
		}
		fields = splitFields(fields[:0], line, printableASCII(line))
		if len(fields) == 0 || string(fields[0]) != "mtllib" {
			continue
		}
		for _, f := range fields[1:] {
			fn(string(f))
		}
	}
}

// isMTLMap reports an .mtl record that names an image file.
func isMTLMap(keyword string) bool {
	switch keyword {
	case "bump", "disp", "decal", "refl", "norm":
		return true
	}
	return strings.HasPrefix(keyword, "map_")
}

// mtlMapFile is the image a map record names: its last field, after the
// options (-s 1 1 1, -bm 0.5, …).
func mtlMapFile(f []string) string { return f[len(f)-1] }

// forMTLMaps calls fn with the fields of each map record of an .mtl file.
func forMTLMaps(data []byte, fn func(f []string)) error {
	for line, raw := range strings.Split(string(data), "\n") {
		raw = strings.TrimSuffix(raw, "\r")
		if err := textLine([]byte(raw)); err != nil {
			return fmt.Errorf("meshio: MTL line %d: %v; not an MTL file", line+1, err)
		}
		if f := strings.Fields(raw); len(f) >= 2 && isMTLMap(f[0]) {
			fn(f)
		}
	}
	return nil
}

// rewriteLines returns data with each line fn returns a replacement for
// replaced (its line ending kept); nil leaves the line.
func rewriteLines(data []byte, fn func(line []byte) []byte) []byte {
	var out []byte
	for len(data) > 0 {
		line, rest := data, []byte(nil)
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, rest = data[:i], data[i:]
		}
		body := bytes.TrimSuffix(line, []byte("\r"))
		if n := fn(body); n != nil {
			out = append(append(out, n...), line[len(body):]...)
		} else {
			out = append(out, line...)
		}
		if len(rest) > 0 {
			out = append(out, '\n')
			rest = rest[1:]
		}
		data = rest
	}
	return out
}

// rewriteDAEImages renames the files of a COLLADA document's image
// init_from (1.4) and init_from/ref (1.5) elements. New names are plain
// file names (no character XML escapes).
func rewriteDAEImages(data []byte, names map[string]string) []byte {
	for _, tag := range []string{"init_from", "ref"} {
		open, end := []byte("<"+tag+">"), []byte("</"+tag+">")
		var out []byte
		rest := data
		for {
			i := bytes.Index(rest, open)
			if i < 0 {
				break
			}
			j := bytes.Index(rest[i+len(open):], end)
			if j < 0 {
				break
			}
			text := rest[i+len(open) : i+len(open)+j]
			out = append(out, rest[:i+len(open)]...)
			if n, ok := names[xmlText(text)]; ok {
				out = append(out, n...)
			} else {
				out = append(out, text...)
			}
			rest = rest[i+len(open)+j:]
		}
		data = append(out, rest...)
	}
	return data
}

// xmlText is an element's character data as a decoder reads it, trimmed.
func xmlText(raw []byte) string {
	var s string
	if err := xml.Unmarshal(append(append([]byte("<t>"), raw...), "</t>"...), &s); err != nil {
		return ""
	}
	return strings.TrimSpace(s)
}

func unique(s []string) []string {
	seen := map[string]bool{}
	out := s[:0]
	for _, x := range s {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}
