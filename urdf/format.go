// Package urdf reads and writes URDF robot descriptions as ROS urdfdom
// reads them (http://wiki.ros.org/urdf/XML), with the extensions real files
// use: <capsule> geometry and type="spherical" joints (Bullet), <mimic>,
// <dynamics>, and vendor elements kept verbatim for URDF → URDF.
//
// URDF is Z-up: Parse puts the robot under a root node rotated −90° about X
// so the Graph is Y-up, and Emit removes exactly that rotation (or adds the
// inverse when the Graph came from elsewhere). Options.Up "keep" turns both
// off. Cylinders and capsules lie along Z in URDF and along Y in the Graph;
// a child node carries the quarter turn.
package urdf

import (
	"bytes"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/kin"
)

// Format is the URDF descriptor for the registry.
// BaseOption says whether the root link floats or is fixed to the world.
var BaseOption = convert.Option{Name: "base", Kind: convert.OptionString, Side: convert.ParseSide,
	Default: "floating", Values: []string{"floating", "fixed"}, Usage: "URDF root link: floating or fixed"}

// CapsuleOption chooses how capsules are written: a cylinder between two
// spheres (every URDF reader), or the non-standard <capsule> element.
var CapsuleOption = convert.Option{Name: "capsule", Kind: convert.OptionString, Side: convert.EmitSide,
	Default: "cylinder-spheres", Values: []string{"cylinder-spheres", "urdf-ext"}, Usage: "URDF capsules: cylinder-spheres or urdf-ext"}

var Format = &convert.Format{
	Name:         "urdf",
	Description:  "URDF robot description (ROS urdfdom, with Bullet capsule/spherical extensions)",
	Extensions:   []string{".urdf"},
	Sniff:        Sniff,
	Parse:        Parse,
	Emit:         Emit,
	Options:      []convert.Option{BaseOption, CapsuleOption, kin.RootOption},
	Capabilities: &Capabilities,
}

// Sniff reports whether the head of a file has a <robot> element before any
// other element, and no xacro tags or substitutions (an unexpanded xacro
// file named .urdf is read as xacro).
func Sniff(head []byte) bool {
	return !xacroMarks(head) && robotRoot(head)
}

// xacroMarks reports xacro tags or substitutions outside comments, which
// xacro leaves as they are (a URDF's commented-out ${…} is no xacro).
func xacroMarks(head []byte) bool {
	for {
		text, rest, comment := bytes.Cut(head, []byte("<!--"))
		if bytes.Contains(text, []byte("<xacro:")) || bytes.Contains(text, []byte("${")) || bytes.Contains(text, []byte("$(")) {
			return true
		}
		if !comment {
			return false
		}
		_, after, closed := bytes.Cut(rest, []byte("-->"))
		if !closed {
			return false
		}
		head = after
	}
}

// robotRoot reports whether the first element is <robot>.
func robotRoot(head []byte) bool {
	for {
		i := bytes.IndexByte(head, '<')
		if i < 0 || i+1 >= len(head) {
			return false
		}
		head = head[i+1:]
		switch {
		case bytes.HasPrefix(head, []byte("?")), bytes.HasPrefix(head, []byte("!")):
			continue
		default:
			return bytes.HasPrefix(head, []byte("robot")) && len(head) > 5 && bytes.IndexByte([]byte(" \t\r\n>/"), head[5]) >= 0
		}
	}
}

// SniffUnexpanded reports a URDF robot that still holds xacro tags or
// substitutions, which the xacro format reads (it expands them first).
func SniffUnexpanded(head []byte) bool { return xacroMarks(head) && robotRoot(head) }
