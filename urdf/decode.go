package urdf

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/slab"
	"github.com/physconv/physconv/internal/xmlx"
)

// Decode reads a URDF document into its raw structs. It checks what
// urdfdom checks (required attributes, numbers, joint types, limits of
// revolute and prismatic joints, unique names) and returns a
// *convert.FormatError with the line of the offending element.
// Tree-level checks (one root, no cycles, known links) are Parse's.
func Decode(data []byte) (*Robot, error) { return decode(data, false) }

// decode is Decode; borrow: data is never modified afterwards (see
// xmlx.Options.Borrow).
func decode(data []byte, borrow bool) (*Robot, error) {
	// the links and joints are decoded as they are read, each in the
	// memory the one before it used (xmlx.Stream), rather than from a
	// tree of the whole robot
	r := &Robot{}
	links, joints := map[string]int{}, map[string]int{}
	ps := &parts{inertials: slab.Slab[Inertial]{Size: partsBlock}, limits: slab.Slab[Limit]{Size: partsBlock},
		visuals: slab.Slab[Visual]{Size: partsBlock}, collisions: slab.Slab[Collision]{Size: partsBlock}}
	doc, err := xmlx.Stream(data, xmlx.Options{Text: true, Borrow: borrow, AfterRoot: true}, func(root, e *xmlElement) (bool, error) {
		if err := checkRobotRoot(root); err != nil {
			return false, err
		}
		switch e.Name {
		case "link":
			l, err := ps.decodeLink(e)
			if err != nil {
				return false, err
			}
			if prev, ok := links[l.Name]; ok {
				return false, convert.ErrorAtLine(e.Line, "duplicate link name %q (first at line %d)", l.Name, prev)
			}
			links[l.Name] = e.Line
			r.Links = append(r.Links, l)
			return l.holdsElements(), nil
		case "joint":
			j, err := ps.decodeJoint(e)
			if err != nil {
				return false, err
			}
			if prev, ok := joints[j.Name]; ok {
				return false, convert.ErrorAtLine(e.Line, "duplicate joint name %q (first at line %d)", j.Name, prev)
			}
			joints[j.Name] = e.Line
			r.Joints = append(r.Joints, j)
			return len(j.extras) > 0, nil
		case "material":
			m, err := decodeMaterial(e)
			if err != nil {
				return false, err
			}
			r.Materials = append(r.Materials, *m)
			return false, nil
		default:
			r.extras = append(r.extras, e)
			return true, nil
		}
	})
	if err != nil {
		return nil, err
	}
	if err := checkRobotRoot(doc.Root); err != nil {
		return nil, err
	}
	r.Line = doc.Root.Line
	r.Name, _ = doc.Root.Attr("name")
	r.ignoredFrom = doc.IgnoredFrom
	return r, nil
}

func checkRobotRoot(root *xmlElement) error {
	if root.Name != "robot" {
		return convert.ErrorAtLine(root.Line, "top-level element is <%s>, want <robot>", root.Name)
	}
	return nil
}

// holdsElements reports whether l keeps any of the elements it was read
// from (unknown children, ignored geometry), which must then stay.
func (l *Link) holdsElements() bool {
	if len(l.extras) > 0 {
		return true
	}
	for _, v := range l.Visuals {
		if len(v.Geometry.ignored) > 0 {
			return true
		}
	}
	for _, c := range l.Collisions {
		if len(c.Geometry.ignored) > 0 {
			return true
		}
	}
	return false
}

// parts holds what Decode gives links and joints by pointer or as a
// list, in blocks of partsBlock: a robot of thousands of links costs a
// few dozen allocations for them, not thousands. Each link or joint takes
// its own elements, never shared.
type parts struct {
	inertials  slab.Slab[Inertial]
	limits     slab.Slab[Limit]
	visuals    slab.Slab[Visual]
	collisions slab.Slab[Collision]
}

// partsBlock is how many of each part one allocation holds.
const partsBlock = 128

func required(e *xmlElement, name string) (string, error) {
	v, ok := e.Attr(name)
	if !ok {
		return "", convert.ErrorAtLine(e.Line, "<%s> needs the attribute %q", e.Name, name)
	}
	return v, nil
}

func requiredName(e *xmlElement) (string, error) {
	v, err := required(e, "name")
	if err == nil && v == "" {
		err = convert.ErrorAtLine(e.Line, "<%s> has an empty name", e.Name)
	}
	return v, err
}

