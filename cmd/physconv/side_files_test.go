package main

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/physconv/physconv"
)

// tetraSTL is a binary STL of a closed tetrahedron.
func tetraSTL() []byte {
	var b bytes.Buffer
	b.Write(make([]byte, 80))
	tris := [][3][3]float32{
		{{0, 0, 0}, {0, 1, 0}, {1, 0, 0}},
		{{0, 0, 0}, {1, 0, 0}, {0, 0, 1}},
		{{0, 0, 0}, {0, 0, 1}, {0, 1, 0}},
		{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}},
	}
	binary.Write(&b, binary.LittleEndian, uint32(len(tris)))
	for _, t := range tris {
		binary.Write(&b, binary.LittleEndian, [3]float32{})
		binary.Write(&b, binary.LittleEndian, t)
		b.Write([]byte{0, 0})
	}
	return b.Bytes()
}

// TestSideFilesModes: a binary STL the URDF uses reaches the MJCF output
// as a hard link of the source (default), as a copy (copy), or not at all,
// the output naming the source in place by a path relative to itself
// (reference).
func TestSideFilesModes(t *testing.T) {
	src := t.TempDir()
	stl := tetraSTL()
	if err := os.WriteFile(filepath.Join(src, "tet.stl"), stl, 0o644); err != nil {
		t.Fatal(err)
	}
	urdf := `<robot name="r"><link name="a">
  <inertial><mass value="1"/><inertia ixx="0.1" ixy="0" ixz="0" iyy="0.1" iyz="0" izz="0.1"/></inertial>
  <collision><geometry><mesh filename="tet.stl"/></geometry></collision></link></robot>`
	in := filepath.Join(src, "r.urdf")
	if err := os.WriteFile(in, []byte(urdf), 0o644); err != nil {
		t.Fatal(err)
	}
	fileAttr := regexp.MustCompile(`<mesh [^>]*file="([^"]+)"`)
	for _, mode := range []string{"", "link", "copy", "reference"} {
		out := filepath.Join(t.TempDir(), "sub", "r.xml")
		args := []string{"convert", "--to", "mjcf", in, out}
		if mode != "" {
			args = append(args, "--side-files", mode)
		}
		if code, _, stderr := runCLI(t, "", args...); code != 0 {
			t.Fatalf("%q: exit %d: %s", mode, code, stderr)
		}
		xml, _ := os.ReadFile(out)
		m := fileAttr.FindSubmatch(xml)
		if m == nil {
			t.Fatalf("%q: no mesh file in\n%s", mode, xml)
		}
		file := string(m[1])
		if mode == "reference" {
			// relative to the output file, no meshdir, no copy
			if filepath.IsAbs(file) || bytes.Contains(xml, []byte("meshdir")) {
				t.Errorf("reference: file=%q (meshdir: %v)", file, bytes.Contains(xml, []byte("meshdir")))
			}
			a, err1 := os.Stat(filepath.Join(filepath.Dir(out), filepath.FromSlash(file)))
			b, err2 := os.Stat(filepath.Join(src, "tet.stl"))
			if err1 != nil || err2 != nil || !os.SameFile(a, b) {
				t.Errorf("reference: %q does not lead to the source (%v, %v)", file, err1, err2)
			}
			if _, err := os.Stat(filepath.Join(filepath.Dir(out), "meshes")); err == nil {
				t.Error("reference: a meshes folder was written")
			}
			continue
		}
		written := filepath.Join(filepath.Dir(out), "meshes", file)
		got, err := os.ReadFile(written)
		if err != nil || !bytes.Equal(got, stl) {
			t.Fatalf("%q: %s is not the source bytes (%v)", mode, written, err)
		}
		a, _ := os.Stat(written)
		b, _ := os.Stat(filepath.Join(src, "tet.stl"))
		if linked := os.SameFile(a, b); linked != (mode != "copy") {
			t.Errorf("%q: hard link %v", mode, linked)
		}
	}
}

