package mjcf

import (
	"errors"
	"path"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/resolve"
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
func expandIncludes(in *convert.Input, root *Element) ([]afterRoot, convert.Diagnostics, error) {
	x := &includer{in: in, seen: map[string]*Element{}}
	err := x.expand(root, []string{in.Name})
	return x.tails, x.diags, err
}

// includer expands the includes of one model.
type includer struct {
	in    *convert.Input
	count int
	seen  map[string]*Element
	tails []afterRoot // content MuJoCo passes over after an included file's element
	diags convert.Diagnostics
	// dir is the folder of the model file the includes are named in
	// (below the input's folder; "" for the input's own): an attached
	// model's includes are found beside it
	dir string
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
		file, err := namedFile(x.in, c, x.dir, "include", &x.diags)
		if err != nil {
			return err
		}
		data, err := x.in.Open(file)
		if err != nil {
			return errAt(c, "cannot include %q: %v", file, err)
		}
		for _, s := range stack {
			if path.Clean(s) == path.Clean(file) {
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

// namedFile is the path of the file element e names in its file
// attribute, found as MuJoCo finds it: under dir (the folder of the model
// file e is in; "" for the input's own) or, failing that, beside the
// included file e comes from. what says what the file is for, in errors
// ("include").
func namedFile(in *convert.Input, e *Element, dir, what string, diags *convert.Diagnostics) (string, error) {
	file, ok := e.Attr("file")
	if !ok || file == "" {
		return "", errAt(e, "needs a file attribute")
	}
	if in.FS == nil {
		return "", errAt(e, "cannot %s %q: the input has no folder", what, file)
	}
	preferred := file
	if dir != "" && !path.IsAbs(file) {
		preferred = path.Join(dir, file)
	}
	found, outside := findBeside(in, e, preferred, file)
	if outside {
		besideDiag(diags, elementPath(e), preferred, found)
	}
	return found, nil
}

// besideIncluder is where MuJoCo 3 looks for a file named inside an
// included file when the main file's folder (and the compiler's meshdir
// or texturedir) has no such file: beside the included file. MuJoCo 2
// looked only in the main file's folder. It returns "" for an element of
// the main file or an absolute name.
func besideIncluder(e *Element, file string) string {
	if e.File == "" || path.IsAbs(file) {
		return ""
	}
	return path.Join(path.Dir(e.File), file)
}

// findBeside is the path of file, named by e, as MuJoCo 3 finds it:
// preferred (file under the main file's folder and the compiler's
// directory for its kind) when it is there, else beside the included
// file e comes from when that one is. When preferred could not be looked
// at, as it leads out of the allowed folders, and the file beside is
// taken, outside is true: MuJoCo would take preferred if it is there.
func findBeside(in *convert.Input, e *Element, preferred, file string) (found string, outside bool) {
	alt := besideIncluder(e, file)
	if alt == "" || alt == path.Clean(preferred) {
		return preferred, false
	}
	_, err := in.Stat(preferred)
	if err == nil {
		return preferred, false
	}
	if _, altErr := in.Stat(alt); altErr == nil {
		return alt, leadsOut(err)
	}
	return preferred, false
}

// leadsOut reports whether err is a reference that leaves the allowed
// folders.
func leadsOut(err error) bool {
	var re *resolve.Error
	var esc *resolve.EscapeError
	return errors.As(err, &re) && re.Kind == resolve.Outside || errors.As(err, &esc)
}

// besideDiag says that file, named by e, was read at found beside its
// included file because preferred leads out of the allowed folders.
func besideDiag(diags *convert.Diagnostics, where string, preferred, found string) {
	diags.Add(convert.CodeFileBesideInclude, convert.SourceSubject(-1), where,
		"%q leads out of the allowed folders, so it was read beside the included file, as %q; MuJoCo reads the first if it is there (--allow-root lets physconv look)", preferred, found).Affecting(convert.QShape)
}

func setFile(e *Element, file string) {
	e.File = file
	for _, c := range e.Children {
		setFile(c, file)
	}
}
