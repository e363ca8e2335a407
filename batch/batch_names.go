package batch

import (
	"bytes"
	"encoding/binary"
	"path"
	"sort"

	"github.com/physconv/physconv/convert"
)

// contentNames renames every side file an emitter wrote to a name that
// carries a short hash of its bytes ("meshes/base.stl" becomes
// "meshes/base.3f2a9c01d4e7.stl") and rewrites the main file's references
// to match. Outputs of one folder then share a side file only when its
// bytes are equal, a changed side file never replaces the one an older
// main file still names (a run killed before the main file's rename leaves
// a consistent pair), and converting again writes the same names.
// A side file whose name the main file does not contain verbatim keeps
// its name.
func contentNames(out *convert.Output) *convert.Output {
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
	names := out.SideFiles()
	// Longest names first, so "a/b.stl" is rewritten before "b.stl".
	sort.SliceStable(names, func(i, j int) bool { return len(names[i]) > len(names[j]) })
	for _, name := range names {
		data := out.Files[name]
		ext := path.Ext(name)
		renamed := name[:len(name)-len(ext)] + "." + hashBytes(data)[:12] + ext
		var n int
		if doc, n = replaceRef(doc, name, renamed, true); n == 0 {
			doc, n = replaceRef(doc, path.Base(name), path.Base(renamed), false)
		}
		if n == 0 {
			renamed = name
		}
		res.Files[renamed] = data
		if l, ok := out.Links[name]; ok {
			res.Links[renamed] = l
		}
	}
	res.Main = repack(doc)
	return res
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
