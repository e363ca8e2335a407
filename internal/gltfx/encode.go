package gltfx

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"path"
	"strings"

	"github.com/physconv/physconv/convert"
	"github.com/qmuntal/gltf"
)

// Encode writes d as .gltf JSON or as .glb. All buffers are merged into
// one: in .glb it is the BIN chunk; in .gltf it becomes the side file
// buffersBase+".bin" (a base64 data: URI when buffersBase is empty, e.g.
// for standard output). Images read at decode time are returned as side
// files under their original relative URIs (not for standard output, where
// buffersBase is empty and images keep their references). The document is not modified;
// the output is deterministic.
func Encode(d *Doc, glb bool, buffersBase string) (*convert.Output, error) {
	cp := *d.GLTF
	bin := mergeBuffers(&cp, d.GLTF)
	out := &convert.Output{Files: map[string][]byte{}}
	if (glb || buffersBase == "") && len(d.Embed) > 0 {
		cp.Images = make([]*gltf.Image, len(d.GLTF.Images))
		for i, im := range d.GLTF.Images {
			c := *im
			cp.Images[i] = &c
			mime, ok := d.Embed[im.URI]
			if !ok {
				continue
			}
			data := d.Resources[im.URI]
			if !glb {
				c.URI = "data:" + mime + ";base64," + base64.StdEncoding.EncodeToString(data)
				continue
			}
			for len(bin)%4 != 0 {
				bin = append(bin, 0)
			}
			cp.BufferViews = append(cp.BufferViews, &gltf.BufferView{Buffer: 0, ByteOffset: len(bin), ByteLength: len(data)})
			bin = append(bin, data...)
			c.URI, c.MimeType, c.BufferView = "", mime, gltf.Index(len(cp.BufferViews)-1)
		}
		for len(bin)%4 != 0 {
			bin = append(bin, 0)
		}
	}
	if len(bin) > 0 {
		b := &gltf.Buffer{ByteLength: len(bin)}
		switch {
		case glb:
		case buffersBase == "":
			b.URI = "data:application/octet-stream;base64," + base64.StdEncoding.EncodeToString(bin)
		default:
			b.URI = buffersBase + ".bin"
			out.Files[b.URI] = bin
		}
		cp.Buffers = []*gltf.Buffer{b}
	}
	if buffersBase != "" {
		for uri, data := range d.Resources {
			if _, embedded := d.Embed[uri]; embedded && glb {
				continue
			}
			if rel, err := localURI(uri); err == nil {
				out.Files[rel] = data
			}
		}
	}
	var js bytes.Buffer
	enc := json.NewEncoder(&js)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(toDocJSON(&cp)); err != nil {
		// JSON has no NaN or infinity: refuse as every writer does
		// (convert.MustFinite), an input too extreme to compute with.
		if uv := (*json.UnsupportedValueError)(nil); errors.As(err, &uv) {
			return nil, &convert.FormatError{Msg: fmt.Sprintf("refusing to write %s into the glTF output: a number computed from the input is not finite (are sizes or masses extreme?); nothing written", uv.Str), Err: err}
		}
		return nil, fmt.Errorf("gltf: encoding document: %w", err)
	}
	if !glb {
		out.Main = indentJSON(js.Bytes())
		return out, nil
	}
	out.Main = packGLB(bytes.TrimRight(js.Bytes(), "\n"), bin)
	return out, nil
}

// mergeBuffers concatenates every buffer (each start 4-byte aligned) and
// points copies of the buffer views at the result, so the caller's
// document stays as it was.
func mergeBuffers(cp, src *gltf.Document) []byte {
	var bin []byte
	starts := make([]int, len(src.Buffers))
	for i, b := range src.Buffers {
		for len(bin)%4 != 0 {
			bin = append(bin, 0)
		}
		starts[i] = len(bin)
		bin = append(bin, b.Data...)
	}
	for len(bin)%4 != 0 {
		bin = append(bin, 0)
	}
	cp.BufferViews = make([]*gltf.BufferView, len(src.BufferViews))
	for i, v := range src.BufferViews {
		nv := *v
		nv.ByteOffset += starts[v.Buffer]
		nv.Buffer = 0
		cp.BufferViews[i] = &nv
	}
	cp.Buffers = nil
	return bin
}

