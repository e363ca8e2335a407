package mjcf

import (
	"path"

	"github.com/physconv/physconv/convert"
)

// maxIncludes bounds the number of include expansions (a wide include
// tree of one file is legal but must not grow without limit).
const maxIncludes = 1000

// expandIncludes replaces every <include file="…"/> by the children of
// the included file's top-level element (whatever its name, as MuJoCo
// drops it: <mujocoinclude> by convention), recursively. Included files are
// read through in.Open, so they cannot escape the input's folder; a file
// that includes itself (directly or not) is an error, and so is a file
// included twice, as MuJoCo refuses it (which also keeps one small file
// from being pasted in a thousand times).
func expandIncludes(in *convert.Input, root *Element) ([]afterRoot, error) {
	x := &includer{in: in, seen: map[string]*Element{}}
	err := x.expand(root, []string{in.Name})
	return x.tails, err
}

// includer expands the includes of one model.
type includer struct {
	in    *convert.Input
	count int
	seen  map[string]*Element
	tails []afterRoot // content MuJoCo passes over after an included file's element
}

// afterRoot is content after a file's top-level element, which MuJoCo's
// XML parser passes over, at its line.
type afterRoot struct {
	file string
	line int
}

func (x *includer) expand(e *Element, stack []string) error {
	// out is the new list of children, begun only at the first include:
	// most elements have none and keep their list
	var out []*Element
	expanding := false
	for i, c := range e.Children {
		if c.Name != "include" {
			if err := x.expand(c, stack); err != nil {
				return err
			}
			if expanding {
				out = append(out, c)
			}
			continue
		}
		if !expanding {
			out = append(out, e.Children[:i]...)
			expanding = true
		}
		file, ok := c.Attr("file")
		if !ok || file == "" {
			return errAt(c, "needs a file attribute")
		}
		for _, s := range stack {
			if s == file {
				return errAt(c, "include cycle: %q includes itself", file)
			}
		}
		if first, ok := x.seen[path.Clean(file)]; ok {
			return errAt(c, "%q is included a second time (first at line %d); MuJoCo includes a file once", file, first.Line)
		}
		x.seen[path.Clean(file)] = c
		if x.count++; x.count > maxIncludes {
			return errAt(c, "more than %d includes", maxIncludes)
		}
		if x.in.FS == nil {
			return errAt(c, "cannot include %q: the input has no folder", file)
		}
		data, err := x.in.Open(file)
		if err != nil {
			return errAt(c, "cannot include %q: %v", file, err)
		}
		sub, ignored, err := decodeAny(data, false)
		if err != nil {
			if fe, ok := err.(*convert.FormatError); ok {
				fe.File = file
			}
			return err
		}
		if ignored > 0 {
			x.tails = append(x.tails, afterRoot{file, ignored})
		}
		setFile(sub, file)
		if err := x.expand(sub, append(stack, file)); err != nil {
			return err
		}
		out = append(out, sub.Children...)
	}
	if expanding {
		e.Children = out
	}
	return nil
}

func setFile(e *Element, file string) {
	e.File = file
	for _, c := range e.Children {
		setFile(c, file)
	}
}
