package urdf

import (
	"bytes"
	"encoding/xml"
	"strconv"

	"github.com/physconv/physconv/convert"
)

// Encode writes a Robot as URDF text: two-space indentation, attributes in
// a fixed order, shortest round-trip numbers.
func Encode(r *Robot) []byte {
	w := &writer{}
	w.line(0, `<?xml version="1.0"?>`)
	w.open(0, "robot", "name", r.Name)
	for i := range r.Materials {
		w.material(1, &r.Materials[i])
	}
	for i := range r.Links {
		w.link(&r.Links[i])
	}
	for i := range r.Joints {
		w.joint(&r.Joints[i])
	}
	for _, e := range r.Extras {
		w.element(1, e)
	}
	w.line(0, "</robot>")
	return w.b.Bytes()
}

type writer struct{ b bytes.Buffer }

func num(x float64) string { return strconv.FormatFloat(convert.MustFinite(x), 'g', -1, 64) }

func vec(v ...float64) string {
	var b []byte
	for i, x := range v {
		if i > 0 {
			b = append(b, ' ')
		}
		b = strconv.AppendFloat(b, convert.MustFinite(x), 'g', -1, 64)
	}
	return string(b)
}

func (w *writer) indent(n int) {
	for i := 0; i < n; i++ {
		w.b.WriteString("  ")
	}
}

func (w *writer) line(n int, s string) {
	w.indent(n)
	w.b.WriteString(s)
	w.b.WriteByte('\n')
}

func (w *writer) tag(n int, name string, closed bool, attrs ...string) {
	w.indent(n)
	w.b.WriteByte('<')
	w.b.WriteString(name)
	for i := 0; i+1 < len(attrs); i += 2 {
		w.b.WriteByte(' ')
		w.b.WriteString(attrs[i])
		w.b.WriteString(`="`)
		xml.EscapeText(&w.b, []byte(attrs[i+1]))
		w.b.WriteByte('"')
	}
	if closed {
		w.b.WriteString("/>\n")
	} else {
		w.b.WriteString(">\n")
	}
}

func (w *writer) open(n int, name string, attrs ...string)  { w.tag(n, name, false, attrs...) }
func (w *writer) empty(n int, name string, attrs ...string) { w.tag(n, name, true, attrs...) }
func (w *writer) close(n int, name string)                  { w.line(n, "</"+name+">") }

func (w *writer) origin(n int, p Pose) {
	if p == (Pose{}) {
		return
	}
	w.empty(n, "origin", "xyz", vec(p.XYZ[:]...), "rpy", vec(p.RPY[:]...))
}

func (w *writer) material(n int, m *Material) {
	if m.Color == nil && m.Texture == "" {
		w.empty(n, "material", "name", m.Name)
		return
	}
	w.open(n, "material", "name", m.Name)
	if m.Color != nil {
		w.empty(n+1, "color", "rgba", vec(m.Color[:]...))
	}
	if m.Texture != "" {
		w.empty(n+1, "texture", "filename", m.Texture)
	}
	w.close(n, "material")
}

func (w *writer) geometry(n int, g Geometry) {
	w.open(n, "geometry")
	switch g.Kind {
	case "box":
		w.empty(n+1, "box", "size", vec(g.Size[:]...))
	case "sphere":
		w.empty(n+1, "sphere", "radius", num(g.Radius))
	case "cylinder", "capsule":
		w.empty(n+1, g.Kind, "radius", num(g.Radius), "length", num(g.Length))
	case "mesh":
		if g.Scale == (convert.Vec3{1, 1, 1}) {
			w.empty(n+1, "mesh", "filename", g.Filename)
		} else {
			w.empty(n+1, "mesh", "filename", g.Filename, "scale", vec(g.Scale[:]...))
		}
	}
	w.close(n, "geometry")
}

