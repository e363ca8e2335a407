package convert

import (
	"encoding/json"
	"fmt"
	"math/bits"
	"slices"
	"strings"
)

// Code is a stable kebab-case diagnostic identifier; every value is a
// constant in codes.go.
type Code string

// CodeInfo is one row of the code table.
type CodeInfo struct {
	Code     Code
	Severity Severity
	// Section groups the code in README.md's tables.
	Section string
	// Quantities a diagnostic with this code affects unless the site says
	// otherwise (Diagnostic.Affecting).
	Quantities Quantities
	// Variable lets a site report the code at another severity
	// (Diagnostic.WithSeverity): the same event is harmless in some places.
	Variable bool
	Meaning  string
}

var codeIndex = func() map[Code]int {
	m := make(map[Code]int, len(codeTable))
	for i, r := range codeTable {
		m[r.Code] = i
	}
	return m
}()

// Codes returns the code table in README order.
func Codes() []CodeInfo { return append([]CodeInfo(nil), codeTable...) }

// Info returns the table row of c; ok is false for a code not in the table.
func (c Code) Info() (info CodeInfo, ok bool) {
	i, ok := codeIndex[c]
	if !ok {
		return CodeInfo{Code: c, Severity: Warning}, false
	}
	return codeTable[i], true
}

// SubjectKind says what kind of Graph element a diagnostic is about.
type SubjectKind string

const (
	// SubjectDocument is the whole file or conversion (options, sections,
	// anything not tied to one node).
	SubjectDocument SubjectKind = "document"
	// SubjectNode is a node whatever it carries (a name, a pose, a frame).
	SubjectNode     SubjectKind = "node"
	SubjectBody     SubjectKind = "body"     // the node's Motion
	SubjectJoint    SubjectKind = "joint"    // the node's Joint
	SubjectCollider SubjectKind = "collider" // the node's Collider
	SubjectTrigger  SubjectKind = "trigger"  // the node's Trigger
	SubjectVisual   SubjectKind = "visual"   // the node's Visual
	SubjectVehicle  SubjectKind = "vehicle"  // the node's Vehicle, Wheel, Thruster, Seat, SpawnPoint
	SubjectMaterial SubjectKind = "material" // Graph.Materials[Index]
	SubjectFilter   SubjectKind = "filter"   // Graph.Filters[Index]
	SubjectMesh     SubjectKind = "mesh"     // Graph.Meshes[Index]
	SubjectCoupling SubjectKind = "coupling" // Graph.Couplings[Index]
	SubjectTendon   SubjectKind = "tendon"   // Graph.Tendons[Index]
	// SubjectSource is a part of the source file with no Graph form (a
	// shape or joint description a reader dropped; Index in the source's
	// own numbering, or -1); it explains nothing about the Graph.
	SubjectSource SubjectKind = "source"
)

// Subject names what a diagnostic is about in the Graph structurally, so a
// pass or a test can match a difference to a diagnostic without reading its
// message. Indices refer to the Graph the step read (a parser's result, an
// emitter's input); -1 means none.
type Subject struct {
	Kind SubjectKind `json:"kind"`
	// Node is the node index (body, joint, collider, trigger, visual,
	// vehicle and node subjects), or -1.
	Node int `json:"node"`
	// Body is the node index of the body the subject belongs to (a body's
	// own index for a body; the owning body for a collider, trigger or
	// visual), or -1 when none or not known.
	Body int `json:"body"`
	// Index is the material, filter, mesh or coupling index, or -1.
	Index int `json:"index"`
}

// IsZero reports a diagnostic without a subject (omitted from JSON).
func (s Subject) IsZero() bool { return s.Kind == "" }

func (s Subject) String() string {
	switch {
	case s.Kind == "":
		return "-"
	case s.Index >= 0:
		return fmt.Sprintf("%s[%d]", s.Kind, s.Index)
	case s.Node >= 0:
		return fmt.Sprintf("%s nodes[%d]", s.Kind, s.Node)
	}
	return string(s.Kind)
}

