package inspect

import (
	"fmt"
	"math"
	"sort"
)

// World is the name the tree and the pictures give the fixed world.
const World = "(world)"

// Summary counts what a report describes.
type Summary struct {
	Bodies, Dynamic, Kinematic, Static int
	Joints                             int
	// DOF adds the joints' degrees of freedom and six for every dynamic
	// body that no joint holds to the world or to another body held so;
	// loops are not subtracted.
	DOF int
	// TotalMass sums the moving bodies' finite masses (kg); Unknown
	// counts moving bodies without one.
	TotalMass float64
	Unknown   int
}

// Summarize counts the bodies, joints and degrees of freedom of r.
func (r *Report) Summarize() Summary {
	var s Summary
	for _, j := range r.Joints {
		s.Joints++
		s.DOF += JointDOF(j)
	}
	// a dynamic body that hangs from the world without a joint is free
	root, _ := r.Tree()
	for _, c := range root.Children {
		if c.Joint == nil && c.Kind == "dynamic" {
			s.DOF += 6
		}
	}
	for _, b := range r.Bodies {
		s.Bodies++
		switch b.Kind {
		case "static":
			s.Static++
			continue
		case "kinematic":
			s.Kinematic++
		default:
			s.Dynamic++
		}
		if b.Mass == nil || math.IsInf(float64(*b.Mass), 0) {
			s.Unknown++
		} else {
			s.TotalMass += float64(*b.Mass)
		}
	}
	return s
}

// JointDOF is the number of degrees of freedom a joint of its kind leaves;
// a generic joint leaves the axes its limits do not lock.
func JointDOF(j JointReport) int {
	switch j.Kind {
	case "fixed":
		return 0
	case "revolute", "continuous", "prismatic":
		return 1
	case "cylindrical", "universal":
		return 2
	case "ball", "planar", "cone-twist":
		return 3
	case "free":
		return 6
	}
	locked := map[string]bool{}
	for _, l := range j.Limits {
		if l.Min == 0 && l.Max == 0 {
			for _, a := range l.Linear {
				locked[fmt.Sprint("l", a)] = true
			}
			for _, a := range l.Angular {
				locked[fmt.Sprint("a", a)] = true
			}
		}
	}
	return 6 - len(locked)
}

// TreeNode is a body in the kinematic tree, reached from its parent
// through Joint ("" for a body no joint holds).
type TreeNode struct {
	Body     string
	Kind     string // the body's kind; "" for the world
	Joint    *JointReport
	Children []*TreeNode
}

// Tree arranges the bodies as a tree rooted at the world: each joint
// attaches the body it reaches first from the world to the other. Joints
// that close a loop are returned apart; bodies no joint holds hang from
// the world.
func (r *Report) Tree() (root *TreeNode, loops []JointReport) {
	root = &TreeNode{Body: World}
	kind := map[string]string{"": ""}
	for _, b := range r.Bodies {
		kind[b.Name] = string(b.Kind)
	}
	adj := map[string][]int{}
	for k, j := range r.Joints {
		adj[j.BodyA] = append(adj[j.BodyA], k)
		adj[j.BodyB] = append(adj[j.BodyB], k)
	}
	nodes := map[string]*TreeNode{"": root}
	usedJoint := make([]bool, len(r.Joints))
	queue := []string{""}
	grow := func() {
		for len(queue) > 0 {
			at := queue[0]
			queue = queue[1:]
			for _, k := range adj[at] {
				if usedJoint[k] {
					continue
				}
				usedJoint[k] = true
				j := r.Joints[k]
				other := j.BodyB
				if other == at {
					other = j.BodyA
				}
				if _, seen := nodes[other]; seen {
					loops = append(loops, j)
					continue
				}
				n := &TreeNode{Body: other, Kind: kind[other], Joint: &r.Joints[k]}
				nodes[other] = n
				nodes[at].Children = append(nodes[at].Children, n)
				queue = append(queue, other)
			}
		}
	}
	grow()
	// bodies the world does not reach: each starts a subtree of its own
	names := make([]string, 0, len(r.Bodies))
	for _, b := range r.Bodies {
		names = append(names, b.Name)
	}
	for _, name := range names {
		if _, ok := nodes[name]; ok {
			continue
		}
		n := &TreeNode{Body: name, Kind: kind[name]}
		nodes[name] = n
		root.Children = append(root.Children, n)
		queue = append(queue, name)
		grow()
	}
	sort.SliceStable(loops, func(a, b int) bool { return loops[a].Name < loops[b].Name })
	return root, loops
}
