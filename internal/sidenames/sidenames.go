// Package sidenames renames the side files of an output to names that
// carry a hash of their bytes, rewriting the references the main file and
// other side files make to them, so outputs that share a folder never
// write different bytes under one name.
package sidenames

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"path"
	"slices"
	"sort"
	"strings"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/meshio"
)

// ContentNames renames every side file an emitter wrote to a name that
// carries a short hash of its bytes ("meshes/base.stl" becomes
// "meshes/base.3f2a9c01d4e7.stl") and rewrites the references to match:
// the main file's, and those side files make to one another (a copied
// OBJ's .mtl library, the images the library names; meshio.Refs). Outputs
// of one folder then share a side file only when its bytes are equal, a
// changed side file never replaces the one an older main file still names
// (a run killed before the main file's rename leaves a consistent pair),
// and converting again writes the same names. A file named by another
// side file is renamed first, so the file naming it is hashed with the new
// name in it (and is no longer the source's bytes, so no longer a link).
// A side file whose name neither the main file contains verbatim nor
// another side file names keeps its name.
func ContentNames(out *convert.Output) *convert.Output {
	if out == nil || len(out.Files) == 0 {
		return out
	}
	doc, repack := out.Main, func(b []byte) []byte { return b }
	if j, pack, ok := glbJSON(out.Main); ok {
		doc, repack = j, pack
	} else if bytes.HasPrefix(out.Main, []byte("glTF")) {
		return out // a binary glTF we cannot take apart: keep the names
	}
	res := &convert.Output{Files: map[string][]byte{}}
	if out.Links != nil {
		res.Links = map[string]string{}
	}
	sides := nestedNames(out)
	names := out.SideFiles()
	// Longest names first, so "a/b.stl" is rewritten before "b.stl".
	sort.SliceStable(names, func(i, j int) bool { return len(names[i]) > len(names[j]) })
	for _, name := range names {
		renamed := sides.hashed[name]
		var n int
		if doc, n = replaceRef(doc, name, renamed, true); n == 0 {
			doc, n = replaceRef(doc, path.Base(name), path.Base(renamed), false)
		}
		if n == 0 && !sides.named[name] {
			renamed = name
		}
		res.Files[renamed] = sides.data[name]
		if l, ok := out.Links[name]; ok && !sides.rewritten[name] {
			res.Links[renamed] = l
		}
		if p, ok := sides.plain[name]; ok && p != renamed {
			res.Files[p] = sides.data[name]
		}
	}
	res.Main = repack(doc)
	return res
}

// sideNames is what nestedNames decides for an output's side files.
type sideNames struct {
	data      map[string][]byte // bytes to write, references renamed
	hashed    map[string]string // name with the hash of data in it
	named     map[string]bool   // named by another side file
	rewritten map[string]bool   // data differs from the emitter's bytes
	// plain: files that must also stay at their own name, because a file
	// naming them could not be rewritten to say the new one
	plain map[string]string
}

