package xmlx

import (
	"fmt"
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
