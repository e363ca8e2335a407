// Package khr reads and writes glTF 2.0 physics in the KHR lineage:
// KHR_physics_rigid_bodies + KHR_implicit_shapes as in
// https://github.com/eoineoineoin/glTF_Physics (ac5c413, the text of
// KhronosGroup/glTF PRs #2424 and #2370) and the 2026 revision's
// geometry.mesh, plus every earlier revision (MSFT_rigid_bodies +
// MSFT_collision_primitives, KHR_rigid_bodies + KHR_collision_shapes with
// convex/trimesh/mesh shapes). It always writes the current form.
//
// Decisions where the texts are silent:
//   - geometry.node takes the node's mesh and its descendants' meshes in
//     the node's own frame (the node's transform is not applied);
//   - a joint whose two frames are both outside every body is an error;
//   - the 2023 revisions' motion defaults (mass 1, centre 0, inertia
//     [1,1,1]) apply to files that use those extension names;
//   - OMI vehicles, seats and spawn points, which KHR cannot express, stay
//     as their OMI extensions next to KHR (or in node extras).
package khr

import (
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/gltfx"
)

// GeometryOption chooses how mesh colliders are written: geometry.mesh
// (the 2026 revision) or geometry.node (the release-candidate text).
var GeometryOption = convert.Option{Name: "khr-geometry", Kind: convert.OptionString, Side: convert.EmitSide,
	Default: "mesh", Values: []string{"mesh", "node"}, Usage: "KHR mesh colliders as geometry.mesh (2026) or geometry.node (release candidate)"}

// Format is the KHR glTF physics descriptor.
var Format = &convert.Format{
	Name:         "khr",
	Description:  "glTF 2.0 with KHR_physics_rigid_bodies + KHR_implicit_shapes (reads every revision since MSFT_rigid_bodies)",
	Extensions:   []string{".gltf", ".glb"},
	Sniff:        func(head []byte) bool { return gltfx.SniffDialect(head) == "khr" },
	Parse:        Parse,
	Emit:         Emit,
	Options:      []convert.Option{gltfx.CollisionNamesOption, gltfx.BakeMassOption, GeometryOption},
	Capabilities: &Capabilities,
}