// requiredNumber parses a required numeric attribute.
func requiredNumber(e *xmlElement, attr string) (float64, error) {
	if _, err := required(e, attr); err != nil {
		return 0, err
	}
	v, _, err := e.Float(attr, urdfNumber)
	return v, err
}

// numberAttr parses an optional numeric attribute with a default.
func numberAttr(e *xmlElement, attr string, def float64) (float64, error) {
	v, ok, err := e.Float(attr, urdfNumber)
	if !ok {
		return def, nil
	}
	return v, err
}

// vecAttr reads an optional attribute of len(dst) numbers into dst (the
// numbers are appended to dst[:0], which has room for them) and reports
// whether it is present. dst is left alone when it is absent, and holds
// no meaning after an error.
func vecAttr(e *xmlElement, attr string, dst []float64) (bool, error) {
	_, ok, err := e.AppendFloats(dst[:0], attr, len(dst), urdfNumber)
	return ok, err
}

func vec3Attr(e *xmlElement, attr string, def convert.Vec3) (convert.Vec3, error) {
	v := def
	if _, err := vecAttr(e, attr, v[:]); err != nil {
		return convert.Vec3{}, err
	}
	return v, nil
}

func decodePose(parent *xmlElement) (Pose, error) {
	e := parent.Child("origin")
	if e == nil {
		return Pose{}, nil
	}
	var p Pose
	var err error
	if p.XYZ, err = vec3Attr(e, "xyz", convert.Vec3{}); err != nil {
		return p, err
	}
	p.RPY, err = vec3Attr(e, "rpy", convert.Vec3{})
	return p, err
}

func (ps *parts) decodeLink(e *xmlElement) (Link, error) {
	name, err := requiredName(e)
	if err != nil {
		return Link{}, err
	}
	l := Link{Name: name, Line: e.Line}
	// sized once: a link may hold thousands of shapes (a static world)
	elems := e.Elements()
	visuals, collisions := 0, 0
	for _, c := range elems {
		switch c.Name {
		case "visual":
			visuals++
		case "collision":
			collisions++
		}
	}
	if visuals > 0 {
		l.Visuals = ps.visuals.Room(visuals)
	}
	if collisions > 0 {
		l.Collisions = ps.collisions.Room(collisions)
	}
	for _, c := range elems {
		switch c.Name {
		case "inertial":
			if l.Inertial != nil {
				l.ignoredInertials = append(l.ignoredInertials, c.Line)
				continue
			}
			if l.Inertial, err = ps.decodeInertial(c); err != nil {
				return Link{}, err
			}
		case "visual":
			v := Visual{Line: c.Line}
			v.Name, _ = c.Attr("name")
			if v.Origin, err = decodePose(c); err != nil {
				return Link{}, err
			}
			if c.Child("geometry") == nil {
				// urdfdom and MuJoCo read the robot without it
				v.Geometry = Geometry{unknown: true, Line: c.Line}
			} else if v.Geometry, err = decodeGeometry(c); err != nil {
				return Link{}, err
			}
			if m := c.Child("material"); m != nil {
				if v.Material, err = decodeMaterial(m); err != nil {
					// a visual's own material: urdfdom logs the bad colour
					// and drops the material, keeping the link
					var fe *convert.FormatError
					if !errors.As(err, &fe) || m.Child("color") == nil {
						return Link{}, err
					}
					v.Material = &Material{Line: m.Line, badColor: err}
					v.Material.Name, _ = m.Attr("name")
					if t := m.Child("texture"); t != nil {
						v.Material.Texture, _ = t.Attr("filename")
					}
				}
			}
			l.Visuals = append(l.Visuals, v)
		case "collision":
			k := Collision{Line: c.Line}
			k.Name, _ = c.Attr("name")
			if k.Origin, err = decodePose(c); err != nil {
				return Link{}, err
			}
			if k.Geometry, err = decodeGeometry(c); err != nil {
				return Link{}, err
			}
			if d := c.Child("drake:proximity_properties"); d != nil {
				if k.drake, err = decodeDrakeProximity(d); err != nil {
					return Link{}, err
				}
			}
			l.Collisions = append(l.Collisions, k)
		default:
			l.extras = append(l.extras, c)
		}
	}
	return l, nil
}

// maxDensity bounds an <inertial>'s <density>: some fifty times the
// densest element, far beyond any material, and small enough that the
// mass of a large link stays finite.
const maxDensity = 1e6

