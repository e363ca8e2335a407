package convert

// JointClass is a joint's named kind with, for one-axis kinds, the free
// axis (unit, in frame A) and its range.
type JointClass struct {
	Kind         string
	Axis         Vec3
	Lower, Upper float64
}

// Classify names a joint's kind from its limit pattern.
// Placeholder until the classification lands: every joint is "generic".
func Classify(j *Joint) JointClass { return JointClass{Kind: "generic"} }