func packGLB(js, bin []byte) []byte {
	for len(js)%4 != 0 {
		js = append(js, ' ')
	}
	total := 12 + 8 + len(js)
	if len(bin) > 0 {
		total += 8 + len(bin)
	}
	out := make([]byte, 0, total)
	out = binary.LittleEndian.AppendUint32(out, glbMagic)
	out = binary.LittleEndian.AppendUint32(out, 2)
	out = binary.LittleEndian.AppendUint32(out, uint32(total))
	out = binary.LittleEndian.AppendUint32(out, uint32(len(js)))
	out = binary.LittleEndian.AppendUint32(out, glbChunkJSON)
	out = append(out, js...)
	if len(bin) > 0 {
		out = binary.LittleEndian.AppendUint32(out, uint32(len(bin)))
		out = binary.LittleEndian.AppendUint32(out, glbChunkBIN)
		out = append(out, bin...)
	}
	return out
}

// OutputNames tells Encode's arguments from an output path: .glb or not,
// and the side-file base name ("" for standard output).
func OutputNames(output string) (glb bool, buffersBase string) {
	if output == "" || output == "-" {
		return false, ""
	}
	base := path.Base(strings.ReplaceAll(output, "\\", "/"))
	ext := path.Ext(base)
	return strings.EqualFold(ext, ".glb"), strings.TrimSuffix(base, ext)
}

// indentJSON re-indents compact JSON by two spaces a level, as json.Indent
// does, except that an array holding no object or array stays on one line
// ([0.1, 0.06, 0.04]): a node's translation, rotation and scale or a
// shape's size take one line instead of one per number, which keeps .gltf
// output within a small multiple of the physics it carries. One pass,
// linear in the size.
func indentJSON(src []byte) []byte {
	dst := make([]byte, 0, len(src)+len(src)/2)
	depth := 0
	newline := func() {
		dst = append(dst, '\n')
		for k := 0; k < depth; k++ {
			dst = append(dst, ' ', ' ')
		}
	}
	for i := 0; i < len(src); i++ {
		switch c := src[i]; c {
		case '"':
			j := skipJSONString(src, i)
			dst = append(dst, src[i:j]...)
			i = j - 1
		case '{', '[':
			if i+1 < len(src) && (src[i+1] == '}' || src[i+1] == ']') {
				dst = append(dst, c, src[i+1])
				i++
				continue
			}
			if end, ok := flatJSONArray(src, i); c == '[' && ok {
				for k := i; k <= end; k++ {
					if src[k] == '"' {
						j := skipJSONString(src, k)
						dst = append(dst, src[k:j]...)
						k = j - 1
						continue
					}
					dst = append(dst, src[k])
					if src[k] == ',' {
						dst = append(dst, ' ')
					}
				}
				i = end
				continue
			}
			dst = append(dst, c)
			depth++
			newline()
		case '}', ']':
			depth--
			newline()
			dst = append(dst, c)
		case ',':
			dst = append(dst, ',')
			newline()
		case ':':
			dst = append(dst, ':', ' ')
		default:
			dst = append(dst, c)
		}
	}
	return dst
}

// skipJSONString returns the index just past the string starting at
// src[i] (a quote).
func skipJSONString(src []byte, i int) int {
	for j := i + 1; j < len(src); j++ {
		switch src[j] {
		case '\\':
			j++
		case '"':
			return j + 1
		}
	}
	return len(src)
}

// flatJSONArray reports whether the array opening at src[i] holds no
// object or array, and where it closes.
func flatJSONArray(src []byte, i int) (end int, ok bool) {
	for j := i + 1; j < len(src); j++ {
		switch src[j] {
		case '"':
			j = skipJSONString(src, j) - 1
		case '[', '{':
			return 0, false
		case ']':
			return j, true
		}
	}
	return 0, false
}
