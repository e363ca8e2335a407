package xmlx

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// TestStreamMatchesParse: for every test input and option set, Stream
// gives the top-level element's element children in order, each the
// subtree ParseDocument builds (lines included), leaves the root its
// attributes and other children, and refuses what ParseDocument refuses
// with the same error. Children it frees are compared as read at the
// moment they are given, since their memory is then reused.
func TestStreamMatchesParse(t *testing.T) {
	opts := []Options{{Text: true, Space: true, Comments: true, MaxDepth: 20, MaxElements: 500}, {Text: true, Borrow: true}}
	given := 0
	for name, data := range testInputs() {
		for _, o := range opts {
			want, werr := ParseDocument(data, o)
			var kept []*Element
			got, gerr := Stream(data, o, func(_, c *Element) (bool, error) {
				kept = append(kept, c)
				return true, nil
			})
			var freed []string
			_, ferr := Stream(data, o, func(_, c *Element) (bool, error) {
				freed = append(freed, describe(c))
				return false, nil
			})
			if fmt.Sprint(gerr) != fmt.Sprint(werr) || fmt.Sprint(ferr) != fmt.Sprint(werr) {
				t.Fatalf("%s %+v: errors %v and %v, ParseDocument's %v", name, o, gerr, ferr, werr)
			}
			if werr != nil {
				continue
			}
			var wantKids, wantOthers []*Element
			for _, c := range want.Root.Children {
				if c.Kind == ElementNode {
					wantKids = append(wantKids, c)
				} else {
					wantOthers = append(wantOthers, c)
				}
			}
			if d := sameList(kept, wantKids, name); d != "" {
				t.Fatalf("%+v: kept children: %s", o, d)
			}
			if len(freed) != len(wantKids) {
				t.Fatalf("%s %+v: %d children given, want %d", name, o, len(freed), len(wantKids))
			}
			for i, c := range wantKids {
				if freed[i] != describe(c) {
					t.Fatalf("%s %+v: child %d given as\n%s\nwant\n%s", name, o, i, freed[i], describe(c))
				}
			}
			root := *want.Root
			root.Children = wantOthers
			if d := sameElement(got.Root, &root, name); d != "" {
				t.Fatalf("%+v: root: %s", o, d)
			}
			if d := sameList(got.Before, want.Before, name+" before"); d != "" {
				t.Fatal(d)
			}
			if d := sameList(got.After, want.After, name+" after"); d != "" {
				t.Fatal(d)
			}
			given += len(freed)
		}
	}
	if given < 1000 {
		t.Fatalf("only %d children given: the inputs do not exercise Stream", given)
	}
}

// describe spells out an element's subtree with every line.
func describe(e *Element) string {
	var b strings.Builder
	var walk func(e *Element, depth int)
	walk = func(e *Element, depth int) {
		fmt.Fprintf(&b, "%s%d %q %q line %d", strings.Repeat(" ", depth), e.Kind, e.Name, e.Data, e.Line)
		for _, a := range e.Attrs {
			fmt.Fprintf(&b, " %s=%q@%d", a.Name, a.Value, a.Line)
		}
		b.WriteByte('\n')
		for _, c := range e.Children {
			walk(c, depth+1)
		}
	}
	walk(e, 0)
	return b.String()
}

// TestStreamErrorOrder: an error of the callback stops the calls and is
// returned, unless the document is malformed further on: the malformed
// document's error comes first.
func TestStreamErrorOrder(t *testing.T) {
	stop := errors.New("stop")
	calls := 0
	each := func(_, c *Element) (bool, error) {
		calls++
		if c.Name == "b" {
			return false, stop
		}
		return false, nil
	}
	if _, err := Stream([]byte("<r><a/><b/><c/><b/></r>"), Options{}, each); err != stop || calls != 2 {
		t.Fatalf("error %v after %d calls, want stop after 2", err, calls)
	}
	calls = 0
	_, err := Stream([]byte("<r><a/><b/><c>\n</d></r>"), Options{}, each)
	if err == nil || !strings.Contains(err.Error(), "closed by </d>") || calls != 2 {
		t.Fatalf("error %v after %d calls, want the malformed end tag's after 2", err, calls)
	}
}

// TestStreamReusesMemory: a document of many top-level children is read
// in the memory of a few when none is kept, and a kept child is left
// whole while the next ones are read.
func TestStreamReusesMemory(t *testing.T) {
	doc := func(n int) []byte {
		var b strings.Builder
		b.WriteString("<robot name=\"r\">\n")
		for i := range n {
			fmt.Fprintf(&b, "  <link name=\"l%d\"><inertial><origin xyz=\"0 0 1\"/><mass value=\"1\"/></inertial>"+
				"<collision><geometry><box size=\"1 1 1\"/></geometry></collision></link>\n", i)
		}
		b.WriteString("</robot>\n")
		return []byte(b.String())
	}
	allocated := func(data []byte) uint64 {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		if _, err := Stream(data, Options{Text: true, Borrow: true}, func(_, c *Element) (bool, error) { return false, nil }); err != nil {
			t.Fatal(err)
		}
		runtime.ReadMemStats(&after)
		return after.TotalAlloc - before.TotalAlloc
	}
	small, large := allocated(doc(10)), allocated(doc(5000))
	if large > 2*small+64<<10 {
		t.Fatalf("5,000 links allocate %d bytes, 10 links %d: the memory of freed children is not reused", large, small)
	}
	var keep *Element
	var want string
	n := 0
	if _, err := Stream(doc(300), Options{Text: true}, func(_, c *Element) (bool, error) {
		n++
		if n == 7 {
			keep, want = c, describe(c)
			return true, nil
		}
		return false, nil
	}); err != nil {
		t.Fatal(err)
	}
	if got := describe(keep); got != want {
		t.Fatalf("a kept child changed while the rest were read:\n%s\nwas\n%s", got, want)
	}
}
