package convert

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"sort"
	"sync"
)

// ManifestName is the file Batch keeps in the destination to know which
// outputs are up to date: one JSON object per line, appended as each input
// is written, compacted at the end of a run. A run killed at any moment
// leaves whole lines (a torn last line is ignored).
const ManifestName = ".physconv-manifest.jsonl"

// manifestVersion changes when outputs of the same options may differ,
// invalidating every entry.
const manifestVersion = "physconv-batch/1"

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
	Outputs     []manifestFile `json:"outputs"`
	From        string         `json:"from,omitempty"`
	To          string         `json:"to,omitempty"`
	Diagnostics Diagnostics    `json:"diagnostics,omitempty"`
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

// manifest is the loaded entries plus the journal being appended to.
type manifest struct {
	path    string
	mu      sync.Mutex
	entries map[string]*manifestEntry
	journal *os.File
	dirty   bool
}

// openManifest reads the manifest in dst (when incremental runs need it)
// and opens it for appending.
func openManifest(dst string, load bool) (*manifest, error) {
	m := &manifest{path: filepath.Join(dst, ManifestName), entries: map[string]*manifestEntry{}}
	if load {
		if err := m.load(); err != nil {
			return nil, err
		}
	}
	f, err := os.OpenFile(m.path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, err
	}
	m.journal = f
	return m, nil
}

func (m *manifest) load() error {
	data, err := os.ReadFile(m.path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		var e manifestEntry
		if json.Unmarshal(sc.Bytes(), &e) != nil || e.Input == "" {
			continue // torn line of a killed run
		}
		m.entries[e.Input] = &e
	}
	return nil
}

// upToDate returns the entry when the input, its options, every side file
// it read and every output it wrote are unchanged.
func (m *manifest) upToDate(b *batchRun, rel, hash, options string) *manifestEntry {
	m.mu.Lock()
	e := m.entries[rel]
	m.mu.Unlock()
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
func (m *manifest) entry(b *batchRun, rel, hash, options, root string, read []string, outPath string, out *Output, sides []sideFile) *manifestEntry {
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
	m.entries[e.Input] = e
	m.dirty = true
	_, err = m.journal.Write(append(line, '\n'))
	return err
}

// compact rewrites the manifest atomically with one entry per input.
func (m *manifest) compact() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if !m.dirty {
		return nil
	}
	// Entries of inputs not loaded this run (non-incremental) are kept
	// from the file as it stands.
	all := map[string]*manifestEntry{}
	old := &manifest{path: m.path, entries: all}
	if err := old.load(); err != nil {
		return err
	}
	for k, e := range m.entries {
		all[k] = e
	}
	keys := make([]string, 0, len(all))
	for k := range all {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var buf bytes.Buffer
	for _, k := range keys {
		line, err := json.Marshal(all[k])
		if err != nil {
			return err
		}
		buf.Write(line)
		buf.WriteByte('\n')
	}
	if _, err := WriteOutput(m.path, &Output{Main: buf.Bytes()}); err != nil {
		return err
	}
	m.dirty = false
	return nil
}

func (m *manifest) close() {
	if m != nil && m.journal != nil {
		m.journal.Close()
	}
}

// optionsHash identifies the options an output was made with.
func optionsHash(opts *Options, levels map[string]string, sideMode string) string {
	o := *opts
	o.OutputName = ""
	data, _ := json.Marshal(struct {
		Version string
		Options Options
		Levels  map[string]string
		Sides   string
	}{manifestVersion, o, levels, sideMode})
	return hashBytes(data)
}

func hashBytes(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

// hashFile returns the content hash of a file, or "" when it cannot be
// read (which never matches a recorded hash).
func hashFile(p string) string {
	data, err := os.ReadFile(p)
	if err != nil {
		return ""
	}
	return hashBytes(data)
}
