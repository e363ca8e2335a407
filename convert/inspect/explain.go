package inspect

import "github.com/physconv/physconv/convert"

// Explainer decides whether a Difference between the report of a Graph
// (Diff's first report) and another report is accounted for by a
// diagnostic about that Graph, by subject and quantity alone
// (convert.Diagnostics.Explains), never by message.
type Explainer struct {
	g         *convert.Graph
	want, got *Report // g's report and the other, as Diff compared them
	list      convert.Diagnostics
	// diags and nodes (report name, and node name → node indices) are
	// built on the first question: a verification that finds no
	// difference asks none.
	diags *convert.DiagnosticIndex
	nodes map[string][]int
}

// NewExplainer prepares to explain many differences between want (g's
// report) and got; g's names and diags are indexed once, when the first
// difference is explained.
func NewExplainer(g *convert.Graph, want, got *Report, diags convert.Diagnostics) *Explainer {
	return &Explainer{g: g, want: want, got: got, list: diags}
}

// Prepare builds the indexes now rather than at the first question, so a
// caller can build them on another goroutine while it makes the other
// report. Call it before the Explainer is shared.
func (x *Explainer) Prepare() { x.index() }

func (x *Explainer) index() {
	if x.nodes != nil {
		return
	}
	x.diags = x.list.Index()
	names := convert.NodeNames(x.g)
	x.nodes = make(map[string][]int, len(names))
	for i, name := range names {
		x.nodes[name] = append(x.nodes[name], i)
		if n := x.g.Nodes[i].Name; n != name && n != "" {
			x.nodes[n] = append(x.nodes[n], i)
		}
	}
}

// Subjects lists the Graph elements a difference is on: the body or joint
// it names, the collider or trigger node it names, and a joint's
// couplings. Empty when the difference is on something only the second
// report has (a name the Graph does not know).
func (x *Explainer) Subjects(d Difference) []convert.Subject {
	x.index()
	var out []convert.Subject
	switch d.Element {
	case "body":
		for _, i := range x.nodes[d.Name] {
			out = append(out, convert.BodySubject(i))
		}
	case "joint":
		for _, i := range x.nodes[d.Name] {
			out = append(out, convert.JointSubject(i))
			if d.Quantity == convert.QCoupling {
				for k, c := range x.g.Couplings {
					if c.Follower == i || c.Leader == i {
						out = append(out, convert.CouplingSubject(k))
					}
				}
			}
		}
	}
	if len(out) == 0 && d.Missing == "first" && d.Node == "" {
		return x.added(d)
	}
	if d.Node == "" {
		return out
	}
	nodes := x.nodes[d.Node]
	if d.Missing == "first" && (d.Element == "body" || d.Element == "static") {
		// A shape only the second report has (a capsule written as a
		// cylinder and two spheres) comes from the shapes its body had;
		// its node's name, new, may be another node's in the first.
		body := -1
		if d.Element == "body" {
			if bs := x.nodes[d.Name]; len(bs) > 0 {
				body = bs[0]
			}
		}
		for i := range x.g.Nodes {
			if b := x.g.BodyOf(i); b == body || d.Element == "static" && b >= 0 && x.g.Nodes[b].Motion.Kind == convert.Static {
				nodes = append(nodes, i)
			}
		}
	}
	for _, i := range nodes {
		n := &x.g.Nodes[i]
		if x.g.BodyOf(i) < 0 {
			// a static collider without a body is its own body (as in
			// the report); writers that give it one report on it so
			out = append(out, convert.BodySubject(i))
		}
		if n.Collider != nil && d.Quantity != convert.QTrigger {
			out = append(out, x.g.ColliderSubject(i))
			out = x.appendShared(out, d.Quantity, n.Collider.Material, n.Collider.Filter)
		}
		if n.Trigger != nil {
			out = append(out, x.g.TriggerSubject(i))
			out = x.appendShared(out, d.Quantity, -1, n.Trigger.Filter)
		}
	}
	return out
}

// appendShared adds the material or filter a collider uses when the
// difference is in that quantity: writers report on the shared element.
func (x *Explainer) appendShared(out []convert.Subject, q convert.Quantity, material, filter int) []convert.Subject {
	switch {
	case q == convert.QMaterial && material >= 0:
		out = append(out, convert.MaterialSubject(material))
	case q == convert.QFilter && filter >= 0:
		out = append(out, convert.FilterSubject(filter))
	}
	return out
}

// quantities are the quantities a diagnostic may name to explain d: its
// own, and for an element present in one report only, whatever makes an
// element appear or vanish (a joint dropped as a loop, a body regrouped).
func quantities(d Difference) []convert.Quantity {
	if d.Missing == "" {
		return []convert.Quantity{d.Quantity}
	}
	switch d.Element {
	case "body":
		return []convert.Quantity{d.Quantity, convert.QStructure}
	case "joint":
		return []convert.Quantity{d.Quantity, convert.QStructure, convert.QLoop}
	}
	return []convert.Quantity{d.Quantity}
}

// Explains reports whether a diagnostic explains d: one about the
// document, or about an element d is on (Subjects), naming d's quantity.
func (x *Explainer) Explains(d Difference) bool {
	x.index()
	subjs := x.Subjects(d)
	if len(subjs) == 0 {
		subjs = []convert.Subject{convert.DocumentSubject()}
	}
	for _, q := range quantities(d) {
		for _, s := range subjs {
			if x.diags.Explains(s, q) {
				return true
			}
		}
	}
	return false
}

// added finds what a body or joint only the second report has stands for:
// a writer adds links and joints between two bodies of the first (a
// joint kind the target lacks written as a chain of simple joints, a
// floating joint for a free body). Its subjects are the joints of the
// first report between the bodies the added chain ends at, and those
// bodies.
func (x *Explainer) added(d Difference) []convert.Subject {
	if x.got == nil || x.want == nil {
		return nil
	}
	known := map[string]bool{"": true}
	for _, b := range x.want.Bodies {
		if b.Kind != convert.Static {
			known[b.Name] = true
		}
	}
	joints := make([]JointReport, len(x.got.Joints))
	gotStatic := staticBodies(x.got)
	for k, j := range x.got.Joints {
		joints[k] = worldForStatic(j, gotStatic)
	}
	// ends walks from a body through added bodies to known ones.
	ends := map[string]bool{}
	seen := map[string]bool{}
	var walk func(body string)
	walk = func(body string) {
		if known[body] {
			ends[body] = true
			return
		}
		if seen[body] {
			return
		}
		seen[body] = true
		for _, j := range joints {
			if j.BodyA == body {
				walk(j.BodyB)
			}
			if j.BodyB == body {
				walk(j.BodyA)
			}
		}
	}
	switch d.Element {
	case "body":
		walk(d.Name)
	case "joint":
		for _, j := range joints {
			if j.Name == d.Name {
				walk(j.BodyA)
				walk(j.BodyB)
			}
		}
	}
	var out []convert.Subject
	wantStatic := staticBodies(x.want)
	for _, j := range x.want.Joints {
		j = worldForStatic(j, wantStatic)
		if ends[j.BodyA] && ends[j.BodyB] {
			for _, i := range x.nodes[j.Name] {
				if x.g.Nodes[i].Joint != nil {
					out = append(out, convert.JointSubject(i))
				}
			}
		}
	}
	for name := range ends {
		for _, i := range x.nodes[name] {
			if x.g.Nodes[i].Motion != nil {
				out = append(out, convert.BodySubject(i))
			}
		}
	}
	return out
}
