package crosscheck

import (
	"flag"
	"fmt"
	"github.com/physconv/physconv"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/inspect"
	"github.com/physconv/physconv/convert/mass"
	"github.com/physconv/physconv/internal/propgen"
)

var (
	propertySeed = flag.Uint64("property.seed", 0, "run TestPropertyRoundTrip on this one seed only")
	propertyDump = flag.String("property.dump", "", "write the generated graph's report and each failing output (with -property.seed, every output) to this folder")
	propertyN    = flag.Uint64("property.n", propertySeeds, "how many seeds (1…n) TestPropertyRoundTrip runs per format")
)

// propertySeeds is how many generated Graphs go through each format by
// default.
const propertySeeds = 200

// propertyLoss ties a class of report differences (as
// inspect.CompareReports words them) to the diagnostics that explain it, by
// code, quantity and subject: a diagnostic explains a difference when its
// code is listed and it explains (convert.Diagnostics.Explains) the
// quantity of the element the difference names.
type propertyLoss struct {
	// diff matches the differences explained. A group "name" (or
	// "name2"…, for alternatives) names the node whose subject (of kind
	// kind) the diagnostic must explain; group "alt" names its body,
	// tried when no diagnostic explains the node; groups "filterA" and
	// "filterB" name filters. Without any of these, a diagnostic with the
	// code and quantity explains the difference wherever it is.
	diff  *regexp.Regexp
	codes []convert.Code
	kind  convert.SubjectKind
	// q is the quantity that differs; a group "q" overrides it
	// ("mass", "centre of mass", "inertia").
	q convert.Quantity
	// each, when > 0, is how many differences one diagnostic explains
	// (an approximated shape shows as one unmatched shape on each side).
	each int
}

