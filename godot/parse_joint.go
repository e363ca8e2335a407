package godot

import (
	"math"
	"sort"
	"strings"

	"github.com/physconv/physconv/convert"
)

// jointAxes are Godot's per-axis property prefixes of Generic6DOFJoint3D.
var jointAxes = [3]string{"x", "y", "z"}

// isJointKey reports joint properties that Parse maps onto the Graph
// joint (limits, drives) or carries as its solver parameters
// (Joint.Solver): softness, bias, relaxation, restitution and damping of
// limits, the slider's motion and ortho terms, a pin's impulse clamp.
func isJointKey(class, k string) bool {
	if !isJointClass(class) {
		return false
	}
	switch k {
	case "swing_span", "twist_span", "bias", "softness", "relaxation", "precision", "solver/priority", "solver_priority":
		return true
	}
	for _, p := range []string{"angular_limit", "linear_limit", "angular_motor", "linear_motor", "angular_spring",
		"linear_spring", "motor/", "params/", "linear_motion/", "linear_ortho/", "angular_motion/", "angular_ortho/"} {
		if strings.HasPrefix(k, p) {
			return true
		}
	}
	return false
}

// godot3OnlyJointKeys are solver parameters Godot 4 no longer has.
var godot3OnlyJointKeys = map[string]bool{"precision": true}

// godot3JointKeys are the Godot 3 names of joint solver parameters Godot 4
// renamed; Joint.Solver uses the Godot 4 names.
var godot3JointKeys = map[string]string{"solver_priority": "solver/priority"}

// solverOf collects the joint's properties that tune Godot's solver rather
// than say what moves (every isJointKey the limits reader did not use),
// so Godot output writes them back and other formats say they are lost.
func (p *parser) solverOf(n *node, used map[string]bool) (*convert.JointSolver, error) {
	var params []convert.SolverParam
	for _, k := range n.order {
		if used[k] || !isJointKey(n.class, k) || isUnusedSetting(k) {
			continue
		}
		v := n.props[k]
		var f float64
		if b, ok := v.v.(bool); ok {
			if b {
				f = 1
			}
		} else {
			var err error
			if f, err = v.float(k); err != nil {
				return nil, err
			}
		}
		key := k
		for k4, k3 := range godot3JointKeys {
			if k == k3 {
				key = k4
			}
		}
		params = append(params, convert.SolverParam{Key: key, Value: f})
	}
	if len(params) == 0 {
		return nil, nil
	}
	sort.Slice(params, func(a, b int) bool { return params[a].Key < params[b].Key })
	return &convert.JointSolver{Class: godotSolverClass + class4(n), Params: params}, nil
}

// isUnusedSetting reports a limit, motor or spring setting the limits
// reader left unread because its feature is off (a disabled hinge limit's
// bounds): it changes nothing, so it is no solver parameter.
func isUnusedSetting(k string) bool {
	for _, p := range []string{"motor/", "linear_motor_", "angular_motor_", "linear_spring_", "angular_spring_"} {
		if strings.HasPrefix(k, p) {
			return true
		}
	}
	switch k[strings.LastIndexByte(k, '/')+1:] {
	case "enable", "enabled", "lower", "upper", "lower_angle", "upper_angle", "lower_distance", "upper_distance":
		return true
	}
	return false
}

// godotSolverClass prefixes a JointSolver's class: the Godot capability
// keeps solvers whose class starts with it.
const godotSolverClass = "Godot "

// resolveNodePath follows a NodePath relative to from.
func resolveNodePath(from *node, p string) (*node, bool) {
	if strings.HasPrefix(p, "/") {
		return nil, false
	}
	n := from
	for part := range strings.SplitSeq(p, "/") {
		switch part {
		case "", ".":
		case "..":
			if n.parent == nil {
				return nil, false
			}
			n = n.parent
		default:
			c := n.child(part)
			if c == nil {
				return nil, insideOpaque(n)
			}
			n = c
		}
	}
	return n, true
}