func (ps *parts) decodeInertial(e *xmlElement) (*Inertial, error) {
	in := ps.inertials.New(Inertial{})
	in.Line = e.Line
	var err error
	if in.Origin, err = decodePose(e); err != nil {
		return nil, err
	}
	in.hasOrigin = e.Child("origin") != nil
	m, d := e.Child("mass"), e.Child("density")
	switch {
	case m != nil:
		if in.Mass, err = requiredNumber(m, "value"); err != nil {
			return nil, err
		}
		if in.Mass < 0 {
			return nil, convert.ErrorAtLine(m.Line, "mass %v is negative", in.Mass)
		}
	case d != nil:
		in.noMass = true
		if in.Density, err = requiredNumber(d, "value"); err != nil {
			return nil, err
		}
		if !(in.Density > 0) || in.Density > maxDensity {
			return nil, convert.ErrorAtLine(d.Line, "density %v must be positive and at most %g kg/m³", in.Density, maxDensity)
		}
	default:
		return nil, convert.ErrorAtLine(e.Line, "<inertial> needs a <mass> (or, as Isaac Gym reads it, a <density>)")
	}
	i := e.Child("inertia")
	if i == nil {
		in.noInertia = true
		return in, nil
	}
	for _, f := range []struct {
		name string
		dst  *float64
	}{{"ixx", &in.IXX}, {"iyy", &in.IYY}, {"izz", &in.IZZ}} {
		if *f.dst, err = requiredNumber(i, f.name); err != nil {
			return nil, err
		}
	}
	// the products may be left out (urdfdom refuses that; PyBullet, and
	// the models made for it, read them as zero)
	for k, dst := range [3]*float64{&in.IXY, &in.IXZ, &in.IYZ} {
		v, ok, err := i.Float(inertiaProducts[k], urdfNumber)
		if err != nil {
			return nil, err
		}
		if !ok {
			in.missingProducts |= 1 << k
		}
		*dst = v
	}
	return in, nil
}

func decodeGeometry(parent *xmlElement) (Geometry, error) {
	e := parent.Child("geometry")
	if e == nil {
		return Geometry{}, convert.ErrorAtLine(parent.Line, "<%s> needs a <geometry>", parent.Name)
	}
	// Like urdfdom, the first child is the shape; later ones are ignored
	// (Parse reports them).
	var shape *xmlElement
	var ignored []*xmlElement
	for _, c := range e.Elements() {
		if shape != nil {
			ignored = append(ignored, c)
			continue
		}
		shape = c
	}
	if shape == nil {
		return Geometry{}, convert.ErrorAtLine(e.Line, "<geometry> has no shape")
	}
	g := Geometry{Kind: shape.Name, Line: shape.Line, Scale: convert.Vec3{1, 1, 1}, ignored: ignored}
	// positive reads a size; zero is kept aside in g.empty (a marker's
	// visual draws nothing, a collider needs a volume), a negative size
	// is an error
	positive := func(attr string) (float64, error) {
		v, err := requiredNumber(shape, attr)
		switch {
		case err != nil:
		case v == 0:
			if g.empty == nil {
				g.empty = convert.ErrorAtLine(shape.Line, "<%s %s=%q>: must be positive (a collider needs a volume)", shape.Name, attr, shape.AttrOr(attr, ""))
			}
		case !(v > 0):
			err = convert.ErrorAtLine(shape.Line, "<%s %s=%q>: must be positive (a collider needs a volume)", shape.Name, attr, shape.AttrOr(attr, ""))
		}
		return v, err
	}
	var err error
	switch shape.Name {
	case "box":
		if _, ok := shape.Attr("size"); !ok {
			return g, convert.ErrorAtLine(shape.Line, "<box> needs the attribute \"size\"")
		}
		if g.Size, err = vec3Attr(shape, "size", convert.Vec3{}); err != nil {
			return g, err
		}
		switch {
		case g.Size[0] > 0 && g.Size[1] > 0 && g.Size[2] > 0:
		case g.Size[0] >= 0 && g.Size[1] >= 0 && g.Size[2] >= 0:
			g.empty = convert.ErrorAtLine(shape.Line, "<box> size must be positive in every dimension")
		default:
			return g, convert.ErrorAtLine(shape.Line, "<box> size must be positive in every dimension")
		}
	case "sphere":
		g.Radius, err = positive("radius")
	case "cylinder", "capsule", "drake:capsule":
		if g.Radius, err = positive("radius"); err == nil {
			g.Length, err = positive("length")
		}
		if shape.Name == "drake:capsule" {
			g.Kind, g.Spelled = "capsule", shape.Name
		}
	case "drake:ellipsoid":
		// Drake's extension: semi-axes a, b, c along the link's x, y, z
		g.Kind, g.Spelled = "ellipsoid", shape.Name
		for k, attr := range []string{"a", "b", "c"} {
			if g.Size[k], err = positive(attr); err != nil {
				break
			}
		}
	case "plane":
		// PyBullet's extension: an infinite plane, its normal required
		if _, ok := shape.Attr("normal"); !ok {
			return g, convert.ErrorAtLine(shape.Line, "<plane> needs the attribute \"normal\"")
		}
		if g.Normal, err = vec3Attr(shape, "normal", convert.Vec3{}); err != nil {
			return g, err
		}
		if l := g.Normal.Len(); !(l > 0) || math.IsInf(l, 0) {
			return g, convert.ErrorAtLine(shape.Line, "<plane normal=%q>: must be a direction", shape.AttrOr("normal", ""))
		}
		g.Normal = g.Normal.Normalize()
	case "mesh":
		if g.Filename, err = required(shape, "filename"); err != nil {
			return g, err
		}
		if g.Filename == "" {
			return g, convert.ErrorAtLine(shape.Line, "<mesh> has an empty filename")
		}
		g.Scale, err = vec3Attr(shape, "scale", convert.Vec3{1, 1, 1})
		if err != nil {
			// Drake reads one number as a uniform scale, PyBullet the
			// first three of more
			if all, _, anyErr := shape.Floats("scale", -1, urdfNumber); anyErr == nil && len(all) != 2 {
				g.Scale, g.scaleNumbers, err = convert.Vec3{all[0], all[0], all[0]}, len(all), nil
				if len(all) > 3 {
					g.Scale = convert.Vec3(all[:3])
				}
			}
		}
	default:
		g.unknown = true // left out with a warning, as urdfdom leaves it
	}
	return g, err
}

