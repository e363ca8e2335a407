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
func expandIncludes(in *convert.Input, root *Element) error {
	count := 0
	seen := map[string]*Element{}
	return expandIn(in, root, []string{in.Name}, &count, seen)
}

func expandIn(in *convert.Input, e *Element, stack []string, count *int, seen map[string]*Element) error {
	// out is the new list of children, begun only at the first include:
	// most elements have none and keep their list
	var out []*Element
	expanding := false
	for i, c := range e.Children {
		if c.Name != "include" {
			if err := expandIn(in, c, stack, count, seen); err != nil {
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
		if first, ok := seen[path.Clean(file)]; ok {
			return errAt(c, "%q is included a second time (first at line %d); MuJoCo includes a file once", file, first.Line)
		}
		seen[path.Clean(file)] = c
		if *count++; *count > maxIncludes {
			return errAt(c, "more than %d includes", maxIncludes)
		}
		if in.FS == nil {
			return errAt(c, "cannot include %q: the input has no folder", file)
		}
		data, err := in.Open(file)
		if err != nil {
			return errAt(c, "cannot include %q: %v", file, err)
		}
		sub, err := decodeAny(data, false)
		if err != nil {
			if fe, ok := err.(*convert.FormatError); ok {
				fe.File = file
			}
			return err
		}
		setFile(sub, file)
		if err := expandIn(in, sub, append(stack, file), count, seen); err != nil {
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
