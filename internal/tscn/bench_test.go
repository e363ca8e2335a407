package tscn

import (
	"fmt"
	"strings"
	"testing"
)

// BenchmarkDecodeMesh decodes a scene holding one ArrayMesh of 20,000
// vertices, the bulk of a robot's Godot output with its visuals.
func BenchmarkDecodeMesh(b *testing.B) {
	var s strings.Builder
	s.WriteString("[gd_scene load_steps=2 format=3]\n\n[sub_resource type=\"ArrayMesh\" id=\"m\"]\n_surfaces = [{\n\"vertex_data\": PackedVector3Array(")
	for k := range 20000 {
		if k > 0 {
			s.WriteString(", ")
		}
		fmt.Fprintf(&s, "%g, %g, %g", float64(k)*0.001, -float64(k)*0.0007, 0.25+float64(k%7)*0.125)
	}
	s.WriteString(")\n}]\n\n[node name=\"Root\" type=\"Node3D\"]\n")
	data := []byte(s.String())
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Decode(data); err != nil {
			b.Fatal(err)
		}
	}
}
