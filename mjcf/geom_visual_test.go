package mjcf

import (
	"errors"
	"regexp"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// visualModel holds one geom per case below, named after it.
const visualModel = `<mujoco>
  <default>
    <default class="col"><geom group="3"/></default>
    <default class="tinted"><material rgba="0 0 1 1"/></default>
  </default>
  <asset>
    <material name="green" rgba="0 1 0 0.5"/>
    <material name="clear" rgba="1 1 1 0"/>
    <material name="blue" class="tinted"/>
    <material name="white"/>
    <hfield name="terrain" nrow="2" ncol="2" size="1 1 0.1 0.1"/>
  </asset>
  <worldbody>
    <geom name="floor" type="plane" size="2 3 0.1"/>
    <geom name="endless" type="plane" size="0 0 1"/>
    <geom name="ground" type="hfield" hfield="terrain"/>
    <body name="b">
      <freejoint/>
      <geom name="plain" size="0.1"/>
      <geom name="g1" size="0.1" group="1"/>
      <geom name="g2" size="0.1" group="2"/>
      <geom name="g3" size="0.1" group="3"/>
      <geom name="g5" size="0.1" group="5"/>
      <geom name="classed" class="col" size="0.1"/>
      <geom name="neg" size="0.1" group="-1"/>
      <geom name="red" size="0.1" rgba="1 0 0 1"/>
      <geom name="clearrgba" size="0.1" rgba="1 0 0 0"/>
      <geom name="redovermat" size="0.1" rgba="1 0 0 1" material="green"/>
      <geom name="mat" size="0.1" material="green"/>
      <geom name="matgrey" size="0.1" rgba="0.5 0.5 0.5 1" material="green"/>
      <geom name="matclear" size="0.1" material="clear"/>
      <geom name="matclass" size="0.1" material="blue"/>
      <geom name="matwhite" size="0.1" material="white"/>
      <geom name="nomat" size="0.1" material="absent"/>
      <geom name="onlyvis" size="0.1" contype="0" conaffinity="0"/>
      <geom name="onlyvis4" size="0.1" contype="0" conaffinity="0" group="4" rgba="0 0 0 0"/>
      <geom name="onlyvismat" size="0.1" contype="0" conaffinity="0" material="green"/>
      <geom name="half" size="0.1" contype="2" conaffinity="0"/>
    </body>
  </worldbody>
</mujoco>`

// TestGeomVisuals checks which MJCF geoms become visuals, as MuJoCo's
// default view draws them (groups 0–2, alpha above 0), and the colour
// each gets (rgba unless it is the default, else the material's, else the
// default grey); non-colliding geoms stay visuals only, as before.
func TestGeomVisuals(t *testing.T) {
	grey := &[4]float64{0.5, 0.5, 0.5, 1}
	cases := []struct {
		name      string
		collides  bool
		drawn     bool
		color     *[4]float64
		ownVisual bool // the visual has a shape of its own (a plane at its drawn size)
	}{
		{"floor", true, true, grey, true},
		{"endless", true, false, nil, false},
		{"ground", true, false, nil, false},
		{"plain", true, true, grey, false},
		{"g1", true, true, grey, false},
		{"g2", true, true, grey, false},
		{"g3", true, false, nil, false},
		{"g5", true, false, nil, false},
		{"classed", true, false, nil, false},
		{"neg", true, false, nil, false},
		{"red", true, true, &[4]float64{1, 0, 0, 1}, false},
		{"clearrgba", true, false, nil, false},
		{"redovermat", true, true, &[4]float64{1, 0, 0, 1}, false},
		{"mat", true, true, &[4]float64{0, 1, 0, 0.5}, false},
		{"matgrey", true, true, &[4]float64{0, 1, 0, 0.5}, false},
		{"matclear", true, false, nil, false},
		{"matclass", true, true, &[4]float64{0, 0, 1, 1}, false},
		{"matwhite", true, true, &[4]float64{1, 1, 1, 1}, false},
		{"nomat", true, true, grey, false},
		{"onlyvis", false, true, grey, false},
		{"onlyvis4", false, true, &[4]float64{0, 0, 0, 0}, false},
		{"onlyvismat", false, true, &[4]float64{0, 1, 0, 0.5}, false},
		{"half", true, true, grey, false},
	}
	g, _ := parseText(t, visualModel)
	nodes := map[string]*convert.Node{}
	for i := range g.Nodes {
		nodes[g.Nodes[i].Name] = &g.Nodes[i]
	}
	for _, c := range cases {
		n := nodes[c.name]
		if n == nil {
			t.Errorf("%s: no node", c.name)
			continue
		}
		if (n.Collider != nil) != c.collides {
			t.Errorf("%s: collider %v, want %v", c.name, n.Collider != nil, c.collides)
		}
		if (n.Visual != nil) != c.drawn {
			t.Errorf("%s: visual %v, want %v", c.name, n.Visual != nil, c.drawn)
			continue
		}
		if n.Visual == nil {
			continue
		}
		if n.Visual.Color == nil || *n.Visual.Color != *c.color {
			t.Errorf("%s: colour %v, want %v", c.name, n.Visual.Color, *c.color)
		}
		if n.Collider != nil && (n.Visual.Shape != n.Collider.Shape) != c.ownVisual {
			t.Errorf("%s: visual shape %d, collider shape %d; own shape wanted: %v", c.name, n.Visual.Shape, n.Collider.Shape, c.ownVisual)
		}
	}
	// the floor collides everywhere but is drawn 4 × 6 m
	if f := nodes["floor"]; f != nil && f.Visual != nil {
		vs, cs := g.Shapes[f.Visual.Shape], g.Shapes[f.Collider.Shape]
		if vs.Kind != convert.Plane || vs.SizeX != 4 || vs.SizeZ != 6 || cs.SizeX != 0 || cs.SizeZ != 0 {
			t.Errorf("floor: visual plane %gx%g, collider %gx%g; want 4x6 drawn, endless collider", vs.SizeX, vs.SizeZ, cs.SizeX, cs.SizeZ)
		}
	}

	// MJCF output writes each geom once, as it was read
	_, text := emitParse(t, g)
	if got, want := strings.Count(text, "<geom "), len(cases); got != want {
		t.Errorf("%d geoms written, want %d:\n%s", got, want, text)
	}
	for _, c := range []string{`name="plain" type="sphere" size="0.1"/>`, `name="onlyvis" type="sphere" size="0.1" contype="0" conaffinity="0" group="2"/>`,
		`name="mat" type="sphere" size="0.1"/>`, `name="red" type="sphere" size="0.1" rgba="1 0 0 1"/>`} {
		if !strings.Contains(text, c) {
			t.Errorf("output lacks %s:\n%s", c, text)
		}
	}
}

// TestGeomBadRGBA checks that a malformed rgba on a colliding geom, which
// now decides whether it is drawn, is an error at its line.
func TestGeomBadRGBA(t *testing.T) {
	_, _, err := Parse(&convert.Input{Name: "m.xml", Data: []byte("<mujoco><worldbody>\n<geom size=\"1\" rgba=\"1 0 0\"/></worldbody></mujoco>"), Options: &convert.Options{}})
	var fe *convert.FormatError
	if !errors.As(err, &fe) || fe.Line != 2 || !strings.Contains(fe.Msg, "rgba") {
		t.Errorf("error %#v, want a format error naming rgba at line 2", err)
	}
}

// TestEmitColliderWithVisual checks MJCF output of nodes from other
// formats that carry both: one geom, coloured, when the shapes are the
// same; when they differ, a drawn geom beside the colliding one, which
// keeps the name and goes to the hidden group 3.
func TestEmitColliderWithVisual(t *testing.T) {
	g := convert.NewGraph()
	ball := g.AddShape(convert.Shape{Kind: convert.Sphere, Radius: 0.1})
	box := g.AddShape(convert.Shape{Kind: convert.Box, Size: convert.Vec3{0.2, 0.2, 0.2}})
	red := &[4]float64{1, 0, 0, 1}
	g.AddNode(convert.Node{Name: "same", Collider: &convert.Collider{Shape: ball, Material: -1, Filter: -1}, Visual: &convert.Visual{Shape: ball, Color: red}}, -1)
	g.AddNode(convert.Node{Name: "other", Collider: &convert.Collider{Shape: ball, Material: -1, Filter: -1}, Visual: &convert.Visual{Shape: box, Color: red}}, -1)
	back, text := emitParse(t, g)
	geoms := regexp.MustCompile(`<geom [^>]*>`).FindAllString(text, -1)
	if len(geoms) != 3 {
		t.Fatalf("%d geoms, want 3:\n%s", len(geoms), text)
	}
	for i, want := range []string{`name="same" type="sphere" .*rgba="1 0 0 1"`, `name="other" type="sphere" .*group="3"`,
		`name="other_2" type="box" .*contype="0" conaffinity="0" group="2" rgba="1 0 0 1"`} {
		if !regexp.MustCompile(want).MatchString(geoms[i]) {
			t.Errorf("geom %d is %s, want %s", i, geoms[i], want)
		}
	}
	if strings.Contains(geoms[1], "rgba") || strings.Contains(geoms[1], "contype") {
		t.Errorf("colliding geom of a node drawn by another shape: %s", geoms[1])
	}
	// read back, only the geom of one shape is drawn and collides
	drawnColliding := 0
	for _, n := range back.Nodes {
		if n.Collider != nil && n.Visual != nil {
			drawnColliding++
			if n.Name != "same" || n.Visual.Color == nil || *n.Visual.Color != *red {
				t.Errorf("%s read back drawn in %v, want only same, red", n.Name, n.Visual.Color)
			}
		}
	}
	if drawnColliding != 1 {
		t.Errorf("%d colliding visuals read back, want 1 (same)", drawnColliding)
	}
}
