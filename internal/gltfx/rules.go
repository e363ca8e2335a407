package gltfx

import (
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Structural rules of the Khronos glTF-Validator that concern what an
// input means (its errors NODE_MATRIX_TRS, NODE_MATRIX_NON_TRS,
// ROTATION_NON_UNIT, UNKNOWN_ASSET_MAJOR_VERSION, GLB_DUPLICATE_CHUNK), and
// exact-case member names.

// rotationTolerance is how far a rotation quaternion's length may be from
// 1, as the validator allows (it accepts float32 rounding of exporters).
const rotationTolerance = 0.00769

// matrixTolerance bounds the shear (cosine between scaled axes) and the
// projective row a node matrix may carry and still count as TRS.
const matrixTolerance = 5e-4

var assetVersion = regexp.MustCompile(`^([0-9]+)\.([0-9]+)$`)

// checkKeyCase refuses a member whose name differs only in case from one
// the object type defines: Go's JSON decoding would take "Mesh" for
// "mesh" while the checks above look at "mesh" only.
func checkKeyCase(v Value, typ string) error {
	specs := coreSchema[typ]
	o, ok := v.v.(*object)
	if !ok {
		return nil
	}
	unknown := false
	for _, m := range o.members {
		if _, ok := specs[m.key]; !ok && m.key != "name" && m.key != "extensions" && m.key != "extras" {
			unknown = true
			break
		}
	}
	if !unknown {
		return nil // the usual case, found without sorting the keys
	}
	for _, k := range v.Keys() {
		if known := caseVariant(k, typ); known != "" {
			return v.Errorf(k, "unknown property %q differs from %q only in case; glTF names are case-sensitive", k, known)
		}
	}
	return nil
}

// caseVariant is the property of typ that unknown name k spells in other
// case ("" when k is a property itself or matches none).
func caseVariant(k, typ string) string {
	if _, ok := coreSchema[typ][k]; ok || k == "name" || k == "extensions" || k == "extras" {
		return ""
	}
	for _, known := range slices.Concat(schemaKeys[typ], []string{"name", "extensions", "extras"}) {
		if strings.EqualFold(k, known) {
			return known
		}
	}
	return ""
}

// checkRules applies the validator's semantic rules to a document that
// passed checkCore.
func checkRules(root Value) error {
	asset := root.Get("asset")
	ver, _ := asset.Get("version").AsString()
	m := assetVersion.FindStringSubmatch(ver)
	if m == nil {
		return asset.Errorf("version", "%q is not a glTF version (MAJOR.MINOR)", ver)
	}
	if major, err := strconv.Atoi(m[1]); err != nil || major != 2 {
		return asset.Errorf("version", "glTF %s is not supported (major version 2 is)", ver)
	}
	nodes := root.Get("nodes")
	for i := range nodes.Len() {
		if err := checkNodeTransform(nodes.Elem(i)); err != nil {
			return err
		}
	}
	return nil
}

// numbers reads an array checkCore has checked, without spelling paths.
func numbers(v Value) []float64 {
	a, _ := v.v.([]any)
	out := make([]float64, len(a))
	for i, x := range a {
		out[i], _ = finite(x)
	}
	return out
}

func checkNodeTransform(n Value) error {
	if r := n.Get("rotation"); r.Exists() {
		q := numbers(r)
		l := math.Sqrt(q[0]*q[0] + q[1]*q[1] + q[2]*q[2] + q[3]*q[3])
		if math.Abs(l-1) > rotationTolerance {
			return r.Errorf("", "rotation quaternion has length %g; it must be a unit quaternion", l)
		}
	}
	mv := n.Get("matrix")
	if !mv.Exists() {
		return nil
	}
	for _, k := range []string{"translation", "rotation", "scale"} {
		if n.Has(k) {
			return n.Errorf(k, "a node with a matrix must not also have %s", k)
		}
	}
	m := numbers(mv) // column-major
	if math.Abs(m[3]) > matrixTolerance || math.Abs(m[7]) > matrixTolerance || math.Abs(m[11]) > matrixTolerance || math.Abs(m[15]-1) > matrixTolerance {
		return mv.Errorf("", "matrix is not a translation, rotation and scale (its last row is %g %g %g %g, not 0 0 0 1)", m[3], m[7], m[11], m[15])
	}
	var cols [3][3]float64
	for c := 0; c < 3; c++ {
		l := math.Sqrt(m[4*c]*m[4*c] + m[4*c+1]*m[4*c+1] + m[4*c+2]*m[4*c+2])
		if l == 0 {
			return mv.Errorf("", "matrix is not a translation, rotation and scale (axis %d has zero scale)", c)
		}
		for r := 0; r < 3; r++ {
			cols[c][r] = m[4*c+r] / l
		}
	}
	for a := 0; a < 3; a++ {
		for b := a + 1; b < 3; b++ {
			d := cols[a][0]*cols[b][0] + cols[a][1]*cols[b][1] + cols[a][2]*cols[b][2]
			if math.Abs(d) > matrixTolerance {
				return mv.Errorf("", "matrix is not a translation, rotation and scale (axes %d and %d are sheared: cosine %.3g)", a, b, d)
			}
		}
	}
	return nil
}
