package gltfx

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/physconv/physconv/convert"
	"reflect"
	"strconv"

	"github.com/go-json-experiment/json/jsontext"
	"github.com/qmuntal/gltf"
)

// typedDocument fills github.com/qmuntal/gltf's Document from a checked
// document as decodeTree read it.
//
// The library's own decoding reads the whole document twice and every
// node twice more, which made it most of the time of reading a large
// scene. So the nodes, the bulk of such a scene, are filled here from the
// tree already decoded, as the library would fill them (defaults for an
// absent transform, extensions as their raw JSON, extras decoded as
// encoding/json does); the other members, few and small, still go through
// the library from their own bytes, with its defaults and its required
// fields. A node the fast path does not take as it is (a member of an
// unexpected type or length) sends the whole nodes array through the
// library, which decides as before; so does a document that repeats a
// member name anywhere (the tree keeps only the last).
func typedDocument(d decoded) (*gltf.Document, error) {
	doc := new(gltf.Document)
	members := d.members
	if _, ok := members["asset"]; !ok {
		return nil, errors.New("asset is required")
	}
	into := []struct {
		key string
		dst any
	}{
		{"asset", &doc.Asset}, {"extensionsUsed", &doc.ExtensionsUsed}, {"extensionsRequired", &doc.ExtensionsRequired},
		{"extensions", &doc.Extensions}, {"extras", &doc.Extras},
		{"buffers", &doc.Buffers}, {"bufferViews", &doc.BufferViews}, {"accessors", &doc.Accessors},
		{"images", &doc.Images}, {"samplers", &doc.Samplers}, {"textures", &doc.Textures}, {"materials", &doc.Materials},
		{"meshes", &doc.Meshes}, {"cameras", &doc.Cameras}, {"skins", &doc.Skins}, {"animations", &doc.Animations},
		{"scene", &doc.Scene}, {"scenes", &doc.Scenes},
	}
	if raw := members["extensions"]; len(raw) > 0 && raw[0] == '{' {
		// the physics extensions' shapes and materials: read as the
		// library keeps them (each member's raw JSON) without its
		// decoding into a map and copying each member again
		ext, err := extensionsOf(newDecoder(raw), nil)
		if err != nil {
			return nil, err
		}
		doc.Extensions = ext
	}
	for _, m := range into {
		if m.key == "extensions" && doc.Extensions != nil {
			continue
		}
		if raw, ok := members[m.key]; ok {
			if err := json.Unmarshal(raw, m.dst); err != nil {
				return nil, typeErrorAt(m.key, raw, m.dst, err)
			}
		}
	}
	raw, ok := members["nodes"]
	if !ok {
		return doc, nil
	}
	var nodes []*gltf.Node
	if top, isObject := d.tree.(*object); isObject && !d.duplicate {
		tree, _ := top.get("nodes")
		nodes, ok = nodesFromTree(tree, raw)
	}
	if d.duplicate || !ok {
		if err := json.Unmarshal(raw, &doc.Nodes); err != nil {
			return nil, err
		}
		return doc, nil
	}
	doc.Nodes = nodes
	return doc, nil
}

// nodesFromTree builds the typed nodes from the decoded nodes array (raw
// is its JSON, read again only for nodes with extensions). ok
// is false when a node holds anything the library might read differently.
func nodesFromTree(tree any, raw []byte) (nodes []*gltf.Node, ok bool) {
	elems, isArray := tree.([]any)
	if !isArray {
		return nil, false
	}
	nodes = make([]*gltf.Node, len(elems))
	block := make([]gltf.Node, len(elems))
	var more []int // nodes with extensions
	for i, e := range elems {
		o, isObject := e.(*object)
		if !isObject {
			return nil, false
		}
		n := &block[i]
		n.Matrix, n.Rotation, n.Scale = gltf.DefaultMatrix, gltf.DefaultRotation, gltf.DefaultScale
		trs := false
		for _, m := range o.members {
			ok = true
			switch v := m.val; m.key {
			case "name":
				if n.Name, ok = v.(string); !ok {
					return nil, false
				}
			case "camera":
				ok = optIndex(v, &n.Camera)
			case "skin":
				ok = optIndex(v, &n.Skin)
			case "mesh":
				ok = optIndex(v, &n.Mesh)
			case "children":
				n.Children, ok = intList(v)
			case "weights":
				n.Weights, ok = floatList(v)
			case "matrix":
				ok = floatsInto(v, n.Matrix[:])
			case "rotation":
				ok, trs = floatsInto(v, n.Rotation[:]), true
			case "scale":
				ok, trs = floatsInto(v, n.Scale[:]), true
			case "translation":
				ok, trs = floatsInto(v, n.Translation[:]), true
			case "extras":
				n.Extras, ok = interfaceOf(v)
			case "extensions":
				if v == nil {
					return nil, false
				}
				more = append(more, i)
			}
			if !ok {
				return nil, false
			}
		}
		if o.has("matrix") && trs {
			return nil, false // the library refuses it; let it say so
		}
		nodes[i] = n
	}
	if len(more) > 0 && !nodeExtensions(raw, nodes, more) {
		return nil, false
	}
	return nodes, true
}