// TestForceReplacesOutput: an existing output is kept (exit 1, before the
// input is read) unless --force; replacing it removes the side files
// physconv wrote for it that the new output no longer names, and nothing
// else: not a file of the user's beside them, not a written side file the
// user has since edited, not the input's own meshes.
func TestForceReplacesOutput(t *testing.T) {
	src, out := t.TempDir(), t.TempDir()
	tet := tetraSTL()
	big := bytes.Clone(tet) // the tetrahedron twice as large
	for i := 84 + 12; i+36 <= len(big); i += 50 {
		for j := 0; j < 36; j += 4 {
			v := math.Float32frombits(binary.LittleEndian.Uint32(big[i+j:]))
			binary.LittleEndian.PutUint32(big[i+j:], math.Float32bits(2*v))
		}
	}
	writeFiles(t, src, map[string]string{"tet.stl": string(tet), "big.stl": string(big)})
	// One link with a collision per geometry.
	robot := func(geoms ...string) string {
		var b strings.Builder
		b.WriteString(`<robot name="r"><link name="a"><inertial><mass value="1"/><inertia ixx="0.1" ixy="0" ixz="0" iyy="0.1" iyz="0" izz="0.1"/></inertial>`)
		for _, g := range geoms {
			fmt.Fprintf(&b, "<collision><geometry>%s</geometry></collision>", g)
		}
		return b.String() + "</link></robot>"
	}
	mesh := func(file string) string { return `<mesh filename="` + file + `"/>` }
	box := `<box size="1 1 1"/>`
	in := filepath.Join(src, "r.urdf")
	xml := filepath.Join(out, "r.xml")
	type result struct {
		Files   []string
		Removed []string
		Error   *jsonError
	}
	convert := func(args ...string) (int, result) {
		t.Helper()
		code, stdout, stderr := runCLI(t, "", append([]string{"convert", "--json", "--to", "mjcf", "--side-files", "copy"}, args...)...)
		var r result
		if err := json.Unmarshal([]byte(stdout), &r); err != nil {
			t.Fatalf("%v: stdout %q (stderr %q)", args, stdout, stderr)
		}
		return code, r
	}
	exists := func(p string) bool { _, err := os.Stat(p); return err == nil }

	writeFiles(t, src, map[string]string{"r.urdf": robot(mesh("tet.stl"), mesh("big.stl"))})
	code, r := convert(in, xml)
	if code != exitOK || len(r.Files) != 3 {
		t.Fatalf("first conversion: exit %d, files %v, %+v", code, r.Files, r.Error)
	}
	first, _ := os.ReadFile(xml)
	sideTet, sideBig := r.Files[1], r.Files[2]
	if !strings.Contains(sideTet, "tet") {
		sideTet, sideBig = sideBig, sideTet
	}

	// Without --force: refused before reading the input (here: gone).
	os.Rename(in, in+".away")
	code, r = convert(in, xml)
	if code != exitError || r.Error == nil || r.Error.Kind != "exists" || !strings.Contains(r.Error.Message, "give --force") {
		t.Errorf("existing output without --force: exit %d, %+v", code, r.Error)
	}
	if now, _ := os.ReadFile(xml); !bytes.Equal(now, first) {
		t.Error("the existing output changed")
	}
	os.Rename(in+".away", in)

	// With --force but a conversion that fails: the output, its side
	// files and its record stay as they were.
	writeFiles(t, src, map[string]string{"r.urdf": "<robot name=\"r\"><link"})
	if code, r = convert("--force", in, xml); code != exitError || r.Error == nil || r.Error.Kind != "input" {
		t.Errorf("--force with a broken input: exit %d, %+v", code, r.Error)
	}
	if now, _ := os.ReadFile(xml); !bytes.Equal(now, first) || !exists(sideTet) || !exists(sideBig) || !exists(physconv.SideRecordPath(xml)) {
		t.Error("a failed conversion under --force changed the earlier output or its side files")
	}

	// Only tet.stl is named now: big's side file goes, tet's stays.
	writeFiles(t, src, map[string]string{"r.urdf": robot(mesh("tet.stl"))})
	code, r = convert("--force", in, xml)
	if code != exitOK || len(r.Removed) != 1 || r.Removed[0] != sideBig {
		t.Fatalf("--force: exit %d, removed %v, want [%s]; %+v", code, r.Removed, sideBig, r.Error)
	}
	if exists(sideBig) || !exists(sideTet) {
		t.Errorf("after dropping big.stl: %s present %v, %s present %v", sideBig, exists(sideBig), sideTet, exists(sideTet))
	}

	// A file of the user's beside the side files, and the side file edited:
	// neither is removed; the emptied folder stays since they are in it.
	mine := filepath.Join(filepath.Dir(sideTet), "mine.stl")
	os.WriteFile(mine, []byte("user bytes"), 0o644)
	os.WriteFile(sideTet, []byte("edited"), 0o644)
	writeFiles(t, src, map[string]string{"r.urdf": robot(box)})
	if code, r = convert("--force", in, xml); code != exitOK || len(r.Removed) != 0 {
		t.Errorf("--force over an edited side file: exit %d, removed %v", code, r.Removed)
	}
	if !exists(mine) || !exists(sideTet) {
		t.Errorf("a file physconv did not write (or no longer holds its bytes) was removed")
	}
	if exists(physconv.SideRecordPath(xml)) {
		t.Error("an output without side files keeps a side-file record")
	}

	// A folder the removal empties goes too; the input's meshes stay.
	os.RemoveAll(filepath.Dir(sideTet))
	writeFiles(t, src, map[string]string{"r.urdf": robot(mesh("tet.stl"))})
	if code, r = convert("--force", in, xml); code != exitOK {
		t.Fatalf("--force: exit %d %+v", code, r.Error)
	}
	writeFiles(t, src, map[string]string{"r.urdf": robot(box)})
	if code, r = convert("--force", in, xml); code != exitOK || len(r.Removed) != 1 {
		t.Fatalf("--force: exit %d, removed %v", code, r.Removed)
	}
	if exists(filepath.Dir(sideTet)) {
		t.Errorf("the emptied folder %s is still there", filepath.Dir(sideTet))
	}
	for _, f := range []string{"tet.stl", "big.stl", "r.urdf"} {
		if !exists(filepath.Join(src, f)) {
			t.Errorf("input file %s is gone", f)
		}
	}
}
