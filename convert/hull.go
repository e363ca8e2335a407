package convert

import "github.com/physconv/physconv/internal/hull"

// HullIndices returns the triangles (three indices into pos each) of the
// convex hull of pos; a flat cloud gets its outline as a fan, a cloud on a
// line gets none. Formats that store convex shapes as points only (Godot)
// use it to give them faces.
func HullIndices(pos []Vec3) []uint32 {
	return hull.Indices(hull.Points(pos))
}