// joint maps a Godot joint node to a Graph joint: the node moves under
// body A (world when none) keeping its world pose, and a frame-B node is
// added under body B at the same pose, as Godot fixes both frames from
// the joint's transform when the scene loads.
func (p *parser) joint(n *node) error {
	idx := p.index[n]
	keys := [2]string{"node_a", "node_b"}
	if n.version == 3 {
		keys = [2]string{"nodes/node_a", "nodes/node_b"}
	}
	var bodies [2]int
	for i, k := range keys {
		bodies[i] = -1
		v, ok := n.get(k)
		if !ok {
			continue
		}
		np, err := v.nodePath(k)
		if err != nil {
			return err
		}
		if np == "" {
			continue
		}
		target, ok := resolveNodePath(n, np)
		if target == nil {
			if ok {
				p.note(convert.CodeGodotJointUnconnected, convert.JointSubject(p.idx(n)), n, "%s %q points into an unexpanded instance; joint dropped", k, np)
				return nil
			}
			// Godot finds no node there and reads the joint without
			// that end, as if the path were empty
			p.note(convert.CodeGodotJointUnconnected, convert.JointSubject(p.idx(n)), n, "%s %q does not name a node; Godot reads the joint without it", k, np)
			continue
		}
		ti := p.index[target]
		if p.g.Nodes[ti].Motion == nil {
			p.note(convert.CodeGodotJointUnconnected, convert.JointSubject(p.idx(n)), n, "%s %q is not a physics body; Godot ignores the joint, so it is dropped", k, np)
			return nil
		}
		bodies[i] = ti
	}
	if bodies[0] < 0 && bodies[1] < 0 {
		p.note(convert.CodeGodotJointUnconnected, convert.JointSubject(p.idx(n)), n, "joint has no bodies (scripts may wire it at run time); kept as a plain node").WithSeverity(convert.Info)
		return nil
	}
	if bodies[0] < 0 {
		bodies[0], bodies[1] = bodies[1], bodies[0] // Godot attaches a lone body B as A, to the world
	}
	if bodies[1] < 0 && n.version == 4 && p.loneBodyIsB() {
		// Jolt takes the world as A and the lone body as B, so its
		// coordinates have the opposite sign from GodotPhysics3D's
		bodies[0], bodies[1] = -1, bodies[0]
	}
	if bodies[0] == bodies[1] {
		// Godot loads the scene and makes no joint (Godot 3 says so)
		p.note(convert.CodeGodotJointUnconnected, convert.JointSubject(p.idx(n)), n, "node_a and node_b name one body, %q; Godot makes no joint of it, so it is dropped", p.g.Nodes[bodies[0]].Name)
		return nil
	}
	used := map[string]bool{}
	j, err := p.limits(n, used)
	if err != nil {
		return err
	}
	if j.Solver, err = p.solverOf(n, used); err != nil {
		return err
	}
	excl := true
	exKey := "exclude_nodes_from_collision"
	if n.version == 3 {
		exKey = "collision/exclude_nodes"
	}
	if excl, err = p.flag(n, exKey); err != nil {
		return err
	}
	j.EnableCollision = !excl
	world := p.world(idx)
	p.reparent(idx, bodies[0], world)
	b := convert.Node{Name: n.name + ":B", Extras: map[string]any{extraAttachment: true}}
	b.Transform = p.relativeTo(bodies[1], world)
	j.Connected = p.g.AddNode(b, bodies[1])
	p.g.Nodes[idx].Joint = j
	return nil
}

// loneBodyIsB reports whether the project's engine attaches a joint's
// lone body as body B, the world as A: Jolt Physics does, unless the
// project sets physics/jolt_physics_3d/joints/world_node to Node B;
// GodotPhysics3D makes the lone body A.
func (p *parser) loneBodyIsB() bool {
	return p.engine() == engineJolt && !p.proj.worldNodeB
}

// relativeTo expresses a world pose in the frame of node parent (-1 = world).
func (p *parser) relativeTo(parent int, world convert.Transform) convert.Transform {
	if parent < 0 {
		return world
	}
	return p.world(parent).Inverse().Mul(world)
}

// world is node i's world pose: from the cache once joints are read (a
// deep chain would otherwise walk to the root for every joint).
func (p *parser) world(i int) convert.Transform {
	if p.frames != nil {
		return p.frames.World(i)
	}
	return p.g.WorldTransform(i)
}