// propertyLosses are the differences a target may show when, and only
// when, its emitter said why.
var propertyLosses = []propertyLoss{
	// Materials: URDF has none; MJCF has one friction and no restitution
	// or combine modes; Godot has one friction and its own combine rules,
	// and a Godot 3 KinematicBody none at all.
	{diff: regexp.MustCompile(`: material`), q: convert.QMaterial, codes: []convert.Code{convert.CodeMaterialDropped, convert.CodeFrictionApproximated, convert.CodeRestitutionDropped,
		convert.CodeGodotFrictionStaticDropped, convert.CodeGodotCombineDefault, convert.CodeGodotCombineApproximated, convert.CodeGodotMaterialMerged, convert.CodeFrictionCombineMaximum,
		convert.CodeGodot3KinematicMaterial}},
	// Filters: URDF has none; Godot has one per body; 32 layers, 31 bits.
	{diff: regexp.MustCompile(`: collision filter`), q: convert.QFilter, codes: []convert.Code{convert.CodeCollisionFilterDropped, convert.CodeGodotFilterMerged, convert.CodeGodotLayersExhausted, convert.CodeCollisionFilterApproximated}},
	// Filters whose engine pairs colliders when either side accepts.
	{diff: regexp.MustCompile(`^collision filters: .* filter "(?P<filterA>[^"]+)"\) and .* filter "(?P<filterB>[^"]+)"\) collide`),
		q: convert.QFilter, codes: []convert.Code{convert.CodeCollisionFilterWidened}},
	// Godot keeps one filter per body.
	{diff: regexp.MustCompile(`^collision filters: \S+ on "[^"]*" \(body "(?P<name>[^"]+)"`), kind: convert.SubjectBody, q: convert.QFilter, codes: []convert.Code{convert.CodeGodotFilterMerged}},
	{diff: regexp.MustCompile(`^collision filters: .* and \S+ on "[^"]*" \(body "(?P<name>[^"]+)"`), kind: convert.SubjectBody, q: convert.QFilter, codes: []convert.Code{convert.CodeGodotFilterMerged}},
	// Shapes with no exact form in the target: a tapered capsule or
	// cylinder, an infinite plane.
	{diff: regexp.MustCompile(`^(body "(?P<alt>[^"]+)" |static )colliders: (capsule|cylinder) on "(?P<name>[^"/#]+?)(/axis|Shape|#\d+)?" at .* has no match in (first|second)$`),
		kind: convert.SubjectCollider, q: convert.QShape, codes: []convert.Code{convert.CodeShapeApproximated}, each: 2},
	{diff: regexp.MustCompile(`: plane on "(?P<name>[^"/#]*)[^"]*" at .* has no match in second$`), kind: convert.SubjectCollider, q: convert.QShape, codes: []convert.Code{convert.CodeShapeDropped, convert.CodeShapeApproximated}, each: 2},
	{diff: regexp.MustCompile(`: box on "(?P<name>[^"/#]*)[^"]*" at .* has no match in first$`), kind: convert.SubjectCollider, q: convert.QShape, codes: []convert.Code{convert.CodeShapeApproximated}, each: 2},
	// Triangle meshes that MuJoCo and URDF readers take as convex hulls.
	{diff: regexp.MustCompile(`(colliders: (trimesh|convex) on "(?P<name>[^"#]+?)(Shape|#\d+)?" at .* has no match|^mesh: trimesh on "(?P<name2>[^"]+)": read back as convex$)`),
		kind: convert.SubjectCollider, q: convert.QShape, codes: []convert.Code{convert.CodeShapeApproximated}},
	// URDF capsules are a cylinder and two spheres.
	{diff: regexp.MustCompile(`colliders: (capsule|cylinder|sphere) on "(?P<name>[^"/#]+)(/axis|#\d+)?" at .* has no match in (first|second)$`), kind: convert.SubjectCollider, q: convert.QShape, codes: []convert.Code{convert.CodeCapsuleSplit}, each: 4},
	// URDF's floating joint of a free body reads back as a free joint.
	{diff: regexp.MustCompile(`^joint "(?P<name>[^"]+)_joint": missing in first$`), kind: convert.SubjectBody, q: convert.QStructure, codes: []convert.Code{convert.CodeFloatingJointAdded}},
	{diff: regexp.MustCompile(`^joint "[^"]+_joint": missing in first$`), q: convert.QStructure, codes: []convert.Code{convert.CodeSeveralFreeBodies}},
	// URDF prismatic joints need bounds.
	{diff: regexp.MustCompile(`^joint "(?P<name>[^"]+)": axis .* vs .*\[-1e\+09, 1e\+09\]$`), kind: convert.SubjectJoint, q: convert.QLimit, codes: []convert.Code{convert.CodeLimitUnbounded}},
	// URDF joint kinds written as chains of dummy links.
	{diff: regexp.MustCompile(`^body "(?P<name>[^"]+)_dummy\d+": missing in first$`), kind: convert.SubjectJoint, q: convert.QStructure, codes: []convert.Code{convert.CodeJointKindUnsupported}},
	{diff: regexp.MustCompile(`^joint "(?P<name>[^"]+)_\d+": missing in first$`), kind: convert.SubjectJoint, q: convert.QStructure, codes: []convert.Code{convert.CodeJointKindUnsupported}},
	{diff: regexp.MustCompile(`^joint "(?P<name>[^"]+)": (bodies|kind) `), kind: convert.SubjectJoint, q: convert.QJointKind, codes: []convert.Code{convert.CodeJointKindUnsupported}},
	// Joints a tree format cannot keep: loops.
	{diff: regexp.MustCompile(`^joint "(?P<name>[^"]+)": missing in second$`), kind: convert.SubjectJoint, q: convert.QLoop, codes: []convert.Code{convert.CodeJointLoopDropped}},
	// MJCF's fixed joint is a child body without joints: it reads back as
	// a weld named after the body.
	{diff: regexp.MustCompile(`^joint "(?P<name>[^"]+)": missing in second$`), kind: convert.SubjectJoint, q: convert.QJointKind, codes: []convert.Code{convert.CodeFixedJointImplicit, convert.CodeFreeJointImplicit}},
	{diff: regexp.MustCompile(`^joint "(?P<name>[^"#]+)(#\d+)?": missing in first$`), kind: jointOrBody, q: convert.QJointKind, codes: []convert.Code{convert.CodeFixedJointImplicit}},
	// URDF has no kinematic bodies: fixed to the world where they are.
	{diff: regexp.MustCompile(`^body "(?P<name>[^"]+)": kind kinematic vs `), kind: convert.SubjectBody, q: convert.QBodyKind, codes: []convert.Code{convert.CodeBodyKindApproximated}},
	{diff: regexp.MustCompile(`^joint "(?P<name>[^"]+)_joint": missing in first$`), kind: convert.SubjectBody, q: convert.QStructure, codes: []convert.Code{convert.CodeBodyKindApproximated}},
	// Godot's kinematic bodies have no mass properties; readers compute
	// them from the shapes.
	{diff: regexp.MustCompile(`^body "(?P<name>[^"]+)": (?P<q>mass|centre of mass|inertia)`), kind: convert.SubjectBody, codes: []convert.Code{convert.CodeGodotKinematicMassDropped}},
	// Joint limits a target expresses only per axis (Godot Generic6DOF).
	{diff: regexp.MustCompile(`^joint "(?P<name>[^"]+)": kind \S+ vs generic$`), kind: convert.SubjectJoint, q: convert.QJointKind, codes: []convert.Code{convert.CodeJointLimitApproximated}},
	// Godot 3 bodies have a mass only; the engine computes the rest.
	{diff: regexp.MustCompile(`^body "(?P<name>[^"]+)": centre of mass`), kind: convert.SubjectBody, q: convert.QCenterOfMass, codes: []convert.Code{convert.CodeGodotComDropped}},
	{diff: regexp.MustCompile(`^body "(?P<name>[^"]+)": inertia`), kind: convert.SubjectBody, q: convert.QInertia, codes: []convert.Code{convert.CodeGodotInertiaDropped}},
}

