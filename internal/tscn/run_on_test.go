package tscn

import (
	"slices"
	"testing"
)

// TestRunOnNames: only ';' starts a comment in a Godot text scene. Godot
// reads every character above a space up to the next '=' as a property
// name, so a "# note" line joins the next property's name and that value
// is lost; a scene with such a line was refused though Godot loads it.
// Text without an '=' before the end of the file ends it, as in Godot.
func TestRunOnNames(t *testing.T) {
	for _, c := range []struct {
		name, text string
		props      []string // keys of the node's properties
		runOn      []string
	}{
		{"hash line", "# a note\nmass = 2.0\nfriction = 1.0\n", []string{"#anotemass", "friction"}, []string{"#anotemass"}},
		{"two lines", "# one\n# two\nmass = 2.0\n", []string{"#one#twomass"}, []string{"#one#twomass"}},
		{"comment inside", "# a ; b = 3\nmass = 2.0\n", []string{"#amass"}, []string{"#amass"}},
		{"semicolon comment", "; a note\nmass = 2.0\n", []string{"mass"}, nil},
		{"quoted replaces", "junk \"mass\" = 2.0\n", []string{"mass"}, []string{"mass"}},
		{"at the end", "mass = 2.0\n# trailing note\n", []string{"mass"}, nil},
	} {
		doc, err := Decode([]byte("[gd_scene format=3]\n\n[node name=\"B\" type=\"RigidBody3D\"]\n" + c.text))
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		var keys, runOn []string
		for _, p := range doc.Sections[0].Props {
			keys = append(keys, p.Key)
		}
		for _, p := range doc.RunOn {
			runOn = append(runOn, p.Key)
		}
		if !slices.Equal(keys, c.props) || !slices.Equal(runOn, c.runOn) {
			t.Errorf("%s: properties %q, run on %q; want %q, %q", c.name, keys, runOn, c.props, c.runOn)
		}
	}
}
