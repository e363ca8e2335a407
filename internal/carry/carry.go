// Package carry writes beside a conversion's output the files its side
// files name: a copied OBJ's .mtl libraries, the images those name, a
// copied COLLADA file's images, and so on down. Without them a viewer
// opening the output draws the copied meshes uncoloured.
//
// A named file is written at the relative path the naming file uses, so
// the file needs no change and stays a link to its source. Where that path
// would leave the output's folder or is taken by another file, the file is
// written beside the one naming it under a safe name instead, and the
// naming file's bytes are rewritten to say so. References by absolute path
// or URL are neither read nor rewritten (they mean the same file wherever
// the output is), and a file that cannot be read (missing, or outside the
// folders the input may read) keeps its reference; both are reported,
// never an error.
package carry

import (
	"fmt"
	"path"
	"path/filepath"
	"strings"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/meshio"
)

// Files carries the references of one output's side files.
type Files struct {
	out  *convert.Output
	opts *convert.Options
	held map[string]string // output name → ID of the source file carried there
	// told: the files reported as not carried (by ID, or by reference
	// when absolute), so each is reported once however many name it
	told  map[string]bool
	diags convert.Diagnostics
}

// New returns a carrier writing into out. Call it once every side file
// the writer names itself is in out.Files: carried files take only names
// left free.
func New(out *convert.Output, opts *convert.Options) *Files {
	if out.Files == nil {
		out.Files = map[string][]byte{}
	}
	return &Files{out: out, opts: opts, held: map[string]string{}, told: map[string]bool{}}
}

// Diagnostics are what could not be carried.
func (c *Files) Diagnostics() convert.Diagnostics { return c.diags }

// Mesh carries what side file name, the mesh file m unchanged, names
// (subject and where place the diagnostics). It does nothing for a mesh
// whose parser gives no way to read its siblings.
func (c *Files) Mesh(name string, m *convert.Mesh, subj convert.Subject, where string) {
	if _, ok := c.out.Files[name]; !ok || m.Sibling == nil {
		return
	}
	c.carry(name, ".", m.Sibling, subj, where)
}

// Copy is a mesh file a writer wrote unchanged beside its output as
// Name: its own references are carried once every other side file has
// its name (see All).
type Copy struct {
	Name    string
	Mesh    convert.Mesh
	Subject convert.Subject
	Where   string
}

// All carries the references of every copied mesh file, in order, and
// returns what could not be carried.
func All(out *convert.Output, opts *convert.Options, copies []Copy) convert.Diagnostics {
	c := New(out, opts)
	for k := range copies {
		c.Mesh(copies[k].Name, &copies[k].Mesh, copies[k].Subject, copies[k].Where)
	}
	return c.Diagnostics()
}

// carry writes the files side file name names; base is the source folder
// of name relative to the mesh file's (for open).
func (c *Files) carry(name, base string, open func(string) (convert.SiblingFile, error), subj convert.Subject, where string) {
	ext := strings.ToLower(strings.TrimPrefix(path.Ext(name), "."))
	refs, err := meshio.Refs(ext, c.out.Files[name])
	if err != nil {
		c.diags.Add(convert.CodeTextureDropped, subj, where, "the files %s names are not written beside it: %v", name, err)
		return
	}
	renames := map[string]string{}
	for _, ref := range refs {
		r := strings.ReplaceAll(ref, "\\", "/")
		if strings.Contains(r, "://") || strings.HasPrefix(r, "file:") || path.IsAbs(r) || filepath.IsAbs(r) || len(r) > 1 && r[1] == ':' {
			if c.once("ref:" + ref) {
				continue
			}
			c.diags.Add(convert.CodeTextureDropped, subj, where, "%s names %q by an absolute path or URL, which is neither read nor written beside it; the copy refers to it as the source does", name, ref)
			continue
		}
		src := path.Join(base, r)
		f, err := open(src)
		if err != nil {
			if f.ID != "" && c.once("id:"+f.ID) {
				continue
			}
			c.diags.Add(convert.CodeTextureDropped, subj, where, "%q, which %s names, is not written beside it (%v); the copy refers to a file that is not there", ref, name, err)
			continue
		}
		at, fresh := c.place(path.Join(path.Dir(name), r), path.Dir(name), r, f)
		if at != path.Join(path.Dir(name), r) {
			renames[ref] = path.Base(at)
		}
		if fresh {
			c.carry(at, path.Dir(src), open, subj, where)
		}
	}
	if len(renames) > 0 {
		c.out.Files[name] = meshio.Rewrite(ext, c.out.Files[name], renames)
		delete(c.out.Links, name) // no longer the source's bytes
	}
}

// once reports whether key was reported already, and notes it.
func (c *Files) once(key string) bool {
	if c.told[key] {
		return true
	}
	c.told[key] = true
	return false
}

// place returns where file f, wanted at output name want, is written:
// want, unless it leaves the output's folder or holds another file, else
// a safe name of its own in dir. fresh is false when f was there already.
func (c *Files) place(want, dir, ref string, f convert.SiblingFile) (at string, fresh bool) {
	if filepath.IsLocal(want) {
		if c.held[want] == f.ID {
			return want, false
		}
		if c.free(want) {
			c.put(want, f)
			return want, true
		}
	}
	ext := path.Ext(ref)
	stem := sanitize(strings.TrimSuffix(path.Base(ref), ext))
	if ext != "" {
		ext = sanitize(ext)
	}
	for k := 1; ; k++ {
		at = path.Join(dir, stem+ext)
		if k > 1 {
			at = path.Join(dir, fmt.Sprintf("%s_%d%s", stem, k, ext))
		}
		if c.held[at] == f.ID {
			return at, false
		}
		if c.free(at) {
			c.put(at, f)
			return at, true
		}
	}
}

// free reports an output name no file takes, the main file included.
func (c *Files) free(name string) bool {
	if _, ok := c.out.Files[name]; ok {
		return false
	}
	if _, ok := c.held[name]; ok {
		return false
	}
	main := c.opts.OutputName
	return main == "" || main == "-" || name != path.Base(filepath.ToSlash(main))
}

func (c *Files) put(name string, f convert.SiblingFile) {
	c.out.Files[name] = f.Data
	c.held[name] = f.ID
	c.out.Link(name, f.Disk, c.opts)
}

// sanitize keeps file names to letters, digits, '-', '_' and '.'.
func sanitize(s string) string {
	b := []byte(s)
	for i, ch := range b {
		if !(ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' || ch >= '0' && ch <= '9' || ch == '-' || ch == '_' || ch == '.') {
			b[i] = '_'
		}
	}
	if len(b) == 0 {
		return "file"
	}
	return string(b)
}
