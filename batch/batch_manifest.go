package batch

import (
	"bufio"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"sync"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/convert"
)

// ManifestName is the file Batch keeps in the destination to know which
// outputs are up to date: one JSON object per line, appended as each input
// is written; the latest line of an input wins, and the end of a run drops
// the others. A run killed at any moment leaves whole lines (a torn last
// line is ignored).
const ManifestName = ".physconv-manifest.jsonl"

// manifestVersion changes when outputs of the same options may differ,
// invalidating every entry (2: side files named by content).
const manifestVersion = "physconv-batch/2"

// manifestEntry says what one input produced and from what.
type manifestEntry struct {
	Input string `json:"input"`
	// Hash of the input's content; Options hash of its resolved options.
	Hash    string `json:"hash"`
	Options string `json:"options"`
	// Deps are the side files the input read: path relative to the source
	// (or absolute when outside it) → content hash.
	Deps map[string]string `json:"deps,omitempty"`
	// Outputs written, relative to the destination, main first, with the
	// content hash each must still have.
	Outputs     []manifestFile      `json:"outputs"`
	From        string              `json:"from,omitempty"`
	To          string              `json:"to,omitempty"`
	Diagnostics convert.Diagnostics `json:"diagnostics,omitempty"`
}

type manifestFile struct {
	Path string `json:"path"`
	Hash string `json:"hash"`
}

func (e *manifestEntry) files() []string {
	var out []string
	for _, f := range e.Outputs {
		out = append(out, f.Path)
	}
	return out
}

// manifest indexes the manifest file: for each input, where its latest
// line is. Entries are read back only when an incremental run asks, so
// memory stays small however large the folder.
type manifest struct {
	path  string
	mu    sync.Mutex
	index map[string]span
	file  *os.File
	dirty bool
}

// span is one line of the manifest file.
type span struct {
	off int64
	n   int
}

// openManifest opens the manifest in dst for appending and, when
// incremental runs need it, indexes its lines.
func openManifest(dst string, load bool) (*manifest, error) {
	m := &manifest{path: filepath.Join(dst, ManifestName)}
	f, err := os.OpenFile(m.path, os.O_CREATE|os.O_RDWR|os.O_APPEND, 0o644)
	if err != nil {
		return nil, err
	}
	m.file = f
	// A killed run may have left a torn last line: end it, so the next
	// line appended stays whole.
	if st, err := f.Stat(); err == nil && st.Size() > 0 {
		last := make([]byte, 1)
		if _, err := f.ReadAt(last, st.Size()-1); err == nil && last[0] != '\n' {
			f.Write([]byte("\n"))
		}
	}
	if load {
		if m.index, _, err = indexLines(f); err != nil {
			f.Close()
			return nil, err
		}
	}
	return m, nil
}

// indexLines finds the latest whole line of every input in the file and
// counts the lines (torn and superseded ones included).
func indexLines(f *os.File) (map[string]span, int, error) {
	index := map[string]span{}
	r := bufio.NewReader(io.NewSectionReader(f, 0, 1<<62))
	var off int64
	lines := 0
	for {
		line, err := r.ReadBytes('\n')
		if len(line) > 0 {
			lines++
			var head struct {
				Input string `json:"input"`
			}
			if line[len(line)-1] == '\n' && json.Unmarshal(line, &head) == nil && head.Input != "" {
				index[head.Input] = span{off, len(line)}
			}
			off += int64(len(line))
		}
		if err == io.EOF {
			return index, lines, nil
		}
		if err != nil {
			return nil, 0, err
		}
	}
}

// lookup reads the latest entry of an input, nil when there is none.
func (m *manifest) lookup(rel string) *manifestEntry {
	m.mu.Lock()
	sp, ok := m.index[rel]
	m.mu.Unlock()
	if !ok {
		return nil
	}
	buf := make([]byte, sp.n)
	if _, err := m.file.ReadAt(buf, sp.off); err != nil {
		return nil
	}
	var e manifestEntry
	if json.Unmarshal(buf, &e) != nil || e.Input != rel {
		return nil
	}
	return &e
}

// upToDate returns the entry when the input, its options, every side file
// it read and every output it wrote are unchanged.
func (m *manifest) upToDate(b *batchRun, rel, hash, options string) *manifestEntry {
	e := m.lookup(rel)
	if e == nil || e.Hash != hash || e.Options != options || len(e.Outputs) == 0 {
		return nil
	}
	for dep, h := range e.Deps {
		p := dep
		if !filepath.IsAbs(p) {
			p = b.absIn(dep)
		}
		if hashFile(p) != h {
			return nil
		}
	}
	for _, f := range e.Outputs {
		if hashFile(b.absOut(f.Path)) != f.Hash {
			return nil
		}
	}
	return e
}

