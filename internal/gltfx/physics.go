package gltfx

import "strings"

// The physics material, collision filter, joint limit and joint drive
// objects of KHR_physics_rigid_bodies and OMI_physics_body /
// OMI_physics_joint share one JSON schema (spec digest §2.5, §3.1, §7.6).
// The structs below mirror it; optional values are pointers so "absent"
// survives. What a lineage reads differently is stated in PhysicsRules by
// the format that needs it.

// PhysicsMaterial is one physicsMaterials entry; defaults 0.6/0.6/0.
type PhysicsMaterial struct {
	Name               string   `json:"name,omitempty"`
	StaticFriction     *float64 `json:"staticFriction,omitempty"`
	DynamicFriction    *float64 `json:"dynamicFriction,omitempty"`
	Restitution        *float64 `json:"restitution,omitempty"`
	FrictionCombine    string   `json:"frictionCombine,omitempty"`
	RestitutionCombine string   `json:"restitutionCombine,omitempty"`
}

// CollisionFilter is one collisionFilters entry over named systems.
type CollisionFilter struct {
	Name                  string   `json:"name,omitempty"`
	CollisionSystems      []string `json:"collisionSystems,omitempty"`
	CollideWithSystems    []string `json:"collideWithSystems,omitempty"`
	NotCollideWithSystems []string `json:"notCollideWithSystems,omitempty"`
}

// JointLimit: absent min/max = unbounded, absent stiffness = hard limit,
// absent damping = 0. Path is where it was read, for diagnostics.
type JointLimit struct {
	Path        string   `json:"-"`
	LinearAxes  []int    `json:"linearAxes,omitempty"`
	AngularAxes []int    `json:"angularAxes,omitempty"`
	Min         *float64 `json:"min,omitempty"`
	Max         *float64 `json:"max,omitempty"`
	Stiffness   *float64 `json:"stiffness,omitempty"`
	Damping     *float64 `json:"damping,omitempty"`
}

// JointDrive is a motor/spring on one axis of the joint frame; absent
// maxForce = unlimited, absent stiffness/damping = 0.
type JointDrive struct {
	Type           string   `json:"type"`
	Mode           string   `json:"mode"`
	Axis           int      `json:"axis"`
	MaxForce       *float64 `json:"maxForce,omitempty"`
	PositionTarget *float64 `json:"positionTarget,omitempty"`
	VelocityTarget *float64 `json:"velocityTarget,omitempty"`
	Stiffness      *float64 `json:"stiffness,omitempty"`
	Damping        *float64 `json:"damping,omitempty"`
}

// PhysicsRules says how one extension lineage reads the shared objects.
// The zero value reads the current schema as written.
type PhysicsRules struct {
	// UpperCaseCombine accepts combine modes in any case (the 2023 KHR
	// revisions wrote "AVERAGE").
	UpperCaseCombine bool
	// SpringKeys reads a limit's springConstant/springDamping when
	// stiffness/damping are absent (2023 KHR spelling).
	SpringKeys bool
	// NegativeMeansAbsent reads a negative limit stiffness or drive
	// maxForce instead of refusing it (the OMI README: "or negative" means
	// hard limit / not force-limited).
	NegativeMeansAbsent bool
	// EmptyMeansAbsent treats an empty filter list or drive type/mode as
	// not given (OMI lists default to []).
	EmptyMeansAbsent bool
	// BoundsErrorAtMin points a "min greater than max" error at min
	// rather than at the limit.
	BoundsErrorAtMin bool
}

// DecodeMaterial reads one physics material.
func (r PhysicsRules) DecodeMaterial(v Value) (PhysicsMaterial, error) {
	var m PhysicsMaterial
	if !v.IsObject() {
		return m, v.Errorf("", "must be an object, not %s", v.Kind())
	}
	var err error
	if m.Name, err = v.String("name", ""); err != nil {
		return m, err
	}
	for _, f := range []struct {
		key string
		dst **float64
	}{{"staticFriction", &m.StaticFriction}, {"dynamicFriction", &m.DynamicFriction}, {"restitution", &m.Restitution}} {
		if *f.dst, err = nonNegative(v, f.key); err != nil {
			return m, err
		}
	}
	if m.FrictionCombine, err = r.combineMode(v, "frictionCombine"); err != nil {
		return m, err
	}
	m.RestitutionCombine, err = r.combineMode(v, "restitutionCombine")
	return m, err
}

func (r PhysicsRules) combineMode(v Value, key string) (string, error) {
	s, err := v.String(key, "")
	if err != nil || s == "" {
		return "", err
	}
	mode := s
	if r.UpperCaseCombine {
		mode = strings.ToLower(s)
	}
	switch mode {
	case "average", "minimum", "maximum", "multiply":
		return mode, nil
	}
	return "", v.Errorf(key, "%q is not one of average, minimum, maximum, multiply", s)
}

