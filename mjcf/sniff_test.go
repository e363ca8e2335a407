package mjcf

import "testing"

func TestSniff(t *testing.T) {
	for s, want := range map[string]bool{
		`<mujoco model="x">`:                              true,
		"\xef\xbb\xbf<?xml version=\"1.0\"?>\n<mujoco>":   true,
		"<!-- Cheetah\n<robot> -->\n<mujoco model=\"c\">": true,
		`<mujocoX>`:         false,
		`<robot name="r">`:  false,
		`{"asset":{}}`:      false,
		`<!-- unterminated`: false,
	} {
		if got := Sniff([]byte(s)); got != want {
			t.Errorf("Sniff(%q) = %v, want %v", s, got, want)
		}
	}
}