// reparent moves node i under parent keeping its world pose. Its old
// parent's list of children (or the roots) still holds it until the
// joints are read (Graph.DropMoved): taking each joint out of a list of
// thousands as it is read made a large scene quadratic.
func (p *parser) reparent(i, parent int, world convert.Transform) {
	g := p.g
	old := g.Nodes[i].Parent
	if old == parent {
		return
	}
	p.movedFrom = append(p.movedFrom, old)
	g.Nodes[i].Parent = parent
	if parent >= 0 {
		g.Nodes[parent].Children = append(g.Nodes[parent].Children, i)
	} else {
		g.Roots = append(g.Roots, i)
	}
	g.Nodes[i].Transform = p.relativeTo(parent, world)
}

// angle converts a stored joint angle to radians (Godot 3 stores degrees).
func angle(version int, x float64) float64 {
	if version == 3 {
		return x * math.Pi / 180
	}
	return x
}

func fixed(linear, angular []int) convert.Limit {
	return convert.Limit{Linear: linear, Angular: angular, Stiffness: math.Inf(1)}
}

func ranged(linear, angular []int, lo, hi float64) convert.Limit {
	return convert.Limit{Linear: linear, Angular: angular, Min: lo, Max: hi, Stiffness: math.Inf(1)}
}

// Godot measures some joint coordinates the other way round from the
// Graph (KHR: frame B relative to frame A, right-handed about the axis).
// HingeJoint3D's angle is atan2 of B's Y axis against A's X and Y axes and
// Generic6DOFJoint3D's angles are the Euler angles of B⁻¹·A: both are A
// relative to B, so their limits, spring equilibria and motor velocities
// change sign. SliderJoint3D's distance and angle and Generic6DOFJoint3D's
// distances are B relative to A; ConeTwistJoint3D's limits are symmetric.
// Godot 3 (Bullet and GodotPhysics) and Godot 4 agree; simulating both
// engines confirms it (see joint_sign_test.go).
const (
	hingeSign          = -1.0
	genericAngularSign = -1.0
)

// signed re-expresses a range measured with sign s (±1) in the Graph's
// sense.
func signed(s, lo, hi float64) (float64, float64) {
	if s < 0 {
		return -hi, -lo
	}
	return lo, hi
}

