// Package kin derives kinematics from the Graph: joint kinds classified
// from their limit patterns (fixed, ball, revolute, …) and the one spanning
// tree that tree formats (URDF, MJCF) emit, with joints re-expressed
// parent→child and their limits flipped in exactly one place.
package kin
