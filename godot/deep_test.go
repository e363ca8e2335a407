package godot

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/tscn"
)

// deepChain is n nested bodies, each with a box collider and a hinge to
// the next, so every node sits one level deeper than the last.
func deepChain(n int) *convert.Graph {
	g := convert.NewGraph()
	box := g.AddShape(convert.Shape{Kind: convert.Box, Size: convert.Vec3{0.1, 0.1, 0.1}})
	hinge := []convert.Limit{{Linear: []int{0, 1, 2}}, {Angular: []int{0, 1}}}
	parent := -1
	var prevJoint int
	for i := 0; i < n; i++ {
		b := g.AddNode(convert.Node{Name: fmt.Sprintf("link%d", i),
			Transform: convert.Transform{T: convert.Vec3{0, 0.12, 0}, R: convert.AxisAngle(convert.Vec3{0, 0, 1}, 0.05), S: convert.Vec3{1, 1, 1}},
			Motion:    &convert.Motion{Kind: convert.Dynamic, Mass: convert.Ptr(1.0), GravityFactor: 1}}, parent)
		g.AddNode(convert.Node{Name: fmt.Sprintf("box%d", i), Collider: &convert.Collider{Shape: box, Material: -1, Filter: -1}}, b)
		if i > 0 {
			g.Nodes[prevJoint].Joint.Connected = b
		}
		if i < n-1 {
			prevJoint = g.AddNode(convert.Node{Name: fmt.Sprintf("joint%d", i), Joint: &convert.Joint{Connected: -1, Limits: hinge}}, b)
		}
		parent = b
	}
	return g
}

// TestDeepChainPathsStayShort: a Godot 4 scene of a deep chain names no
// parent by more than maxPathDepth names (deeper ones by %Name, the node
// marked unique_name_in_owner), so the file grows linearly with the
// chain; it reads back to the same bodies at the same world poses and the
// same joint connections. Godot 3 has no unique names: bodies deeper
// than maxPathDepth are written under the scene root, at the same world
// pose.
func TestDeepChainPathsStayShort(t *testing.T) {
	const n = 120
	g := deepChain(n)
	for _, v := range []int{4, 3} {
		out, diags, err := Emit(g, (&convert.Options{}).With(VersionOption, strconv.Itoa(v)))
		if err != nil {
			t.Fatal(err)
		}
		if lifted := diags.Has(convert.CodeGodot3BodiesLifted); lifted != (v == 3) {
			t.Errorf("Godot %d: %s said %v", v, convert.CodeGodot3BodiesLifted, lifted)
		}
		doc, err := tscn.Decode(out.Main)
		if err != nil {
			t.Fatal(err)
		}
		longest, unique := 0, 0
		for _, s := range doc.Sections {
			if s.Tag != "node" {
				continue
			}
			longest = max(longest, strings.Count(s.AttrString("parent"), "/")+1)
			for _, p := range s.Props {
				if p.Key == "unique_name_in_owner" && p.Value == true {
					unique++
				}
			}
		}
		switch {
		case v == 4 && (longest > maxPathDepth || unique == 0):
			t.Errorf("Godot 4: longest parent path %d names (cap %d), %d unique nodes", longest, maxPathDepth, unique)
		case v == 3 && (longest > maxPathDepth || unique != 0):
			// no unique names: deep bodies are written under the root
			t.Errorf("Godot 3: longest parent path %d names (cap %d), %d unique nodes", longest, maxPathDepth, unique)
		}
		if len(out.Main) > 1000*n {
			t.Errorf("Godot %d: %d bytes for %d links", v, len(out.Main), n)
		}
		back, _, err := Parse(&convert.Input{Name: "chain.tscn", Data: out.Main, Options: &convert.Options{}})
		if err != nil {
			t.Fatalf("Godot %d: reading back: %v", v, err)
		}
		bodies := map[string]convert.Transform{}
		joints := map[string]string{}
		for i, nd := range back.Nodes {
			if nd.Motion != nil {
				bodies[nd.Name] = back.WorldTransform(i)
			}
			if nd.Joint != nil && nd.Joint.Connected >= 0 {
				joints[nd.Name] = back.Nodes[back.BodyOf(nd.Joint.Connected)].Name
			}
		}
		for i, nd := range g.Nodes {
			if nd.Motion != nil {
				got, ok := bodies[nd.Name]
				want := g.WorldTransform(i)
				if !ok || got.T.Sub(want.T).Len() > 1e-9 {
					t.Errorf("Godot %d: body %s at %v, want %v", v, nd.Name, got.T, want.T)
				}
			}
			if nd.Joint != nil {
				if got, want := joints[nd.Name], g.Nodes[nd.Joint.Connected].Name; got != want {
					t.Errorf("Godot %d: joint %s connects %q, want %q", v, nd.Name, got, want)
				}
			}
		}
	}
}

// TestUniqueNameParentPaths: parent paths may start at a scene-unique node
// (%Name); an unknown or repeated unique name is an error naming the line.
func TestUniqueNameParentPaths(t *testing.T) {
	head := "[gd_scene format=3]\n\n[node name=\"Root\" type=\"Node3D\"]\n\n[node name=\"A\" type=\"Node3D\" parent=\".\"]\nunique_name_in_owner = true\n\n[node name=\"B\" type=\"Node3D\" parent=\"A\"]\n\n"
	g := parseText(t, head+"[node name=\"Body\" type=\"RigidBody3D\" parent=\"%A/B\"]\ntransform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 2, 3)\n")
	found := false
	for i, nd := range g.Nodes {
		if nd.Name == "Body" {
			found = true
			if p := g.Nodes[nd.Parent].Name; p != "B" {
				t.Errorf("Body's parent is %q, want B", p)
			}
			if w := g.WorldTransform(i).T; math.Abs(w[0]-1) > 1e-12 || math.Abs(w[2]-3) > 1e-12 {
				t.Errorf("Body at %v", w)
			}
		}
	}
	if !found {
		t.Fatal("no Body node")
	}
	for _, c := range []struct{ text, want string }{
		{head + "[node name=\"C\" type=\"Node3D\" parent=\"%Nope\"]\n", "%Nope"},
		{head + "[node name=\"A\" type=\"Node3D\" parent=\"A/B\"]\nunique_name_in_owner = true\n", "second node with the unique name %A"},
	} {
		_, _, err := Parse(&convert.Input{Name: "x.tscn", Data: []byte(c.text), Options: &convert.Options{}})
		var fe *convert.FormatError
		if !errors.As(err, &fe) || fe.Line != 10 || !strings.Contains(err.Error(), c.want) {
			t.Errorf("want an error at line 10 about %s, got %v", c.want, err)
		}
	}
}
