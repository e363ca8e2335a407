package convert

import "math"

// IsMassless reports whether a body was given as massless (mass 0).
func (m *Motion) IsMassless() bool { return m != nil && m.Mass != nil && *m.Mass == 0 }

// Near-zero stand-ins for massless moving bodies in formats whose readers
// reject or misread a zero mass (glTF: KHR's 0 is infinite; MuJoCo refuses
// massless moving bodies). Small enough to change no dynamics measurably.
const (
	NearZeroMass    = 1e-9  // kg
	NearZeroInertia = 1e-12 // kg·m²
)

// NearZeroStandIn returns a copy of a massless Motion with the near-zero
// mass and inertia, marked given; other Motions are returned unchanged.
func NearZeroStandIn(m *Motion) *Motion {
	if !m.IsMassless() {
		return m
	}
	c := *m
	c.Mass = Ptr(NearZeroMass)
	c.InertiaDiagonal, c.InertiaOrientation = &Vec3{NearZeroInertia, NearZeroInertia, NearZeroInertia}, nil
	c.MassSource, c.InertiaSource = Given, Given
	if c.CenterOfMass == nil {
		c.CenterOfMass, c.CenterOfMassSource = &Vec3{}, Given
	}
	return &c
}

// InertiaTensor returns the inertia tensor about the centre of mass in the
// node frame, R·diag·Rᵀ, and false when the diagonal is not given. Infinite
// moments give infinite entries only where the tensor needs them: an
// infinite moment on an axis aligned with the node frame yields +Inf on that
// diagonal entry.
func (m *Motion) InertiaTensor() (Mat3, bool) {
	if m == nil || m.InertiaDiagonal == nil {
		return Mat3{}, false
	}
	r := IdentityQuat()
	if m.InertiaOrientation != nil {
		r = m.InertiaOrientation.Normalize()
	}
	return RotateDiag(*m.InertiaDiagonal, r.Mat()), true
}

// RotateDiag computes R·diag(d)·Rᵀ, skipping the zero terms of R so an
// infinite moment does not turn into NaN (Inf·0) where the rotation keeps it
// on its axis.
func RotateDiag(d Vec3, r Mat3) Mat3 {
	var out Mat3
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			s := 0.0
			for k := 0; k < 3; k++ {
				p := r[i][k] * r[j][k]
				if p != 0 {
					s += p * d[k]
				}
			}
			out[i][j] = s
		}
	}
	return out
}

// MotionLosses reports what a target without body locks, body damping or
// script integration loses of a dynamic body's Motion (of g). A body
// carrying damping of its own loses the damping that slows it, the
// scene's default included; one that only takes the scene's default is
// counted in SceneDampingLoss. fullRotationLock says the target keeps a
// lock on all three rotations (as infinite inertia), so only other locks
// are lost.
func MotionLosses(diags *Diagnostics, g *Graph, body int, path, target string, m *Motion, fullRotationLock bool) {
	if m == nil || m.Kind != Dynamic {
		return
	}
	lin, ang := m.LockLinear, m.LockAngular
	if fullRotationLock && ang == [3]bool{true, true, true} {
		ang = [3]bool{}
	}
	if lin != [3]bool{} || ang != [3]bool{} {
		diags.Add(CodeLockDropped, BodySubject(body), path, "%s has no axis locks: the body's locks (linear %v, angular %v, world X Y Z) are dropped", target, lin, ang)
	}
	if lin, ang := g.BodyDamping(m); m.Damped() && (lin != 0 || ang != 0) {
		diags.Add(CodeDampingDropped, BodySubject(body), path, "%s has no body damping: linear %g and angular %g 1/s are dropped", target, lin, ang)
	}
	if m.CustomIntegrator {
		diags.Add(CodeIntegratorDropped, BodySubject(body), path, "the body is integrated by its script in the source; %s integrates it as an ordinary body", target)
	}
	if m.ContinuousCollision {
		diags.Add(CodeCCDDropped, BodySubject(body), path, "%s has no continuous collision detection: the body's (which keeps it from passing through thin objects between steps) is dropped", target)
	}
}

// SceneDampingLoss reports, once, the scene's default damping (Godot's
// project default) a target without body damping loses: every dynamic
// body without damping of its own then moves undamped.
func SceneDampingLoss(diags *Diagnostics, g *Graph, target string) {
	if g.Damping.Zero() {
		return
	}
	n := 0
	for i := range g.Nodes {
		if m := g.Nodes[i].Motion; m != nil && m.Kind == Dynamic && !m.Damped() {
			n++
		}
	}
	if n > 0 {
		diags.Add(CodeDampingDropped, DocumentSubject(), "", "%s has no body damping: the scene's default damping (linear %g, angular %g 1/s, Godot's project default) is dropped from %d dynamic bodies, which move undamped", target, g.Damping.Linear, g.Damping.Angular, n)
	}
}

// principalAxes returns the body's principal axes of inertia in world
// space, given the body node's world rotation.
func principalAxes(world Quat, m *Motion) [3]Vec3 {
	r := world
	if m.InertiaOrientation != nil {
		r = r.Mul(m.InertiaOrientation.Normalize())
	}
	var out [3]Vec3
	for i := range out {
		var e Vec3
		e[i] = 1
		out[i] = r.Rotate(e)
	}
	return out
}

// alignedAxis returns the world axis (0-2) a unit vector lies along, or -1.
func alignedAxis(v Vec3) int {
	for k := range 3 {
		if math.Abs(v[k]) > 1-1e-9 {
			return k
		}
	}
	return -1
}

// PrincipalLocks maps a body's angular locks (world axes) onto its
// principal axes, for formats that lock a rotation by an infinite moment:
// locked[i] marks principal axis i. ok is false when a locked world axis
// is no principal axis (the lock has no such form).
func PrincipalLocks(world Quat, m *Motion) (locked [3]bool, ok bool) {
	ok = true
	axes := principalAxes(world, m)
	for k := range 3 {
		if !m.LockAngular[k] {
			continue
		}
		found := false
		for i, a := range axes {
			if alignedAxis(a) == k {
				locked[i], found = true, true
			}
		}
		ok = ok && found
	}
	return locked, ok
}

// WorldLocks is the converse: the world axes of the body's infinite
// principal moments. ok is false when such an axis is no world axis.
func WorldLocks(world Quat, m *Motion) (locked [3]bool, ok bool) {
	ok = true
	if m.InertiaDiagonal == nil {
		return locked, ok
	}
	for i, a := range principalAxes(world, m) {
		if !math.IsInf(m.InertiaDiagonal[i], 1) {
			continue
		}
		if k := alignedAxis(a); k >= 0 {
			locked[k] = true
		} else {
			ok = false
		}
	}
	return locked, ok
}

// HeaviestMass is the greatest finite mass of g's dynamic bodies (1 kg
// when none has one): what a writer measures a stand-in for an infinite
// mass against (a million times it is as good as infinite to a contact
// solver).
func HeaviestMass(g *Graph) float64 {
	heaviest := 1.0
	for k := range g.Nodes {
		if m := g.Nodes[k].Motion; m != nil && m.Kind == Dynamic && m.Mass != nil && !math.IsInf(*m.Mass, 0) {
			heaviest = max(heaviest, *m.Mass)
		}
	}
	return heaviest
}
