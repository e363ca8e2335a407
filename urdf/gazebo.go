package urdf

import (
	"fmt"
	"strings"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/xmlx"
)

// gazeboGravityOff reads the gravity switch of a <gazebo reference=LINK>
// child as Gazebo's URDF reader does: <turnGravityOff> (URDF's
// spelling; true or 1 turns gravity off) or <gravity> (SDF's, which
// Gazebo also takes; false or 0 turns it off), its value in a value
// attribute or as text. ok is false for any other element.
func gazeboGravityOff(c *xmlElement) (off, ok bool) {
	if c.Kind != xmlx.ElementNode || c.Name != "turnGravityOff" && c.Name != "gravity" {
		return false, false
	}
	v, attr := c.Attr("value")
	if !attr {
		v = c.Text()
	}
	v = strings.ToLower(strings.TrimSpace(v))
	if c.Name == "turnGravityOff" {
		return v == "true" || v == "1", true
	}
	return v == "false" || v == "0", true
}

// gazeboUnread are the Gazebo extension tags that change how Gazebo
// moves a link, a joint or the model and that physconv does not read:
// what each does, and Gazebo's default (a tag that gives it changes
// nothing). They stay in the element URDF output keeps.
var gazeboUnread = map[string]struct{ does, def string }{
	"minDepth":             {"the depth contacts may sink before Gazebo pushes back", "0"},
	"maxVel":               {"the speed at which Gazebo pushes contacts apart", ""},
	"fdir1":                {"the direction mu1 acts along (friction here is isotropic)", "0 0 0"},
	"selfCollide":          {"the link colliding with the model's other links", "false"},
	"self_collide":         {"the model's links colliding with each other", "false"},
	"dampingFactor":        {"velocity decay of the link", "0"},
	"collision":            {"the link's collision surface (friction, bounce) as Gazebo's SDF spells it", ""},
	"kinematic":            {"the link moving only as it is told, not by forces", "false"},
	"static":               {"the model not moving at all", "false"},
	"springStiffness":      {"the joint's spring", "0"},
	"springReference":      {"the joint's spring's rest position", "0"},
	"stopErp":              {"how hard the joint's limits push back", ""},
	"stopCfm":              {"how soft the joint's limits are", "0"},
	"implicitSpringDamper": {"how Gazebo integrates the joint's spring and damping", "false"},
}

// gazeboUnreadTags warns of the tags of gazeboUnread that a <gazebo>
// element kept for URDF output sets otherwise than Gazebo's default:
// Gazebo moves the model by them, and every output moves it without.
// The message names the tag, not the link or joint (the place does), so
// that the elements setting one tag are told about together.
func (p *parser) gazeboUnreadTags(kept []*xmlElement) {
	for _, e := range kept {
		if e.Name != "gazebo" {
			continue
		}
		ref, _ := e.Attr("reference")
		for _, c := range e.Children {
			u, ok := gazeboUnread[c.Name]
			if c.Kind != xmlx.ElementNode || !ok {
				continue
			}
			v, attr := c.Attr("value")
			if !attr {
				v = c.Text()
			}
			if sameGazeboValue(v, u.def) {
				continue
			}
			where := "robot/gazebo"
			if ref != "" {
				where = fmt.Sprintf("robot/gazebo[%s]", ref)
			}
			p.diags.Add(convert.CodeFieldDropped, convert.DocumentSubject(), where+"/"+c.Name, "Gazebo's <%s> (%s) is not read: the output moves as if it had none (URDF output keeps it)", c.Name, u.does).AtLine(c.Line).Affecting(convert.QData)
		}
	}
}

// sameGazeboValue reports whether a tag's value is the default def
// (none: every value counts): as words (true, false) or as numbers.
func sameGazeboValue(v, def string) bool {
	if def == "" {
		return false
	}
	v, def = strings.ToLower(strings.TrimSpace(v)), strings.ToLower(def)
	if v == def || v == "0" && def == "false" || v == "1" && def == "true" {
		return true
	}
	a, b := strings.Fields(v), strings.Fields(def)
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		x, errX := urdfNumber(a[k])
		y, errY := urdfNumber(b[k])
		if errX != nil || errY != nil || x != y {
			return false
		}
	}
	return true
}
