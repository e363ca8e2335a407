package gltfx

import (
	"encoding/json"
	"maps"
	"slices"
)

// object is a decoded JSON object: its members in the order the file
// gives them, a repeated name keeping its first place and its last value
// (the value encoding/json's map would keep). Most objects of a glTF file
// are small (a node's two or three members), and a Go map per object cost
// a scene of 100,000 nodes three quarters of its decoding memory, so a
// member is found by scanning; an object with many members also keeps an
// index, so finding each of its members stays linear in all.
type object struct {
	members []member
	index   map[string]int // by name; set when there are more than indexFrom members
}

// member is one name and value of an object.
type member struct {
	key string
	val any // *object, []any, json.Number, string, bool or nil
}

// indexFrom is the member count past which an object is indexed by name.
const indexFrom = 12

// get returns member key's value and whether it is there (none of a nil
// object, as of a nil map).
func (o *object) get(key string) (any, bool) {
	if o == nil {
		return nil, false
	}
	if o.index != nil {
		i, ok := o.index[key]
		if !ok {
			return nil, false
		}
		return o.members[i].val, true
	}
	for i := range o.members {
		if o.members[i].key == key {
			return o.members[i].val, true
		}
	}
	return nil, false
}

// has reports whether the object has member key.
func (o *object) has(key string) bool { _, ok := o.get(key); return ok }

// find is the position of member key in ms, or -1 (index, when not nil,
// indexes ms).
func find(ms []member, index map[string]int, key string) int {
	if index != nil {
		if i, ok := index[key]; ok {
			return i
		}
		return -1
	}
	for i := range ms {
		if ms[i].key == key {
			return i
		}
	}
	return -1
}

// indexOf builds the name index of ms.
func indexOf(ms []member) map[string]int {
	index := make(map[string]int, 2*len(ms))
	for i, m := range ms {
		index[m.key] = i
	}
	return index
}

// newObject builds an object of ms (a name given twice keeps its first
// place and its last value), for JSON built in memory.
func newObject(ms []member) *object {
	o := &object{}
	for _, m := range ms {
		if i := find(o.members, o.index, m.key); i >= 0 {
			o.members[i].val = m.val
			continue
		}
		o.members = append(o.members, m)
		if o.index != nil {
			o.index[m.key] = len(o.members) - 1
		} else if len(o.members) > indexFrom {
			o.index = indexOf(o.members)
		}
	}
	return o
}

// toGo is decoded JSON as encoding/json decodes it with UseNumber: objects
// as map[string]any.
func toGo(v any) any {
	switch x := v.(type) {
	case *object:
		m := make(map[string]any, len(x.members))
		for _, e := range x.members {
			m[e.key] = toGo(e.val)
		}
		return m
	case []any:
		a := make([]any, len(x))
		for i, e := range x {
			a[i] = toGo(e)
		}
		return a
	}
	return v
}

// fromGo is JSON built in memory (maps, slices, numbers, strings) as the
// decoder builds it: each map an object, members in sorted order.
func fromGo(v any) any {
	switch x := v.(type) {
	case map[string]any:
		ms := make([]member, 0, len(x))
		for _, k := range slices.Sorted(maps.Keys(x)) {
			ms = append(ms, member{k, fromGo(x[k])})
		}
		return newObject(ms)
	case []any:
		a := make([]any, len(x))
		for i, e := range x {
			a[i] = fromGo(e)
		}
		return a
	}
	return v
}

// MarshalJSON encodes the object as encoding/json encodes a map: members
// sorted by name.
func (o *object) MarshalJSON() ([]byte, error) { return json.Marshal(toGo(o)) }
