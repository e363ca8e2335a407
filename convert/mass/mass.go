package mass

import (
	"errors"
	"fmt"
	"math"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/hull"
)

// massCalc computes body geometry and keeps per-mesh results, since one
// mesh is often used by many colliders.
type massCalc struct {
	g      *convert.Graph
	diags  convert.Diagnostics
	hulls  map[int]meshResult
	closed map[int]meshResult
	subj   convert.Subject // what the diagnostics of the current shape are about
}

type meshResult struct {
	s       solid
	closure meshClosure
	err     error
}

func newMassCalc(g *convert.Graph) *massCalc {
	return &massCalc{g: g, hulls: map[int]meshResult{}, closed: map[int]meshResult{}}
}

// BodyMassProps integrates the colliders of body node `body` at a uniform
// density (kg/m³): every collider shape of the node and its descendants,
// stopping at descendants with their own Motion (independent bodies).
// Triggers and visuals do not count. The result is in the body node's frame
// without its scale (its rotation and origin; scale of the node and of every
// node below it is baked into the shapes). Mass is 0 when the colliders
// enclose no volume.
func BodyMassProps(g *convert.Graph, body int, density float64) (MassProps, convert.Diagnostics) {
	mc := newMassCalc(g)
	s := mc.bodySolid(body)
	return s.massProps(density), mc.diags
}

// ShapeMassProps integrates one shape at a density (kg/m³) in its own frame.
func ShapeMassProps(g *convert.Graph, shape int, density float64) (MassProps, convert.Diagnostics) {
	mc := newMassCalc(g)
	s := mc.shapeSolid(shape, identityAffine(), fmt.Sprintf("shapes[%d]", shape), true)
	return s.massProps(density), mc.diags
}

// bodySolid is the union of a body's collider solids in its rigid frame.
func (mc *massCalc) bodySolid(body int) solid {
	g := mc.g
	if body < 0 || body >= len(g.Nodes) {
		return solid{}
	}
	var parts []solid
	seen := make(map[int]bool)
	var walk func(n int, acc affine)
	walk = func(n int, acc affine) {
		if seen[n] || n < 0 || n >= len(g.Nodes) {
			return
		}
		seen[n] = true
		node := &g.Nodes[n]
		if c := node.Collider; c != nil && c.Shape >= 0 {
			path := g.NodeLabel(n)
			mc.subj = convert.ColliderSubject(n, body)
			if s := mc.shapeSolid(c.Shape, acc, path, true); s.Volume > 0 {
				parts = append(parts, s)
			}
		}
		for _, ch := range node.Children {
			if ch >= 0 && ch < len(g.Nodes) && g.Nodes[ch].Motion != nil {
				continue // an independent body
			}
			if ch >= 0 && ch < len(g.Nodes) {
				walk(ch, affineOf(g.Nodes[ch].Transform).then(acc))
			}
		}
	}
	walk(body, affine{L: convert.Diag(g.Nodes[body].Transform.S)})
	return combineSolids(parts...)
}

// shapeSolid is one shape mapped into a body frame by an affine map.
// moving says whether the owner is a moving body (massless shapes are then
// worth a diagnostic).
func (mc *massCalc) shapeSolid(idx int, a affine, path string, moving bool) solid {
	g := mc.g
	if idx < 0 || idx >= len(g.Shapes) {
		mc.diags.Add(convert.CodeMeshInvalid, mc.subj, path, "collider refers to shape %d, which does not exist; it adds no mass", idx)
		return solid{}
	}
	sh := &g.Shapes[idx]
	var s solid
	switch sh.Kind {
	case convert.Box:
		s = boxSolid(absVec(sh.Size))
	case convert.Sphere:
		s = ellipsoidSolid(convert.Vec3{sh.Radius, sh.Radius, sh.Radius})
		mc.checkRound(a, false, sh.Kind, path)
	case convert.Ellipsoid:
		s = ellipsoidSolid(absVec(sh.Size))
	case convert.Capsule:
		s = capsuleSolid(sh.Height, sh.RadiusBottom, sh.RadiusTop)
		mc.checkRound(a, false, sh.Kind, path)
	case convert.Cylinder:
		s = frustumSolid(sh.Height, sh.RadiusBottom, sh.RadiusTop)
		mc.checkRound(a, true, sh.Kind, path)
	case convert.Convex:
		s = mc.meshSolid(sh.Mesh, true, path)
	case convert.TriMesh:
		s = mc.meshSolid(sh.Mesh, false, path)
	case convert.Plane, convert.Heightfield, convert.Ray:
		if moving {
			mc.diags.Add(convert.CodeShapeMassless, mc.subj, path, "a %s has no volume; on a moving body it adds no mass (it is meant for static bodies)", sh.Kind)
		}
		return solid{}
	default:
		mc.diags.Add(convert.CodeMeshInvalid, mc.subj, path, "shape kind %q is unknown; it adds no mass", sh.Kind)
		return solid{}
	}
	if s.Volume <= 0 {
		return solid{}
	}
	return s.transformed(a)
}