// DocumentSubject is the whole document.
func DocumentSubject() Subject { return Subject{Kind: SubjectDocument, Node: -1, Body: -1, Index: -1} }

// NodeSubject is node i as a whole.
func NodeSubject(i int) Subject { return Subject{Kind: SubjectNode, Node: i, Body: -1, Index: -1} }

// BodySubject is the body (Motion) on node i.
func BodySubject(i int) Subject { return Subject{Kind: SubjectBody, Node: i, Body: i, Index: -1} }

// JointSubject is the joint on node i.
func JointSubject(i int) Subject { return Subject{Kind: SubjectJoint, Node: i, Body: -1, Index: -1} }

// VehicleSubject is the vehicle part (vehicle, wheel, thruster, seat, spawn
// point) on node i.
func VehicleSubject(i int) Subject {
	return Subject{Kind: SubjectVehicle, Node: i, Body: -1, Index: -1}
}

// ColliderSubject is the collider on node i, part of the body on node body
// (-1: none or unknown; Graph.ColliderSubject finds it).
func ColliderSubject(i, body int) Subject {
	return Subject{Kind: SubjectCollider, Node: i, Body: body, Index: -1}
}

// TriggerSubject is the trigger on node i, inside the body on node body.
func TriggerSubject(i, body int) Subject {
	return Subject{Kind: SubjectTrigger, Node: i, Body: body, Index: -1}
}

// VisualSubject is the visual on node i, inside the body on node body.
func VisualSubject(i, body int) Subject {
	return Subject{Kind: SubjectVisual, Node: i, Body: body, Index: -1}
}

// MaterialSubject is Graph.Materials[k].
func MaterialSubject(k int) Subject {
	return Subject{Kind: SubjectMaterial, Node: -1, Body: -1, Index: k}
}

// FilterSubject is Graph.Filters[k].
func FilterSubject(k int) Subject { return Subject{Kind: SubjectFilter, Node: -1, Body: -1, Index: k} }

// MeshSubject is Graph.Meshes[k].
func MeshSubject(k int) Subject { return Subject{Kind: SubjectMesh, Node: -1, Body: -1, Index: k} }

// SourceSubject is item k of the source file that its reader dropped.
func SourceSubject(k int) Subject { return Subject{Kind: SubjectSource, Node: -1, Body: -1, Index: k} }

// CouplingSubject is Graph.Couplings[k].
func CouplingSubject(k int) Subject {
	return Subject{Kind: SubjectCoupling, Node: -1, Body: -1, Index: k}
}

// TendonSubject is Graph.Tendons[k].
func TendonSubject(k int) Subject { return Subject{Kind: SubjectTendon, Node: -1, Body: -1, Index: k} }

// ColliderSubject is the collider on node i with its body found in g.
func (g *Graph) ColliderSubject(i int) Subject { return ColliderSubject(i, g.bodyOfSafe(i)) }

// TriggerSubject is the trigger on node i with its body found in g.
func (g *Graph) TriggerSubject(i int) Subject { return TriggerSubject(i, g.bodyOfSafe(i)) }

// VisualSubject is the visual on node i with its body found in g.
func (g *Graph) VisualSubject(i int) Subject { return VisualSubject(i, g.bodyOfSafe(i)) }

func (g *Graph) bodyOfSafe(i int) int {
	if g == nil || i < 0 || i >= len(g.Nodes) {
		return -1
	}
	return g.BodyOf(i)
}

// NodeLabel is the one spelling of a node in diagnostic messages:
// nodes[4] "Door" (or nodes[4] when the node has no name).
func (g *Graph) NodeLabel(i int) string {
	if g == nil || i < 0 || i >= len(g.Nodes) || g.Nodes[i].Name == "" {
		return fmt.Sprintf("nodes[%d]", i)
	}
	return fmt.Sprintf("nodes[%d] %q", i, g.Nodes[i].Name)
}

// Quantity is one physical or structural property a diagnostic affects.
type Quantity uint8

