package batch

import (
	"fmt"
	"hash/fnv"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/bmatcuk/doublestar/v4"
	"github.com/physconv/physconv/convert"
)

// ConfigName is the project configuration Batch looks for in the source
// folder when none is given.
const ConfigName = "physconv.yaml"

// BatchInputs lists the inputs Batch would convert below src: sorted
// slash-separated paths relative to src, after the include and exclude
// patterns and the shard. Hidden files and folders (names starting with
// ".") and the destination folder, when it lies inside src, are never
// inputs.
func BatchInputs(reg *convert.Registry, src, dst string, opts *BatchOptions) ([]string, error) {
	if opts == nil {
		opts = &BatchOptions{}
	}
	include, exclude := opts.Include, opts.Exclude
	if c := opts.Config; c != nil {
		include = append(append([]string(nil), include...), c.Include...)
		exclude = append(append([]string(nil), exclude...), c.Exclude...)
	}
	for _, p := range append(append([]string(nil), include...), exclude...) {
		if !doublestar.ValidatePattern(p) {
			return nil, fmt.Errorf("bad glob pattern %q", p)
		}
	}
	// Walk the real folder, so a SRC given through a symbolic link is
	// walked too, and recognise DST however it is reached.
	root := RealPath(src)
	absDst := RealPath(dst)
	var rels []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p == root {
			return nil
		}
		hidden := strings.HasPrefix(d.Name(), ".")
		if d.IsDir() {
			if abs, _ := filepath.Abs(p); hidden || (dst != "" && abs == absDst) {
				return filepath.SkipDir
			}
			return nil
		}
		if hidden || !isFileEntry(p, d) {
			return nil
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if rel == ConfigName || !opts.Shard.Contains(rel) {
			return nil
		}
		if matchAny(exclude, rel) {
			return nil
		}
		if len(include) > 0 && !matchAny(include, rel) {
			return nil
		}
		if len(include) == 0 && !readable(reg, rel) {
			return nil
		}
		rels = append(rels, rel)
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.Strings(rels)
	return rels, nil
}

// RealPath is p absolute with symbolic links resolved, as far as they
// resolve (a folder not made yet keeps the rest of its path).
func RealPath(p string) string {
	abs, err := filepath.Abs(p)
	if err != nil {
		return p
	}
	if r, err := filepath.EvalSymlinks(abs); err == nil {
		return r
	}
	dir, base := filepath.Split(abs)
	if dir = filepath.Clean(dir); dir == abs || base == "" {
		return abs
	}
	return filepath.Join(RealPath(dir), base)
}

// isFileEntry accepts regular files and symbolic links to them.
func isFileEntry(p string, d fs.DirEntry) bool {
	if d.Type().IsRegular() {
		return true
	}
	if d.Type()&fs.ModeSymlink != 0 {
		st, err := os.Stat(p)
		return err == nil && st.Mode().IsRegular()
	}
	return false
}

func readable(reg *convert.Registry, rel string) bool {
	for _, f := range reg.ByExtension(rel) {
		if f.Parse != nil {
			return true
		}
	}
	return false
}

// matchAny matches rel against glob patterns; a pattern without "/"
// matches the file name at any depth.
func matchAny(patterns []string, rel string) bool {
	for _, p := range patterns {
		target := rel
		if !strings.Contains(p, "/") {
			target = path.Base(rel)
		}
		if ok, _ := doublestar.Match(p, target); ok {
			return true
		}
	}
	return false
}

// tempName matches the temporary files WriteOutput creates
// (".<name>.tmp<digits>"); a killed run can leave them behind.
var tempName = regexp.MustCompile(`^\..+\.tmp[0-9]+$`)

// RemoveStaleTemps deletes temporary files left in dir (and below) by a
// killed run, so no half-written file survives. Only names of the form
// WriteOutput uses are touched.
func RemoveStaleTemps(dir string) error {
	return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if os.IsNotExist(err) {
				return nil
			}
			return err
		}
		if !d.IsDir() && tempName.MatchString(d.Name()) {
			if err := os.Remove(p); err != nil && !os.IsNotExist(err) {
				return err
			}
		}
		return nil
	})
}

// Shard selects one part of a deterministic partition of a batch's
// inputs, so N machines can each convert one part: an input belongs to
// shard K of N when the FNV-1a hash of its relative path is K-1 modulo N.
// The zero value (or N = 1) selects everything.
type Shard struct {
	// K is 1-based; N is the number of shards.
	K, N int
}

// ParseShard reads "K/N" (1 <= K <= N).
func ParseShard(s string) (Shard, error) {
	ks, ns, ok := strings.Cut(s, "/")
	k, err1 := strconv.Atoi(ks)
	n, err2 := strconv.Atoi(ns)
	if !ok || err1 != nil || err2 != nil || n < 1 || k < 1 || k > n {
		return Shard{}, fmt.Errorf("shard must be K/N with 1 <= K <= N, not %q", s)
	}
	return Shard{K: k, N: n}, nil
}

// Contains reports whether the input at rel (slash-separated, relative to
// the source folder) belongs to this shard.
func (s Shard) Contains(rel string) bool {
	if s.N <= 1 {
		return true
	}
	h := fnv.New64a()
	h.Write([]byte(rel))
	return int(h.Sum64()%uint64(s.N)) == s.K-1
}

func (s Shard) String() string {
	if s.N <= 1 {
		return ""
	}
	return fmt.Sprintf("%d/%d", s.K, s.N)
}