// checkRound reports a sphere, capsule or cylinder whose map into the body
// frame is not a similarity: its mass properties are those of the stretched
// shape, which most formats cannot express. A cylinder may still stretch
// along its axis.
func (mc *massCalc) checkRound(a affine, alongY bool, kind convert.ShapeKind, path string) {
	lt := a.L.T().Mul(a.L) // Gram matrix of the mapped axes
	scale := math.Max(lt[0][0], math.Max(lt[1][1], lt[2][2]))
	if scale == 0 {
		return
	}
	tol := 1e-9 * scale
	ok := math.Abs(lt[0][1]) <= tol && math.Abs(lt[0][2]) <= tol && math.Abs(lt[1][2]) <= tol &&
		math.Abs(lt[0][0]-lt[2][2]) <= tol
	if !alongY {
		ok = ok && math.Abs(lt[0][0]-lt[1][1]) <= tol
	}
	if !ok {
		mc.diags.Add(convert.CodeShapeScaledNonuniform, mc.subj, path, "the %s is stretched by non-uniform scale; its mass properties are computed exactly for the stretched shape, but formats without that shape will approximate it", kind)
	}
}

// meshSolid integrates mesh m as its convex hull or as a triangle mesh, in
// the mesh's own frame (its file Scale applied).
func (mc *massCalc) meshSolid(m int, convex bool, path string) solid {
	g := mc.g
	if m < 0 || m >= len(g.Meshes) {
		mc.diags.Add(convert.CodeMeshInvalid, mc.subj, path, "collider refers to mesh %d, which does not exist; it adds no mass", m)
		return solid{}
	}
	mesh := &g.Meshes[m]
	if len(mesh.Positions) == 0 {
		if mesh.File != "" && !mesh.Loaded {
			mc.diags.Add(convert.CodeMeshNotLoaded, mc.subj, path, "mesh %q was not loaded; the collider adds no mass", mesh.File)
		} else {
			mc.diags.Add(convert.CodeMeshInvalid, mc.subj, path, "mesh %d has no vertices; the collider adds no mass", m)
		}
		return solid{}
	}
	cache := mc.closed
	if convex {
		cache = mc.hulls
	}
	r, ok := cache[m]
	if !ok {
		r = integrateMesh(mesh, convex)
		cache[m] = r
	}
	name := meshName(mesh, m)
	var de *hull.DegenerateError
	switch {
	case errors.As(r.err, &de):
		mc.diags.Add(convert.CodeConvexDegenerate, mc.subj, path, "the convex hull of %s is flat (its points span %d dimensions); it has no volume and adds no mass", name, de.Dim)
	case r.err != nil:
		mc.diags.Add(convert.CodeMeshInvalid, mc.subj, path, "%s: %v; the collider adds no mass", name, r.err)
	case !convex && r.closure == meshOpen && r.s.Volume > 0:
		mc.diags.Add(convert.CodeMeshOpenShell, mc.subj, path, "%s is not closed (or not wound consistently); its mass is spread over its surface as a shell weighing what its convex hull would", name)
	case !convex && r.closure == meshOpen:
		mc.diags.Add(convert.CodeMeshOpenShell, mc.subj, path, "%s is not closed and is flat; it adds no mass", name)
	case !convex && r.closure == meshInverted:
		mc.diags.Add(convert.CodeMeshInverted, mc.subj, path, "%s is wound inside out; integrated as if wound outwards", name)
	}
	return r.s
}

func meshName(m *convert.Mesh, i int) string {
	switch {
	case m.Name != "":
		return fmt.Sprintf("mesh %q", m.Name)
	case m.File != "":
		return fmt.Sprintf("mesh %q", m.File)
	}
	return fmt.Sprintf("mesh %d", i)
}

// integrateMesh applies the mesh's file Scale (when set) and integrates it.
func integrateMesh(mesh *convert.Mesh, convex bool) meshResult {
	pos := mesh.Positions
	for _, p := range pos {
		if !p.Finite() {
			return meshResult{err: errors.New("a vertex has a coordinate that is not a finite number")}
		}
	}
	var post affine
	post.L = convert.Diag(convert.Vec3{1, 1, 1})
	if mesh.Scale != (convert.Vec3{}) && mesh.Scale != (convert.Vec3{1, 1, 1}) {
		post.L = convert.Diag(mesh.Scale)
	}
	if convex {
		s, err := hullSolid(pos)
		if err != nil {
			return meshResult{err: err}
		}
		return meshResult{s: s.transformed(post)}
	}
	s, closure, err := trimeshSolid(pos, mesh.Indices)
	if err != nil {
		return meshResult{err: err}
	}
	return meshResult{s: s.transformed(post), closure: closure}
}

func absVec(v convert.Vec3) convert.Vec3 {
	return convert.Vec3{math.Abs(v[0]), math.Abs(v[1]), math.Abs(v[2])}
}
