package xmlx

// Arena makes the elements of a tree that is built in one go (a writer's
// document) in shared blocks, each element with room for the attributes
// and children its builder expects: thousands of written elements then
// cost a few dozen allocations instead of two or three each, and no
// attribute list is copied as it grows. The elements are ordinary ones:
// SetAttr and appends past the room grow their lists as usual. The zero
// Arena is ready to use; the blocks stay alive as long as any element
// made from them does.
//
// The room asked for is an upper bound (a geom has at most eight
// attributes, most have four): when the next element is made, the
// attribute room the previous one left unused goes back to the block, and
// that element's list is capped at its length, so a later SetAttr on it
// grows a list of its own instead of writing into its neighbour's.
type Arena struct {
	elems []Element
	attrs []Attr
	// attrsUsed is how many of attrs are handed out; last is the element
	// made last and lastAt where its attribute room starts in attrs
	attrsUsed, lastAt int
	last              *Element
	kids              []*Element
	// block is the size of the next element block; blocks start small,
	// so that a small document stays small, and double up to maxArenaBlock
	block int
}

// maxArenaBlock is the most elements one block holds; attribute and
// child blocks hold a few times as many.
const maxArenaBlock = 256

// New returns an element named name with room for attrs attributes and
// kids children.
func (a *Arena) New(name string, attrs, kids int) *Element {
	a.giveBack()
	if len(a.elems) == 0 {
		a.block = min(max(2*a.block, 16), maxArenaBlock)
		a.elems = make([]Element, a.block)
	}
	e := &a.elems[0]
	a.elems = a.elems[1:]
	e.Name = name
	if attrs > 0 {
		if attrs > len(a.attrs)-a.attrsUsed {
			a.attrs = make([]Attr, max(4*a.block, attrs))
			a.attrsUsed = 0
		}
		e.Attrs = a.attrs[a.attrsUsed : a.attrsUsed : a.attrsUsed+attrs]
		a.last, a.lastAt = e, a.attrsUsed
		a.attrsUsed += attrs
	}
	if kids > 0 {
		if kids > len(a.kids) {
			a.kids = make([]*Element, max(4*a.block, kids))
		}
		e.Children = a.kids[:0:kids]
		a.kids = a.kids[kids:]
	}
	return e
}

// giveBack returns the attribute room the last element made left unused:
// all of it when its list has grown out of the block, the rest of it
// otherwise.
func (a *Arena) giveBack() {
	e := a.last
	if e == nil {
		return
	}
	a.last = nil
	if cap(e.Attrs) == 0 || &e.Attrs[:1][0] != &a.attrs[a.lastAt] {
		a.attrsUsed = a.lastAt // grown elsewhere: its room is unused
		return
	}
	e.Attrs = e.Attrs[:len(e.Attrs):len(e.Attrs)]
	a.attrsUsed = a.lastAt + len(e.Attrs)
}

// AddChild is (*Element).AddChild with the new element made by the
// arena, with room for attrs attributes (at least the pairs given) and
// no children.
func (a *Arena) AddChild(parent *Element, name string, attrs int, pairs ...string) *Element {
	c := a.New(name, max(attrs, len(pairs)/2), 0)
	for i := 0; i+1 < len(pairs); i += 2 {
		c.Attrs = append(c.Attrs, Attr{Name: pairs[i], Value: pairs[i+1]})
	}
	parent.Children = append(parent.Children, c)
	return c
}
