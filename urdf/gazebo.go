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
// moves a link, a joint or the model and that physconv does not read,
// with what each does. They stay in the element URDF output keeps.
var gazeboUnread = map[string]string{
	"minDepth":             "the depth contacts may sink before Gazebo pushes back",
	"maxVel":               "the speed at which Gazebo pushes contacts apart",
	"fdir1":                "the direction mu1 acts along (friction here is isotropic)",
	"selfCollide":          "whether the link collides with the model's other links",
	"self_collide":         "whether the model's links collide with each other",
	"dampingFactor":        "velocity decay of the link",
	"maxContacts":          "the most contacts the link keeps",
	"collision":            "the link's collision surface (friction, bounce) as Gazebo's SDF spells it",
	"kinematic":            "the link moves only as it is told, not by forces",
	"static":               "the model does not move at all",
	"springStiffness":      "the joint's spring",
	"springReference":      "the joint's spring's rest position",
	"stopErp":              "how hard the joint's limits push back",
	"stopCfm":              "how soft the joint's limits are",
	"implicitSpringDamper": "how Gazebo integrates the joint's spring and damping",
	"cfmDamping":           "how Gazebo integrates the joint's damping",
	"fudgeFactor":          "how the joint's motor and limits share force",
}

// gazeboUnreadTags warns of the tags of gazeboUnread in the <gazebo>
// elements kept for URDF output: Gazebo moves the model by them, and
// every output moves it without.
func (p *parser) gazeboUnreadTags(kept []*xmlElement) {
	for _, e := range kept {
		if e.Name != "gazebo" {
			continue
		}
		ref, _ := e.Attr("reference")
		what := "the model"
		switch {
		case ref != "" && p.links[ref] != nil:
			what = fmt.Sprintf("link %q", ref)
		case ref != "":
			what = fmt.Sprintf("%q", ref)
		}
		for _, c := range e.Children {
			does, ok := gazeboUnread[c.Name]
			if c.Kind != xmlx.ElementNode || !ok {
				continue
			}
			where := "robot/gazebo"
			if ref != "" {
				where = fmt.Sprintf("robot/gazebo[%s]", ref)
			}
			p.diags.Add(convert.CodeFieldDropped, convert.DocumentSubject(), where+"/"+c.Name, "Gazebo's <%s> of %s (%s) is not read: the output moves as if it had none (URDF output keeps it)", c.Name, what, does).AtLine(c.Line).Affecting(convert.QData)
		}
	}
}
