package main

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"regexp"
	"testing"
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
