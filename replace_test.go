package physconv

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// TestReplaceSideFilesRemovesOnlyWhatWasWritten: of the side files an
// earlier output's record names, replacing the output removes exactly
// those that are not named again, lie below the output's folder, are no
// input and still hold the recorded bytes.
func TestReplaceSideFilesRemovesOnlyWhatWasWritten(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "out")
	main := filepath.Join(dir, "m.xml")
	files := map[string]string{
		"out/meshes/stale.stl":  "stale",  // recorded, not named again: removed
		"out/meshes/kept.stl":   "kept",   // named again
		"out/meshes/edited.stl": "edited", // recorded with other bytes
		"out/meshes/input.stl":  "input",  // the new conversion reads it
		"outside.stl":           "outside",
		"out/m.xml":             "<mujoco/>",
	}
	for name, data := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	rec := sideRecord{Schema: sideRecordSchema, Files: []sideFile{
		{"meshes/stale.stl", ContentHash([]byte("stale"))},
		{"meshes/kept.stl", ContentHash([]byte("kept"))},
		{"meshes/edited.stl", ContentHash([]byte("as written"))},
		{"meshes/input.stl", ContentHash([]byte("input"))},
		{"../outside.stl", ContentHash([]byte("outside"))},
		{"meshes/gone.stl", ContentHash([]byte("gone"))},
	}}
	data, _ := json.Marshal(rec)
	os.WriteFile(SideRecordPath(main), data, 0o644)

	removed := replaceSideFiles(main, map[string][]byte{"meshes/kept.stl": []byte("kept")},
		[]string{filepath.Join(dir, "meshes", "input.stl")})
	if len(removed) != 1 || removed[0] != filepath.Join(dir, "meshes", "stale.stl") {
		t.Errorf("removed %v, want only meshes/stale.stl", removed)
	}
	for name := range files {
		_, err := os.Stat(filepath.Join(root, filepath.FromSlash(name)))
		if want := name != "out/meshes/stale.stl"; (err == nil) != want {
			t.Errorf("%s present %v, want %v", name, err == nil, want)
		}
	}
	// The new record names the new side files only.
	var now sideRecord
	data, _ = os.ReadFile(SideRecordPath(main))
	if err := json.Unmarshal(data, &now); err != nil || len(now.Files) != 1 || now.Files[0].Path != "meshes/kept.stl" {
		t.Errorf("new record %s (%v)", data, err)
	}
	// A record that is not ours removes nothing.
	os.WriteFile(SideRecordPath(main), []byte(`{"files":[{"path":"meshes/kept.stl"}]}`), 0o644)
	if removed := replaceSideFiles(main, nil, nil); len(removed) != 0 {
		t.Errorf("an unknown record removed %v", removed)
	}
	if _, err := os.Stat(SideRecordPath(main)); !os.IsNotExist(err) {
		t.Errorf("an output without side files keeps a record (%v)", err)
	}
}

// TestReplaceSideFilesRemovesALinkToAnInput: a recorded side file that is
// an input's file under another name (a hard link an earlier conversion
// made of a source mesh) is removed like any, and the input stays; one
// that is (or, on a case-insensitive file system, may be) the input's own
// entry is kept.
func TestReplaceSideFilesRemovesALinkToAnInput(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "out")
	main := filepath.Join(dir, "m.urdf")
	src := filepath.Join(root, "src", "base_link.STL")
	own := filepath.Join(dir, "meshes", "own.stl") // an input kept in the output's folder
	for p, data := range map[string]string{src: "mesh", own: "own", main: "<robot/>"} {
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for link, to := range map[string]string{"meshes/base_link.STL": src, "meshes/OWN.stl": own} {
		if err := os.Link(to, filepath.Join(dir, filepath.FromSlash(link))); err != nil {
			t.Skip(err)
		}
	}
	rec := sideRecord{Schema: sideRecordSchema, Files: []sideFile{
		{"meshes/base_link.STL", ContentHash([]byte("mesh"))},
		{"meshes/OWN.stl", ContentHash([]byte("own"))},
		{"meshes/own.stl", ContentHash([]byte("own"))},
	}}
	data, _ := json.Marshal(rec)
	os.WriteFile(SideRecordPath(main), data, 0o644)
	before, _ := os.Stat(src)
	removed := replaceSideFiles(main, nil, []string{"-", src, own})
	if len(removed) != 1 || removed[0] != filepath.Join(dir, "meshes", "base_link.STL") {
		t.Errorf("removed %v, want only meshes/base_link.STL", removed)
	}
	if after, err := os.Stat(src); err != nil || !os.SameFile(before, after) {
		t.Errorf("the input is gone or another file (%v)", err)
	}
	if got, _ := os.ReadFile(src); string(got) != "mesh" {
		t.Errorf("the input holds %q", got)
	}
	for _, p := range []string{own, filepath.Join(dir, "meshes", "OWN.stl")} {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("%s removed (%v)", p, err)
		}
	}
}
