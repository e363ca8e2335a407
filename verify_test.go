package physconv_test

import (
	"context"
	"errors"
	"io/fs"

	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/urdf"
)

// armURDF is a two-link arm with given mass properties and a hinge.
const armURDF = `<robot name="arm">
  <link name="base">
    <inertial><mass value="2"/><inertia ixx="0.1" iyy="0.2" izz="0.3" ixy="0" ixz="0" iyz="0"/></inertial>
    <collision><geometry><box size="0.2 0.2 0.2"/></geometry></collision>
  </link>
  <link name="arm">
    <inertial><origin xyz="0 0 0.25"/><mass value="0.5"/><inertia ixx="0.01" iyy="0.01" izz="0.002" ixy="0" ixz="0" iyz="0"/></inertial>
    <collision><origin xyz="0 0 0.25"/><geometry><cylinder radius="0.05" length="0.5"/></geometry></collision>
  </link>
  <joint name="elbow" type="revolute">
    <parent link="base"/><child link="arm"/><origin xyz="0 0 0.1"/>
    <axis xyz="0 1 0"/><limit lower="-1" upper="1.5" effort="10" velocity="2"/>
  </joint>
</robot>`

// perturbed is URDF whose emitter writes a Graph changed by change: a
// stand-in for an emitter bug that verification must catch.
func perturbed(change func(g *convert.Graph)) *convert.Format {
	f := *urdf.Format
	f.Emit = func(g *convert.Graph, opts *convert.Options) (*convert.Output, convert.Diagnostics, error) {
		g = g.Clone()
		change(g)
		return urdf.Format.Emit(g, opts)
	}
	return &f
}

func convertArm(t *testing.T, f *convert.Format, opts convert.Options) (*physconv.Result, error) {
	t.Helper()
	in, err := physconv.NewInput(fstest.MapFS{"arm.urdf": {Data: []byte(armURDF)}}, "arm.urdf", &opts)
	if err != nil {
		t.Fatal(err)
	}
	_, res, err := physconv.ConvertBytes(context.Background(), convert.NewRegistry(f), in)
	return res, err
}

func mismatches(res *physconv.Result) []convert.Diagnostic {
	var out []convert.Diagnostic
	for _, d := range res.Diagnostics {
		if d.Code == convert.CodeVerifyMismatch {
			out = append(out, d)
		}
	}
	return out
}

func TestVerifyCatchesEmitterErrors(t *testing.T) {
	named := func(g *convert.Graph, name string) int {
		for i, n := range g.Nodes {
			if n.Name == name {
				return i
			}
		}
		t.Fatalf("no node %q", name)
		return -1
	}
	cases := []struct {
		name   string
		change func(g *convert.Graph)
		want   string // in the message: the quantity and both values
		q      convert.Quantity
	}{
		{"mass", func(g *convert.Graph) {
			m := *g.Nodes[named(g, "arm")].Motion.Mass * 1.001
			g.Nodes[named(g, "arm")].Motion.Mass = &m
		}, `mass 0.5 vs 0.5005`, convert.QMass},
		{"axis", func(g *convert.Graph) {
			// both joint frames turn together: the hinge axis moves
			j := named(g, "elbow")
			for _, k := range []int{j, g.Nodes[j].Joint.Connected} {
				g.Nodes[k].Transform.R = g.Nodes[k].Transform.R.Mul(convert.AxisAngle(convert.Vec3{0, 1, 0}, 0.01))
			}
		}, `joint "elbow": axis`, convert.QAxis},
		{"limit", func(g *convert.Graph) {
			l := g.Nodes[named(g, "elbow")].Joint.Limits
			for k := range l {
				if len(l[k].Angular) == 1 {
					l[k].Max += 0.1
				}
			}
		}, `[-1.5, 1] vs [-0 -0 1] [-1.6, 1]`, convert.QLimit},
		{"inertia", func(g *convert.Graph) {
			d := *g.Nodes[named(g, "base")].Motion.InertiaDiagonal
			d[0] *= 1 + 1e-6
			g.Nodes[named(g, "base")].Motion.InertiaDiagonal = &d
		}, `body "base": inertia`, convert.QInertia},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := perturbed(c.change)
			res, err := convertArm(t, f, convert.Options{})
			if err != nil {
				t.Fatal(err)
			}
			ms := mismatches(res)
			if len(ms) == 0 {
				t.Fatalf("no verify-mismatch; diagnostics: %v", res.Diagnostics)
			}
			found := false
			for _, d := range ms {
				if strings.Contains(d.Message, c.want) && d.Quantities.Has(c.q) && d.Severity == convert.Warning {
					found = true
				}
			}
			if !found {
				t.Errorf("no verify-mismatch warning about %s saying %q: %v", c.q, c.want, ms)
			}
			// Under Strict the mismatch fails the conversion.
			if _, err := convertArm(t, f, convert.Options{Strict: true}); !errors.As(err, new(*physconv.StrictError)) {
				t.Errorf("Strict: got %v, want a StrictError", err)
			}
			// NoVerify skips the check.
			res, err = convertArm(t, f, convert.Options{NoVerify: true})
			if err != nil || len(mismatches(res)) > 0 {
				t.Errorf("NoVerify: %v, %v", err, mismatches(res))
			}
		})
	}
	// The faithful emitter passes, under Strict too.
	res, err := convertArm(t, urdf.Format, convert.Options{Strict: true})
	if err != nil {
		t.Fatalf("faithful emitter: %v (%v)", err, res.Diagnostics)
	}
	if ms := mismatches(res); len(ms) > 0 {
		t.Errorf("faithful emitter: %v", ms)
	}
}

