package mjcf

import (
	"github.com/physconv/physconv/convert"
)

// maxIncludes bounds the number of include expansions (a wide include
// tree of one file is legal but must not grow without limit).
const maxIncludes = 1000

// expandIncludes replaces every <include file="…"/> by the children of
// the included file's <mujoco> element, recursively. Included files are
// read through in.Open, so they cannot escape the input's folder; a file
// that includes itself (directly or not) is an error.
func expandIncludes(in *convert.Input, root *Element) error {
	count := 0
	return expandIn(in, root, []string{in.Name}, &count)
}

func expandIn(in *convert.Input, e *Element, stack []string, count *int) error {
	var out []*Element
	for _, c := range e.Children {
		if c.Name != "include" {
			if err := expandIn(in, c, stack, count); err != nil {
				return err
			}
			out = append(out, c)
			continue
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
		sub, err := Decode(data)
		if err != nil {
			if fe, ok := err.(*convert.FormatError); ok {
				fe.File = file
			}
			return err
		}
		setFile(sub, file)
		if err := expandIn(in, sub, append(stack, file), count); err != nil {
			return err
		}
		out = append(out, sub.Children...)
	}
	e.Children = out
	return nil
}

func setFile(e *Element, file string) {
	e.File = file
	for _, c := range e.Children {
		setFile(c, file)
	}
}
