package convert

import (
	"bytes"
	"hash/maphash"
	"sync"
)

// DecodeCache keeps what readers decoded from side-file bytes (mesh files)
// for the length of one conversion: the source's reader, the writer
// (which may need a visual mesh's triangles) and verification, which reads
// the output and so the same mesh files again, then decode each file once.
// Entries are found by content, never by name, and a hit is checked byte
// for byte, so two files that merely share a name or a hash never mix.
// Values are shared: whoever stores one must not change it afterwards,
// and whoever loads one must treat it as read-only.
type DecodeCache struct {
	mu      sync.Mutex
	seed    maphash.Seed
	entries map[decodeKey][]decodeEntry
}

type decodeKey struct {
	kind string
	size int
	hash uint64
}

type decodeEntry struct {
	data  []byte
	value any
}

func (c *DecodeCache) key(kind string, data []byte) decodeKey {
	return decodeKey{kind, len(data), maphash.Bytes(c.seed, data)}
}

// Load returns the value stored for data under kind (a decoder's name and
// whatever else its result depends on).
func (c *DecodeCache) Load(kind string, data []byte) (any, bool) {
	if c == nil {
		return nil, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, e := range c.entries[c.key(kind, data)] {
		if bytes.Equal(e.data, data) {
			return e.value, true
		}
	}
	return nil, false
}

// Store records value as what kind decodes data to.
func (c *DecodeCache) Store(kind string, data []byte, value any) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	k := c.key(kind, data)
	for _, e := range c.entries[k] {
		if bytes.Equal(e.data, data) {
			return
		}
	}
	c.entries[k] = append(c.entries[k], decodeEntry{data, value})
}

// NewDecodeCache starts an empty cache.
func NewDecodeCache() *DecodeCache {
	return &DecodeCache{seed: maphash.MakeSeed(), entries: map[decodeKey][]decodeEntry{}}
}

// Decoded returns the input's DecodeCache, created on first use.
func (in *Input) Decoded() *DecodeCache {
	budgetMu.Lock()
	defer budgetMu.Unlock()
	if in.decoded == nil {
		in.decoded = NewDecodeCache()
	}
	return in.decoded
}

// ShareDecoded makes in use from's DecodeCache: an input read in the same
// conversion as from (its output, read back) finds what from's reader
// decoded.
func (in *Input) ShareDecoded(from *Input) {
	if from != nil {
		in.decoded = from.Decoded()
	}
}

// DecodeMeshes reads, side by side (as many at a time as there are
// processors), every mesh a reader left unread (Mesh.Decode), so that an
// emitter that then goes through its meshes in order, reporting failures
// in that order, finds them read. It ignores failures: the emitter's own
// call meets them again.
func DecodeMeshes(g *Graph) {
	var todo []func() ([]Vec3, []uint32, error)
	for i := range g.Meshes {
		if m := &g.Meshes[i]; !m.Loaded && m.Decode != nil {
			todo = append(todo, m.Decode)
		}
	}
	if len(todo) < 2 {
		return
	}
	Parallel(len(todo), func(i int) { todo[i]() })
}