// TestVerifyUnreadableOutput: an output our own reader refuses is a
// mismatch too.
func TestVerifyUnreadableOutput(t *testing.T) {
	f := *urdf.Format
	f.Emit = func(g *convert.Graph, opts *convert.Options) (*convert.Output, convert.Diagnostics, error) {
		return &convert.Output{Main: []byte("<robot name='x'><link name='a'></robot>")}, nil, nil
	}
	res, err := convertArm(t, &f, convert.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ms := mismatches(res)
	if len(ms) != 1 || !strings.Contains(ms[0].Message, "does not read back") {
		t.Errorf("got %v", ms)
	}
}

// noMismatch fails t for each verify-mismatch of res, the message prefixed
// with what (a target's name) when it is given.
func noMismatch(t *testing.T, res *physconv.Result, what string) {
	t.Helper()
	for _, d := range mismatches(res) {
		if what != "" {
			t.Errorf("%s: %s", what, d.Message)
		} else {
			t.Errorf("%s", d.Message)
		}
	}
}

// parseIn reads file name of fsys through reg as a conversion would
// (ParseGraph); it fails t on an error.
func parseIn(t *testing.T, reg *convert.Registry, fsys fs.FS, name string) (*convert.Format, *convert.Graph) {
	t.Helper()
	in, err := physconv.NewInput(fsys, name, &convert.Options{})
	if err != nil {
		t.Fatal(err)
	}
	f, g, _, err := physconv.ParseGraph(context.Background(), reg, in)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return f, g
}

// convertIn converts file name of fsys to format to through reg, the
// output named out plus the format's extension; it fails t on an error.
// outputFS holds a converted output as name, with its side files beside
// it, for reading it again.
func outputFS(out *convert.Output, name string) fstest.MapFS {
	fsys := fstest.MapFS{name: {Data: out.Main}}
	for rel, data := range out.Files {
		fsys[rel] = &fstest.MapFile{Data: data}
	}
	return fsys
}

func convertIn(t *testing.T, reg *convert.Registry, fsys fs.FS, name, to string) (*convert.Output, *physconv.Result) {
	t.Helper()
	in, err := physconv.NewInput(fsys, name, &convert.Options{To: to, OutputName: "out" + emitExt[to]})
	if err != nil {
		t.Fatal(err)
	}
	out, res, err := physconv.ConvertBytes(context.Background(), reg, in)
	if err != nil {
		t.Fatal(err)
	}
	return out, res
}
