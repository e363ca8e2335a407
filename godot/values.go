package godot

import (
	"math"
	"slices"
	"strconv"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/tscn"
)

// Typed readers for property values. A value of the wrong Variant type is
// malformed input: a FormatError at its line.

func (v value) typeErr(key, want string) error {
	file := ""
	if v.doc != nil {
		file = v.doc.file
	}
	return lineErr(file, v.line, "%s must be %s, got %s", key, want, tscn.TypeName(v.v))
}

func (v value) float(key string) (float64, error) {
	if f, ok := tscn.Number(v.v); ok {
		return f, nil
	}
	return 0, v.typeErr(key, "a number")
}

func (v value) boolean(key string) (bool, error) {
	switch x := v.v.(type) {
	case bool:
		return x, nil
	case int64: // Godot accepts 0/1 for bools
		return x != 0, nil
	}
	return false, v.typeErr(key, "a bool")
}

func (v value) integer(key string) (int64, error) {
	switch x := v.v.(type) {
	case int64:
		return x, nil
	case float64:
		if x == math.Trunc(x) && math.Abs(x) < 1<<53 {
			return int64(x), nil
		}
	}
	return 0, v.typeErr(key, "an integer")
}

func (v value) str(key string) (string, error) {
	switch x := v.v.(type) {
	case string:
		return x, nil
	case tscn.StringName:
		return string(x), nil
	}
	return "", v.typeErr(key, "a String")
}

func (v value) nodePath(key string) (string, error) {
	switch x := v.v.(type) {
	case tscn.NodePath:
		return string(x), nil
	case string:
		return x, nil
	}
	return "", v.typeErr(key, "a NodePath")
}

func (v value) floats(key string, names []string, n int) ([]float64, error) {
	c, ok := v.v.(*tscn.Call)
	if ok {
		for _, name := range names {
			if c.Name == name {
				f, ok := c.Floats()
				if ok && (n < 0 || len(f) == n) {
					return f, nil
				}
			}
		}
	}
	return nil, v.typeErr(key, names[0])
}

// floatsInto reads what floats(key, names, len(out)) does into out, for
// the fixed-size values (vectors, transforms) that every node holds,
// without a list of its own.
func (v value) floatsInto(key string, names []string, out []float64) error {
	if c, ok := v.v.(*tscn.Call); ok && slices.Contains(names, c.Name) && callFloatsInto(c, out) {
		return nil
	}
	return v.typeErr(key, names[0])
}

// callFloatsInto fills out with a call's numbers (as Call.Floats reads
// them) when it has exactly len(out) of them.
func callFloatsInto(c *tscn.Call, out []float64) bool {
	if c.Bytes != nil {
		if len(c.Bytes) != len(out) {
			return false
		}
		for i, b := range c.Bytes {
			out[i] = float64(b)
		}
		return true
	}
	if len(c.Args) != len(out) {
		return false
	}
	for i, a := range c.Args {
		f, isNum := tscn.Number(a)
		if !isNum {
			return false
		}
		out[i] = f
	}
	return true
}

func (v value) vec3(key string) (convert.Vec3, error) {
	var f [3]float64
	if err := v.floatsInto(key, []string{"Vector3"}, f[:]); err != nil {
		return convert.Vec3{}, err
	}
	return convert.Vec3{f[0], f[1], f[2]}, nil
}

// basis reads Godot's 3×3 basis text (rows) as a Mat3.
func basisFrom(f []float64) convert.Mat3 {
	return convert.Mat3{{f[0], f[1], f[2]}, {f[3], f[4], f[5]}, {f[6], f[7], f[8]}}
}

// transform reads Transform3D(...) (Godot 4) or Transform(...) (Godot 3):
// nine basis numbers row by row, then the origin. skew reports a basis
// that is not rotation × scale (it is approximated).
func (v value) transform(key string) (t convert.Transform, skew bool, err error) {
	var f [12]float64
	if err := v.floatsInto(key, []string{"Transform3D", "Transform"}, f[:]); err != nil {
		return t, false, err
	}
	for _, x := range f {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return t, false, lineErr(v.doc.file, v.line, "%s has a non-finite number", key)
		}
	}
	return basisToTransform(basisFrom(f[:]), convert.Vec3{f[9], f[10], f[11]})
}

// unitScaleTolerance is how far a basis axis may be from unit length and
// still count as unscaled: Godot writes rotations with six significant
// digits (and float rounding adds ~1e-16), so a pure rotation reads back
// with axis lengths like 0.9999996; taking those as scale would make
// every such body "scaled" and every sphere in it an ellipsoid.
const unitScaleTolerance = 2e-6

