package gltfx

import (
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"path"
	"strconv"
	"strings"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/gltfrefs"
	"github.com/qmuntal/gltf"
)

// Doc is a decoded glTF document with every buffer loaded.
type Doc struct {
	GLTF *gltf.Document
	// Binary is true when the document came from (or goes to) a .glb.
	Binary bool
	// Resources holds side files other than buffers (images referenced by
	// a relative URI), keyed by that URI, so Encode can write them beside
	// the output.
	Resources map[string][]byte
	// Embed lists the Resources AddVisuals wrote (URI → MIME type):
	// Encode embeds them in a .glb and in standard output, where no file
	// can sit beside the document.
	Embed map[string]string
	// Diags are non-fatal findings of Decode (a missing image, say).
	Diags convert.Diagnostics
	// Budget counts accessor numbers and triangles read from the document
	// (the input's, set by Decode); nil means no budget beyond the
	// per-accessor checks.
	Budget *convert.Budget
	// tree is the JSON as Decode read and checked it, from which the
	// extensions are taken (rather than decoded again, node by node);
	// unset once the document is changed.
	tree Value
}

// DocumentKey is the Graph.Extras key under which GraphFromDoc keeps the
// source *Doc, so a glTF emitter can carry every non-physics part.
const DocumentKey = "gltf.document"

// MeshKey is the convert.Mesh.Extras key holding the glTF mesh index a
// Graph mesh was read from; emitters reuse that mesh instead of a copy.
const MeshKey = "gltf.mesh"

const (
	glbMagic     = 0x46546C67 // "glTF"
	glbChunkJSON = 0x4E4F534A // "JSON"
	glbChunkBIN  = 0x004E4942 // "BIN\0"
)

// Decode reads a .gltf or .glb file and the buffers it references (through
// in.Open, so URIs cannot leave the allowed root). Every error is a
// *convert.FormatError naming the JSON path or line:column.
func Decode(in *convert.Input) (*Doc, error) {
	jsonBytes, bin, isGLB, err := splitGLB(in.Data)
	if err != nil {
		return nil, err
	}
	var maxValues int64
	if in.Options != nil {
		maxValues = in.Options.Limits.Or().JSONValues
	} else {
		maxValues = convert.DefaultLimits.JSONValues
	}
	parsed, err := decodeTreeLimited(jsonBytes, true, maxValues)
	if err != nil {
		return nil, err
	}
	root := treeValue(parsed.tree, "")
	if parsed.overflow {
		if err := checkFinite(root); err != nil {
			return nil, err
		}
	}
	if err := checkCore(root); err != nil {
		return nil, err
	}
	if err := checkRules(root); err != nil {
		return nil, err
	}
	doc, err := typedDocument(parsed)
	if err != nil {
		return nil, &convert.FormatError{Msg: "invalid glTF: " + strings.TrimPrefix(err.Error(), "gltf: "), Err: err}
	}
	d := &Doc{GLTF: doc, Binary: isGLB, Resources: map[string][]byte{}, Budget: in.Budget(), tree: root}
	if err := d.checkRequired(); err != nil {
		return nil, err
	}
	if err := d.loadBuffers(in, bin); err != nil {
		return nil, err
	}
	if err := d.checkBufferViews(); err != nil {
		return nil, err
	}
	d.loadImages(in)
	d.zeroScales()
	return d, nil
}

// zeroScales says of each node whose scale is 0 0 0: the glTF library,
// and so physconv's readers, take an all-zero scale for none given and
// read the node at scale 1, where the file hides it (and KHR disables the
// shapes it holds).
func (d *Doc) zeroScales() {
	nodes := d.tree.Get("nodes")
	for i := range nodes.Len() {
		s := nodes.Elem(i).Get("scale")
		if !s.Exists() {
			continue
		}
		if v := numbers(s); len(v) == 3 && v[0] == 0 && v[1] == 0 && v[2] == 0 {
			d.Diags.Add(convert.CodeGLTFZeroScale, convert.NodeSubject(i), fmt.Sprintf("nodes[%d].scale", i),
				"node %d has scale 0 0 0, which hides it and disables the shapes it holds; physconv reads it at scale 1, its shapes and what hangs below it at full size", i)
		}
	}
}

