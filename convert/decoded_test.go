package convert

import (
	"sync"
	"testing"
)

// TestDecodeCacheByContent: entries are found by their bytes, never by a
// name or a colliding hash bucket, and a kind keeps decoders apart.
func TestDecodeCacheByContent(t *testing.T) {
	c := NewDecodeCache()
	a, b := []byte("solid a\nendsolid a\n"), []byte("solid b\nendsolid b\n")
	c.Store("stl", a, 1)
	if v, ok := c.Load("stl", append([]byte(nil), a...)); !ok || v != 1 {
		t.Fatalf("a copy of the same bytes: %v %v, want 1", v, ok)
	}
	if _, ok := c.Load("stl", b); ok {
		t.Fatalf("other bytes of the same length found an entry")
	}
	if _, ok := c.Load("obj", a); ok {
		t.Fatalf("another kind found an entry")
	}
	// two entries forced into one bucket stay apart
	k := c.key("stl", b)
	c.entries[k] = append(c.entries[k], decodeEntry{data: []byte("solid c\nendsolid c\n"), value: 3})
	c.Store("stl", b, 2)
	if v, _ := c.Load("stl", b); v != 2 {
		t.Fatalf("bucket shared by two files: got %v, want 2", v)
	}
	var nilCache *DecodeCache
	nilCache.Store("stl", a, 1)
	if _, ok := nilCache.Load("stl", a); ok {
		t.Fatalf("a nil cache holds nothing")
	}
	// used from many goroutines (-race)
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			data := []byte{byte(i)}
			c.Store("x", data, i)
			if v, ok := c.Load("x", data); !ok || v != i {
				t.Errorf("goroutine %d: %v %v", i, v, ok)
			}
		})
	}
	wg.Wait()
}
