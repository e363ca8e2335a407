// Package convert holds physconv's physics graph (the intermediate
// representation every format parses into and emits from), its diagnostics,
// the format registry and the passes that run between Parse and Emit.
//
// Conventions of the Graph, stated once here and nowhere else:
//
//   - SI units: metres, kilograms, seconds, radians.
//   - Right-handed, +Y up, +Z forward (the glTF convention).
//   - Quaternions are [x y z w].
//   - Box sizes are full extents; capsules and cylinders lie along local Y;
//     a capsule's Height is the distance between its cap centres; a
//     cylinder's Height is its total height.
//
// Each format converts units, axes and shape conventions at its own boundary,
// so the Graph means the same thing whatever file it came from.
//
// Diagnostics are typed: every code is a constant of the closed table in
// codes.go (severity, the quantities it affects, a one-line meaning; the
// README's tables are generated from it), and every diagnostic names its
// Subject in the Graph, so Diagnostics.Explains can decide by structure
// whether a difference in some quantity of some element was reported.
// Messages spell a node as Graph.NodeLabel does: nodes[4] "Door".
//
// The package imports no format package; formats import it.
package convert
