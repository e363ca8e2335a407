// Package benchgen generates the synthetic models the benchmarks and the
// linear-time tests measure: serial chains (a snake robot, a rope) whose
// depth grows with their size, the shape that exposes any per-node walk to
// the root, and wide scenes (free bodies, static shapes, a body of many
// shapes, joints mimicking one) that expose any per-element scan of the
// elements before it.
package benchgen

import (
	"fmt"
	"math"
	"strings"
)

// ChainURDF returns a URDF of n links in one serial chain: each link hangs
// off the previous one by a revolute joint, cycling through box, cylinder
// and sphere links with matching visual and collision geometry and exact
// inertias, so every pass (tree, mass, joints, emit) has work per link.
func ChainURDF(n int) []byte {
	return linkedURDF(fmt.Sprintf("chain%d", n), n, func(i int) (int, string) {
		return i - 1, fmt.Sprintf("0 0 0.12\" rpy=\"0 0 %g", 0.05*float64(i%5-2))
	})
}

// TreeURDF generates a URDF of n links in a tree (each link carries up to
// three children) with the links of ChainURDF and revolute joints about X,
// Y and Z.
func TreeURDF(n int) []byte {
	return linkedURDF(fmt.Sprintf("tree%d", n), n, func(i int) (int, string) {
		k := (i - 1) % 3
		return (i - 1) / 3, fmt.Sprintf("%g 0 0.12\" rpy=\"0 0 %g", 0.15*float64(k-1), 0.3*float64(k-1))
	})
}

// linkedURDF writes n links (writeLink), each after the first hung from
// the link parent(i) names by a revolute joint about X, Y or Z in turn at
// the origin it spells (xyz, and the rest of the attribute list).
func linkedURDF(name string, n int, parent func(i int) (int, string)) []byte {
	return document(n, 640, "<?xml version=\"1.0\"?>\n<robot name=\""+name+"\">\n", "</robot>\n", func(b *strings.Builder, i int) {
		writeLink(b, i)
		if i == 0 {
			return
		}
		p, origin := parent(i)
		axis := [3]string{"1 0 0", "0 1 0", "0 0 1"}[i%3]
		fmt.Fprintf(b, `  <joint name="joint%d" type="revolute">
    <parent link="link%d"/><child link="link%d"/>
    <origin xyz="%s"/><axis xyz="%s"/>
    <limit lower="-1" upper="1" effort="10" velocity="2"/>
  </joint>
`, i, p, i, origin, axis)
	})
}

// document writes head, each(b, i) for the n elements, then tail, into a
// buffer sized once for about per bytes an element.
func document(n, per int, head, tail string, each func(b *strings.Builder, i int)) []byte {
	var b strings.Builder
	b.Grow(len(head) + n*per + len(tail))
	b.WriteString(head)
	for i := 0; i < n; i++ {
		each(&b, i)
	}
	b.WriteString(tail)
	return []byte(b.String())
}

// writeLink writes link i: a box, cylinder or sphere (cycling) as visual
// and collision, with its exact inertia.
func writeLink(b *strings.Builder, i int) {
	m := 0.5 + 0.1*float64(i%7)
	var geom string
	var ixx, iyy, izz float64
	switch i % 3 {
	case 0:
		x, y, z := 0.1, 0.06, 0.04
		geom = fmt.Sprintf(`<box size="%g %g %g"/>`, x, y, z)
		ixx, iyy, izz = m*(y*y+z*z)/12, m*(x*x+z*z)/12, m*(x*x+y*y)/12
	case 1:
		r, l := 0.03, 0.1
		geom = fmt.Sprintf(`<cylinder radius="%g" length="%g"/>`, r, l)
		ixx = m * (3*r*r + l*l) / 12
		iyy, izz = ixx, m*r*r/2
	default:
		r := 0.04
		geom = fmt.Sprintf(`<sphere radius="%g"/>`, r)
		ixx = 2 * m * r * r / 5
		iyy, izz = ixx, ixx
	}
	fmt.Fprintf(b, `  <link name="link%d">
    <inertial><origin xyz="0 0 0.05"/><mass value="%g"/><inertia ixx="%g" ixy="0" ixz="0" iyy="%g" iyz="0" izz="%g"/></inertial>
    <visual><origin xyz="0 0 0.05"/><geometry>%s</geometry></visual>
    <collision><origin xyz="0 0 0.05"/><geometry>%s</geometry></collision>
  </link>
`, i, m, ixx, iyy, izz, geom, geom)
}