// basisToTransform splits a basis into rotation and per-axis scale.
func basisToTransform(m convert.Mat3, origin convert.Vec3) (convert.Transform, bool, error) {
	var t convert.Transform
	t.T = origin
	var cols [3]convert.Vec3
	for c := 0; c < 3; c++ {
		cols[c] = convert.Vec3{m[0][c], m[1][c], m[2][c]}
		t.S[c] = cols[c].Len()
	}
	if t.S[0] == 0 || t.S[1] == 0 || t.S[2] == 0 {
		return t, false, errDegenerate
	}
	// Only a basis written with few digits (Godot's own) has axis lengths
	// rounding leaves near 1; a full-precision one means what it says.
	tol := evenScaleTolerance
	if shortDecimals(m) {
		tol = unitScaleTolerance
	}
	var unit convert.Vec3
	for c := 0; c < 3; c++ {
		unit[c] = t.S[c]
		if math.Abs(t.S[c]-1) <= tol {
			unit[c] = 1
		}
	}
	var r convert.Mat3
	for c := 0; c < 3; c++ {
		for row := 0; row < 3; row++ {
			r[row][c] = cols[c][row] / t.S[c]
		}
	}
	t.S = evenScale(unit, tol)
	if r.Det() < 0 {
		t.S[0] = -t.S[0]
		for row := 0; row < 3; row++ {
			r[row][0] = -r[row][0]
		}
	}
	skew := math.Abs(cols[0].Normalize().Dot(cols[1].Normalize())) > 1e-4 ||
		math.Abs(cols[0].Normalize().Dot(cols[2].Normalize())) > 1e-4 ||
		math.Abs(cols[1].Normalize().Dot(cols[2].Normalize())) > 1e-4
	t.R = convert.QuatFromMat(r)
	return t, skew, nil
}

// shortDecimals reports whether every basis number is written as Godot
// writes them: with at most seven significant digits (Godot 3), or as the
// shortest decimal of a single-precision number (Godot 4, up to nine
// digits). physconv writes the shortest decimal that round-trips in
// double precision, usually 15 to 17 digits.
func shortDecimals(m convert.Mat3) bool {
	for _, row := range m {
		for _, x := range row {
			if !fewDigits(x, 7) && !singleShortest(x) {
				return false
			}
		}
	}
	return true
}

// fewDigits reports whether x's shortest decimal has at most n
// significant digits.
func fewDigits(x float64, n int) bool {
	digits := 0
	for _, r := range strconv.FormatFloat(x, 'e', -1, 64) {
		if r == 'e' {
			break
		}
		if r >= '0' && r <= '9' {
			digits++
		}
	}
	return digits <= n
}

// singleShortest reports whether x is what reading the shortest decimal
// of a single-precision number gives.
func singleShortest(x float64) bool {
	f := float32(x)
	if math.IsInf(float64(f), 0) {
		return false
	}
	back, err := strconv.ParseFloat(strconv.FormatFloat(float64(f), 'g', -1, 32), 64)
	return err == nil && back == x
}

// evenScaleTolerance is how far apart (relative) scale components may be
// and still be one uniform scale: rounding of a full-precision basis, far
// below any scale a scene means to be non-uniform.
const evenScaleTolerance = 1e-12

// evenScale makes scale components that agree within tol (relative;
// evenScaleTolerance, or unitScaleTolerance for Godot's short decimals)
// exactly equal: a uniform scale written as a basis reads back with axis
// lengths a few ulps apart, and taking those as a non-uniform scale would
// turn spheres into ellipsoids and capsules into stretched ones. The value
// kept is one of the read ones (the median of three), so an exactly
// uniform scale stays exactly as read.
func evenScale(s convert.Vec3, tol float64) convert.Vec3 {
	near := func(a, b float64) bool {
		return math.Abs(a-b) <= tol*math.Max(math.Abs(a), math.Abs(b))
	}
	switch {
	case near(s[0], s[1]) && near(s[1], s[2]) && near(s[0], s[2]):
		m := math.Max(math.Min(s[0], s[1]), math.Min(math.Max(s[0], s[1]), s[2]))
		return convert.Vec3{m, m, m}
	case near(s[0], s[2]):
		return convert.Vec3{s[0], s[1], s[0]}
	case near(s[0], s[1]):
		return convert.Vec3{s[0], s[0], s[2]}
	case near(s[1], s[2]):
		return convert.Vec3{s[0], s[1], s[1]}
	}
	return s
}

type degenerateError struct{}

func (degenerateError) Error() string { return "basis has a zero-length axis" }

var errDegenerate error = degenerateError{}

// transformBasis returns the Godot basis rows and origin of a TRS transform.
func transformBasis(t convert.Transform) [12]float64 {
	r := t.R.Normalize().Mat()
	var out [12]float64
	for row := 0; row < 3; row++ {
		for c := 0; c < 3; c++ {
			out[row*3+c] = r[row][c] * t.S[c]
		}
	}
	out[9], out[10], out[11] = t.T[0], t.T[1], t.T[2]
	return out
}
