package mjcf

import (
	"github.com/physconv/physconv/convert"
)

// orientationAttrs are the attributes that orient an element; one at
// most is given.
var orientationAttrs = []string{"quat", "axisangle", "euler", "xyaxes", "zaxis"}

// localize rewrites a model written in MuJoCo 1.x global coordinates
// (compiler coordinate="global", which MuJoCo up to 2.3.3 reads and
// MuJoCo 3 refuses) into the local coordinates the rest of the reader
// and every MuJoCo since take, as MuJoCo 2.3.3's compiler converted them:
// a body's pos and orientation become relative to its parent body's
// global frame; the pos, orientation and fromto of its geoms and sites,
// the pos and orientation of its inertial and cameras, a joint's pos and
// axis and a light's pos and dir, relative to its own. worldbody's
// frame is the world's, so its own elements stay as they are.
func (p *parser) localize(worldbody *Element) error {
	for _, c := range worldbody.Children {
		switch c.Name {
		case "body":
			if err := p.localizeBody(c, convert.Identity(), ""); err != nil {
				return err
			}
		case "frame", "replicate":
			return errAt(c, "<%s> cannot be used with global coordinates (MuJoCo added it after it dropped them)", c.Name)
		}
	}
	return nil
}

// localizeBody rewrites body e, whose parent body's global frame is
// parent, and everything inside it.
func (p *parser) localizeBody(e *Element, parent convert.Transform, childclass string) error {
	global, err := p.pose(ownAttrs(e))
	if err != nil {
		return err
	}
	setLocalPose(e, parent.Inverse().Mul(global))
	cc := childclass
	if v, ok := e.Attr("childclass"); ok {
		cc = v
	}
	toLocal := global.Inverse()
	for _, c := range e.Children {
		switch c.Name {
		case "body":
			if err := p.localizeBody(c, global, cc); err != nil {
				return err
			}
		case "geom", "site", "camera", "inertial":
			a := ownAttrs(c)
			if c.Name != "inertial" && c.Name != "camera" {
				if a, err = p.resolve(c, cc); err != nil {
					return err
				}
			}
			if a.has("fromto") && (c.Name == "geom" || c.Name == "site") {
				ft, err := a.nums("fromto", 6, nil)
				if err != nil {
					return err
				}
				from := toLocal.Apply(convert.Vec3{ft[0], ft[1], ft[2]})
				to := toLocal.Apply(convert.Vec3{ft[3], ft[4], ft[5]})
				c.SetAttr("fromto", fmtFloats(append(from[:], to[:]...)...))
				continue
			}
			t, err := p.pose(a)
			if err != nil {
				return err
			}
			setLocalPose(c, toLocal.Mul(t))
		case "joint":
			a, err := p.resolve(c, cc)
			if err != nil {
				return err
			}
			pos, err := a.vec3("pos", convert.Vec3{})
			if err != nil {
				return err
			}
			axis, err := a.vec3("axis", convert.Vec3{0, 0, 1})
			if err != nil {
				return err
			}
			c.SetAttr("pos", fmtVec(toLocal.Apply(pos)))
			c.SetAttr("axis", fmtVec(toLocal.R.Rotate(axis)))
		case "light":
			a := ownAttrs(c)
			pos, err := a.vec3("pos", convert.Vec3{})
			if err != nil {
				return err
			}
			dir, err := a.vec3("dir", convert.Vec3{0, 0, -1})
			if err != nil {
				return err
			}
			c.SetAttr("pos", fmtVec(toLocal.Apply(pos)))
			c.SetAttr("dir", fmtVec(toLocal.R.Rotate(dir)))
		case "frame", "replicate":
			return errAt(c, "<%s> cannot be used with global coordinates (MuJoCo added it after it dropped them)", c.Name)
		}
	}
	return nil
}

// setLocalPose gives element e the pose t as its own pos and quat, in place of
// whatever pos and orientation it had.
func setLocalPose(e *Element, t convert.Transform) {
	for _, name := range orientationAttrs {
		e.RemoveAttr(name)
	}
	e.SetAttr("pos", fmtVec(t.T))
	q := t.R.Normalize()
	e.SetAttr("quat", fmtFloats(q[3], q[0], q[1], q[2]))
}

func fmtVec(v convert.Vec3) string { return fmtFloats(v[:]...) }