// TestPropertyRoundTrip emits generated Graphs as every writable format
// and parses them back: `inspect` of the result agrees with that of the
// completed Graph at 1e-9, except for differences a diagnostic of that
// emit explains (propertyLosses).
func TestPropertyRoundTrip(t *testing.T) {
	var seeds []uint64
	if *propertySeed != 0 {
		seeds = append(seeds, *propertySeed)
	} else {
		for s := uint64(1); s <= *propertyN; s++ {
			seeds = append(seeds, s)
		}
	}
	graphs := make([]*convert.Graph, len(seeds))
	for k, seed := range seeds {
		g := propgen.Generate(seed)
		if err := convert.Validate(g); err != nil {
			t.Fatalf("seed %d: the generator made an invalid graph: %v", seed, err)
		}
		graphs[k] = g
	}
	for _, f := range all.Registry().Formats() {
		if f.Parse == nil || f.Emit == nil {
			continue
		}
		name := f.Name
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			for k, seed := range seeds {
				problems := propertyRoundTrip(f, graphs[k], "prop"+f.Extensions[0])
				for _, p := range problems {
					t.Errorf("seed %d: %s", seed, p)
				}
				if len(problems) > 0 {
					t.Logf("reproduce: go test ./internal/crosscheck -run 'TestPropertyRoundTrip/%s$' -property.seed=%d -property.dump=DIR", name, seed)
				}
			}
		})
	}
}