// splitGLB returns the JSON chunk and the BIN chunk of a .glb, or the data
// itself for a .gltf.
func splitGLB(data []byte) (jsonBytes, bin []byte, isGLB bool, err error) {
	if len(data) < 4 || binary.LittleEndian.Uint32(data) != glbMagic {
		return data, nil, false, nil
	}
	bad := func(format string, args ...any) error {
		return &convert.FormatError{Msg: "glb: " + fmt.Sprintf(format, args...)}
	}
	if len(data) < 20 {
		return nil, nil, true, bad("file is truncated (%d bytes)", len(data))
	}
	if v := binary.LittleEndian.Uint32(data[4:]); v != 2 {
		return nil, nil, true, bad("version %d is not supported (want 2)", v)
	}
	total := int(binary.LittleEndian.Uint32(data[8:]))
	if total > len(data) {
		return nil, nil, true, bad("header says %d bytes but the file has %d (truncated?)", total, len(data))
	}
	data = data[:total]
	off := 12
	seenBIN := false
	for chunk := 0; off < len(data); chunk++ {
		if off+8 > len(data) {
			return nil, nil, true, bad("chunk %d header is truncated", chunk)
		}
		n := int(binary.LittleEndian.Uint32(data[off:]))
		typ := binary.LittleEndian.Uint32(data[off+4:])
		start := off + 8
		if n < 0 || start+n > len(data) {
			return nil, nil, true, bad("chunk %d is %d bytes but only %d remain", chunk, n, len(data)-start)
		}
		body := data[start : start+n]
		switch {
		case chunk == 0 && typ != glbChunkJSON:
			return nil, nil, true, bad("first chunk is not JSON")
		case chunk == 0:
			jsonBytes = body
		case typ == glbChunkJSON || typ == glbChunkBIN && seenBIN:
			return nil, nil, true, bad("chunk %d is a second %s chunk", chunk, map[uint32]string{glbChunkJSON: "JSON", glbChunkBIN: "BIN"}[typ])
		case typ == glbChunkBIN && chunk != 1:
			return nil, nil, true, bad("chunk %d: the BIN chunk must come right after the JSON chunk", chunk)
		case typ == glbChunkBIN:
			bin, seenBIN = body, true
		}
		off = start + n
	}
	if jsonBytes == nil {
		return nil, nil, true, bad("no JSON chunk")
	}
	return jsonBytes, bin, true, nil
}

func (d *Doc) checkRequired() error {
	used := map[string]bool{}
	for _, u := range d.GLTF.ExtensionsUsed {
		used[u] = true
	}
	for i, r := range d.GLTF.ExtensionsRequired {
		p := fmt.Sprintf("extensionsRequired[%d]", i)
		if !KnownExtension(r) {
			return convert.Errorf(p, "extension %q is required but physconv does not support it", r)
		}
		if !used[r] {
			return convert.Errorf(p, "extension %q is required but not listed in extensionsUsed", r)
		}
	}
	return nil
}

