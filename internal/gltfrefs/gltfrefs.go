// Package gltfrefs finds and renames the files a glTF document names (its
// buffers' and images' URIs), for writers that copy a .gltf or .glb file
// beside their output and must copy, and perhaps rename, what it names.
package gltfrefs

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"net/url"
	"path"
	"strings"

	"github.com/go-json-experiment/json/jsontext"
)

// FileRefs lists the files a .gltf or .glb file names, as paths relative
// to it (its buffers' and images' uri, unescaped), each once; data: URIs
// name none, and a URL or absolute path is listed as written. A writer
// that copies the file beside its output copies these too.
func FileRefs(data []byte) ([]string, error) {
	js, err := JSONChunk(data)
	if err != nil {
		return nil, err
	}
	var refs []string
	seen := map[string]bool{}
	err = forEachURI(js, func(_, _ int, uri string) {
		if r, ok := uriFile(uri); ok && !seen[r] {
			seen[r] = true
			refs = append(refs, r)
		}
	})
	return refs, err
}

// RenameFileRefs returns data with each buffer and image uri whose file
// (as FileRefs lists it) names holds replaced by the new name, escaped
// as a URI; the rest of the file is byte for byte as it was (in a .glb,
// the JSON chunk is padded again and the lengths set).
func RenameFileRefs(data []byte, names map[string]string) []byte {
	js, err := JSONChunk(data)
	if err != nil {
		return data
	}
	var out []byte
	last := 0
	_ = forEachURI(js, func(start, end int, uri string) {
		r, ok := uriFile(uri)
		n, renamed := names[r]
		if !ok || !renamed {
			return
		}
		quoted, err := json.Marshal((&url.URL{Path: n}).String())
		if err != nil {
			return
		}
		out = append(append(out, js[last:start]...), quoted...)
		last = end
	})
	if out == nil {
		return data
	}
	out = append(out, js[last:]...)
	if len(data) < 20 || binary.LittleEndian.Uint32(data) != glbMagic {
		return out
	}
	return replaceJSONChunk(data, out)
}

// glbMagic starts a .glb file ("glTF").
const glbMagic = 0x46546C67

// JSONChunk is the JSON text of a .gltf (the file) or a .glb (its first
// chunk, which the format requires to be the JSON).
func JSONChunk(data []byte) ([]byte, error) {
	if len(data) < 4 || binary.LittleEndian.Uint32(data) != glbMagic {
		return data, nil
	}
	if len(data) < 20 || binary.LittleEndian.Uint32(data[16:]) != 0x4E4F534A { // "JSON"
		return nil, fmt.Errorf("glb: no JSON chunk")
	}
	n := int(binary.LittleEndian.Uint32(data[12:]))
	if n > len(data)-20 {
		return nil, fmt.Errorf("glb: the JSON chunk says %d bytes, the file holds %d", n, len(data)-20)
	}
	return data[20 : 20+n], nil
}

// RelativePath is the slash path, relative to its document, of a relative
// URI (unescaped); an error for a URL or an absolute path. ".." is left
// for the reader's resolver to judge (it may climb to a project root).
func RelativePath(uri string) (string, error) {
	u, err := url.Parse(uri)
	if err != nil {
		return "", fmt.Errorf("invalid uri %q: %v", uri, err)
	}
	if u.Scheme != "" || u.Host != "" || path.IsAbs(u.Path) {
		return "", fmt.Errorf("uri %q is not a relative file reference", uri)
	}
	return u.Path, nil
}

// uriFile is the file a uri names relative to its document, unescaped;
// a URL or absolute path as written; ok is false for a data: URI.
func uriFile(uri string) (string, bool) {
	if strings.HasPrefix(uri, "data:") {
		return "", false
	}
	if rel, err := RelativePath(uri); err == nil {
		return rel, true
	}
	return uri, true
}

// forEachURI calls fn with the byte span (quotes included) and value of
// every "uri" string of the objects of the document's buffers and images
// arrays.
func forEachURI(js []byte, fn func(start, end int, uri string)) error {
	dec := jsontext.NewDecoder(bytes.NewReader(js), jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))
	if tok, err := dec.ReadToken(); err != nil || tok.Kind() != '{' {
		return fmt.Errorf("glTF: the document is not a JSON object")
	}
	for dec.PeekKind() != '}' {
		name, err := dec.ReadToken()
		if err != nil {
			return err
		}
		if key := name.String(); (key != "buffers" && key != "images") || dec.PeekKind() != '[' {
			if err := dec.SkipValue(); err != nil {
				return err
			}
			continue
		}
		dec.ReadToken() // [
		for dec.PeekKind() != ']' {
			if dec.PeekKind() != '{' {
				if err := dec.SkipValue(); err != nil {
					return err
				}
				continue
			}
			dec.ReadToken() // {
			for dec.PeekKind() != '}' {
				member, err := dec.ReadToken()
				if err != nil {
					return err
				}
				if member.String() != "uri" || dec.PeekKind() != '"' {
					if err := dec.SkipValue(); err != nil {
						return err
					}
					continue
				}
				raw, err := dec.ReadValue()
				if err != nil {
					return err
				}
				end := int(dec.InputOffset())
				var uri string
				if json.Unmarshal(raw, &uri) == nil {
					fn(end-len(raw), end, uri)
				}
			}
			if _, err := dec.ReadToken(); err != nil { // }
				return err
			}
		}
		if _, err := dec.ReadToken(); err != nil { // ]
			return err
		}
	}
	return nil
}

// replaceJSONChunk returns a .glb with its JSON chunk (the first) replaced
// by js, padded with spaces to four bytes as the format asks.
func replaceJSONChunk(glb, js []byte) []byte {
	old := int(binary.LittleEndian.Uint32(glb[12:]))
	if 20+old > len(glb) {
		return glb
	}
	for len(js)%4 != 0 {
		js = append(js, ' ')
	}
	out := make([]byte, 0, len(glb)-old+len(js))
	out = append(out, glb[:12]...)
	out = binary.LittleEndian.AppendUint32(out, uint32(len(js)))
	out = append(out, glb[16:20]...)
	out = append(out, js...)
	out = append(out, glb[20+old:]...)
	binary.LittleEndian.PutUint32(out[8:], uint32(len(out)))
	return out
}
