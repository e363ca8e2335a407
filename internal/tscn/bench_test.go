package tscn

import (
	"fmt"
	"math/rand/v2"
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
	benchmarkDecode(b, []byte(s.String()))
}

// byteMeshDocument is a Godot 4 scene whose ArrayMesh holds its vertices
// and indices as byte arrays, as the writer stores every mesh, plus a
// texture's pixels: a megabyte of bytes in all.
func byteMeshDocument() *Document {
	rng := rand.New(rand.NewPCG(1, 2))
	data := func(n int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(rng.IntN(256))
		}
		return b
	}
	surface := Dict{
		{Key: "aabb", Value: &Call{Name: "AABB", Args: []Value{-0.5, -0.25, -1.0, 1.0, 0.5, 2.0}}},
		{Key: "format", Value: int64(34359742465)},
		{Key: "index_count", Value: int64(60000)},
		{Key: "index_data", Value: &Call{Name: "PackedByteArray", Bytes: data(120000)}},
		{Key: "primitive", Value: int64(3)},
		{Key: "vertex_count", Value: int64(20000)},
		{Key: "vertex_data", Value: &Call{Name: "PackedByteArray", Bytes: data(240000)}},
	}
	return &Document{
		Header: Section{Tag: "gd_scene", Attrs: []Prop{{Key: "load_steps", Value: int64(3)}, {Key: "format", Value: int64(3)}}},
		Sections: []Section{
			{Tag: "sub_resource", Attrs: []Prop{{Key: "type", Value: "Image"}, {Key: "id", Value: "img"}}, Props: []Prop{
				{Key: "data", Value: Dict{{Key: "data", Value: &Call{Name: "PackedByteArray", Bytes: data(640000)}}, {Key: "format", Value: "RGBA8"}}},
			}},
			{Tag: "sub_resource", Attrs: []Prop{{Key: "type", Value: "ArrayMesh"}, {Key: "id", Value: "m"}}, Props: []Prop{
				{Key: "_surfaces", Value: Array{surface}},
			}},
			{Tag: "node", Attrs: []Prop{{Key: "name", Value: "Root"}, {Key: "type", Value: "Node3D"}}},
		},
	}
}

// shapeDocument is a scene with a concave shape of 20,000 points written
// as floats, as a trimesh collider is.
func shapeDocument() *Document {
	rng := rand.New(rand.NewPCG(3, 4))
	args := make([]Value, 60000)
	for i := range args {
		args[i] = float64(float32(rng.Float64()*4 - 2))
	}
	return &Document{
		Header: Section{Tag: "gd_scene", Attrs: []Prop{{Key: "load_steps", Value: int64(2)}, {Key: "format", Value: int64(3)}}},
		Sections: []Section{
			{Tag: "sub_resource", Attrs: []Prop{{Key: "type", Value: "ConcavePolygonShape3D"}, {Key: "id", Value: "s"}}, Props: []Prop{
				{Key: "data", Value: &Call{Name: "PackedVector3Array", Args: args}},
			}},
			{Tag: "node", Attrs: []Prop{{Key: "name", Value: "Root"}, {Key: "type", Value: "Node3D"}}},
		},
	}
}

// BenchmarkDecodeByteMesh decodes byteMeshDocument's text.
func BenchmarkDecodeByteMesh(b *testing.B) { benchmarkDecode(b, Encode(byteMeshDocument())) }

// BenchmarkDecodeShape decodes shapeDocument's text.
func BenchmarkDecodeShape(b *testing.B) { benchmarkDecode(b, Encode(shapeDocument())) }

// BenchmarkEncodeByteMesh writes byteMeshDocument.
func BenchmarkEncodeByteMesh(b *testing.B) { benchmarkEncode(b, byteMeshDocument()) }

// BenchmarkEncodeShape writes shapeDocument.
func BenchmarkEncodeShape(b *testing.B) { benchmarkEncode(b, shapeDocument()) }

func benchmarkDecode(b *testing.B, data []byte) {
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Decode(data); err != nil {
			b.Fatal(err)
		}
	}
}

func benchmarkEncode(b *testing.B, doc *Document) {
	b.SetBytes(int64(len(Encode(doc))))
	b.ReportAllocs()
	for b.Loop() {
		Encode(doc)
	}
}