// loadBuffers reads each buffer's bytes; a file several buffers name
// (however their URIs spell it) is read once and shared, as a hundred
// buffers naming one 50 MB file read it a hundred times over, out of
// memory.
func (d *Doc) loadBuffers(in *convert.Input, bin []byte) error {
	files := map[string][]byte{} // by clean relative path
	for i, b := range d.GLTF.Buffers {
		p := fmt.Sprintf("buffers[%d]", i)
		if b.ByteLength < 1 {
			return convert.Errorf(p+".byteLength", "must be at least 1 (glTF 2.0 schema), not %d", b.ByteLength)
		}
		var data []byte
		switch {
		case i == 0 && d.Binary && b.URI == "":
			if bin == nil {
				return convert.Errorf(p, "the .glb has no BIN chunk for buffer 0")
			}
			data = bin
		case b.URI == "":
			return convert.Errorf(p+".uri", "buffer has no uri")
		case strings.HasPrefix(b.URI, "data:"):
			var err error
			if data, err = decodeDataURI(b.URI); err != nil {
				return convert.Errorf(p+".uri", "%v", err)
			}
		default:
			rel, err := gltfrefs.RelativePath(b.URI)
			if err != nil {
				return convert.Errorf(p+".uri", "%v", err)
			}
			key := path.Clean(rel)
			if data = files[key]; data == nil {
				if data, err = in.Open(rel); err != nil {
					if errors.Is(err, fs.ErrNotExist) {
						return convert.Errorf(p+".uri", "buffer file %q is missing", rel)
					}
					return convert.Errorf(p+".uri", "buffer file %q: %v", rel, err)
				}
				files[key] = data
			}
		}
		if len(data) < b.ByteLength {
			return convert.Errorf(p+".byteLength", "buffer holds %d bytes but byteLength is %d", len(data), b.ByteLength)
		}
		b.Data = data[:b.ByteLength:b.ByteLength]
	}
	return nil
}

func (d *Doc) checkBufferViews() error {
	for i, v := range d.GLTF.BufferViews {
		if v.ByteLength < 1 {
			return convert.Errorf(fmt.Sprintf("bufferViews[%d].byteLength", i), "must be at least 1 (glTF 2.0 schema), not %d", v.ByteLength)
		}
		n := len(d.GLTF.Buffers[v.Buffer].Data)
		if v.ByteOffset+v.ByteLength > n {
			return convert.Errorf(fmt.Sprintf("bufferViews[%d]", i),
				"bytes %d..%d are outside buffer %d (%d bytes)", v.ByteOffset, v.ByteOffset+v.ByteLength, v.Buffer, n)
		}
		if v.ByteStride != 0 && (v.ByteStride < 4 || v.ByteStride > 252) {
			return convert.Errorf(fmt.Sprintf("bufferViews[%d].byteStride", i), "must be 4..252, not %d", v.ByteStride)
		}
	}
	return nil
}

// loadImages reads images referenced by relative URIs so they can be
// written beside the output; a missing one is a warning, not an error:
// physics does not need it.
func (d *Doc) loadImages(in *convert.Input) {
	files := map[string][]byte{} // read once however many images name it
	for i, im := range d.GLTF.Images {
		if im.URI == "" || strings.HasPrefix(im.URI, "data:") {
			continue
		}
		p := fmt.Sprintf("images[%d].uri", i)
		rel, err := localURI(im.URI)
		if err == nil {
			key := path.Clean(rel)
			data := files[key]
			if data == nil {
				data, err = in.Open(rel)
			}
			if err == nil {
				files[key] = data
				d.Resources[im.URI] = data
				continue
			}
		}
		d.Diags.Add(convert.CodeImageMissing, convert.DocumentSubject(), p, "image %q cannot be read (%v); the output keeps the reference but not the file", im.URI, err)
	}
}

// localURI turns a relative URI into a slash path inside the input's
// folder; it refuses absolute URIs, schemes other than none and "..":
// images keep their URI in the output, which names them beside it.
func localURI(uri string) (string, error) {
	p, err := gltfrefs.RelativePath(uri)
	if err == nil && strings.HasPrefix(path.Clean(p), "..") {
		return "", fmt.Errorf("uri %q escapes the input's folder", uri)
	}
	return p, err
}

func decodeDataURI(uri string) ([]byte, error) {
	comma := strings.IndexByte(uri, ',')
	if comma < 0 {
		return nil, errors.New("data uri has no ','")
	}
	meta, payload := uri[5:comma], uri[comma+1:]
	if !strings.HasSuffix(meta, ";base64") {
		s, err := url.PathUnescape(payload)
		return []byte(s), err
	}
	b, err := base64.StdEncoding.DecodeString(payload)
	if err != nil {
		return nil, fmt.Errorf("data uri: invalid base64: %v", err)
	}
	return b, nil
}

