package xmlx

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// TestArenaElementsAreIndependent: elements from one block that grow
// past their room (more attributes or children than asked for) never
// write over their neighbours, and encode as elements built by hand.
func TestArenaElementsAreIndependent(t *testing.T) {
	var a Arena
	root := &Element{Name: "root"}
	want := &Element{Name: "root"}
	for i := range 600 {
		body := a.New("body", 1, 1)
		root.Children = append(root.Children, body)
		wb := want.AddChild("body")
		for k := range 3 { // past the room of one attribute
			name, value := fmt.Sprintf("a%d", k), fmt.Sprint(i)
			body.SetAttr(name, value)
			wb.SetAttr(name, value)
		}
		for k := range 2 { // past the room of one child
			a.AddChild(body, "geom", 2, "name", fmt.Sprint(i, k))
			wb.AddChild("geom", "name", fmt.Sprint(i, k))
		}
	}
	if got, w := string(Encode(root)), string(Encode(want)); got != w {
		t.Fatalf("arena tree encodes differently:\n%.400s\nwant\n%.400s", got, w)
	}
	if e := a.New("e", 3, 2); cap(e.Attrs) != 3 || cap(e.Children) != 2 || len(e.Attrs) != 0 || len(e.Children) != 0 {
		t.Errorf("New(3, 2): attrs %d/%d, children %d/%d", len(e.Attrs), cap(e.Attrs), len(e.Children), cap(e.Children))
	}
}

// TestArenaGivesBackUnusedRoom: the attribute room an element leaves
// unused goes back to the block when the next element is made, and an
// attribute set on the earlier element afterwards lands in a list of its
// own, not in the next element's.
func TestArenaGivesBackUnusedRoom(t *testing.T) {
	var a Arena
	const n = 10000
	elems := make([]*Element, 0, n)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range n {
		e := a.New("geom", 8, 0) // room for eight, two used
		e.SetAttr("name", "g")
		e.SetAttr("size", "1")
		elems = append(elems, e)
	}
	runtime.ReadMemStats(&after)
	// kept room: 112-byte elements and two 40-byte attributes each, in
	// blocks; without giving back, eight attributes each (4.3 MB)
	if got := after.TotalAlloc - before.TotalAlloc; got > 2_500_000 {
		t.Errorf("%d elements with two of eight attributes took %d bytes, want under 2.5 MB", n, got)
	}
	for i, e := range elems[:n-1] {
		e.SetAttr("pos", fmt.Sprint(i)) // past the trimmed room
	}
	for i, e := range elems {
		want := `<geom name="g" size="1" pos="` + fmt.Sprint(i) + `"/>`
		if i == n-1 {
			want = `<geom name="g" size="1"/>`
		}
		if got := strings.TrimSpace(string(Encode(e))); got != want {
			t.Fatalf("element %d encodes as %s, want %s", i, got, want)
		}
	}
}
