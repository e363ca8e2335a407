package gltfx

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"
)

// coreSchema is the part of the glTF 2.0 schema that physconv checks
// before handing the JSON to qmuntal/gltf, so that wrong types, negative
// sizes and dangling indices are reported with their JSON path instead of
// an offset-less unmarshal error. A kind starting with "!" is required.
// Kinds: int (non-negative), num, str, bool, any, obj:T, arr:K, map:int.
// ref names the top-level array an integer indexes.
type propSpec struct {
	kind string
	ref  string
}

var coreSchema = map[string]map[string]propSpec{
	"root": {
		"asset": {"!obj:asset", ""}, "scene": {"int", "scenes"},
		"scenes": {"arr:obj:scene", ""}, "nodes": {"arr:obj:node", ""},
		"meshes": {"arr:obj:mesh", ""}, "accessors": {"arr:obj:accessor", ""},
		"bufferViews": {"arr:obj:bufferView", ""}, "buffers": {"arr:obj:buffer", ""},
		"materials": {"arr:obj:material", ""}, "textures": {"arr:obj:texture", ""},
		"images": {"arr:obj:image", ""}, "samplers": {"arr:obj:sampler", ""},
		"skins": {"arr:obj:skin", ""}, "cameras": {"arr:obj:camera", ""},
		"animations":     {"arr:obj:animation", ""},
		"extensionsUsed": {"arr:str", ""}, "extensionsRequired": {"arr:str", ""},
	},
	"asset": {"version": {"!str", ""}, "generator": {"str", ""}, "copyright": {"str", ""}, "minVersion": {"str", ""}},
	"scene": {"nodes": {"arr:int", "nodes"}},
	"node": {
		"children": {"arr:int", "nodes"}, "mesh": {"int", "meshes"}, "skin": {"int", "skins"},
		"camera": {"int", "cameras"}, "matrix": {"arr:num", ""}, "rotation": {"arr:num", ""},
		"scale": {"arr:num", ""}, "translation": {"arr:num", ""}, "weights": {"arr:num", ""},
	},
	"mesh": {"primitives": {"!arr:obj:primitive", ""}, "weights": {"arr:num", ""}},
	"primitive": {
		"attributes": {"!map:int", "accessors"}, "indices": {"int", "accessors"},
		"material": {"int", "materials"}, "mode": {"int", ""}, "targets": {"arr:map:int", "accessors"},
	},
	"accessor": {
		"bufferView": {"int", "bufferViews"}, "byteOffset": {"int", ""},
		"componentType": {"!int", ""}, "normalized": {"bool", ""}, "count": {"!int", ""},
		"type": {"!str", ""}, "max": {"arr:num", ""}, "min": {"arr:num", ""},
		"sparse": {"obj:sparse", ""},
	},
	"sparse": {"count": {"!int", ""}, "indices": {"!obj:sparseIndices", ""}, "values": {"!obj:sparseValues", ""}},
	"sparseIndices": {
		"bufferView": {"!int", "bufferViews"}, "byteOffset": {"int", ""}, "componentType": {"!int", ""},
	},
	"sparseValues": {"bufferView": {"!int", "bufferViews"}, "byteOffset": {"int", ""}},
	"bufferView": {
		"buffer": {"!int", "buffers"}, "byteOffset": {"int", ""}, "byteLength": {"!int", ""},
		"byteStride": {"int", ""}, "target": {"int", ""},
	},
	"buffer": {"uri": {"str", ""}, "byteLength": {"!int", ""}},
	"material": {
		"pbrMetallicRoughness": {"obj:pbr", ""}, "normalTexture": {"obj:textureInfo", ""},
		"occlusionTexture": {"obj:textureInfo", ""}, "emissiveTexture": {"obj:textureInfo", ""},
		"emissiveFactor": {"arr:num", ""}, "alphaMode": {"str", ""}, "alphaCutoff": {"num", ""},
		"doubleSided": {"bool", ""},
	},
	"pbr": {
		"baseColorFactor": {"arr:num", ""}, "baseColorTexture": {"obj:textureInfo", ""},
		"metallicFactor": {"num", ""}, "roughnessFactor": {"num", ""},
		"metallicRoughnessTexture": {"obj:textureInfo", ""},
	},
	"textureInfo": {"index": {"!int", "textures"}, "texCoord": {"int", ""}, "scale": {"num", ""}, "strength": {"num", ""}},
	"texture":     {"sampler": {"int", "samplers"}, "source": {"int", "images"}},
	"image":       {"uri": {"str", ""}, "mimeType": {"str", ""}, "bufferView": {"int", "bufferViews"}},
	"sampler":     {"magFilter": {"int", ""}, "minFilter": {"int", ""}, "wrapS": {"int", ""}, "wrapT": {"int", ""}},
	"skin": {
		"inverseBindMatrices": {"int", "accessors"}, "skeleton": {"int", "nodes"},
		"joints": {"!arr:int", "nodes"},
	},
	"camera":        {"type": {"!str", ""}, "perspective": {"obj:perspective", ""}, "orthographic": {"obj:orthographic", ""}},
	"perspective":   {"aspectRatio": {"num", ""}, "yfov": {"!num", ""}, "zfar": {"num", ""}, "znear": {"!num", ""}},
	"orthographic":  {"xmag": {"!num", ""}, "ymag": {"!num", ""}, "zfar": {"!num", ""}, "znear": {"!num", ""}},
	"animation":     {"channels": {"!arr:obj:channel", ""}, "samplers": {"!arr:obj:animationSampler", ""}},
	"channel":       {"sampler": {"!int", ""}, "target": {"!obj:channelTarget", ""}},
	"channelTarget": {"node": {"int", "nodes"}, "path": {"!str", ""}},
	"animationSampler": {
		"input": {"!int", "accessors"}, "output": {"!int", "accessors"}, "interpolation": {"str", ""},
	},
}

