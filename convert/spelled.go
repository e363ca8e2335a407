package convert

import "math"

// ExtraRotationRPY is the Node.Extras key under which a reader keeps the
// angles its source spelled the node's own rotation with, when they turn
// about fixed axes X, then Y, then Z (URDF's rpy; MJCF's euler under
// eulerseq="XYZ"): a Vec3 of radians. Every engine turns such angles
// into a quaternion its own way, and a quaternion an ulp from the
// engine's own moves each frame below the body by as much, which a
// chaotic simulation grows; so an emitter whose rotation is still the
// spelled one writes the angles (RotationAsSpelled).
const ExtraRotationRPY = "rotationRPY"

// RPYQuat turns roll-pitch-yaw angles (fixed axes X, then Y, then Z) into
// a quaternion: R = Rz(yaw)·Ry(pitch)·Rx(roll).
func RPYQuat(rpy Vec3) Quat {
	if rpy == (Vec3{}) {
		return IdentityQuat()
	}
	sr, cr := math.Sincos(rpy[0] / 2)
	sp, cp := math.Sincos(rpy[1] / 2)
	sy, cy := math.Sincos(rpy[2] / 2)
	return Quat{
		sr*cp*cy - cr*sp*sy,
		cr*sp*cy + sr*cp*sy,
		cr*cp*sy - sr*sp*cy,
		cr*cp*cy + sr*sp*sy,
	}
}

// RotationAsSpelled returns the angles node n's source spelled its
// rotation with when they still give r (to 1e-12, the quaternion either
// way round): the rotation an emitter writes has not been turned.
func RotationAsSpelled(n *Node, r Quat) (Vec3, bool) {
	rpy, ok := n.Extras[ExtraRotationRPY].(Vec3)
	if !ok || !SameRotation(RPYQuat(rpy), r, 1e-12) {
		return Vec3{}, false
	}
	return rpy, true
}

// ExtraRotationQuat is the Node.Extras key under which a reader keeps the
// quaternion its source spelled the node's own rotation with, as written
// (Graph order x, y, z, w; not normalised): engines normalise it
// themselves, and a normalised quaternion written back can differ from
// what the engine makes of the source's in the last bit, which a chaotic
// simulation grows; so an emitter whose rotation is still the spelled
// one writes the spelling (QuatAsSpelled).
const ExtraRotationQuat = "rotationQuat"

// QuatAsSpelled returns the quaternion node n's source spelled its
// rotation with when it still gives r (to 1e-12, either sign).
func QuatAsSpelled(n *Node, r Quat) (Quat, bool) {
	q, ok := n.Extras[ExtraRotationQuat].(Quat)
	if !ok || !SameRotation(q.Normalize(), r.Normalize(), 1e-12) {
		return Quat{}, false
	}
	return q, true
}

// SameRotation reports quaternions a and b equal to tol a component, q
// and -q being one rotation.
func SameRotation(a, b Quat, tol float64) bool {
	var same, opposite float64
	for k := range a {
		same = math.Max(same, math.Abs(a[k]-b[k]))
		opposite = math.Max(opposite, math.Abs(a[k]+b[k]))
	}
	return math.Min(same, opposite) <= tol
}

// ExtraInertiaSpelled is the Node.Extras key under which a reader keeps a
// body's mass properties as its source spelled them: a SpelledInertia.
// Engines find a tensor's principal axes themselves, each its own way, so
// principal moments and axes written in place of the tensor are, to the
// last bit, not what the engine would have found from the source; an
// emitter that can write the tensor writes the spelling
// (InertiaAsSpelled).
const ExtraInertiaSpelled = "inertiaSpelled"

// SpelledInertia is a body's mass, centre of mass and inertia tensor
// about it, in the body node's own axes (URDF's <inertial> with no rpy,
// MJCF's fullinertia).
type SpelledInertia struct {
	Mass float64
	COM  Vec3
	// Tensor holds Ixx, Iyy, Izz, Ixy, Ixz, Iyz (MJCF's fullinertia order).
	Tensor [6]float64
}

// InertiaAsSpelled returns node n's spelled mass properties when they
// still say what its Motion says: the same mass, and centre of mass and
// tensor to 1e-12 (of the largest moment), in an unscaled node.
func InertiaAsSpelled(n *Node) (SpelledInertia, bool) {
	sp, ok := n.Extras[ExtraInertiaSpelled].(SpelledInertia)
	m := n.Motion
	if !ok || m == nil || m.Mass == nil || *m.Mass != sp.Mass || m.CenterOfMass == nil || m.InertiaDiagonal == nil ||
		n.Transform.S != (Vec3{1, 1, 1}) {
		return SpelledInertia{}, false
	}
	if m.CenterOfMass.Sub(sp.COM).Len() > 1e-12*math.Max(1, sp.COM.Len()) {
		return SpelledInertia{}, false
	}
	full, _ := m.InertiaTensor()
	d := *m.InertiaDiagonal
	have := [6]float64{full[0][0], full[1][1], full[2][2], full[0][1], full[0][2], full[1][2]}
	scale := math.Max(math.Abs(d[0]), math.Max(math.Abs(d[1]), math.Abs(d[2])))
	for k := range have {
		if math.IsNaN(have[k]) || math.Abs(have[k]-sp.Tensor[k]) > 1e-12*scale {
			return SpelledInertia{}, false
		}
	}
	return sp, true
}
