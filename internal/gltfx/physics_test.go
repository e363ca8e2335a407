package gltfx

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestPhysicsRules: each rule changes exactly the reading it names; the
// zero rules read the current schema strictly.
func TestPhysicsRules(t *testing.T) {
	strict := PhysicsRules{}
	omi := PhysicsRules{NegativeMeansAbsent: true, EmptyMeansAbsent: true, BoundsErrorAtMin: true}
	khr := PhysicsRules{UpperCaseCombine: true, SpringKeys: true}
	type decodeFn func(PhysicsRules, Value) (any, error)
	material := func(r PhysicsRules, v Value) (any, error) { return r.DecodeMaterial(v) }
	filter := func(r PhysicsRules, v Value) (any, error) { return r.DecodeFilter(v) }
	limit := func(r PhysicsRules, v Value) (any, error) { return r.DecodeLimit(v) }
	drive := func(r PhysicsRules, v Value) (any, error) { return r.DecodeDrive(v) }
	cases := []struct {
		name    string
		decode  decodeFn
		rules   PhysicsRules
		json    string
		errPath string // "" = no error
		want    string // JSON of the decoded value when no error
	}{
		{"upper-case combine refused", material, strict, `{"frictionCombine":"AVERAGE"}`, "m.frictionCombine", ""},
		{"upper-case combine folded", material, khr, `{"frictionCombine":"AVERAGE","restitutionCombine":"Minimum"}`, "",
			`{"frictionCombine":"average","restitutionCombine":"minimum"}`},
		{"negative friction", material, khr, `{"staticFriction":-1}`, "m.staticFriction", ""},
		{"filter lists both present", filter, strict, `{"collideWithSystems":[],"notCollideWithSystems":["a"]}`, "m", ""},
		{"filter empty list absent", filter, omi, `{"collideWithSystems":[],"notCollideWithSystems":["a"]}`, "",
			`{"notCollideWithSystems":["a"]}`},
		{"filter both non-empty", filter, omi, `{"collideWithSystems":["b"],"notCollideWithSystems":["a"]}`, "m", ""},
		{"bounds at limit", limit, strict, `{"angularAxes":[0],"min":1,"max":0}`, "m", ""},
		{"bounds at min", limit, omi, `{"angularAxes":[0],"min":1,"max":0}`, "m.min", ""},
		{"negative stiffness refused", limit, strict, `{"linearAxes":[1],"stiffness":-1}`, "m.stiffness", ""},
		{"negative stiffness read", limit, omi, `{"linearAxes":[1],"stiffness":-1}`, "", `{"linearAxes":[1],"stiffness":-1}`},
		{"negative damping refused", limit, omi, `{"linearAxes":[1],"damping":-1}`, "m.damping", ""},
		{"spring keys ignored", limit, strict, `{"angularAxes":[2],"springConstant":3}`, "", `{"angularAxes":[2]}`},
		{"spring keys read", limit, khr, `{"angularAxes":[2],"springConstant":3,"springDamping":4}`, "",
			`{"angularAxes":[2],"stiffness":3,"damping":4}`},
		{"axis twice", limit, strict, `{"angularAxes":[2,2]}`, "m.angularAxes[1]", ""},
		{"axis out of range", limit, strict, `{"linearAxes":[3]}`, "m.linearAxes[0]", ""},
		{"drive without mode", drive, strict, `{"type":"linear","axis":0}`, "m.mode", ""},
		{"drive empty type kept", drive, strict, `{"type":"","mode":"force","axis":0}`, "", `{"type":"","mode":"force","axis":0}`},
		{"drive empty type absent", drive, omi, `{"type":"","mode":"force","axis":0}`, "m.type", ""},
		{"drive axis", drive, strict, `{"type":"linear","mode":"force","axis":3}`, "m.axis", ""},
		{"negative maxForce refused", drive, strict, `{"type":"linear","mode":"force","axis":1,"maxForce":-1}`, "m.maxForce", ""},
		{"negative maxForce read", drive, omi, `{"type":"linear","mode":"force","axis":1,"maxForce":-1}`, "",
			`{"type":"linear","mode":"force","axis":1,"maxForce":-1}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v, err := ParseValue([]byte(c.json), "m")
			if err != nil {
				t.Fatal(err)
			}
			got, err := c.decode(c.rules, v)
			if c.errPath != "" {
				fe, ok := err.(*convert.FormatError)
				if !ok || fe.Path != c.errPath {
					t.Fatalf("error %v, want one at %s", err, c.errPath)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			js, _ := json.Marshal(got)
			if string(js) != c.want {
				t.Errorf("decoded %s, want %s", js, c.want)
			}
		})
	}
}

// TestPhysicsGraphDefaults: absent values take the schema defaults on the
// way in and defaults are left out on the way out, so a round trip
// writes back what was read.
func TestPhysicsGraphDefaults(t *testing.T) {
	l := ParseLimit(JointLimit{AngularAxes: []int{1}})
	if !math.IsInf(l.Min, -1) || !math.IsInf(l.Max, 1) || !math.IsInf(l.Stiffness, 1) || l.Damping != 0 || len(l.Angular) != 1 || l.Linear != nil {
		t.Errorf("limit defaults %+v", l)
	}
	if js, _ := json.Marshal(EmitLimit(l)); string(js) != `{"angularAxes":[1]}` {
		t.Errorf("limit written as %s", js)
	}
	d := ParseDrive(JointDrive{Type: "angular", Mode: "force", Axis: 2, MaxForce: convert.Ptr(-1.0)})
	if !math.IsInf(d.MaxForce, 1) || d.Stiffness != 0 || d.Damping != 0 {
		t.Errorf("drive defaults %+v", d)
	}
	if js, _ := json.Marshal(EmitDrive(d)); string(js) != `{"type":"angular","mode":"force","axis":2}` {
		t.Errorf("drive written as %s", js)
	}
	m := ParseMaterial(PhysicsMaterial{Restitution: convert.Ptr(0.25)})
	if m.StaticFriction != 0.6 || m.DynamicFriction != 0.6 || m.Restitution != 0.25 || m.FrictionCombine != "" {
		t.Errorf("material defaults %+v", m)
	}
	if js, _ := json.Marshal(EmitMaterial(m)); string(js) != `{"staticFriction":0.6,"dynamicFriction":0.6,"restitution":0.25}` {
		t.Errorf("material written as %s", js)
	}
	f := convert.Filter{Name: "f", Systems: []string{"a"}, NotCollideWith: []string{"b"}}
	if back := ParseFilter(EmitFilter(f)); back.Name != "f" || len(back.Systems) != 1 || len(back.NotCollideWith) != 1 || back.CollideWith != nil {
		t.Errorf("filter round trip %+v", back)
	}
}