func decodeMaterial(e *xmlElement) (*Material, error) {
	m := &Material{Line: e.Line}
	m.Name, _ = e.Attr("name")
	if c := e.Child("color"); c != nil {
		var rgba [4]float64
		ok, err := vecAttr(c, "rgba", rgba[:])
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, convert.ErrorAtLine(c.Line, "<color> needs the attribute \"rgba\"")
		}
		m.Color = &rgba
	}
	if t := e.Child("texture"); t != nil {
		m.Texture, _ = t.Attr("filename")
	}
	return m, nil
}

func (ps *parts) decodeJoint(e *xmlElement) (Joint, error) {
	name, err := requiredName(e)
	if err != nil {
		return Joint{}, err
	}
	j := Joint{Name: name, Line: e.Line, Axis: convert.Vec3{1, 0, 0}}
	if j.Type, err = required(e, "type"); err != nil {
		return Joint{}, err
	}
	switch j.Type {
	case Revolute, Continuous, Prismatic, Fixed, Floating, Planar, Spherical:
	default:
		return Joint{}, convert.ErrorAtLine(e.Line, "joint %q has unknown type %q", name, j.Type)
	}
	if j.Origin, err = decodePose(e); err != nil {
		return Joint{}, err
	}
	link := func(tag string) (string, error) {
		c := e.Child(tag)
		if c == nil {
			return "", convert.ErrorAtLine(e.Line, "joint %q needs a <%s>", name, tag)
		}
		v, err := required(c, "link")
		if err == nil && v == "" {
			err = convert.ErrorAtLine(c.Line, "joint %q: <%s> names no link", name, tag)
		}
		return v, err
	}
	if j.Parent, err = link("parent"); err != nil {
		return Joint{}, err
	}
	if j.Child, err = link("child"); err != nil {
		return Joint{}, err
	}
	var seen [4]bool // axis, limit, dynamics, mimic
	for _, c := range e.Elements() {
		if k := slices.Index(readOnce, c.Name); k >= 0 {
			if seen[k] {
				// urdfdom and Bullet read the first (FirstChildElement)
				j.ignored = append(j.ignored, ignoredChild{strings.Clone(c.Name), c.Line})
				continue
			}
			seen[k] = true
		}
		switch c.Name {
		case "origin", "parent", "child":
		case "axis":
			if j.Axis, err = vec3Attr(c, "xyz", convert.Vec3{1, 0, 0}); err != nil {
				return Joint{}, err
			}
			if j.Axis.Len() == 0 && j.Type != Fixed && j.Type != Floating && j.Type != Spherical {
				return Joint{}, convert.ErrorAtLine(c.Line, "joint %q has a zero axis", name)
			}
		case "limit":
			l := ps.limits.New(Limit{})
			l.Line = c.Line
			for _, f := range []struct {
				attr string
				dst  *float64
			}{{"lower", &l.Lower}, {"upper", &l.Upper}, {"effort", &l.Effort}, {"velocity", &l.Velocity}} {
				if *f.dst, err = numberAttr(c, f.attr, 0); err != nil {
					return Joint{}, err
				}
			}
			j.Limit = l
		case "dynamics":
			d := &Dynamics{}
			if d.Damping, err = numberAttr(c, "damping", 0); err != nil {
				return Joint{}, err
			}
			if d.Friction, err = numberAttr(c, "friction", 0); err != nil {
				return Joint{}, err
			}
			j.Dynamics = d
		case "mimic":
			m := &Mimic{Line: c.Line}
			if m.Joint, err = required(c, "joint"); err != nil {
				return Joint{}, err
			}
			if m.Multiplier, err = numberAttr(c, "multiplier", 1); err != nil {
				return Joint{}, err
			}
			if m.Offset, err = numberAttr(c, "offset", 0); err != nil {
				return Joint{}, err
			}
			j.Mimic = m
		default:
			j.extras = append(j.extras, c)
		}
	}
	return j, nil
}