// nestedNames hashes every side file's name, depth first along the
// references side files make to each other, so a file is hashed once the
// files it names carry their final names and its bytes say them.
func nestedNames(out *convert.Output) *sideNames {
	s := &sideNames{data: map[string][]byte{}, hashed: map[string]string{}, named: map[string]bool{},
		rewritten: map[string]bool{}, plain: map[string]string{}}
	type edge struct{ ref, to string }
	edges := map[string][]edge{}
	for _, name := range out.SideFiles() {
		s.data[name] = out.Files[name]
		refs, _ := meshio.Refs(refExt(name), out.Files[name])
		for _, ref := range refs {
			r := strings.ReplaceAll(ref, "\\", "/")
			if strings.Contains(r, "://") || strings.HasPrefix(r, "file:") || path.IsAbs(r) || len(r) > 1 && r[1] == ':' {
				continue // a URL or absolute path: not a side file
			}
			to := path.Join(path.Dir(name), r)
			if _, ok := out.Files[to]; ok && to != name {
				edges[name] = append(edges[name], edge{ref, to})
				s.named[to] = true
			}
		}
	}
	state := map[string]int{} // 1 being hashed, 2 done
	var visit func(name string)
	visit = func(name string) {
		state[name] = 1
		renames := map[string]string{}
		for _, e := range edges[name] {
			switch state[e.to] {
			case 0:
				visit(e.to)
			case 1:
				// a cycle: the reference keeps the name, so the file
				// stays at it too
				s.plain[e.to] = e.to
				continue
			}
			base := e.ref[strings.LastIndexAny(e.ref, "/\\")+1:]
			renames[e.ref] = e.ref[:len(e.ref)-len(base)] + path.Base(s.hashed[e.to])
		}
		if len(renames) > 0 {
			ext := refExt(name)
			data := meshio.Rewrite(ext, s.data[name], renames)
			got, err := meshio.Refs(ext, data)
			ok := err == nil
			for _, e := range edges[name] {
				if n, renamed := renames[e.ref]; renamed && ok && !slices.Contains(got, n) {
					ok = false
				}
			}
			if ok {
				s.data[name], s.rewritten[name] = data, true
			} else {
				// The file cannot say the new names (a reference the
				// rewriting does not reach): what it names stays at
				// its own name too.
				for _, e := range edges[name] {
					if _, renamed := renames[e.ref]; renamed {
						s.plain[e.to] = e.to
					}
				}
			}
		}
		ext := path.Ext(name)
		s.hashed[name] = name[:len(name)-len(ext)] + "." + ContentHash(s.data[name])[:12] + ext
		state[name] = 2
	}
	for _, name := range out.SideFiles() {
		if state[name] == 0 {
			visit(name)
		}
	}
	return s
}

// refExt is the lower-case extension meshio.Refs and Rewrite take.
func refExt(name string) string {
	return strings.ToLower(strings.TrimPrefix(path.Ext(name), "."))
}

// replaceRef replaces every occurrence of ref in doc that stands as a
// whole file reference: not preceded or followed by a character of a
// file name (a "/" before it counts as one when whole is set, so
// "meshes/a.stl" is not found inside "x/meshes/a.stl").
func replaceRef(doc []byte, ref, with string, whole bool) ([]byte, int) {
	r := []byte(ref)
	var out []byte
	n, last := 0, 0
	for i := 0; ; {
		k := bytes.Index(doc[i:], r)
		if k < 0 {
			break
		}
		at, end := i+k, i+k+len(r)
		before := at == 0 || !nameChar(doc[at-1]) && !(whole && doc[at-1] == '/')
		after := end == len(doc) || !nameChar(doc[end])
		if before && after {
			out = append(append(out, doc[last:at]...), with...)
			last, n = end, n+1
		}
		i = at + 1
	}
	if n == 0 {
		return doc, 0
	}
	return append(out, doc[last:]...), n
}

func nameChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '.'
}

// glbJSON splits a binary glTF into its JSON chunk and a function that
// packs an edited JSON chunk back with the rest (lengths and padding
// recomputed).
func glbJSON(b []byte) ([]byte, func([]byte) []byte, bool) {
	if len(b) < 20 || string(b[:4]) != "glTF" {
		return nil, nil, false
	}
	n := int(binary.LittleEndian.Uint32(b[12:16]))
	if string(b[16:20]) != "JSON" || n > len(b)-20 {
		return nil, nil, false
	}
	version, rest := binary.LittleEndian.Uint32(b[4:8]), b[20+n:]
	pack := func(js []byte) []byte {
		for len(js)%4 != 0 {
			js = append(js, ' ')
		}
		out := make([]byte, 0, 20+len(js)+len(rest))
		out = append(out, "glTF"...)
		out = binary.LittleEndian.AppendUint32(out, version)
		out = binary.LittleEndian.AppendUint32(out, uint32(20+len(js)+len(rest)))
		out = binary.LittleEndian.AppendUint32(out, uint32(len(js)))
		out = append(out, "JSON"...)
		out = append(out, js...)
		return append(out, rest...)
	}
	return append([]byte(nil), bytes.TrimRight(b[20:20+n], " ")...), pack, true
}

// ContentHash is the SHA-256 of b in hex: the hash side-file records and
// content names spell.
func ContentHash(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}
