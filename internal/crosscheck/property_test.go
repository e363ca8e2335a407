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
)

var (
	propertySeed = flag.Uint64("property.seed", 0, "run TestPropertyRoundTrip on this one seed only")
	propertyDump = flag.String("property.dump", "", "write the generated graph's report and each failing output (with -property.seed, every output) to this folder")
	propertyN    = flag.Uint64("property.n", propertySeeds, "how many seeds (1…n) TestPropertyRoundTrip runs per format")
)

// propertySeeds is how many generated Graphs go through each format by
// default.
const propertySeeds = 200

// propertyLoss ties a class of report differences to the diagnostics of
// the conversion that explain it.
type propertyLoss struct {
	// diff matches the differences explained. When it has a group "name"
	// (or "name2"…, for alternatives),
	// only a diagnostic whose path names that node or body (or, failing
	// that, whose path is the body in group "alt") explains it;
	// groups "msg…" must appear quoted in the diagnostic's message.
	diff  *regexp.Regexp
	codes []string
	// message, when set, must match the diagnostic's message.
	message *regexp.Regexp
	// each, when > 0, is how many differences one diagnostic explains
	// (an approximated shape shows as one unmatched shape on each side).
	each int
}

// propertyLosses are the differences a target may show when, and only
// when, its emitter said why.
var propertyLosses = []propertyLoss{
	// Materials: URDF has none; MJCF has one friction and no restitution
	// or combine modes; Godot has one friction and its own combine rules.
	{diff: regexp.MustCompile(`: material`), codes: []string{"material-dropped", "friction-approximated", "restitution-dropped",
		"godot-friction-static-dropped", "godot-combine-default", "godot-combine-approximated", "godot-material-merged", "friction-combine-maximum"}},
	// Filters: URDF has none; Godot has one per body; 32 layers, 31 bits.
	{diff: regexp.MustCompile(`: collision filter`), codes: []string{"collision-filter-dropped", "godot-filter-merged", "godot-layers-exhausted", "collision-filter-approximated"}},
	// Filters whose engine pairs colliders when either side accepts.
	{diff: regexp.MustCompile(`^collision filters: .* filter "(?P<msgA>[^"]+)"\) and .* filter "(?P<msgB>[^"]+)"\) collide`),
		codes: []string{"collision-filter-widened", "godot-filter-widened"}},
	// Godot keeps one filter per body.
	{diff: regexp.MustCompile(`^collision filters: \S+ on "[^"]*" \(body "(?P<name>[^"]+)"`), codes: []string{"godot-filter-merged"}},
	{diff: regexp.MustCompile(`^collision filters: .* and \S+ on "[^"]*" \(body "(?P<name>[^"]+)"`), codes: []string{"godot-filter-merged"}},
	// Shapes with no exact form in the target: a tapered capsule or
	// cylinder, an infinite plane.
	{diff: regexp.MustCompile(`^(body "(?P<alt>[^"]+)" |static )colliders: (capsule|cylinder) on "(?P<name>[^"/#]+?)(/axis|Shape|#\d+)?" at .* has no match in (first|second)$`), codes: []string{"shape-approximated"},
		message: regexp.MustCompile(`tapered|one radius`), each: 2},
	{diff: regexp.MustCompile(`: plane on "[^"]*" at .* has no match in second$`), codes: []string{"shape-unsupported", "shape-approximated", "shape-dropped"},
		message: regexp.MustCompile(`plane`), each: 2},
	{diff: regexp.MustCompile(`: box on "[^"]*" at .* has no match in first$`), codes: []string{"shape-approximated"},
		message: regexp.MustCompile(`plane`), each: 2},
	// Triangle meshes that MuJoCo and URDF readers take as convex hulls.
	{diff: regexp.MustCompile(`(colliders: (trimesh|convex) on "(?P<name>[^"#]+)(#\d+)?" at .* has no match|^mesh: trimesh on "(?P<name2>[^"]+)": read back as convex$)`),
		codes: []string{"shape-approximated"}, message: regexp.MustCompile(`convex hull`)},
	// URDF capsules are a cylinder and two spheres.
	{diff: regexp.MustCompile(`colliders: (capsule|cylinder|sphere) on "(?P<name>[^"/#]+)(/axis|#\d+)?" at .* has no match in (first|second)$`), codes: []string{"capsule-split"}, each: 4},
	// URDF's floating joint of a free body reads back as a free joint.
	{diff: regexp.MustCompile(`^joint "(?P<name>[^"]+)_joint": missing in first$`), codes: []string{"floating-joint-added"}},
	{diff: regexp.MustCompile(`^joint "[^"]+_joint": missing in first$`), codes: []string{"several-free-bodies"}},
	// URDF prismatic joints need bounds.
	{diff: regexp.MustCompile(`^joint "(?P<name>[^"]+)": axis .* vs .*\[-1e\+09, 1e\+09\]$`), codes: []string{"limit-unbounded"}},
	// URDF joint kinds written as chains of dummy links.
	{diff: regexp.MustCompile(`^body "(?P<name>[^"]+)_dummy\d+": missing in first$`), codes: []string{"joint-kind-unsupported"}},
	{diff: regexp.MustCompile(`^joint "(?P<name>[^"]+)_\d+": missing in first$`), codes: []string{"joint-kind-unsupported"}},
	{diff: regexp.MustCompile(`^joint "(?P<name>[^"]+)": (bodies|kind) `), codes: []string{"joint-kind-unsupported"}},
	// Joints a tree format cannot keep: loops.
	{diff: regexp.MustCompile(`^joint "(?P<name>[^"]+)": missing in second$`), codes: []string{"loop-joint-dropped", "joint-loop-dropped"}},
	// MJCF's fixed joint is a child body without joints: it reads back as
	// a weld named after the body.
	{diff: regexp.MustCompile(`^joint "(?P<name>[^"]+)": missing in second$`), codes: []string{"fixed-joint-implicit", "free-joint-implicit"}},
	{diff: regexp.MustCompile(`^joint "(?P<name>[^"#]+)(#\d+)?": missing in first$`), codes: []string{"fixed-joint-implicit"}},
	// URDF has no kinematic bodies: fixed to the world where they are.
	{diff: regexp.MustCompile(`^body "(?P<name>[^"]+)": kind kinematic vs `), codes: []string{"body-kind-approximated"}},
	{diff: regexp.MustCompile(`^joint "(?P<name>[^"]+)_joint": missing in first$`), codes: []string{"body-kind-approximated"}},
	// Godot's kinematic bodies have no mass properties; readers compute
	// them from the shapes.
	{diff: regexp.MustCompile(`^body "(?P<name>[^"]+)": (mass|centre of mass|inertia)`), codes: []string{"godot-kinematic-mass-dropped"}},
	// Joint limits a target expresses only per axis (Godot Generic6DOF).
	{diff: regexp.MustCompile(`^joint "(?P<name>[^"]+)": kind \S+ vs generic$`), codes: []string{"joint-limit-approximated"}},
	// Godot 3 bodies have a mass only; the engine computes the rest.
	{diff: regexp.MustCompile(`^body "(?P<name>[^"]+)": centre of mass`), codes: []string{"godot-com-dropped"}},
	{diff: regexp.MustCompile(`^body "(?P<name>[^"]+)": inertia`), codes: []string{"godot-inertia-dropped"}},
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
		g := generateGraph(seed)
		if err := convert.Validate(g); err != nil {
			t.Fatalf("seed %d: the generator made an invalid graph: %v", seed, err)
		}
		graphs[k] = g
	}
	reg := all.Registry()
	exts := map[string]string{"khr": ".gltf", "omi": ".gltf", "urdf": ".urdf", "mjcf": ".xml", "godot": ".tscn", "godot3": ".tscn"}
	for _, name := range []string{"khr", "omi", "urdf", "mjcf", "godot", "godot3"} {
		f, err := reg.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			for k, seed := range seeds {
				problems := propertyRoundTrip(f, graphs[k], "prop"+exts[name])
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
	explain := &propertyExplainer{diags: ediags}
	weldedAsStatic(want, got)
	jointNamesAsGiven(want, got)
	defaultMaterial(want)
	defaultMaterial(got)
	withoutMeshDetail(want)
	withoutMeshDetail(got)
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
	diags convert.Diagnostics
	used  []int
}

func (x *propertyExplainer) explained(diff string) bool {
	if x.used == nil {
		x.used = make([]int, len(x.diags))
	}
	for _, l := range propertyLosses {
		m := l.diff.FindStringSubmatch(diff)
		if m == nil {
			continue
		}
		name, alt := "", ""
		var quoted []string
		for k, sub := range l.diff.SubexpNames() {
			switch {
			case strings.HasPrefix(sub, "name") && m[k] != "":
				name = m[k]
			case sub == "alt":
				alt = m[k]
			case strings.HasPrefix(sub, "msg"):
				quoted = append(quoted, `"`+m[k]+`"`)
			}
		}
		// a diagnostic about the node itself first, then one whose path is
		// its body (Godot reports per body)
		for pass, scope := range []string{name, alt} {
			if pass == 1 && scope == "" {
				continue
			}
			for i, d := range x.diags {
				if !slices.Contains(l.codes, string(d.Code)) || l.message != nil && !l.message.MatchString(d.Message) ||
					pass == 0 && scope != "" && !namesNode(d, scope) || pass == 1 && d.Path != scope ||
					l.each > 0 && x.used[i] >= l.each || !containsAll(d.Message, quoted) {
					continue
				}
				x.used[i]++
				return true
			}
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

// namesNode reports whether a diagnostic is about the named node or body:
// its path is the name (or Godot's "<name>Shape", a collider moved to its
// body), or ends with "(name)" (URDF's nodes[i](name)), or its message
// names it as a body.
func namesNode(d convert.Diagnostic, name string) bool {
	return d.Path == name || d.Path == name+"Shape" || strings.HasSuffix(d.Path, "("+name+")") || strings.HasSuffix(d.Path, ` "`+name+`"`) ||
		strings.Contains(d.Message, `body "`+name+`"`)
}

func containsAll(s string, parts []string) bool {
	for _, p := range parts {
		if !strings.Contains(s, p) {
			return false
		}
	}
	return true
}