// readOnce are the joint children a joint has one of: urdfdom and
// Bullet read the first and never look at another (<origin>, <parent>
// and <child> are looked up as the first of their name too).
var readOnce = []string{"axis", "limit", "dynamics", "mimic"}

// urdfNumber reads one number the way urdfdom does: plain decimal digits
// with an optional sign, point and exponent (no "1_000", "0x1p3", "inf").
func urdfNumber(s string) (float64, error) {
	v, err := convert.ParseDecimal(strings.TrimSpace(s))
	if err != nil {
		return 0, errNotDecimal
	}
	return v, nil
}

var errNotDecimal = errors.New("not a finite number (plain decimal digits, as urdfdom reads them)")

// pointMassMoment is the largest principal moment (kg·m²) of a link of
// mass kg that is a point mass with rounding noise: the moment of its
// mass at a micrometre from the axis. No rigid part is that small; CAD
// exporters write such values for zero.
func pointMassMoment(kg float64) float64 { return 1e-12 * kg }

// spelled is the tensor as the file gives it, for a diagnostic.
func (in *Inertial) spelled() string {
	return fmt.Sprintf("ixx=%g ixy=%g ixz=%g iyy=%g iyz=%g izz=%g", in.IXX, in.IXY, in.IXZ, in.IYY, in.IYZ, in.IZZ)
}

// tensor is the inertia as a symmetric matrix.
func (in *Inertial) tensor() convert.Mat3 {
	return convert.Mat3{
		{in.IXX, in.IXY, in.IXZ},
		{in.IXY, in.IYY, in.IYZ},
		{in.IXZ, in.IYZ, in.IZZ},
	}
}

// decodeDrakeProximity reads a <drake:proximity_properties>: its
// friction (<drake:mu_static value>, <drake:mu_dynamic value>), and the
// names of the other properties, which no target has.
func decodeDrakeProximity(e *xmlElement) (*drakeProximity, error) {
	d := &drakeProximity{Line: e.Line}
	for _, c := range e.Elements() {
		switch c.Name {
		case "drake:mu_static", "drake:mu_dynamic":
			v, err := numberAttr(c, "value", math.NaN())
			if err == nil && (math.IsNaN(v) || v < 0) {
				err = convert.ErrorAtLine(c.Line, "<%s> needs a value of at least 0", c.Name)
			}
			if err != nil {
				return nil, err
			}
			if c.Name == "drake:mu_static" {
				d.MuStatic = &v
			} else {
				d.MuDynamic = &v
			}
		default:
			d.Unread = append(d.Unread, ignoredChild{strings.Clone(c.Name), c.Line})
		}
	}
	return d, nil
}
