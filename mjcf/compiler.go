package mjcf

import (
	"strings"

	"github.com/physconv/physconv/convert"
)

// compiler holds the <compiler> settings that change what a model means.
type compiler struct {
	degree             bool   // angle="degree" (MuJoCo's default)
	eulerseq           string // default "xyz"
	meshdir            string
	texturedir         string
	autolimits         bool   // default true since MuJoCo 2.3.3
	inertiaFromGeom    string // "auto" (default), "true", "false"
	groupMin, groupMax int    // inertiagrouprange, default 0 5
	boundMass          float64
	boundInertia       float64
	balanceInertia     bool
	setTotalMass       float64 // ≤ 0: off
	alignFree          bool
	fitAABB            bool // fitaabb: primitives fitted to a mesh's box, not its inertia box
	global             bool // coordinate="global": see parser.localize
}

func defaultCompiler() compiler {
	return compiler{degree: true, eulerseq: "xyz", autolimits: true, inertiaFromGeom: "auto", groupMax: 5, setTotalMass: -1}
}

// apply reads one <compiler> element; later elements override earlier ones
// attribute by attribute, as in MuJoCo.
// massFromGeoms tells whether a body's mass properties come from its
// geoms: always with inertiafromgeom="true", with "auto" when the body
// has no <inertial>.
func (c *compiler) massFromGeoms(hasInertial bool) bool {
	return c.inertiaFromGeom == "true" || !hasInertial && c.inertiaFromGeom == "auto"
}

func (c *compiler) apply(p *parser, e *Element) error {
	a := ownAttrs(e)
	if s, ok := a.get("angle"); ok {
		switch s {
		case "degree":
			c.degree = true
		case "radian":
			c.degree = false
		default:
			return errAt(e, "angle=%q must be degree or radian", s)
		}
	}
	if s, ok := a.get("eulerseq"); ok {
		if len(s) != 3 || strings.Trim(s, "xyzXYZ") != "" {
			return errAt(e, "eulerseq=%q must be three of x y z X Y Z", s)
		}
		c.eulerseq = s
	}
	if s, ok := a.get("assetdir"); ok {
		c.meshdir, c.texturedir = s, s
	}
	if s, ok := a.get("texturedir"); ok {
		c.texturedir = s
	}
	if s, ok := a.get("meshdir"); ok {
		c.meshdir = s
	}
	var err error
	if c.autolimits, err = a.boolean("autolimits", c.autolimits); err != nil {
		return err
	}
	if c.balanceInertia, err = a.boolean("balanceinertia", c.balanceInertia); err != nil {
		return err
	}
	if c.alignFree, err = a.boolean("alignfree", c.alignFree); err != nil {
		return err
	}
	if c.fitAABB, err = a.boolean("fitaabb", c.fitAABB); err != nil {
		return err
	}
	if s, ok := a.get("inertiafromgeom"); ok {
		switch s {
		case "auto", "true", "false":
			c.inertiaFromGeom = s
		default:
			return errAt(e, "inertiafromgeom=%q must be auto, true or false", s)
		}
	}
	if a.has("inertiagrouprange") {
		v, err := a.nums("inertiagrouprange", 2, nil)
		if err != nil {
			return err
		}
		c.groupMin, c.groupMax = int(v[0]), int(v[1])
	}
	if c.boundMass, err = a.num("boundmass", c.boundMass); err != nil {
		return err
	}
	if c.boundInertia, err = a.num("boundinertia", c.boundInertia); err != nil {
		return err
	}
	if c.setTotalMass, err = a.num("settotalmass", c.setTotalMass); err != nil {
		return err
	}
	if s, ok := a.get("coordinate"); ok {
		switch s {
		case "local":
			p.diags.Add(convert.CodeLegacyAttribute, convert.DocumentSubject(), p.path(e), "compiler coordinate=\"local\" is MuJoCo 1.x syntax; local coordinates are the only kind MuJoCo 2+ knows, so it changes nothing")
		case "global":
			c.global = true
			p.diags.Add(convert.CodeGlobalCoordinates, convert.DocumentSubject(), p.path(e), "compiler coordinate=\"global\" (MuJoCo 1.x global coordinates, which MuJoCo 3 refuses) is converted to local coordinates as MuJoCo 2.3.3's compiler converted them; MJCF output is in local coordinates")
		default:
			return errAt(e, "coordinate=%q is neither local nor global", s)
		}
	}
	for _, name := range []string{"fusestatic", "discardvisual", "exactmeshinertia"} {
		if v, ok := a.get(name); ok && v == "true" {
			p.diags.Add(convert.CodeFieldDropped, convert.DocumentSubject(), p.path(e), "compiler %s=\"true\" is not applied; bodies, visuals and mesh inertia are read as written", name).Affecting(convert.QMass, convert.QCenterOfMass, convert.QInertia, convert.QShape, convert.QVisual)
		}
	}
	return nil
}