func (w *writer) link(l *Link) {
	if l.Inertial == nil && len(l.Visuals) == 0 && len(l.Collisions) == 0 && len(l.Extras) == 0 {
		w.empty(1, "link", "name", l.Name)
		return
	}
	w.open(1, "link", "name", l.Name)
	if in := l.Inertial; in != nil {
		w.open(2, "inertial")
		w.origin(3, in.Origin)
		w.empty(3, "mass", "value", num(in.Mass))
		w.empty(3, "inertia", "ixx", num(in.IXX), "ixy", num(in.IXY), "ixz", num(in.IXZ),
			"iyy", num(in.IYY), "iyz", num(in.IYZ), "izz", num(in.IZZ))
		w.close(2, "inertial")
	}
	for _, v := range l.Visuals {
		w.shapeOpen("visual", v.Name)
		w.origin(3, v.Origin)
		w.geometry(3, v.Geometry)
		if v.Material != nil {
			w.material(3, v.Material)
		}
		w.close(2, "visual")
	}
	for _, c := range l.Collisions {
		w.shapeOpen("collision", c.Name)
		w.origin(3, c.Origin)
		w.geometry(3, c.Geometry)
		w.close(2, "collision")
	}
	for _, e := range l.Extras {
		w.element(2, e)
	}
	w.close(1, "link")
}

func (w *writer) shapeOpen(tag, name string) {
	if name == "" {
		w.open(2, tag)
	} else {
		w.open(2, tag, "name", name)
	}
}

func (w *writer) joint(j *Joint) {
	w.open(1, "joint", "name", j.Name, "type", j.Type)
	w.origin(2, j.Origin)
	w.empty(2, "parent", "link", j.Parent)
	w.empty(2, "child", "link", j.Child)
	if j.Type != Fixed && j.Type != Floating {
		w.empty(2, "axis", "xyz", vec(j.Axis[:]...))
	}
	if l := j.Limit; l != nil {
		if j.Type == Continuous {
			w.empty(2, "limit", "effort", num(l.Effort), "velocity", num(l.Velocity))
		} else {
			w.empty(2, "limit", "lower", num(l.Lower), "upper", num(l.Upper), "effort", num(l.Effort), "velocity", num(l.Velocity))
		}
	}
	if d := j.Dynamics; d != nil {
		w.empty(2, "dynamics", "damping", num(d.Damping), "friction", num(d.Friction))
	}
	if m := j.Mimic; m != nil {
		w.empty(2, "mimic", "joint", m.Joint, "multiplier", num(m.Multiplier), "offset", num(m.Offset))
	}
	for _, e := range j.Extras {
		w.element(2, e)
	}
	w.close(1, "joint")
}

// element writes a kept element back as it was read (attributes in their
// order, text trimmed).
func (w *writer) element(n int, e *Element) {
	attrs := make([]string, 0, 2*len(e.Attrs))
	for _, a := range e.Attrs {
		name := a.Name.Local
		if a.Name.Space == "xmlns" {
			name = "xmlns:" + name
		}
		attrs = append(attrs, name, a.Value)
	}
	if len(e.Children) == 0 && e.Text == "" {
		w.empty(n, e.Name, attrs...)
		return
	}
	if len(e.Children) == 0 {
		w.indent(n)
		w.tagInline(e.Name, attrs)
		xml.EscapeText(&w.b, []byte(e.Text))
		w.b.WriteString("</" + e.Name + ">\n")
		return
	}
	w.open(n, e.Name, attrs...)
	if e.Text != "" {
		w.indent(n + 1)
		xml.EscapeText(&w.b, []byte(e.Text))
		w.b.WriteByte('\n')
	}
	for _, c := range e.Children {
		w.element(n+1, c)
	}
	w.close(n, e.Name)
}

func (w *writer) tagInline(name string, attrs []string) {
	w.b.WriteByte('<')
	w.b.WriteString(name)
	for i := 0; i+1 < len(attrs); i += 2 {
		w.b.WriteString(" " + attrs[i] + `="`)
		xml.EscapeText(&w.b, []byte(attrs[i+1]))
		w.b.WriteByte('"')
	}
	w.b.WriteByte('>')
}