// limits reads the joint's limits and drives in its own frame.
// Every key it looks at is recorded in used.
func (p *parser) limits(n *node, used map[string]bool) (*convert.Joint, error) {
	j := &convert.Joint{}
	var firstErr error
	get := func(k string) float64 {
		used[k] = true
		f, _, err := p.num(n, k)
		if err != nil && firstErr == nil {
			firstErr = err
		}
		return f
	}
	on := func(k string) bool {
		used[k] = true
		b, err := p.flag(n, k)
		if err != nil && firstErr == nil {
			firstErr = err
		}
		return b
	}
	ang := func(k string) float64 { return angle(n.version, get(k)) }
	switch class4(n) {
	case "PinJoint3D":
		j.Limits = []convert.Limit{fixed([]int{0, 1, 2}, nil)}
	case "HingeJoint3D":
		j.Limits = []convert.Limit{fixed([]int{0, 1, 2}, nil), fixed(nil, []int{0, 1})}
		if on("angular_limit/enable") {
			lo, hi := ang("angular_limit/lower"), ang("angular_limit/upper")
			if lo <= hi {
				lo, hi = signed(hingeSign, lo, hi)
				j.Limits = append(j.Limits, ranged(nil, []int{2}, lo, hi))
			} else {
				p.note(convert.CodeGodotLimitInverted, convert.JointSubject(p.idx(n)), n, "hinge lower limit exceeds upper; read as free")
			}
		}
		if on("motor/enable") {
			v := hingeSign * get("motor/target_velocity")
			impulse := get("motor/max_impulse")
			ticks := p.physicsTicks(n.version)
			maxForce := impulse * ticks
			if impulse >= unlimitedImpulse {
				maxForce = math.Inf(1) // the stand-in physconv writes for an unlimited motor
			}
			j.Drives = append(j.Drives, convert.Drive{Type: "angular", Mode: "force", Axis: 2,
				VelocityTarget: convert.Ptr(v), MaxForce: maxForce})
			if !math.IsInf(maxForce, 1) {
				p.note(convert.CodeGodotMotorImpulse, convert.JointSubject(p.idx(n)), n,
					"hinge motor max_impulse %g (N·m·s per physics step, %g steps per second) read as a maximum torque of %g N·m, as Jolt Physics applies it (GodotPhysics3D applies it at each solver iteration, so its motor can be stronger)", impulse, ticks, maxForce)
			}
		}
	case "SliderJoint3D":
		j.Limits = []convert.Limit{fixed([]int{1, 2}, nil), fixed(nil, []int{1, 2})}
		lo, hi := get("linear_limit/lower_distance"), get("linear_limit/upper_distance")
		if lo <= hi {
			j.Limits = append(j.Limits, ranged([]int{0}, nil, lo, hi))
		}
		alo, ahi := ang("angular_limit/lower_angle"), ang("angular_limit/upper_angle")
		if alo <= ahi {
			j.Limits = append(j.Limits, ranged(nil, []int{0}, alo, ahi))
		}
	case "ConeTwistJoint3D":
		swing, twist := ang("swing_span"), ang("twist_span")
		j.Limits = []convert.Limit{fixed([]int{0, 1, 2}, nil), ranged(nil, []int{1, 2}, 0, swing),
			ranged(nil, []int{0}, -twist, twist)}
	case "Generic6DOFJoint3D":
		var fixLin, fixAng []int
		inertMotors := n.version == 4 && p.engine() == engineGodotPhysics
		for i, a := range jointAxes {
			angularLimited := on("angular_limit_" + a + "/enabled")
			if on("linear_limit_" + a + "/enabled") {
				lo, hi := get("linear_limit_"+a+"/lower_distance"), get("linear_limit_"+a+"/upper_distance")
				switch {
				case lo == 0 && hi == 0:
					fixLin = append(fixLin, i)
				case lo <= hi:
					j.Limits = append(j.Limits, ranged([]int{i}, nil, lo, hi))
				}
			}
			if angularLimited {
				lo, hi := ang("angular_limit_"+a+"/lower_angle"), ang("angular_limit_"+a+"/upper_angle")
				switch {
				case lo == 0 && hi == 0:
					fixAng = append(fixAng, i)
				case lo <= hi:
					lo, hi = signed(genericAngularSign, lo, hi)
					j.Limits = append(j.Limits, ranged(nil, []int{i}, lo, hi))
				}
			}
			for _, kind := range []string{"linear", "angular"} {
				sign := 1.0
				if kind == "angular" {
					sign = genericAngularSign
				}
				if on(kind + "_spring_" + a + "/enabled") {
					eq := sign * get(kind+"_spring_"+a+"/equilibrium_point")
					j.Drives = append(j.Drives, convert.Drive{Type: kind, Mode: "force", Axis: i, MaxForce: math.Inf(1),
						PositionTarget: convert.Ptr(eq), Stiffness: get(kind + "_spring_" + a + "/stiffness"),
						Damping: get(kind + "_spring_" + a + "/damping")})
				}
				if on(kind+"_motor_"+a+"/enabled") && inertMotors && (kind == "linear" || !angularLimited) {
					// GodotPhysics3D runs no linear motor, and an angular
					// one only on an axis whose limit is on (Jolt runs both)
					get(kind + "_motor_" + a + "/force_limit")
					get(kind + "_motor_" + a + "/target_velocity")
					why := "an angular motor on an axis whose limit is off"
					if kind == "linear" {
						why = "a linear motor"
					}
					p.note(convert.CodeGodotMotorInert, convert.JointSubject(p.idx(n)), n,
						"%s_motor_%s: GodotPhysics3D, the project's physics engine, does not run %s (Jolt Physics does); not read as a drive", kind, a, why)
				} else if on(kind + "_motor_" + a + "/enabled") {
					maxForce := get(kind + "_motor_" + a + "/force_limit")
					if maxForce >= unlimitedImpulse {
						maxForce = math.Inf(1) // the stand-in physconv writes for an unlimited motor
					}
					j.Drives = append(j.Drives, convert.Drive{Type: kind, Mode: "force", Axis: i,
						VelocityTarget: convert.Ptr(sign * get(kind+"_motor_"+a+"/target_velocity")),
						MaxForce:       maxForce})
				}
			}
		}
		if len(fixAng) > 0 {
			j.Limits = append([]convert.Limit{fixed(nil, fixAng)}, j.Limits...)
		}
		if len(fixLin) > 0 {
			j.Limits = append([]convert.Limit{fixed(fixLin, nil)}, j.Limits...)
		}
	}
	return j, firstErr
}
