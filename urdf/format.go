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
)

// Format is the URDF descriptor for the registry.
var Format = &convert.Format{
	Name:         "urdf",
	Description:  "URDF robot description (ROS urdfdom, with Bullet capsule/spherical extensions)",
	Extensions:   []string{".urdf"},
	Sniff:        Sniff,
	Parse:        Parse,
	Emit:         Emit,
	Capabilities: &Capabilities,
}

// Sniff reports whether the head of a file has a <robot> element before any
// other element.
func Sniff(head []byte) bool {
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
