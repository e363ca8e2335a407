package urdf

import (
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/xmlx"
)

// Encode writes a Robot as URDF text: two-space indentation, attributes in
// a fixed order, shortest round-trip numbers snapped to the short decimal
// a frame change left a few ulps away.
func Encode(r *Robot) []byte {
	w := &writer{}
	shapes := 0
	for i := range r.Links {
		shapes += len(r.Links[i].Visuals) + len(r.Links[i].Collisions)
	}
	// about what a link, a shape and a joint take
	w.Grow(256*len(r.Links) + 256*shapes + 384*len(r.Joints) + 1024)
	w.Declaration()
	if r.drakeNS {
		w.Open("robot", "name", r.Name, "xmlns:drake", drakeNamespace)
	} else {
		w.Open("robot", "name", r.Name)
	}
	for i := range r.Materials {
		w.material(&r.Materials[i])
	}
	for i := range r.Links {
		w.link(&r.Links[i])
	}
	for i := range r.Joints {
		w.joint(&r.Joints[i])
	}
	for _, e := range r.extras {
		w.Element(e)
	}
	w.Close()
	return w.Bytes()
}

type writer struct{ xmlx.Writer }

func num(x float64) string { return xmlx.Num(x) }

func vec(v ...float64) string { return xmlx.Nums(v...) }

func (w *writer) origin(p Pose) {
	if p == (Pose{}) {
		return
	}
	w.Empty("origin", "xyz", vec(p.XYZ[:]...), "rpy", vec(p.RPY[:]...))
}

func (w *writer) material(m *Material) {
	if m.Color == nil && m.Texture == "" {
		w.Empty("material", "name", m.Name)
		return
	}
	w.Open("material", "name", m.Name)
	if m.Color != nil {
		w.Empty("color", "rgba", vec(m.Color[:]...))
	}
	if m.Texture != "" {
		w.Empty("texture", "filename", m.Texture)
	}
	w.Close()
}

func (w *writer) geometry(g Geometry) {
	w.Open("geometry")
	switch g.Kind {
	case "box":
		w.Empty("box", "size", vec(g.Size[:]...))
	case "sphere":
		w.Empty("sphere", "radius", num(g.Radius))
	case "cylinder", "capsule":
		w.Empty(g.Kind, "radius", num(g.Radius), "length", num(g.Length))
	case "mesh":
		if g.Scale == (convert.Vec3{1, 1, 1}) {
			w.Empty("mesh", "filename", g.Filename)
		} else {
			w.Empty("mesh", "filename", g.Filename, "scale", vec(g.Scale[:]...))
		}
	}
	w.Close()
}

func (w *writer) link(l *Link) {
	if l.Inertial == nil && len(l.Visuals) == 0 && len(l.Collisions) == 0 && len(l.extras) == 0 {
		w.Empty("link", "name", l.Name)
		return
	}
	w.Open("link", "name", l.Name)
	if in := l.Inertial; in != nil {
		w.Open("inertial")
		w.origin(in.Origin)
		w.Empty("mass", "value", num(in.Mass))
		w.Empty("inertia", "ixx", num(in.IXX), "ixy", num(in.IXY), "ixz", num(in.IXZ),
			"iyy", num(in.IYY), "iyz", num(in.IYZ), "izz", num(in.IZZ))
		w.Close()
	}
	for _, v := range l.Visuals {
		w.shapeOpen("visual", v.Name)
		w.origin(v.Origin)
		w.geometry(v.Geometry)
		if v.Material != nil {
			w.material(v.Material)
		}
		w.Close()
	}
	for _, c := range l.Collisions {
		w.shapeOpen("collision", c.Name)
		w.origin(c.Origin)
		w.geometry(c.Geometry)
		w.Close()
	}
	for _, e := range l.extras {
		w.Element(e)
	}
	w.Close()
}

func (w *writer) shapeOpen(tag, name string) {
	if name == "" {
		w.Open(tag)
	} else {
		w.Open(tag, "name", name)
	}
}

func (w *writer) joint(j *Joint) {
	w.Open("joint", "name", j.Name, "type", j.Type)
	w.origin(j.Origin)
	w.Empty("parent", "link", j.Parent)
	w.Empty("child", "link", j.Child)
	if j.Type != Fixed && j.Type != Floating {
		w.Empty("axis", "xyz", vec(j.Axis[:]...))
	}
	if l := j.Limit; l != nil {
		if j.Type == Continuous {
			w.Empty("limit", "effort", num(l.Effort), "velocity", num(l.Velocity))
		} else {
			w.Empty("limit", "lower", num(l.Lower), "upper", num(l.Upper), "effort", num(l.Effort), "velocity", num(l.Velocity))
		}
	}
	if d := j.Dynamics; d != nil {
		w.Empty("dynamics", "damping", num(d.Damping), "friction", num(d.Friction))
	}
	if m := j.Mimic; m != nil {
		w.Empty("mimic", "joint", m.Joint, "multiplier", num(m.Multiplier), "offset", num(m.Offset))
	}
	for _, e := range j.extras {
		w.Element(e)
	}
	w.Close()
}
