package gltfx

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/qmuntal/gltf"
)

// docJSON is gltf.Document field for field (names, tags, order: a test
// holds them equal) but for its nodes, which it writes itself. The
// library writes each node through its own MarshalJSON, which marshals
// the node again into a buffer that the encoder then scans once more:
// most of the time of writing a large scene. encodeNodes writes the same
// bytes directly.
type docJSON struct {
	Extensions         gltf.Extensions    `json:"extensions,omitempty"`
	Extras             any                `json:"extras,omitempty"`
	ExtensionsUsed     []string           `json:"extensionsUsed,omitempty"`
	ExtensionsRequired []string           `json:"extensionsRequired,omitempty"`
	Accessors          []*gltf.Accessor   `json:"accessors,omitempty"`
	Animations         []*gltf.Animation  `json:"animations,omitempty"`
	Asset              gltf.Asset         `json:"asset"`
	Buffers            []*gltf.Buffer     `json:"buffers,omitempty"`
	BufferViews        []*gltf.BufferView `json:"bufferViews,omitempty"`
	Cameras            []*gltf.Camera     `json:"cameras,omitempty"`
	Images             []*gltf.Image      `json:"images,omitempty"`
	Materials          []*gltf.Material   `json:"materials,omitempty"`
	Meshes             []*gltf.Mesh       `json:"meshes,omitempty"`
	Nodes              nodesJSON          `json:"nodes,omitempty"`
	Samplers           []*gltf.Sampler    `json:"samplers,omitempty"`
	Scene              *int               `json:"scene,omitempty"`
	Scenes             []*gltf.Scene      `json:"scenes,omitempty"`
	Skins              []*gltf.Skin       `json:"skins,omitempty"`
	Textures           []*gltf.Texture    `json:"textures,omitempty"`
}

func toDocJSON(d *gltf.Document) *docJSON {
	return &docJSON{d.Extensions, d.Extras, d.ExtensionsUsed, d.ExtensionsRequired, d.Accessors, d.Animations,
		d.Asset, d.Buffers, d.BufferViews, d.Cameras, d.Images, d.Materials, d.Meshes, nodesJSON(d.Nodes),
		d.Samplers, d.Scene, d.Scenes, d.Skins, d.Textures}
}

// nodesJSON writes nodes as gltf.Node's MarshalJSON does.
type nodesJSON []*gltf.Node

func (ns nodesJSON) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, 128*len(ns))
	b = append(b, '[')
	var scratch bytes.Buffer // compacts each extension's JSON, node after node
	for i, n := range ns {
		if i > 0 {
			b = append(b, ',')
		}
		var err error
		if b, err = appendNode(b, n, &scratch); err != nil {
			return nil, err
		}
	}
	return append(b, ']'), nil
}

