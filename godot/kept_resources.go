package godot

import (
	"github.com/physconv/physconv/internal/tscn"
)

// keptSub and keptExt stand in a kept property for the resources it
// references, so a Godot round trip writes them again (a ShapeCast3D's
// shape, a SoftBody3D's mesh) under the output's own ids.
type (
	keptSub struct {
		class string
		props []tscn.Prop
	}
	keptExt struct{ class, resPath string }
)

// maxKeptDepth bounds how deep resources referencing resources are kept.
const maxKeptDepth = 16

// captureRefs copies v with every SubResource or ExtResource reference
// replaced by what it names; ok is false when a reference cannot be
// resolved (missing, inline object, too deep), and then v is not kept.
func captureRefs(v tscn.Value, d *doc, depth int) (out tscn.Value, ok bool) {
	if depth > maxKeptDepth || d == nil {
		return nil, false
	}
	switch x := v.(type) {
	case *tscn.Object:
		return nil, false
	case tscn.Ref:
		switch x.Kind {
		case "SubResource":
			r := d.sub[x.ID]
			if r == nil || r.section == nil {
				return nil, false
			}
			owner := r.owner
			if owner == nil {
				owner = d
			}
			k := keptSub{class: r.class}
			for _, p := range r.section.Props {
				pv, ok := captureRefs(p.Value, owner, depth+1)
				if !ok {
					return nil, false
				}
				k.props = append(k.props, tscn.Prop{Key: p.Key, Value: pv})
			}
			return k, true
		case "ExtResource":
			r := d.ext[x.ID]
			if r == nil || r.resPath == "" {
				return nil, false
			}
			return keptExt{class: r.class, resPath: r.resPath}, true
		}
		return nil, false
	case *tscn.Call:
		if x.Unread {
			return nil, false // a mesh's data left unread cannot be written again
		}
		c := &tscn.Call{Name: x.Name, Type: x.Type, Args: make([]tscn.Value, len(x.Args)), Bytes: x.Bytes}
		for k, a := range x.Args {
			if c.Args[k], ok = captureRefs(a, d, depth); !ok {
				return nil, false
			}
		}
		return c, true
	case tscn.Array:
		a := make(tscn.Array, len(x))
		for k, e := range x {
			if a[k], ok = captureRefs(e, d, depth); !ok {
				return nil, false
			}
		}
		return a, true
	case tscn.Dict:
		m := make(tscn.Dict, len(x))
		for k, e := range x {
			m[k] = e
			if m[k].Key, ok = captureRefs(e.Key, d, depth); !ok {
				return nil, false
			}
			if m[k].Value, ok = captureRefs(e.Value, d, depth); !ok {
				return nil, false
			}
		}
		return m, true
	}
	return v, true
}

// restoreRefs writes the resources a kept value stands for and returns
// the value with references to them.
func (e *emitter) restoreRefs(v tscn.Value) tscn.Value {
	switch x := v.(type) {
	case keptSub:
		props := make([]tscn.Prop, len(x.props))
		for k, p := range x.props {
			props[k] = tscn.Prop{Key: p.Key, Value: e.restoreRefs(p.Value)}
		}
		return e.addSub(x.class, props)
	case keptExt:
		return e.addExt(x.class, x.resPath)
	case *tscn.Call:
		c := &tscn.Call{Name: x.Name, Type: x.Type, Args: make([]tscn.Value, len(x.Args)), Bytes: x.Bytes}
		for k, a := range x.Args {
			c.Args[k] = e.restoreRefs(a)
		}
		return c
	case tscn.Array:
		a := make(tscn.Array, len(x))
		for k, el := range x {
			a[k] = e.restoreRefs(el)
		}
		return a
	case tscn.Dict:
		m := make(tscn.Dict, len(x))
		for k, el := range x {
			m[k] = el
			m[k].Key, m[k].Value = e.restoreRefs(el.Key), e.restoreRefs(el.Value)
		}
		return m
	}
	return v
}
