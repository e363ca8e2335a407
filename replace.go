package physconv

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/sidenames"
)

// sideRecordSchema names the format of the side-file record.
const sideRecordSchema = "physconv-side-files/1"

// SideRecordPath is the hidden file ConvertFile keeps beside an output
// with side files: the side files it wrote and their content hashes. When
// the output is replaced, the ones the new output no longer names are
// removed; only they, and only while they hold the bytes written, so
// nothing physconv did not write (a mesh of the user's, an edited file) is
// ever deleted.
func SideRecordPath(mainPath string) string {
	return filepath.Join(filepath.Dir(mainPath), "."+filepath.Base(mainPath)+".physconv-sides.json")
}

type sideRecord struct {
	Schema string     `json:"schema"`
	Files  []sideFile `json:"files"`
}

// sideFile is a side file's path relative to the output's folder
// (slash-separated) and the SHA-256 of its bytes.
type sideFile struct {
	Path string `json:"path"`
	Hash string `json:"hash"`
}

// ContentHash is the hex SHA-256 of b: how records of written files name
// their content.
func ContentHash(b []byte) string { return sidenames.ContentHash(b) }

// FileHash is ContentHash of a file's bytes, or "" when it cannot be read
// (which matches no recorded hash).
func FileHash(p string) string {
	data, err := os.ReadFile(p)
	if err != nil {
		return ""
	}
	return ContentHash(data)
}

// replaceSideFiles runs once a new output is in place at mainPath with the
// side files names (relative to its folder): it removes the side files the
// previous output's record lists that the new output did not write, are
// not the own directory entry of one of protect (the input and the files
// it read; see WriteOutput) and still hold the recorded bytes, then
// records the new side files. One that is another name of an input's file
// (a hard link an earlier conversion made) is removed like any: that
// leaves the input alone. It returns the files removed. A record that
// cannot be read removes nothing.
func replaceSideFiles(mainPath string, side map[string][]byte, protect []string) []string {
	dir := filepath.Dir(mainPath)
	recPath := SideRecordPath(mainPath)
	var removed []string
	entries := newDirEntries()
	isInput := func(p string) bool {
		return slices.ContainsFunc(protect, func(in string) bool { return sameFile(p, in) && entries.own(p, in) })
	}
	others := otherSideRecords(mainPath)
	for _, f := range readSideRecord(recPath) {
		rel := filepath.FromSlash(f.Path)
		if _, kept := side[f.Path]; kept || !filepath.IsLocal(rel) {
			continue
		}
		p := filepath.Join(dir, rel)
		if isInput(p) || FileHash(p) != f.Hash || others[f.Path] != "" {
			continue // not ours, or another output's too
		}
		if os.Remove(p) == nil {
			removed = append(removed, p)
			removeEmptyDirs(filepath.Dir(p), dir)
		}
	}
	if len(side) == 0 {
		os.Remove(recPath)
		return removed
	}
	rec := sideRecord{Schema: sideRecordSchema}
	for name, data := range side {
		rec.Files = append(rec.Files, sideFile{Path: name, Hash: ContentHash(data)})
	}
	slices.SortFunc(rec.Files, func(a, b sideFile) int {
		if a.Path < b.Path {
			return -1
		}
		if a.Path > b.Path {
			return 1
		}
		return 0
	})
	data, _ := json.MarshalIndent(rec, "", "  ")
	// Written in place after the output: a run killed before leaves the
	// old record, which only ever names files physconv wrote.
	if tmp, err := CreateTemp(dir, filepath.Base(recPath)); err == nil {
		_, err = tmp.Write(append(data, '\n'))
		if cerr := tmp.Close(); err == nil {
			err = cerr
		}
		if err == nil {
			err = os.Rename(tmp.Name(), recPath)
		}
		if err != nil {
			os.Remove(tmp.Name())
		}
	}
	return removed
}

// removeEmptyDirs removes dir and its parents below top while they are
// empty (a meshes/ folder the new output no longer uses).
func removeEmptyDirs(dir, top string) {
	for dir != top {
		rel, err := filepath.Rel(top, dir)
		if err != nil || !filepath.IsLocal(rel) || os.Remove(dir) != nil {
			return
		}
		dir = filepath.Dir(dir)
	}
}

// readSideRecord returns the side files a record lists, in its order;
// none when it cannot be read.
func readSideRecord(recPath string) []sideFile {
	data, err := os.ReadFile(recPath)
	if err != nil {
		return nil
	}
	var rec sideRecord
	if json.Unmarshal(data, &rec) != nil || rec.Schema != sideRecordSchema {
		return nil
	}
	return rec.Files
}

// recordedHashes is the side files of records by path: their hashes.
func recordedHashes(files []sideFile, into map[string]string) map[string]string {
	if into == nil {
		into = make(map[string]string, len(files))
	}
	for _, f := range files {
		into[f.Path] = f.Hash
	}
	return into
}

// otherSideRecords returns the side files the other outputs of mainPath's
// folder recorded (path → hash).
func otherSideRecords(mainPath string) map[string]string {
	dir, own := filepath.Dir(mainPath), filepath.Base(SideRecordPath(mainPath))
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	out := map[string]string{}
	for _, e := range entries {
		n := e.Name()
		if n == own || !strings.HasPrefix(n, ".") || !strings.HasSuffix(n, ".physconv-sides.json") || !e.Type().IsRegular() {
			continue
		}
		recordedHashes(readSideRecord(filepath.Join(dir, n)), out)
	}
	return out
}

// sideFilesClash reports whether writing out's side files beside
// mainPath would change a file that is not this output's alone: one that
// another output of the folder recorded, or that physconv did not write
// for this output (a file of the user's), holding other bytes.
func sideFilesClash(mainPath string, out *convert.Output) bool {
	if len(out.Files) == 0 {
		return false
	}
	dir := filepath.Dir(mainPath)
	own, others := recordedHashes(readSideRecord(SideRecordPath(mainPath)), nil), otherSideRecords(mainPath)
	for name, data := range out.Files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		st, err := os.Stat(p)
		if err != nil {
			continue // nothing there to change
		}
		if own[name] != "" && others[name] == "" {
			continue // this output's own, to replace
		}
		if st.Mode().IsRegular() && st.Size() == int64(len(data)) {
			if held, err := os.ReadFile(p); err == nil && bytes.Equal(held, data) {
				continue // the same bytes: shared
			}
		}
		return true
	}
	return false
}

// sideNamesFor is out as written beside mainPath: when a side file's
// name would change a file another output of the folder (or the user)
// keeps there, every side file takes a name with a hash of its bytes in
// it (sidenames.ContentNames, as batch runs name them), so converting
// several files into one folder never swaps one's meshes for another's.
func sideNamesFor(mainPath string, out *convert.Output) *convert.Output {
	if !sideFilesClash(mainPath, out) {
		return out
	}
	return sidenames.ContentNames(out)
}
