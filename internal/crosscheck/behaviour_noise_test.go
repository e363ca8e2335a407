package crosscheck

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// Some scenes have no single motion to compare with: a welded pair
// balanced on a table's edge, a row of touching balls. Their geometry is
// symmetric, so the side a body tips to is chosen by rounding, and any
// change at the level of the last digit (Godot stores every number as
// float32) sends it the other way. The suite finds such scenes by running
// the source itself with every rigid body turned by godotNoiseAngle — the
// resolution of the six significant digits Godot's editor writes — and
// calls the largest pose difference the engine then shows the scene's
// noise spread. A conversion of such a scene is held to that spread (it
// may not move apart from the source further than the source moves apart
// from itself under noise); the log names every scene this applies to.
const godotNoiseAngle = 1e-6

// godotNoiseSpread returns the largest pose difference between the
// source's run (want) and runs of the source with its rigid bodies turned
// by godotNoiseAngle about x and about z, written beside the source in
// the mirror root.
func godotNoiseSpread(t *testing.T, src, mirror string, rel string, want map[string]worldPose) float64 {
	t.Helper()
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	spread := 0.0
	for k, axis := range []convert.Vec3{{1, 0, 0}, {0, 0, 1}} {
		noisy, n := turnRigidBodies(string(data), convert.AxisAngle(axis, godotNoiseAngle))
		if n == 0 {
			return 0
		}
		p := filepath.Join(mirror, filepath.Dir(rel), fmt.Sprintf("physconv_noise_%d.tscn", k))
		if err := os.WriteFile(p, []byte(noisy), 0o644); err != nil {
			t.Fatal(err)
		}
		worst, _ := poseDiff(want, godotPoses(t, p, mirror), 0)
		spread = math.Max(spread, worst)
	}
	return spread
}

var (
	tscnHeader    = regexp.MustCompile(`(?m)^\[node [^\]]*\]$`)
	tscnTransform = regexp.MustCompile(`(?m)^transform = Transform3D\(([^)]*)\)$`)
)

// turnRigidBodies returns a Godot 4 scene with every RigidBody3D node
// turned by q about its own origin (in its parent's frame), and how many
// it turned.
func turnRigidBodies(scene string, q convert.Quat) (string, int) {
	r := q.Mat()
	heads := tscnHeader.FindAllStringIndex(scene, -1)
	var b strings.Builder
	last, turnedN := 0, 0
	for k, h := range heads {
		end := len(scene)
		if k+1 < len(heads) {
			end = heads[k+1][0]
		}
		if !strings.Contains(scene[h[0]:h[1]], `type="RigidBody3D"`) {
			continue
		}
		section := scene[h[1]:end]
		basis, origin := convert.Mat3{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, convert.Vec3{}
		m := tscnTransform.FindStringSubmatchIndex(section)
		if m != nil {
			f := strings.Split(section[m[2]:m[3]], ",")
			if len(f) != 12 {
				continue
			}
			var v [12]float64
			for i := range f {
				x, err := strconv.ParseFloat(strings.TrimSpace(f[i]), 64)
				if err != nil {
					return scene, 0
				}
				v[i] = x
			}
			// Godot writes the basis row by row, then the origin
			basis = convert.Mat3{{v[0], v[1], v[2]}, {v[3], v[4], v[5]}, {v[6], v[7], v[8]}}
			origin = convert.Vec3{v[9], v[10], v[11]}
		}
		nb := r.Mul(basis)
		line := fmt.Sprintf("transform = Transform3D(%.9g, %.9g, %.9g, %.9g, %.9g, %.9g, %.9g, %.9g, %.9g, %.9g, %.9g, %.9g)",
			nb[0][0], nb[0][1], nb[0][2], nb[1][0], nb[1][1], nb[1][2], nb[2][0], nb[2][1], nb[2][2], origin[0], origin[1], origin[2])
		b.WriteString(scene[last:h[1]])
		if m != nil {
			b.WriteString(section[:m[0]] + line + section[m[1]:])
		} else {
			b.WriteString("\n" + line + section)
		}
		last = end
		turnedN++
	}
	b.WriteString(scene[last:])
	return b.String(), turnedN
}