// DecodeFilter reads one collision filter.
func (r PhysicsRules) DecodeFilter(v Value) (CollisionFilter, error) {
	var f CollisionFilter
	if !v.IsObject() {
		return f, v.Errorf("", "must be an object, not %s", v.Kind())
	}
	var err error
	if f.Name, err = v.String("name", ""); err != nil {
		return f, err
	}
	if f.CollisionSystems, err = v.Strings("collisionSystems"); err != nil {
		return f, err
	}
	if f.CollideWithSystems, err = v.Strings("collideWithSystems"); err != nil {
		return f, err
	}
	if f.NotCollideWithSystems, err = v.Strings("notCollideWithSystems"); err != nil {
		return f, err
	}
	both := v.Has("collideWithSystems") && v.Has("notCollideWithSystems")
	if r.EmptyMeansAbsent {
		both = len(f.CollideWithSystems) > 0 && len(f.NotCollideWithSystems) > 0
	}
	if both {
		return f, v.Errorf("", "collideWithSystems and notCollideWithSystems exclude each other")
	}
	return f, nil
}

// DecodeLimit reads one joint limit. A limit naming no axes is returned
// as read; what it means is the format's decision.
func (r PhysicsRules) DecodeLimit(v Value) (JointLimit, error) {
	l := JointLimit{Path: v.Path()}
	if !v.IsObject() {
		return l, v.Errorf("", "must be an object, not %s", v.Kind())
	}
	var err error
	if l.LinearAxes, err = DecodeAxes(v, "linearAxes"); err != nil {
		return l, err
	}
	if l.AngularAxes, err = DecodeAxes(v, "angularAxes"); err != nil {
		return l, err
	}
	if l.Min, err = v.OptFloat("min"); err != nil {
		return l, err
	}
	if l.Max, err = v.OptFloat("max"); err != nil {
		return l, err
	}
	if l.Min != nil && l.Max != nil && *l.Min > *l.Max {
		at := ""
		if r.BoundsErrorAtMin {
			at = "min"
		}
		return l, v.Errorf(at, "min %v is greater than max %v", *l.Min, *l.Max)
	}
	stiffKey, dampKey := "stiffness", "damping"
	if r.SpringKeys && !v.Has(stiffKey) && v.Has("springConstant") {
		stiffKey = "springConstant"
	}
	if r.SpringKeys && !v.Has(dampKey) && v.Has("springDamping") {
		dampKey = "springDamping"
	}
	if l.Stiffness, err = r.maybeNegative(v, stiffKey); err != nil {
		return l, err
	}
	l.Damping, err = nonNegative(v, dampKey)
	return l, err
}

// DecodeDrive reads one joint drive.
func (r PhysicsRules) DecodeDrive(v Value) (JointDrive, error) {
	var d JointDrive
	if !v.IsObject() {
		return d, v.Errorf("", "must be an object, not %s", v.Kind())
	}
	for _, k := range []string{"type", "mode", "axis"} {
		if !v.Has(k) {
			return d, v.Errorf(k, "required property is missing")
		}
	}
	var err error
	if d.Type, err = v.String("type", ""); err != nil {
		return d, err
	}
	if d.Type == "" && r.EmptyMeansAbsent {
		return d, v.Errorf("type", "required property is missing")
	}
	if d.Mode, err = v.String("mode", ""); err != nil {
		return d, err
	}
	if d.Mode == "" && r.EmptyMeansAbsent {
		return d, v.Errorf("mode", "required property is missing")
	}
	if d.Axis, err = v.Int("axis", 0); err != nil {
		return d, err
	}
	if d.Axis < 0 || d.Axis > 2 {
		return d, v.Errorf("axis", "must be 0, 1 or 2, not %d", d.Axis)
	}
	if d.MaxForce, err = r.maybeNegative(v, "maxForce"); err != nil {
		return d, err
	}
	if d.PositionTarget, err = v.OptFloat("positionTarget"); err != nil {
		return d, err
	}
	if d.VelocityTarget, err = v.OptFloat("velocityTarget"); err != nil {
		return d, err
	}
	if d.Stiffness, err = nonNegative(v, "stiffness"); err != nil {
		return d, err
	}
	d.Damping, err = nonNegative(v, "damping")
	return d, err
}

// DecodeAxes reads an axis index list: items 0..2, each once.
func DecodeAxes(v Value, key string) ([]int, error) {
	a, err := v.Ints(key)
	if err != nil {
		return nil, err
	}
	seen := [3]bool{}
	for k, x := range a {
		if x < 0 || x > 2 {
			return nil, v.Get(key).Elem(k).Errorf("", "axis must be 0, 1 or 2, not %d", x)
		}
		if seen[x] {
			return nil, v.Get(key).Elem(k).Errorf("", "axis %d is listed twice", x)
		}
		seen[x] = true
	}
	return a, nil
}

func (r PhysicsRules) maybeNegative(v Value, key string) (*float64, error) {
	if r.NegativeMeansAbsent {
		return v.OptFloat(key)
	}
	return nonNegative(v, key)
}

func nonNegative(v Value, key string) (*float64, error) {
	x, err := v.OptFloat(key)
	if err != nil {
		return nil, err
	}
	if x != nil && *x < 0 {
		return nil, v.Errorf(key, "must not be negative, not %v", *x)
	}
	return x, nil
}
