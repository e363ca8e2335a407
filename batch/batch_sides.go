package batch

import (
	"bytes"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"sync"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/convert"
)

// sideFile is one input side file to place beside an output.
type sideFile struct {
	src, dst string // absolute or as given
	hash     string
}

// sideCopier copies (or links) input side files into the destination,
// each at most once per run even when several inputs share it.
type sideCopier struct {
	src, dst string // absolute
	realSrc  string // src with symbolic links resolved
	mode     string
	mu       sync.Mutex
	once     map[string]*sideOnce
}

type sideOnce struct {
	once sync.Once
	err  error
}

func newSideCopier(src, dst, mode string) *sideCopier {
	if mode == "" {
		mode = SideCopy
	}
	real, err := filepath.EvalSymlinks(src)
	if err != nil {
		real = src
	}
	return &sideCopier{src: src, dst: dst, realSrc: real, mode: mode, once: map[string]*sideOnce{}}
}

// plan picks the side files an output needs: those the input read that
// the output names (by file name) and that the emitter did not write
// itself. A side file outside the source folder stays where it is.
func (s *sideCopier) plan(root, inPath, outPath string, read []string, out *convert.Output) ([]sideFile, convert.Diagnostics) {
	if s.mode == SideNone {
		return nil, nil
	}
	var sides []sideFile
	var diags convert.Diagnostics
	emitted := map[string]bool{}
	outDir := filepath.Dir(outPath)
	for _, name := range out.SideFiles() {
		emitted[filepath.Join(outDir, filepath.FromSlash(name))] = true
	}
	for _, r := range read {
		if !mentions(out, path.Base(r)) {
			continue
		}
		abs := filepath.Join(root, filepath.FromSlash(r))
		rel, ok := s.within(abs)
		if !ok {
			diags = append(diags, convert.Diagnostic{Severity: convert.Warning, Code: convert.CodeSideFileOutsideSource, Subject: convert.DocumentSubject(), Quantities: convert.Qs(convert.QData), File: inPath,
				Message: fmt.Sprintf("%s lies outside the source folder and was not copied; the output refers to it by name and may not resolve", abs)})
			continue
		}
		dst := filepath.Join(s.dst, rel)
		if emitted[dst] || samePath(abs, dst) {
			continue
		}
		sides = append(sides, sideFile{src: abs, dst: dst, hash: hashFile(abs)})
	}
	return sides, diags
}

// within returns abs relative to the source folder, which may be given
// relative or through a symbolic link.
func (s *sideCopier) within(abs string) (string, bool) {
	for _, base := range []string{s.src, s.realSrc} {
		if rel, err := filepath.Rel(base, abs); err == nil && filepath.IsLocal(rel) {
			return rel, true
		}
	}
	return "", false
}

// mentions reports whether the output's main file or a side file names
// the file.
func mentions(out *convert.Output, name string) bool {
	if bytes.Contains(out.Main, []byte(name)) {
		return true
	}
	for _, data := range out.Files {
		if bytes.Contains(data, []byte(name)) {
			return true
		}
	}
	return false
}

// copyAll places every side file, atomically, never over an input.
func (s *sideCopier) copyAll(sides []sideFile, protect ...string) error {
	for _, f := range sides {
		s.mu.Lock()
		o := s.once[f.dst]
		if o == nil {
			o = &sideOnce{}
			s.once[f.dst] = o
		}
		s.mu.Unlock()
		o.once.Do(func() { o.err = s.place(f, protect) })
		if o.err != nil {
			return o.err
		}
	}
	return nil
}

func (s *sideCopier) place(f sideFile, protect []string) error {
	if s.mode == SideLink {
		return linkAtomic(f.src, f.dst)
	}
	if hashFile(f.dst) == f.hash && f.hash != "" {
		return nil
	}
	data, err := os.ReadFile(f.src)
	if err != nil {
		return err
	}
	_, err = physconv.WriteOutput(f.dst, &convert.Output{Main: data}, append(protect, f.src)...)
	return err
}

// linkAtomic makes dst a relative symbolic link to src, replacing what is
// there in one rename.
func linkAtomic(src, dst string) error {
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	absSrc, err := filepath.Abs(src)
	if err != nil {
		return err
	}
	absDir, err := filepath.Abs(filepath.Dir(dst))
	if err != nil {
		return err
	}
	target, err := filepath.Rel(absDir, absSrc)
	if err != nil {
		target = absSrc
	}
	if cur, err := os.Readlink(dst); err == nil && cur == target {
		return nil
	}
	tmp := filepath.Join(filepath.Dir(dst), fmt.Sprintf(".%s.tmp%d", filepath.Base(dst), os.Getpid()))
	os.Remove(tmp)
	if err := os.Symlink(target, tmp); err != nil {
		return err
	}
	if err := os.Rename(tmp, dst); err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}
