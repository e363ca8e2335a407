// Package inspect reports a Graph's physics in world coordinates (the
// stable `inspect --json` contract: bodies with mass properties, colliders,
// joints with kinds, axes and limits), prints it as text tables, and
// compares two reports within a tolerance.
package inspect