// UVSphere returns a closed sphere mesh of radius r with
// 2·stacks·slices − 2·slices triangles sharing their vertices (one vertex
// at each pole), wound counter-clockwise seen from outside.
func UVSphere(r float64, stacks, slices int) (pos [][3]float64, idx []uint32) {
	pos = append(pos, [3]float64{0, r, 0})
	for i := 1; i < stacks; i++ {
		th := math.Pi * float64(i) / float64(stacks)
		for j := 0; j < slices; j++ {
			ph := 2 * math.Pi * float64(j) / float64(slices)
			pos = append(pos, [3]float64{r * math.Sin(th) * math.Cos(ph), r * math.Cos(th), r * math.Sin(th) * math.Sin(ph)})
		}
	}
	pos = append(pos, [3]float64{0, -r, 0})
	ring := func(i, j int) uint32 { return uint32(1 + (i-1)*slices + (j % slices)) }
	for j := 0; j < slices; j++ {
		idx = append(idx, 0, ring(1, j+1), ring(1, j))
	}
	for i := 1; i < stacks-1; i++ {
		for j := 0; j < slices; j++ {
			a, b, c, d := ring(i, j), ring(i, j+1), ring(i+1, j+1), ring(i+1, j)
			idx = append(idx, a, b, c, a, c, d)
		}
	}
	last := uint32(len(pos) - 1)
	for j := 0; j < slices; j++ {
		idx = append(idx, last, ring(stacks-1, j), ring(stacks-1, j+1))
	}
	return pos, idx
}

// NodeChainGLTF is a glTF document of n nodes, each the only child of the
// one before (about 21 bytes a node: 100,000 nodes make 2 MB): a scene as
// deep as it is large.
func NodeChainGLTF(n int) []byte {
	var b strings.Builder
	b.Grow(21*n + 100)
	b.WriteString(`{"asset":{"version":"2.0"},"scene":0,"scenes":[{"nodes":[0]}],"nodes":[`)
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		if i < n-1 {
			fmt.Fprintf(&b, `{"children":[%d]}`, i+1)
		} else {
			b.WriteString(`{}`)
		}
	}
	b.WriteString("]}\n")
	return []byte(b.String())
}

// LooseBodiesMJCF returns an MJCF scene of n free bodies side by side,
// each a sphere with a friction of its own: n bodies that share nothing,
// so each needs a material of its own and, in a format without free
// joints, a joint the writer adds. Any per-body scan of every material or
// body so far shows up as a quadratic term.
func LooseBodiesMJCF(n int) []byte {
	return document(n, 120, fmt.Sprintf("<mujoco model=\"loose%d\">\n  <worldbody>\n", n), "  </worldbody>\n</mujoco>\n", func(b *strings.Builder, i int) {
		fmt.Fprintf(b, "    <body name=\"b%d\" pos=\"%g 0 1\"><freejoint/><geom type=\"sphere\" size=\"0.05\" friction=\"%.6f\"/></body>\n",
			i, 0.1*float64(i), 0.5+1e-5*float64(i))
	})
}