// propertyRoundTrip emits g (completed) as f, parses the output back and
// returns what differs without an explanation.
func propertyRoundTrip(f *convert.Format, g *convert.Graph, file string) (problems []string) {
	defer func() {
		if r := recover(); r != nil {
			problems = append(problems, fmt.Sprintf("panic: %v", r))
		}
	}()
	opts := &convert.Options{}
	done, cdiags := mass.Complete(g, opts)
	want := inspect.Inspect(done, "graph", cdiags)
	out, ediags, err := physconv.EmitGraph(f, done, &convert.Options{OutputName: file})
	if err != nil {
		return []string{fmt.Sprintf("emit: %v", err)}
	}
	for _, d := range ediags {
		if d.Subject.IsZero() || d.Quantities == 0 {
			problems = append(problems, "diagnostic without a subject or quantities: "+d.String())
		}
	}
	var got *inspect.Report
	dump := func() {
		if *propertyDump == "" {
			return
		}
		_ = os.MkdirAll(*propertyDump, 0o755)
		_ = os.WriteFile(filepath.Join(*propertyDump, file), out.Main, 0o644)
		for rel, data := range out.Files {
			p := filepath.Join(*propertyDump, filepath.FromSlash(rel))
			_ = os.MkdirAll(filepath.Dir(p), 0o755)
			_ = os.WriteFile(p, data, 0o644)
		}
		_ = os.WriteFile(filepath.Join(*propertyDump, "want.txt"), []byte(reportText(want)), 0o644)
		if got != nil {
			_ = os.WriteFile(filepath.Join(*propertyDump, "got.txt"), []byte(reportText(got)), 0o644)
		}
		_ = os.WriteFile(filepath.Join(*propertyDump, "diagnostics.txt"), []byte(diagText(ediags)), 0o644)
	}
	fsys := fstest.MapFS{}
	for rel, data := range out.Files {
		fsys[rel] = &fstest.MapFile{Data: data}
	}
	in := &convert.Input{Name: file, Data: out.Main, FS: fsys, Dir: ".", Options: &convert.Options{}}
	back, _, err := f.Parse(in)
	if err == nil {
		err = convert.Validate(back)
	}
	if err != nil {
		dump()
		return []string{fmt.Sprintf("parse of the output: %v", err)}
	}
	back, _ = mass.Complete(back, in.Options)
	got = inspect.Inspect(back, f.Name, nil)
	explain := newPropertyExplainer(done, ediags)
	// a weld to the world is a static body, a weld of two moving bodies
	// one body, whichever side spells it so
	inspect.WeldedAsStatic(want, got)
	inspect.WeldedAsStatic(got, want)
	inspect.WeldedFused(want, got)
	inspect.WeldedFused(got, want)
	jointNamesAsGiven(want, got)
	inspect.DefaultMaterial(want)
	inspect.DefaultMaterial(got)
	inspect.WithoutMeshDetail(want)
	inspect.WithoutMeshDetail(got)
	diffs := withoutFilterSpelling(inspect.CompareReports(want, got, 1e-9))
	diffs = append(diffs, filterDiffs(want, got, f.Name)...)
	diffs = append(diffs, meshDiffs(done, back)...)
	for _, d := range diffs {
		if !explain.explained(d) {
			problems = append(problems, "unexplained difference: "+d)
		}
	}
	if len(problems) > 0 {
		problems = append(problems, "emit diagnostics:\n"+diagText(ediags))
	}
	if len(problems) > 0 || *propertySeed != 0 {
		dump()
	}
	return problems
}

// propertyExplainer matches differences to the diagnostics that explain
// them, counting how often each diagnostic was used.
type propertyExplainer struct {
	g     *convert.Graph // the emitter's input, whose indices subjects use
	diags convert.Diagnostics
	used  []int
	nodes map[string][]int // report name (and plain node name) → nodes
}

func newPropertyExplainer(g *convert.Graph, diags convert.Diagnostics) *propertyExplainer {
	x := &propertyExplainer{g: g, diags: diags, used: make([]int, len(diags)), nodes: map[string][]int{}}
	for i, name := range convert.NodeNames(g) {
		x.nodes[name] = append(x.nodes[name], i)
		if n := g.Nodes[i].Name; n != name {
			x.nodes[n] = append(x.nodes[n], i)
		}
	}
	return x
}

// jointOrBody names a joint, or a body whose joints are meant (MJCF reads a
// weld back named after its child body).
const jointOrBody convert.SubjectKind = "joint-or-body"

var quantityWords = map[string]convert.Quantity{"mass": convert.QMass, "centre of mass": convert.QCenterOfMass, "inertia": convert.QInertia}