// NodeExtension returns the JSON of extension name on node i.
func (d *Doc) NodeExtension(node int, name string) (Value, bool) {
	if node < 0 || node >= len(d.GLTF.Nodes) {
		return Value{}, false
	}
	ext := d.GLTF.Nodes[node].Extensions
	if _, ok := ext[name]; !ok {
		return Value{}, false // before building the path: most nodes have none
	}
	if d.tree.exists {
		v := d.tree.Get("nodes").Elem(node).Get("extensions").Get(name)
		return v, v.exists
	}
	return extensionValue(ext, name, "nodes["+strconv.Itoa(node)+"].extensions."+name)
}

// ReleaseTree lets the decoded JSON of the whole document go once a
// reader has taken the extensions it reads from it. The tree costs a few
// times the file's size (15 MB of a 2 MB scene of 100,000 nodes) and
// was held as long as the Graph, through writing and verifying; after
// this, NodeExtension and DocExtension decode the one extension asked
// for from its own bytes.
func (d *Doc) ReleaseTree() { d.tree = Value{} }

// DocExtension returns the JSON of document-level extension name.
func (d *Doc) DocExtension(name string) (Value, bool) {
	if _, ok := d.GLTF.Extensions[name]; ok && d.tree.exists {
		v := d.tree.Get("extensions").Get(name)
		return v, v.exists
	}
	return extensionValue(d.GLTF.Extensions, name, "extensions."+name)
}

func extensionValue(ext gltf.Extensions, name, p string) (Value, bool) {
	x, ok := ext[name]
	if !ok {
		return Value{}, false
	}
	raw, ok := x.(json.RawMessage)
	if !ok {
		var err error
		if raw, err = json.Marshal(x); err != nil {
			return Value{}, false
		}
	}
	v, err := ParseValue(raw, p)
	if err != nil {
		// Decode has already checked the whole document; only documents
		// built in memory can get here.
		return Value{}, false
	}
	return v, true
}

// SetNodeExtension stores v (marshalled to JSON) as extension name on node
// i and lists the extension in extensionsUsed.
func (d *Doc) SetNodeExtension(node int, name string, v any) error {
	d.tree = Value{} // the decoded JSON no longer says what the document does
	raw, err := marshalCompact(v)
	if err != nil {
		return err
	}
	n := d.GLTF.Nodes[node]
	if n.Extensions == nil {
		n.Extensions = gltf.Extensions{}
	}
	n.Extensions[name] = raw
	d.UseExtension(name, false)
	return nil
}

// SetDocExtension stores v as document-level extension name.
func (d *Doc) SetDocExtension(name string, v any) error {
	d.tree = Value{}
	raw, err := marshalCompact(v)
	if err != nil {
		return err
	}
	if d.GLTF.Extensions == nil {
		d.GLTF.Extensions = gltf.Extensions{}
	}
	d.GLTF.Extensions[name] = raw
	d.UseExtension(name, false)
	return nil
}

// UseExtension adds name to extensionsUsed (and extensionsRequired when
// required), keeping both lists sorted.
func (d *Doc) UseExtension(name string, required bool) {
	d.GLTF.ExtensionsUsed = addSorted(d.GLTF.ExtensionsUsed, name)
	if required {
		d.GLTF.ExtensionsRequired = addSorted(d.GLTF.ExtensionsRequired, name)
	}
}

func addSorted(list []string, name string) []string {
	for _, s := range list {
		if s == name {
			return list
		}
	}
	list = append(list, name)
	for i := len(list) - 1; i > 0 && list[i] < list[i-1]; i-- {
		list[i], list[i-1] = list[i-1], list[i]
	}
	return list
}

func marshalCompact(v any) (json.RawMessage, error) {
	if raw, ok := v.(json.RawMessage); ok {
		return raw, nil
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return json.RawMessage(b), nil
}

// JSONChunk returns the JSON text of a .gltf or .glb file.
func JSONChunk(data []byte) ([]byte, error) {
	js, _, _, err := splitGLB(data)
	return js, err
}