const (
	QMass         Quantity = iota // a body's mass
	QCenterOfMass                 // a body's centre of mass
	QInertia                      // a body's inertia (moments and orientation)
	QShape                        // a collider's or trigger's shape (kind, size, mesh)
	QPose                         // a node's transform
	QBodyKind                     // dynamic / kinematic / static, or whether a body exists
	QJointKind                    // a joint's kind, or whether it exists
	QAxis                         // a joint's axis
	QFrame                        // a joint's frames
	QLimit                        // a joint's limits (range, softness)
	QDrive                        // a joint's drives
	QCoupling                     // couplings between joints (mimic, equality)
	QLoop                         // loop-closing joints
	QJointParam                   // joint damping, friction, armature, effort, velocity
	QMaterial                     // friction, restitution, combine modes
	QFilter                       // collision filters
	QVisual                       // visuals
	QVehicle                      // vehicles, wheels, thrusters, seats, spawn points
	QTrigger                      // triggers and their members
	QName                         // names
	QVelocity                     // initial velocities
	QDamping                      // body damping
	QGravity                      // gravity factor or direction
	QLock                         // axis locks
	QStructure                    // nodes, links or joints added, removed or regrouped
	QData                         // non-physics data, extensions, options, sections
	QTendon                       // tendons and the sites they pass (length limits, springs)
	numQuantities
)

var quantityNames = [numQuantities]string{
	"mass", "centre-of-mass", "inertia", "shape", "pose", "body-kind", "joint-kind",
	"axis", "frame", "limit", "drive", "coupling", "loop", "joint-param", "material",
	"filter", "visual", "vehicle", "trigger", "name", "velocity", "damping", "gravity",
	"lock", "structure", "data", "tendon",
}

func (q Quantity) String() string {
	if q < numQuantities {
		return quantityNames[q]
	}
	return fmt.Sprintf("quantity(%d)", q)
}

// Quantities is a set of Quantity (a bit set, so a Diagnostic stays
// comparable).
type Quantities uint64

// Qs builds a set.
func Qs(qs ...Quantity) Quantities {
	var s Quantities
	for _, q := range qs {
		s |= 1 << q
	}
	return s
}

// Has reports whether q is in the set.
func (s Quantities) Has(q Quantity) bool { return s&(1<<q) != 0 }

// List returns the members in order.
func (s Quantities) List() []Quantity {
	out := make([]Quantity, 0, bits.OnesCount64(uint64(s)))
	for q := Quantity(0); q < numQuantities; q++ {
		if s.Has(q) {
			out = append(out, q)
		}
	}
	return out
}

func (s Quantities) String() string {
	var names []string
	for _, q := range s.List() {
		names = append(names, q.String())
	}
	return strings.Join(names, ",")
}

// MarshalJSON writes the set as a list of names.
func (s Quantities) MarshalJSON() ([]byte, error) {
	names := []string{}
	for _, q := range s.List() {
		names = append(names, q.String())
	}
	return json.Marshal(names)
}

// UnmarshalJSON reads a list of names.
func (s *Quantities) UnmarshalJSON(b []byte) error {
	var names []string
	if err := json.Unmarshal(b, &names); err != nil {
		return err
	}
	*s = 0
	for _, n := range names {
		q := Quantity(0)
		for q < numQuantities && quantityNames[q] != n {
			q++
		}
		if q == numQuantities {
			return fmt.Errorf("unknown quantity %q", n)
		}
		*s |= Qs(q)
	}
	return nil
}

// Explains reports whether some diagnostic accounts for a difference in
// quantity q of subj, by subject and quantity alone (never by message).
// A diagnostic d explains (subj, q) when q is among d's quantities and
//   - d is about the document (it explains q everywhere), or
//   - d and subj name the same element: same kind and node (or index), or
//     d is about a node as a whole and subj is anything on that node, or
//   - d is about a body and subj belongs to that body (its colliders'
//     shapes, its triggers, its visuals), or
//   - d is about a collider, trigger or visual, subj is its body and q is
//     mass, centre of mass or inertia (a dropped or approximated shape
//     changes what its body weighs, not the body's other properties), or
//   - d and subj are about the same material, filter, mesh or coupling.
//
// Subjects on different nodes never explain each other: a diagnostic must
// name the node whose quantity it changes.
func (ds Diagnostics) Explains(subj Subject, q Quantity) bool {
	for _, d := range ds {
		if d.Quantities.Has(q) && d.Subject.explains(subj, q) {
			return true
		}
	}
	return false
}

