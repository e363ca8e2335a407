// Package mjcf reads and writes MuJoCo's MJCF model format
// (https://mujoco.readthedocs.io/en/stable/XMLreference.html, MuJoCo 3.x,
// with the legacy 1.x/2.x compiler attributes the Gym models still use).
//
// Two layers: Decode/Encode turn bytes into an element tree that keeps
// every attribute and its line (MJCF's default classes make a typed schema
// of resolved values a poor raw layer), and Parse/Emit map that tree to and
// from the convert.Graph. Parse applies MuJoCo's own compiler rules —
// default classes, childclass, includes, frames, every orientation form,
// and the mass properties MuJoCo derives from geoms — so a parsed model
// reports what MuJoCo itself computes. MJCF is Z-up; Parse puts the model
// under a root node rotated −90° about X and Emit removes it again.
package mjcf
