package meshio

import (
	"fmt"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// daeWithScene is a one-triangle COLLADA file whose visual scene (and
// library_nodes) are given.
func daeWithScene(library, scene string) string {
	return `<?xml version="1.0"?>
<COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema" version="1.4.1">
 <library_geometries><geometry id="g"><mesh>
  <source id="p"><float_array count="9">0 0 0 1 0 0 0 1 0</float_array>
   <technique_common><accessor source="#pa" count="3" stride="3"/></technique_common></source>
  <vertices id="v"><input semantic="POSITION" source="#p"/></vertices>
  <triangles count="1"><input semantic="VERTEX" source="#v" offset="0"/><p>0 1 2</p></triangles>
 </mesh></geometry></library_geometries>
 <library_nodes>` + library + `</library_nodes>
 <library_visual_scenes><visual_scene id="s">` + scene + `</visual_scene></library_visual_scenes>
 <scene><instance_visual_scene url="#s"/></scene>
</COLLADA>`
}

// TestDAEInstanceNodes: a COLLADA scene places nodes of library_nodes
// with <instance_node> (SketchUp writes every component so); they were
// not followed, and a mesh of thousands of triangles read as none (a
// collision mesh would have lost its collider, said as a mesh with too
// few vertices). Instanced nodes are placed now, under the instancing
// node's transform, as often as they are instanced, nested too; an
// instance of no node is an error, and instances naming far more nodes
// than the file holds are refused rather than walked.
func TestDAEInstanceNodes(t *testing.T) {
	lib := `<node id="part"><translate>0 0 1</translate><instance_geometry url="#g"/></node>
<node id="pair"><instance_node url="#part"/><node><translate>5 0 0</translate><instance_node url="#part"/></node></node>`
	m, err := DecodeDAE([]byte(daeWithScene(lib, `<node><translate>10 0 0</translate><instance_node url="#pair"/></node>`)))
	if err != nil {
		t.Fatal(err)
	}
	want := []convert.Vec3{{10, 0, 1}, {11, 0, 1}, {10, 1, 1}, {15, 0, 1}, {16, 0, 1}, {15, 1, 1}}
	if len(m.Positions) != len(want) || len(m.Indices) != 6 {
		t.Fatalf("positions %v, %d indices; want %v", m.Positions, len(m.Indices), want)
	}
	for i, p := range m.Positions {
		if p.Sub(want[i]).Len() > 1e-12 {
			t.Errorf("vertex %d = %v, want %v", i, p, want[i])
		}
	}
	if _, err := DecodeDAE([]byte(daeWithScene(lib, `<node><instance_node url="#nothing"/></node>`))); err == nil || !strings.Contains(err.Error(), "#nothing") {
		t.Errorf("instance of no node: %v", err)
	}
	// 40 levels, each instancing the next twice: 2^40 nodes, no triangle
	var bomb strings.Builder
	for k := 0; k < 40; k++ {
		fmt.Fprintf(&bomb, `<node id="n%d"><instance_node url="#n%d"/><instance_node url="#n%d"/></node>`, k, k+1, k+1)
	}
	bomb.WriteString(`<node id="n40"/>`)
	if _, err := DecodeDAE([]byte(daeWithScene(bomb.String(), `<node><instance_node url="#n0"/></node>`))); err == nil || !strings.Contains(err.Error(), "instance more than") {
		t.Errorf("instancing bomb: %v", err)
	}
	// a node instancing itself ends at the depth bound
	if _, err := DecodeDAE([]byte(daeWithScene(`<node id="self"><instance_node url="#self"/></node>`, `<node><instance_node url="#self"/></node>`))); err == nil {
		t.Error("a node instancing itself: no error")
	}
}
