// Package mass computes mass properties: exact mass, centre of mass and
// inertia of every collider shape (primitives, tapered capsules and
// cylinders, cones, convex hulls, closed and open triangle meshes), their
// combination per body, principal axes and the repair of tensors that break
// the triangle inequality, and Complete, the pass that fills what a source
// left out (given values always win) and records each value it invented.
package mass