// appendNode writes one node as the library does: the transform first
// (each part only when it is not the default), then the other members in
// the struct's order, strings escaped as json.Marshal escapes them.
// scratch is room for appendExtensions.
func appendNode(b []byte, n *gltf.Node, scratch *bytes.Buffer) ([]byte, error) {
	if n == nil {
		return append(b, "null"...), nil
	}
	hasMatrix := n.Matrix != gltf.DefaultMatrix && n.Matrix != [16]float64{}
	hasRotation := n.Rotation != gltf.DefaultRotation && n.Rotation != [4]float64{}
	hasScale := n.Scale != gltf.DefaultScale && n.Scale != [3]float64{}
	hasTranslation := n.Translation != gltf.DefaultTranslation
	if hasMatrix && (hasRotation || hasScale || hasTranslation) {
		return nil, errors.New("gltf: node must not define both matrix and TRS properties")
	}
	b = append(b, '{')
	first := true
	member := func(name string) {
		if !first {
			b = append(b, ',')
		}
		first = false
		b = append(b, '"')
		b = append(b, name...)
		b = append(b, '"', ':')
	}
	floats := func(name string, fs []float64) error {
		member(name)
		b = append(b, '[')
		for i, f := range fs {
			if i > 0 {
				b = append(b, ',')
			}
			var err error
			if b, err = appendFloat(b, f); err != nil {
				return err
			}
		}
		b = append(b, ']')
		return nil
	}
	for _, part := range []struct {
		name string
		has  bool
		fs   []float64
	}{{"matrix", hasMatrix, n.Matrix[:]}, {"rotation", hasRotation, n.Rotation[:]}, {"scale", hasScale, n.Scale[:]}, {"translation", hasTranslation, n.Translation[:]}} {
		if part.has {
			if err := floats(part.name, part.fs); err != nil {
				return nil, err
			}
		}
	}
	if len(n.Extensions) > 0 {
		member("extensions")
		var err error
		if b, err = appendExtensions(b, n.Extensions, scratch); err != nil {
			return nil, err
		}
	}
	if n.Extras != nil {
		member("extras")
		raw, err := json.Marshal(n.Extras)
		if err != nil {
			return nil, err
		}
		b = append(b, raw...)
	}
	if n.Name != "" {
		member("name")
		b = appendString(b, n.Name)
	}
	if n.Camera != nil {
		member("camera")
		b = strconv.AppendInt(b, int64(*n.Camera), 10)
	}
	if len(n.Children) > 0 {
		member("children")
		b = append(b, '[')
		for i, c := range n.Children {
			if i > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendInt(b, int64(c), 10)
		}
		b = append(b, ']')
	}
	if n.Skin != nil {
		member("skin")
		b = strconv.AppendInt(b, int64(*n.Skin), 10)
	}
	if n.Mesh != nil {
		member("mesh")
		b = strconv.AppendInt(b, int64(*n.Mesh), 10)
	}
	if len(n.Weights) > 0 {
		if err := floats("weights", n.Weights); err != nil {
			return nil, err
		}
	}
	return append(b, '}'), nil
}

// appendExtensions writes an extensions map as json.Marshal does: names
// sorted, raw JSON compacted with HTML characters escaped. scratch is
// room for the compacted JSON, reused from call to call.
func appendExtensions(b []byte, ext gltf.Extensions, scratch *bytes.Buffer) ([]byte, error) {
	names := make([]string, 0, len(ext))
	for k := range ext {
		names = append(names, k)
	}
	slices.Sort(names)
	b = append(b, '{')
	for i, k := range names {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(b, k)
		b = append(b, ':')
		raw, isRaw := ext[k].(json.RawMessage)
		if !isRaw {
			var err error
			if raw, err = json.Marshal(ext[k]); err != nil {
				return nil, err
			}
			b = append(b, raw...)
			continue
		}
		if raw == nil {
			b = append(b, "null"...)
			continue
		}
		scratch.Reset()
		if err := json.Compact(scratch, raw); err != nil {
			return nil, &json.MarshalerError{Type: reflect.TypeFor[json.RawMessage](), Err: err}
		}
		compact := scratch.Bytes()
		if !bytes.ContainsAny(compact, "<>&\u2028\u2029") {
			b = append(b, compact...) // nothing for HTMLEscape to change
			continue
		}
		var escaped bytes.Buffer
		json.HTMLEscape(&escaped, compact)
		b = append(b, escaped.Bytes()...)
	}
	return append(b, '}'), nil
}

// appendFloat writes f as encoding/json writes a float64 (shortest
// decimal; exponent form below 1e-6 and from 1e21, its exponent without
// a leading zero). A non-finite f is the error encoding/json gives.
func appendFloat(b []byte, f float64) ([]byte, error) {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return b, &json.UnsupportedValueError{Value: reflect.ValueOf(f), Str: strconv.FormatFloat(f, 'g', -1, 64)}
	}
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' {
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b, nil
}

// appendString quotes s as json.Marshal does; a string with anything to
// escape goes through json.Marshal itself.
func appendString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' || c >= utf8.RuneSelf {
			raw, _ := json.Marshal(s)
			return append(b, raw...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}