// fixedLengths are arrays whose length the core schema fixes.
var fixedLengths = map[string]int{
	"node.matrix": 16, "node.rotation": 4, "node.scale": 3, "node.translation": 3,
	"material.emissiveFactor": 3, "pbr.baseColorFactor": 4,
}

// checkCore validates the document tree against coreSchema.
func checkCore(root Value) error {
	counts := map[string]int{}
	for _, arr := range []string{"scenes", "nodes", "meshes", "accessors", "bufferViews", "buffers",
		"materials", "textures", "images", "samplers", "skins", "cameras", "animations"} {
		counts[arr] = root.Get(arr).Len()
	}
	if !root.IsObject() {
		return root.Errorf("", "a glTF document must be a JSON object, not %s", root.Kind())
	}
	return checkObject(root, "root", counts)
}

func checkObject(v Value, typ string, counts map[string]int) error {
	if !v.IsObject() {
		return v.typeError("an object")
	}
	if typ == "any" || validObject(v.v.(*object), typ, counts) {
		return nil
	}
	return checkObjectInOrder(v, typ, counts)
}

// checkObjectInOrder checks an object's properties in the schema's order
// and names the first problem.
func checkObjectInOrder(v Value, typ string, counts map[string]int) error {
	if _, _, err := v.Object("extensions"); err != nil {
		return err
	}
	if _, err := v.String("name", ""); err != nil {
		return err
	}
	if err := checkKeyCase(v, typ); err != nil {
		return err
	}
	specs := coreSchema[typ]
	o, _ := v.v.(*object)
	for _, key := range schemaKeys[typ] {
		spec := specs[key]
		kind := spec.kind
		required := strings.HasPrefix(kind, "!")
		kind = strings.TrimPrefix(kind, "!")
		if !o.has(key) {
			// most properties are absent: no path is spelt for them
			if required {
				return v.Errorf(key, "required property is missing")
			}
			continue
		}
		c := v.Get(key)
		if err := checkKind(c, kind, spec.ref, counts); err != nil {
			return err
		}
		if n, ok := fixedLengths[typ+"."+key]; ok && c.Len() != n {
			return c.Errorf("", "must have %d numbers, not %d", n, c.Len())
		}
	}
	return nil
}