// MimicFanURDF returns a URDF of n links hung side by side from a base by
// revolute joints, every joint after the first mimicking the first: n
// couplings to write and read, each found per joint.
func MimicFanURDF(n int) []byte {
	var b strings.Builder
	b.Grow(n * 520)
	fmt.Fprintf(&b, "<?xml version=\"1.0\"?>\n<robot name=\"fan%d\">\n", n)
	for i := 0; i <= n; i++ {
		fmt.Fprintf(&b, `  <link name="l%d"><inertial><mass value="1"/><inertia ixx="0.01" iyy="0.01" izz="0.01" ixy="0" ixz="0" iyz="0"/></inertial>
    <collision><geometry><box size="0.1 0.1 0.1"/></geometry></collision></link>
`, i)
	}
	for i := 1; i <= n; i++ {
		mimic := ""
		if i > 1 {
			mimic = `<mimic joint="j1" multiplier="0.5" offset="0.1"/>`
		}
		fmt.Fprintf(&b, `  <joint name="j%d" type="revolute"><parent link="l0"/><child link="l%d"/><origin xyz="%g 0 0"/><axis xyz="0 0 1"/>
    <limit lower="-1" upper="1" effort="1" velocity="1"/>%s</joint>
`, i, i, 0.2*float64(i), mimic)
	}
	b.WriteString("</robot>\n")
	return []byte(b.String())
}

// StaticCapsulesMJCF returns an MJCF scene of n capsules fixed in the
// world side by side and one free sphere: n static colliders in one pool,
// which a format without capsules writes as three shapes each.
func StaticCapsulesMJCF(n int) []byte {
	return document(n, 90, fmt.Sprintf("<mujoco model=\"static%d\">\n  <worldbody>\n", n),
		"    <body name=\"ball\" pos=\"0 0 1\"><freejoint/><geom type=\"sphere\" size=\"0.1\"/></body>\n  </worldbody>\n</mujoco>\n",
		func(b *strings.Builder, i int) {
			fmt.Fprintf(b, "    <geom name=\"g%d\" type=\"capsule\" size=\"0.05 0.2\" pos=\"%g %g 0\"/>\n", i, 0.3*float64(i%100), 0.3*float64(i/100))
		})
}

// WeldedChainURDF is ChainURDF with every joint fixed: one rigid body
// of n links, which a format with soft joints (Godot) writes as one body
// and every reader of it takes apart again when it compares.
func WeldedChainURDF(n int) []byte {
	return []byte(strings.ReplaceAll(string(ChainURDF(n)), `type="revolute"`, `type="fixed"`))
}

// CompoundBodyMJCF returns an MJCF scene of one free body made of n
// spheres, boxes and capsules: one body of many shapes, each a question
// about the body when a writer changes it (a capsule split in three).
func CompoundBodyMJCF(n int) []byte {
	return document(n, 80, fmt.Sprintf("<mujoco model=\"compound%d\">\n  <worldbody>\n    <body name=\"b\"><freejoint/>\n", n),
		"    </body>\n  </worldbody>\n</mujoco>\n", func(b *strings.Builder, i int) {
			kind, size := [3]string{"sphere", "box", "capsule"}[i%3], [3]string{"0.05", "0.05 0.05 0.05", "0.05 0.1"}[i%3]
			fmt.Fprintf(b, "      <geom name=\"g%d\" type=\"%s\" size=\"%s\" pos=\"%g %g 0\"/>\n", i, kind, size, 0.2*float64(i%50), 0.2*float64(i/50))
		})
}

// ExcludedNeighboursMJCF returns an MJCF scene of n free boxes in a row,
// each excluded from contact with the next (<exclude>, as models keep
// neighbouring links apart): a collision filter per body, whose pairs a
// writer that pairs by layer masks must check.
func ExcludedNeighboursMJCF(n int) []byte {
	var b strings.Builder
	b.Grow(n * 150)
	fmt.Fprintf(&b, "<mujoco model=\"excluded%d\">\n  <worldbody>\n", n)
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "    <body name=\"b%d\" pos=\"%g 0 0.5\"><freejoint/><geom type=\"box\" size=\"0.1 0.1 0.1\"/></body>\n", i, 0.3*float64(i))
	}
	b.WriteString("  </worldbody>\n  <contact>\n")
	for i := 0; i+1 < n; i++ {
		fmt.Fprintf(&b, "    <exclude body1=\"b%d\" body2=\"b%d\"/>\n", i, i+1)
	}
	b.WriteString("  </contact>\n</mujoco>\n")
	return []byte(b.String())
}