// nodeExtensions reads the extensions of the nodes listed in more (as raw
// JSON, one entry per name, as the library keeps them) from the nodes
// array's JSON.
func nodeExtensions(raw []byte, nodes []*gltf.Node, more []int) bool {
	dec := newDecoder(raw)
	// extension names, the same few on every node
	names := map[string]string{}
	if _, err := dec.ReadToken(); err != nil { // [
		return false
	}
	for i := 0; len(more) > 0; i++ {
		if i != more[0] {
			if dec.SkipValue() != nil {
				return false
			}
			continue
		}
		more = more[1:]
		n := nodes[i]
		if _, err := dec.ReadToken(); err != nil { // {
			return false
		}
		for dec.PeekKind() != '}' {
			name, err := dec.ReadToken()
			if err != nil {
				return false
			}
			switch name.String() {
			case "extensions":
				if n.Extensions, err = extensionsOf(dec, names); err != nil {
					return false
				}
			default:
				if dec.SkipValue() != nil {
					return false
				}
			}
		}
		if _, err := dec.ReadToken(); err != nil { // }
			return false
		}
	}
	return true
}

// extensionsOf reads an extensions object: each member's raw JSON. names,
// when not nil, keeps one string per extension name across calls.
func extensionsOf(dec *jsontext.Decoder, names map[string]string) (gltf.Extensions, error) {
	if tok, err := dec.ReadToken(); err != nil || tok.Kind() != '{' {
		return nil, errors.New("extensions is not an object")
	}
	ext := gltf.Extensions{}
	for dec.PeekKind() != '}' {
		name, err := dec.ReadToken()
		if err != nil {
			return nil, err
		}
		key, known := names[name.String()]
		if !known {
			key = name.String() // before the next read voids the token
			if names != nil {
				names[key] = key
			}
		}
		v, err := dec.ReadValue()
		if err != nil {
			return nil, err
		}
		ext[key] = json.RawMessage(bytes.Clone(v))
	}
	_, err := dec.ReadToken()
	return ext, err
}

// interfaceOf is decoded JSON as encoding/json decodes it into an any:
// numbers as float64 (the tree keeps their text); ok is false for a
// number float64 cannot hold, which encoding/json refuses.
func interfaceOf(v any) (any, bool) {
	switch x := v.(type) {
	case json.Number:
		f, err := strconv.ParseFloat(string(x), 64)
		return f, err == nil
	case *object:
		m := make(map[string]any, len(x.members))
		for _, e := range x.members {
			var ok bool
			if m[e.key], ok = interfaceOf(e.val); !ok {
				return nil, false
			}
		}
		return m, true
	case []any:
		a := make([]any, len(x))
		for i, e := range x {
			var ok bool
			if a[i], ok = interfaceOf(e); !ok {
				return nil, false
			}
		}
		return a, true
	}
	return v, true
}

// optIndex sets *dst to the integer v holds.
func optIndex(v any, dst **int) bool {
	n, ok := integer(v)
	if ok {
		*dst = &n
	}
	return ok
}

// integer is v as encoding/json reads a JSON number into an int: integer
// literals only.
func integer(v any) (int, bool) {
	s, ok := v.(json.Number)
	if !ok {
		return 0, false
	}
	i, err := strconv.ParseInt(string(s), 10, 64)
	return int(i), err == nil
}

func intList(v any) ([]int, bool) {
	a, ok := v.([]any)
	if !ok {
		return nil, false
	}
	out := make([]int, len(a))
	for i, x := range a {
		if out[i], ok = integer(x); !ok {
			return nil, false
		}
	}
	return out, true
}

// floatList reads an array of numbers.
func floatList(v any) ([]float64, bool) {
	a, ok := v.([]any)
	if !ok {
		return nil, false
	}
	out := make([]float64, len(a))
	return out, floatsInto(v, out)
}

// floatsInto reads an array of exactly len(dst) numbers into dst.
func floatsInto(v any, dst []float64) bool {
	a, ok := v.([]any)
	if !ok || len(a) != len(dst) {
		return false
	}
	for i, x := range a {
		s, ok := x.(json.Number)
		if !ok {
			return false
		}
		f, err := strconv.ParseFloat(string(s), 64)
		if err != nil {
			return false
		}
		dst[i] = f
	}
	return true
}

// typeErrorAt gives a value of the wrong type in top-level member key
// (decoded into dst) its JSON path: encoding/json names the field
// ("count") but not the element it is in (accessors[3]), which is found
// by decoding the elements one by one. Other errors pass unchanged.
func typeErrorAt(key string, raw []byte, dst any, err error) error {
	var te *json.UnmarshalTypeError
	if !errors.As(err, &te) {
		return err
	}
	path := key
	t := reflect.TypeOf(dst).Elem()
	var elems []json.RawMessage
	if t.Kind() == reflect.Slice && json.Unmarshal(raw, &elems) == nil {
		for i, e := range elems {
			if json.Unmarshal(e, reflect.New(t.Elem()).Interface()) != nil {
				path = fmt.Sprintf("%s[%d]", key, i)
				break
			}
		}
	}
	if te.Field != "" {
		path += "." + te.Field
	}
	return convert.Errorf(path, "must be %s, not %s", jsonKind(te.Type), te.Value)
}

// jsonKind names a Go type as the JSON it is read from.
func jsonKind(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return "an integer (written without a fraction or exponent)"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.Map, reflect.Struct:
		return "an object"
	}
	return "a " + t.String()
}
