// Package omi reads and writes the OMI glTF physics extensions:
// OMI_physics_body, OMI_physics_shape, OMI_physics_joint, OMI_vehicle_body,
// OMI_vehicle_wheel, OMI_vehicle_thruster, OMI_vehicle_hover_thruster,
// OMI_seat and OMI_spawn_point as of omigroup/gltf-extensions 89d328b
// (2026-08-16, https://github.com/omigroup/gltf-extensions), plus every
// earlier published form: the archived OMI_collider, the typed body with
// inertiaTensor, flat and node-level shapes, single-radius full-height
// capsules, stage-1 joints and the pre-2026 vehicle field names. Emit
// writes only the current forms.
//
// OMI semantics applied at Parse: a dynamic body without mass weighs 1 kg
// (source "default") with its centre of mass at the body origin; a zero or
// absent inertiaDiagonal is computed later; a motion without type is
// dynamic; `collider: {}` groups descendant colliders; `trigger: {}` is the
// implicit compound of descendant triggers. Velocities are kept in the
// node frame (OMI leaves the frame unspecified).
package omi

import (
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/gltfx"
)

// Format is the OMI glTF physics dialect.
var Format = &convert.Format{
	Name:         "omi",
	Description:  "glTF with OMI_physics_body/_shape/_joint, vehicles, seats, spawn points (all revisions)",
	Extensions:   []string{".gltf", ".glb"},
	Sniff:        func(head []byte) bool { return gltfx.SniffDialect(head) == "omi" },
	Parse:        Parse,
	Emit:         Emit,
	Capabilities: &Capabilities,
}