// entry builds the manifest entry of a conversion about to be written.
func (m *manifest) entry(b *batchRun, rel, hash, options, root string, read []string, outPath string, out *convert.Output, sides []sideFile) *manifestEntry {
	e := &manifestEntry{Input: rel, Hash: hash, Options: options}
	for _, r := range read {
		abs := filepath.Join(root, filepath.FromSlash(r))
		key := abs
		if k, err := filepath.Rel(b.src, abs); err == nil && filepath.IsLocal(k) {
			key = filepath.ToSlash(k)
		}
		if e.Deps == nil {
			e.Deps = map[string]string{}
		}
		e.Deps[key] = hashFile(abs)
	}
	e.Outputs = append(e.Outputs, manifestFile{b.relOut(outPath), hashBytes(out.Main)})
	dir := filepath.Dir(outPath)
	for _, name := range out.SideFiles() {
		p := filepath.Join(dir, filepath.FromSlash(name))
		e.Outputs = append(e.Outputs, manifestFile{b.relOut(p), hashBytes(out.Files[name])})
	}
	for _, s := range sides {
		e.Outputs = append(e.Outputs, manifestFile{b.relOut(s.dst), s.hash})
	}
	return e
}

// record appends an entry before its outputs are renamed into place: if
// the run dies in between, the recorded hashes do not match what is on
// disk and the input is converted again.
func (m *manifest) record(e *manifestEntry) error {
	line, err := json.Marshal(e)
	if err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.dirty = true
	_, err = m.file.Write(append(line, '\n'))
	return err
}

// compact rewrites the manifest atomically with only the latest line of
// each input, when there are others, then deletes the outputs only the
// dropped lines named; it streams, holding the index and the paths of the
// current outputs.
func (m *manifest) compact() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if !m.dirty {
		return nil
	}
	index, lines, err := indexLines(m.file)
	if err != nil || lines == len(index) {
		return err
	}
	tmp, err := physconv.CreateTemp(filepath.Dir(m.path), ManifestName)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(tmp)
	r := bufio.NewReader(io.NewSectionReader(m.file, 0, 1<<62))
	live := map[string]bool{}
	var stale []manifestFile
	var off int64
	for {
		line, rerr := r.ReadBytes('\n')
		var e manifestEntry
		if len(line) > 0 && json.Unmarshal(line, &e) == nil {
			if index[e.Input].off == off {
				w.Write(line)
				for _, f := range e.Outputs {
					live[f.Path] = true
				}
			} else {
				stale = append(stale, e.Outputs...)
			}
		}
		off += int64(len(line))
		if rerr == io.EOF {
			break
		}
		if rerr != nil {
			err = rerr
			break
		}
	}
	if err == nil {
		err = w.Flush()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), m.path)
	}
	if err != nil {
		os.Remove(tmp.Name())
		return err
	}
	m.dirty = false
	m.removeStale(stale, live)
	return nil
}

// removeStale deletes the files older conversions wrote that no current
// output uses any more (side files renamed by content pile up otherwise),
// and only while they still hold the bytes recorded for them.
func (m *manifest) removeStale(stale []manifestFile, live map[string]bool) {
	dst := filepath.Dir(m.path)
	for _, f := range stale {
		if live[f.Path] || !filepath.IsLocal(filepath.FromSlash(f.Path)) {
			continue
		}
		p := filepath.Join(dst, filepath.FromSlash(f.Path))
		if hashFile(p) == f.Hash {
			os.Remove(p)
		}
	}
}

func (m *manifest) close() {
	if m != nil && m.file != nil {
		m.file.Close()
	}
}

// optionsHash identifies the options an output was made with.
func optionsHash(opts *convert.Options, levels map[string]string, sideMode string) string {
	o := *opts
	o.OutputName = ""
	data, _ := json.Marshal(struct {
		Version string
		Options convert.Options
		Levels  map[string]string
		Sides   string
	}{manifestVersion, o, levels, sideMode})
	return hashBytes(data)
}

func hashBytes(b []byte) string { return physconv.ContentHash(b) }

// hashFile returns the content hash of a file, or "" when it cannot be
// read (which never matches a recorded hash).
func hashFile(p string) string { return physconv.FileHash(p) }