func checkKind(c Value, kind, ref string, counts map[string]int) error {
	switch {
	case kind == "int":
		i, err := c.AsInt()
		if err != nil {
			return err
		}
		if i < 0 {
			return c.Errorf("", "must not be negative (%d)", i)
		}
		if ref != "" {
			_, err = c.AsIndex(counts[ref], ref)
			return err
		}
	case kind == "num":
		_, err := c.AsFloat()
		return err
	case kind == "str":
		_, err := c.AsString()
		return err
	case kind == "bool":
		if c.Kind() != "boolean" {
			return c.typeError("a boolean")
		}
	case strings.HasPrefix(kind, "obj:"):
		return checkObject(c, kind[4:], counts)
	case kind == "map:int":
		if !c.IsObject() {
			return c.typeError("an object")
		}
		for _, k := range c.Keys() {
			if err := checkKind(c.Get(k), "int", ref, counts); err != nil {
				return err
			}
		}
	case strings.HasPrefix(kind, "arr:"):
		items, err := c.Elems()
		if err != nil {
			return err
		}
		for _, it := range items {
			if err := checkKind(it, kind[4:], ref, counts); err != nil {
				return err
			}
		}
	}
	return nil
}

// validObject reports whether an object of type typ passes checkObject,
// without building a Value or a path: the document is read member by
// member in the file's order, with no sorting. It is the common case
// made cheap (a scene of 100,000 nodes); when it says no, checkObject
// goes through the properties in the schema's order and names the first
// problem, so the error reported never depends on the members' order.
func validObject(o *object, typ string, counts map[string]int) bool {
	specs := coreSchema[typ]
	required := requiredCount[typ]
	for _, m := range o.members {
		key, x := m.key, m.val
		spec, ok := specs[key]
		if !ok {
			switch key {
			case "extensions":
				if _, ok := x.(*object); !ok {
					return false
				}
			case "name":
				if _, ok := x.(string); !ok {
					return false
				}
			case "extras":
			default:
				if caseVariant(key, typ) != "" {
					return false
				}
			}
			continue
		}
		kind := spec.kind
		if kind[0] == '!' {
			kind = kind[1:]
			required--
		}
		if !validKind(x, kind, spec.ref, counts) {
			return false
		}
		if n, ok := fixedLengths[typ+"."+key]; ok {
			if a, _ := x.([]any); len(a) != n {
				return false
			}
		}
	}
	return required == 0
}

// validKind reports whether x passes checkKind.
func validKind(x any, kind, ref string, counts map[string]int) bool {
	switch {
	case kind == "int":
		f, ok := finite(x)
		if !ok || f != math.Trunc(f) || f < 0 || f > 1<<53 {
			return false
		}
		return ref == "" || f < float64(counts[ref])
	case kind == "num":
		_, ok := finite(x)
		return ok
	case kind == "str":
		_, ok := x.(string)
		return ok
	case kind == "bool":
		_, ok := x.(bool)
		return ok
	case strings.HasPrefix(kind, "obj:"):
		o, ok := x.(*object)
		return ok && (kind == "obj:any" || validObject(o, kind[4:], counts))
	case kind == "map:int":
		o, ok := x.(*object)
		if !ok {
			return false
		}
		for _, e := range o.members {
			if !validKind(e.val, "int", ref, counts) {
				return false
			}
		}
		return true
	case strings.HasPrefix(kind, "arr:"):
		a, ok := x.([]any)
		if !ok {
			return false
		}
		for _, e := range a {
			if !validKind(e, kind[4:], ref, counts) {
				return false
			}
		}
		return true
	}
	return false
}

// finite is a number's value when it is finite (as Value.AsFloat reads
// it: a JSON number, or a float64 of JSON built in memory).
func finite(x any) (float64, bool) {
	var f float64
	switch n := x.(type) {
	case json.Number:
		var err error
		if f, err = strconv.ParseFloat(string(n), 64); err != nil {
			return 0, false
		}
	case float64:
		f = n
	default:
		return 0, false
	}
	return f, !math.IsInf(f, 0) && !math.IsNaN(f)
}

// requiredCount is the number of required properties of each type.
var requiredCount = func() map[string]int {
	out := map[string]int{}
	for typ, specs := range coreSchema {
		for _, s := range specs {
			if s.kind[0] == '!' {
				out[typ]++
			}
		}
	}
	return out
}()

// schemaKeys are each type's property names in order, sorted once.
var schemaKeys = func() map[string][]string {
	out := map[string][]string{}
	for typ, specs := range coreSchema {
		out[typ] = sortedKeys(specs)
	}
	return out
}()

func sortedKeys(m map[string]propSpec) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	for i := 1; i < len(keys); i++ {
		for j := i; j > 0 && keys[j] < keys[j-1]; j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
		}
	}
	return keys
}