// DiagnosticIndex answers Explains for many subjects at once: checking
// every difference of a large model against every diagnostic is quadratic,
// so the index keeps each diagnostic under the keys a subject can reach it
// by (its node, its body, its material or mesh index) and checks only
// those.
type DiagnosticIndex struct {
	document []*Diagnostic
	indexed  map[Subject][]*Diagnostic // by kind and index
	byNode   nodeLists                 // node subjects, by node
	byBody   nodeLists                 // colliders, triggers, visuals, by body
	// answered remembers each question asked: a body of thousands of
	// shapes, each written differently, asks about the body (and so all
	// its parts' diagnostics) once per shape. Not safe for use by several
	// goroutines at once.
	answered map[explainQuestion]bool
}

// nodeLists holds a list of diagnostics per node index in one array, cut
// by each node's start offset: a slice (and a map entry) per node was most
// of the index's allocations on a model of thousands of parts.
type nodeLists struct {
	start []int32 // node n's diagnostics are items[start[n]:start[n+1]]
	items []*Diagnostic
}

// of returns node n's diagnostics.
func (l nodeLists) of(n int) []*Diagnostic {
	if n < 0 || n+1 >= len(l.start) {
		return nil
	}
	return l.items[l.start[n]:l.start[n+1]]
}

// buildNodeLists files each of ds under key(d) (-1: under none), keeping
// their order.
func buildNodeLists(ds Diagnostics, key func(*Diagnostic) int) nodeLists {
	top := -1
	for i := range ds {
		top = max(top, key(&ds[i]))
	}
	if top < 0 {
		return nodeLists{}
	}
	l := nodeLists{start: make([]int32, top+2)}
	for i := range ds {
		if k := key(&ds[i]); k >= 0 {
			l.start[k+1]++
		}
	}
	for k := 1; k < len(l.start); k++ {
		l.start[k] += l.start[k-1]
	}
	l.items = make([]*Diagnostic, l.start[top+1])
	next := slices.Clone(l.start[:top+1])
	for i := range ds {
		if k := key(&ds[i]); k >= 0 {
			l.items[next[k]] = &ds[i]
			next[k]++
		}
	}
	return l
}

// explainQuestion is one question to DiagnosticIndex.Explains.
type explainQuestion struct {
	subj Subject
	q    Quantity
}

// Index builds the DiagnosticIndex of ds.
func (ds Diagnostics) Index() *DiagnosticIndex {
	x := &DiagnosticIndex{indexed: map[Subject][]*Diagnostic{}}
	for i := range ds {
		d := &ds[i]
		switch d.Subject.Kind {
		case SubjectDocument:
			x.document = append(x.document, d)
		case SubjectMaterial, SubjectFilter, SubjectMesh, SubjectCoupling, SubjectTendon, SubjectSource:
			k := Subject{Kind: d.Subject.Kind, Index: d.Subject.Index}
			x.indexed[k] = append(x.indexed[k], d)
		}
	}
	x.byNode = buildNodeLists(ds, func(d *Diagnostic) int {
		if byNode(d.Subject.Kind) {
			return d.Subject.Node
		}
		return -1
	})
	x.byBody = buildNodeLists(ds, func(d *Diagnostic) int {
		if byNode(d.Subject.Kind) && d.Subject.Node >= 0 && isPart(d.Subject.Kind) {
			return d.Subject.Body
		}
		return -1
	})
	return x
}

