package hull

import (
	"math"
	"math/rand/v2"
	"sync"
)

// Memo remembers hulls by the points they were computed from, so that a
// point set hulled again gets its hull without the work. One conversion
// hulls a convex mesh's points several times: reading a Godot shape,
// lowering, writing, completing mass properties, and all of that again
// when the output is read back to verify it.
//
// A memo lives beside the hull code, and the conversion steps share one
// (Shared) instead of keeping one per conversion as convert.DecodeCache
// does for decoded files: the steps that hull (mass completion, lowering,
// the writers) are not handed the conversion's Input that carries that
// cache, and the hull depends on nothing but the points, so a memo shared
// by every conversion in the process is right for all of them. It is
// bounded, so a long batch or library process does not grow with it.
//
// Points match only bit for bit and in the same order: a hash finds
// candidates, and every coordinate of a candidate is compared before its
// hull is reused. Results are copies, so a caller may change what it gets.
// A Memo is safe for concurrent use.
type Memo struct {
	seed      uint64
	budget    int // bytes the entries may take together
	minPoints int // point sets smaller than this are hulled afresh

	mu      sync.Mutex
	entries map[memoKey]*memoEntry
	// the entries in order of use, through their next links from the
	// most recent to the oldest, which is evicted first
	recent, oldest *memoEntry
	used, count    int // bytes and entries held
	hits, misses   int
}

type memoKey struct {
	hash uint64
	n    int
}

type memoEntry struct {
	key        memoKey
	pts        []Vec
	triangles  [][3]int32
	skipped    int
	err        error // as Compute returned it, in a copy of the memo's own
	size       int
	prev, next *memoEntry // more and less recently used
	collision  *memoEntry // another entry under the same key
}

// MinMemoPoints is the size below which a point set is hulled afresh:
// fewer than four points span no volume, which Compute finds in one pass.
// From four points up a lookup wins: building even a small hull allocates
// its face table (about 7 µs for 8 points, against 1 µs for a hit).
const MinMemoPoints = 4

// memoEntryOverhead approximates the bytes an entry takes besides its
// points and triangles (the entry, its map slot and slice headers).
const memoEntryOverhead = 160

// SharedMemoBytes bounds the memory of Shared: some 350,000 points with
// their hulls, more than the convex meshes of one conversion, so the
// conversions running side by side in a batch each find their own, and
// little for a program that keeps running after converting.
const SharedMemoBytes = 16 << 20

// Shared is the memo the conversion steps hull through.
var Shared = NewMemo(SharedMemoBytes)

// NewMemo returns an empty memo whose entries take at most budget bytes.
// A point set whose entry alone would take more than a quarter of it is
// not kept, so that one huge mesh cannot flush everything else.
func NewMemo(budget int) *Memo {
	return &Memo{seed: rand.Uint64(), budget: budget, minPoints: MinMemoPoints, entries: map[memoKey]*memoEntry{}}
}

// Compute is the package's Compute, reusing the hull of an identical point
// set computed before.
func (m *Memo) Compute(pts []Vec) (Result, error) {
	if m == nil || len(pts) < m.minPoints {
		return Compute(pts)
	}
	key := memoKey{m.hash(pts), len(pts)}
	if e := m.find(key, pts); e != nil {
		return e.result()
	}
	res, err := Compute(pts)
	m.store(key, pts, res, err)
	return res, err
}

// hash mixes every coordinate's bits; a collision costs only a comparison.
func (m *Memo) hash(pts []Vec) uint64 {
	h := m.seed
	for i := range pts {
		for k := 0; k < 3; k++ {
			h ^= math.Float64bits(pts[i][k])
			h *= 0x9e3779b97f4a7c15
			h ^= h >> 31
		}
	}
	return h
}

// samePoints reports whether a and b hold the same coordinates bit for bit
// (so -0 differs from 0, and a NaN matches only the same NaN).
func samePoints(a, b []Vec) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		p, q := &a[i], &b[i]
		if math.Float64bits(p[0]) != math.Float64bits(q[0]) ||
			math.Float64bits(p[1]) != math.Float64bits(q[1]) ||
			math.Float64bits(p[2]) != math.Float64bits(q[2]) {
			return false
		}
	}
	return true
}

