package mjcf

import (
	"errors"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestDeclarationVersions: MJCF accepts any version in the XML declaration
// (it used to refuse "0.0", which URDF accepted), and lines still count
// from the top of the file.
func TestDeclarationVersions(t *testing.T) {
	for _, decl := range []string{
		`<?xml version="1.0"?>`,
		`<?xml version="0.0"?>`,
		`<?xml version="1.1" encoding="ISO-8859-1"?>`,
		"\xef\xbb\xbf<?xml version=\"1.0\" encoding=\"utf-8\"?>",
	} {
		in := decl + "\n<mujoco>\n  <worldbody>\n    <body name=\"b\"><geom size=\"x\"/></body>\n  </worldbody>\n</mujoco>\n"
		_, _, err := Parse(&convert.Input{Name: "m.xml", Data: []byte(in)})
		var fe *convert.FormatError
		if !errors.As(err, &fe) || fe.Line != 4 || !strings.Contains(fe.Msg, "size") {
			t.Errorf("%q: %v; want the bad size on line 4", decl, err)
		}
	}
}

// TestCleanNumbers: values that went through the Z-up/Y-up change come
// back as the source wrote them (axis="0 1 0", not "0 1.0000000000000002 0").
func TestCleanNumbers(t *testing.T) {
	in := `<mujoco>
  <compiler angle="radian"/>
  <worldbody>
    <body name="a" pos="0.05 0 1.1" quat="0.7071067811865476 0 0 0.7071067811865476">
      <joint name="j" type="hinge" axis="0 1 0" range="-1 1"/>
      <geom type="box" size="0.05 0.1 0.15" pos="0.05 0 1.1" mass="1"/>
    </body>
  </worldbody>
</mujoco>
`
	g, _, err := Parse(&convert.Input{Name: "m.xml", Data: []byte(in)})
	if err != nil {
		t.Fatal(err)
	}
	out, _, err := Emit(g, &convert.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`axis="0 1 0"`, `pos="0.05 0 1.1"`, `size="0.05 0.1 0.15"`, `range="-1 1"`} {
		if !strings.Contains(string(out.Main), want) {
			t.Errorf("output lacks %s:\n%s", want, out.Main)
		}
	}
}

// TestDeepChainReadsBack: a serial chain deeper than the old 2,000-level
// limit is written with bounded indentation and reads back.
func TestDeepChainReadsBack(t *testing.T) {
	const n = 3000
	var b strings.Builder
	b.WriteString("<mujoco><worldbody>\n")
	for range n {
		b.WriteString(`<body pos="0 0 0.1"><joint type="hinge"/><geom size="0.05" mass="1"/>` + "\n")
	}
	b.WriteString(strings.Repeat("</body>", n) + "</worldbody></mujoco>\n")
	root, err := Decode([]byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	// four lines a level, each indented at most 16 levels (32 bytes):
	// without the cap the indentation alone would be 36 MB
	out := Encode(root)
	if len(out) > n*250 {
		t.Errorf("%d nested bodies encode to %d bytes, want ≤ %d", n, len(out), n*250)
	}
	again, err := Decode(out)
	if err != nil {
		t.Fatalf("encoded chain does not read back: %v", err)
	}
	depth := 0
	for e := again.Child("worldbody"); e != nil; e = e.Child("body") {
		depth++
	}
	if depth != n+1 {
		t.Errorf("read back %d levels, want %d", depth-1, n)
	}
}
