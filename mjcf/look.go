package mjcf

import "github.com/physconv/physconv/convert"

// defaultGeomRGBA is the colour MuJoCo gives a geom with no rgba of its
// own; a geom's rgba only overrides its material when it differs from it.
var defaultGeomRGBA = [4]float64{0.5, 0.5, 0.5, 1}

// maxDrawnGroup is the last geom group MuJoCo's viewer draws by default
// (groups 0, 1 and 2 are on, 3 to 5 off); no MJCF setting changes it.
const maxDrawnGroup = 2

// geomColor is the colour MuJoCo draws a geom in: its rgba when that is
// not the default, else its material's, else the default grey. A material
// the model does not define colours nothing (the geom keeps its rgba).
func (p *parser) geomColor(a attrs) ([4]float64, error) {
	var buf [4]float64
	v, err := a.numsInto(buf[:0], "rgba", 4, defaultGeomRGBA[:])
	if err != nil {
		return [4]float64{}, err
	}
	c := [4]float64{v[0], v[1], v[2], v[3]}
	if c != defaultGeomRGBA {
		return c, nil
	}
	if m, ok := p.looks[a.str("material", "")]; ok && m.rgba != nil {
		return *m.rgba, nil
	}
	return c, nil
}

// drawn tells whether MuJoCo's default visualisation shows a geom: a
// group it draws, and not fully transparent.
func drawn(group int, color [4]float64) bool {
	return group >= 0 && group <= maxDrawnGroup && color[3] > 0
}

// visualShape is the shape a drawn geom shows: its collision shape, except
// for a plane, which collides everywhere but is drawn at its size (none
// when that size is zero: MuJoCo draws an endless floor a glTF cannot
// hold), and a height field, which is left undrawn: MuJoCo draws it as a
// solid with sides and a base, which its surface mesh would not show.
func (p *parser) visualShape(shape convert.Shape, si int, size [3]float64) int {
	switch shape.Kind {
	case convert.Plane:
		if size[0] <= 0 || size[1] <= 0 {
			return -1
		}
		return p.g.AddShape(convert.Shape{Kind: convert.Plane, Name: shape.Name, SizeX: 2 * size[0], SizeZ: 2 * size[1]})
	case convert.Heightfield:
		return -1
	}
	return si
}