// find returns the entry for pts, marked most recently used, or nil. The
// entry's fields other than its links never change once stored, so the
// caller may read them after the lock is released.
func (m *Memo) find(key memoKey, pts []Vec) *memoEntry {
	m.mu.Lock()
	defer m.mu.Unlock()
	for e := m.entries[key]; e != nil; e = e.collision {
		if samePoints(e.pts, pts) {
			m.hits++
			m.unlink(e)
			m.pushFront(e)
			return e
		}
	}
	m.misses++
	return nil
}

// result rebuilds what Compute returned, in fresh memory the caller owns.
func (e *memoEntry) result() (Result, error) {
	if de, ok := e.err.(*DegenerateError); ok {
		return Result{}, &DegenerateError{Dim: de.Dim}
	}
	if e.err != nil {
		return Result{}, e.err
	}
	tris := make([][3]int, len(e.triangles))
	for i, t := range e.triangles {
		tris[i] = [3]int{int(t[0]), int(t[1]), int(t[2])}
	}
	return Result{Triangles: tris, Skipped: e.skipped}, nil
}

// store keeps a copy of pts and of their hull, evicting the least
// recently used entries to stay within the budget.
func (m *Memo) store(key memoKey, pts []Vec, res Result, err error) {
	size := memoEntryOverhead + len(pts)*len(Vec{})*8 + len(res.Triangles)*3*4
	if size > m.budget/4 {
		return
	}
	e := &memoEntry{key: key, pts: append([]Vec(nil), pts...), skipped: res.Skipped, err: err, size: size}
	if de, ok := err.(*DegenerateError); ok {
		e.err = &DegenerateError{Dim: de.Dim} // the caller has the other
	}
	if err == nil {
		e.triangles = make([][3]int32, len(res.Triangles))
		for i, t := range res.Triangles {
			e.triangles[i] = [3]int32{int32(t[0]), int32(t[1]), int32(t[2])}
		}
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	for o := m.entries[key]; o != nil; o = o.collision {
		if samePoints(o.pts, pts) {
			return // stored meanwhile by another goroutine
		}
	}
	for m.used+size > m.budget && m.oldest != nil {
		m.evict(m.oldest)
	}
	e.collision = m.entries[key]
	m.entries[key] = e
	m.pushFront(e)
	m.used += size
	m.count++
}

func (m *Memo) evict(e *memoEntry) {
	m.unlink(e)
	m.used -= e.size
	m.count--
	link := m.entries[e.key]
	if link == e {
		if e.collision == nil {
			delete(m.entries, e.key)
		} else {
			m.entries[e.key] = e.collision
		}
		return
	}
	for ; link.collision != e; link = link.collision {
	}
	link.collision = e.collision
}

func (m *Memo) unlink(e *memoEntry) {
	if e.prev != nil {
		e.prev.next = e.next
	} else {
		m.recent = e.next
	}
	if e.next != nil {
		e.next.prev = e.prev
	} else {
		m.oldest = e.prev
	}
	e.prev, e.next = nil, nil
}

func (m *Memo) pushFront(e *memoEntry) {
	e.next = m.recent
	if m.recent != nil {
		m.recent.prev = e
	} else {
		m.oldest = e
	}
	m.recent = e
}

// MemoStats tells how a memo has done: its hits and misses (lookups of
// point sets below MinMemoPoints are neither), and what it holds.
type MemoStats struct {
	Hits, Misses int
	Entries      int
	Bytes        int
}

// Stats returns the memo's counts so far.
func (m *Memo) Stats() MemoStats {
	m.mu.Lock()
	defer m.mu.Unlock()
	return MemoStats{Hits: m.hits, Misses: m.misses, Entries: m.count, Bytes: m.used}
}

// Reset forgets every hull, and the counts, as a fresh process starts:
// a benchmark of one conversion calls it between conversions, so that
// its figures are not those of a memo filled by the previous ones.
func (m *Memo) Reset() {
	m.mu.Lock()
	defer m.mu.Unlock()
	clear(m.entries)
	m.recent, m.oldest = nil, nil
	m.used, m.count, m.hits, m.misses = 0, 0, 0, 0
}