// byNode reports whether the index files subjects of kind k by node (every
// kind but the document's and those named by an index).
func byNode(k SubjectKind) bool {
	switch k {
	case "", SubjectDocument, SubjectMaterial, SubjectFilter, SubjectMesh, SubjectCoupling, SubjectTendon, SubjectSource:
		return false
	}
	return true
}

// Explains is Diagnostics.Explains over the indexed diagnostics.
func (x *DiagnosticIndex) Explains(subj Subject, q Quantity) bool {
	key := explainQuestion{subj, q}
	if e, ok := x.answered[key]; ok {
		return e
	}
	e := x.explains(subj, q)
	if x.answered == nil {
		x.answered = map[explainQuestion]bool{}
	}
	x.answered[key] = e
	return e
}

func (x *DiagnosticIndex) explains(subj Subject, q Quantity) bool {
	hit := func(ds []*Diagnostic) bool {
		for _, d := range ds {
			if d.Quantities.Has(q) && d.Subject.explains(subj, q) {
				return true
			}
		}
		return false
	}
	if hit(x.document) || hit(x.indexed[Subject{Kind: subj.Kind, Index: subj.Index}]) {
		return true
	}
	if subj.Node >= 0 && hit(x.byNode.of(subj.Node)) {
		return true
	}
	if subj.Body >= 0 && subj.Body != subj.Node && hit(x.byNode.of(subj.Body)) {
		return true
	}
	return subj.Kind == SubjectBody && subj.Node >= 0 && hit(x.byBody.of(subj.Node))
}

// Explaining returns the diagnostics that explain (subj, q).
func (ds Diagnostics) Explaining(subj Subject, q Quantity) Diagnostics {
	var out Diagnostics
	for _, d := range ds {
		if d.Quantities.Has(q) && d.Subject.explains(subj, q) {
			out = append(out, d)
		}
	}
	return out
}

func (d Subject) explains(s Subject, q Quantity) bool {
	switch d.Kind {
	case "":
		return false
	case SubjectDocument:
		return true
	case SubjectMaterial, SubjectFilter, SubjectMesh, SubjectCoupling, SubjectTendon, SubjectSource:
		return s.Kind == d.Kind && s.Index == d.Index
	}
	if d.Node < 0 {
		return false
	}
	switch {
	case d.Kind == s.Kind && d.Node == s.Node:
		return true
	case d.Kind == SubjectNode && s.Node == d.Node:
		return true
	case d.Kind == SubjectBody && s.Body == d.Node:
		return true
	case isPart(d.Kind) && d.Body >= 0 && s.Kind == SubjectBody && s.Node == d.Body && (q == QMass || q == QCenterOfMass || q == QInertia):
		return true
	}
	return false
}

func isPart(k SubjectKind) bool {
	return k == SubjectCollider || k == SubjectTrigger || k == SubjectVisual
}

// ShapeUsers is ShapeSubjects of every shape, found in one pass over the
// nodes: a writer that reports per shape would otherwise scan every node
// for every shape.
func (g *Graph) ShapeUsers() [][]Subject {
	out := make([][]Subject, len(g.Shapes))
	for i, n := range g.Nodes {
		if n.Collider != nil && n.Collider.Shape >= 0 && n.Collider.Shape < len(out) {
			out[n.Collider.Shape] = append(out[n.Collider.Shape], g.ColliderSubject(i))
		}
		if n.Trigger != nil && n.Trigger.Shape >= 0 && n.Trigger.Shape < len(out) {
			out[n.Trigger.Shape] = append(out[n.Trigger.Shape], g.TriggerSubject(i))
		}
	}
	return out
}

// ShapeSubjects lists the colliders and triggers that use shape k: a step
// that drops or approximates a shared shape reports it once per user.
func (g *Graph) ShapeSubjects(k int) []Subject {
	var out []Subject
	for i, n := range g.Nodes {
		if n.Collider != nil && n.Collider.Shape == k {
			out = append(out, g.ColliderSubject(i))
		}
		if n.Trigger != nil && n.Trigger.Shape == k {
			out = append(out, g.TriggerSubject(i))
		}
	}
	return out
}