// subjects lists the subjects of kind k of the nodes called name.
func (x *propertyExplainer) subjects(k convert.SubjectKind, name string) []convert.Subject {
	var out []convert.Subject
	for _, i := range x.nodes[name] {
		switch k {
		case convert.SubjectBody:
			out = append(out, convert.BodySubject(i))
		case convert.SubjectJoint:
			out = append(out, convert.JointSubject(i))
		case convert.SubjectCollider:
			out = append(out, x.g.ColliderSubject(i))
		case jointOrBody:
			for j, n := range x.g.Nodes {
				if n.Joint != nil && (j == i || x.g.BodyOf(j) == i || n.Joint.Connected >= 0 && n.Joint.Connected < len(x.g.Nodes) && x.g.BodyOf(n.Joint.Connected) == i) {
					out = append(out, convert.JointSubject(j))
				}
			}
		}
	}
	return out
}

func (x *propertyExplainer) filterSubjects(name string) []convert.Subject {
	var out []convert.Subject
	for k, f := range x.g.Filters {
		if f.Name == name || fmt.Sprintf("filters[%d]", k) == name {
			out = append(out, convert.FilterSubject(k))
		}
	}
	return out
}

func (x *propertyExplainer) explained(diff string) bool {
	for _, l := range propertyLosses {
		m := l.diff.FindStringSubmatch(diff)
		if m == nil {
			continue
		}
		q := l.q
		var named, alt []convert.Subject
		scoped := false
		for k, sub := range l.diff.SubexpNames() {
			switch {
			case strings.HasPrefix(sub, "name") && m[k] != "":
				scoped = true
				named = append(named, x.subjects(l.kind, m[k])...)
			case sub == "alt" && m[k] != "":
				alt = append(alt, x.subjects(convert.SubjectBody, m[k])...)
			case strings.HasPrefix(sub, "filter"):
				scoped = true
				named = append(named, x.filterSubjects(m[k])...)
			case sub == "q":
				q = quantityWords[m[k]]
			}
		}
		// a diagnostic about the element itself (or its body) first, then
		// one about the body the difference names
		for pass, subjs := range [][]convert.Subject{named, alt} {
			if pass == 1 && len(subjs) == 0 || pass == 0 && scoped && len(subjs) == 0 {
				continue
			}
			for i, d := range x.diags {
				if !slices.Contains(l.codes, d.Code) || !d.Quantities.Has(q) || l.each > 0 && x.used[i] >= l.each ||
					scoped && !explainsAny(d, subjs, q) {
					continue
				}
				x.used[i]++
				return true
			}
		}
	}
	return false
}

func explainsAny(d convert.Diagnostic, subjs []convert.Subject, q convert.Quantity) bool {
	for _, s := range subjs {
		if (convert.Diagnostics{d}).Explains(s, q) {
			return true
		}
	}
	return false
}

func diagText(diags convert.Diagnostics) string {
	var b strings.Builder
	for _, d := range diags.Sorted() {
		b.WriteString("\t" + d.String() + "\n")
	}
	return b.String()
}

// reportText is a compact listing of a report for reproducing a failure.
func reportText(r *inspect.Report) string {
	var b strings.Builder
	for _, x := range r.Bodies {
		fmt.Fprintf(&b, "body %s %s mass=%v com=%v\n", x.Name, x.Kind, num(x.Mass), x.CenterOfMass)
		for _, c := range x.Colliders {
			fmt.Fprintf(&b, "\tcollider %s %s %v mesh %v at %v rot %v scale %v\n", c.Node, c.Shape, c.Dims, c.Mesh, c.Position, c.Rotation, c.Scale)
		}
	}
	for _, j := range r.Joints {
		fmt.Fprintf(&b, "joint %s %s %q–%q anchor %v axis %v\n", j.Name, j.Kind, j.BodyA, j.BodyB, j.Anchor, j.Axis)
	}
	return b.String()
}
