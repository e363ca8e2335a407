package godot

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// Couplings between every pair of joint kinds, with assorted multipliers
// and offsets, come back from Godot 4 and Godot 3 scenes as they went in,
// each with a diagnostic saying the engine does not apply it.
func TestCouplingMetadataRoundTrip(t *testing.T) {
	kinds := []string{"hinge", "slider", "generic"}
	var cases []signCase
	for k, kind := range kinds {
		cases = append(cases, signCase{name: fmt.Sprint(k), kind: kind, lo: -0.5, hi: 0.5})
	}
	for _, version := range []string{"4", "3"} {
		for f := range kinds {
			for l := range kinds {
				if f == l {
					continue
				}
				mult, off := float64(f-l)*0.75, 0.01*float64(f+2*l)
				t.Run(fmt.Sprintf("godot%s/%s-follows-%s", version, kinds[f], kinds[l]), func(t *testing.T) {
					g := signGraph(cases)
					joints := map[string]int{}
					for i, n := range g.Nodes {
						if n.Joint != nil {
							joints[n.Name] = i
						}
					}
					g.Couplings = []convert.Coupling{{Follower: joints[fmt.Sprint("J", f)], Leader: joints[fmt.Sprint("J", l)], Multiplier: mult, Offset: off}}
					opts := &convert.Options{}
					opts.SetOption(VersionOption.Name, version)
					out, diags, err := Emit(g, opts)
					if err != nil {
						t.Fatal(err)
					}
					said := 0
					for _, d := range diags {
						if d.Code == convert.CodeGodotCouplingMetadata && d.Subject == convert.CouplingSubject(0) {
							said++
						}
					}
					if said != 1 {
						t.Errorf("%d godot-coupling-metadata diagnostics, want 1", said)
					}
					back := parseText(t, string(out.Main))
					if len(back.Couplings) != 1 {
						t.Fatalf("%d couplings read back:\n%s", len(back.Couplings), out.Main)
					}
					c := back.Couplings[0]
					if back.Nodes[c.Follower].Name != fmt.Sprint("J", f) || back.Nodes[c.Leader].Name != fmt.Sprint("J", l) || c.Multiplier != mult || c.Offset != off {
						t.Fatalf("coupling %s = %g·%s + %g, want J%d = %g·J%d + %g", back.Nodes[c.Follower].Name, c.Multiplier, back.Nodes[c.Leader].Name, c.Offset, f, mult, l, off)
					}
					// Godot → Godot keeps one entry, not the kept property too.
					again, _, err := Emit(back, opts)
					if err != nil {
						t.Fatal(err)
					}
					if n := strings.Count(string(again.Main), "physconv_coupling"); n != 1 {
						t.Fatalf("%d coupling entries after Godot → Godot:\n%s", n, again.Main)
					}
				})
			}
		}
	}
}

// Coupling metadata that is not physconv's shape is an error at its line.
func TestCouplingMetadataMalformed(t *testing.T) {
	scene := `[gd_scene format=3]

[node name="Root" type="Node3D"]

[node name="A" type="RigidBody3D" parent="."]

[node name="B" type="RigidBody3D" parent="."]

[node name="J1" type="HingeJoint3D" parent="."]
node_a = NodePath("../A")
node_b = NodePath("../B")

[node name="J2" type="HingeJoint3D" parent="."]
node_a = NodePath("../A")
node_b = NodePath("../B")
metadata/physconv_coupling = %s
`
	for _, c := range []struct{ meta, want string }{
		{`1.0`, "must be a dictionary"},
		{`{"leader": NodePath("../Nope"), "multiplier": 1.0}`, "does not name a node"},
		{`{"leader": NodePath("../J1"), "multiplier": "x"}`, "multiplier must be a finite number"},
		{`{"leader": NodePath("../J1"), "offset": 1e300}`, "offset must be a finite number"},
	} {
		_, _, err := Parse(&convert.Input{Name: "x.tscn", Data: []byte(fmt.Sprintf(scene, c.meta)), Options: &convert.Options{}})
		var fe *convert.FormatError
		if err == nil || !strings.Contains(err.Error(), c.want) || !errors.As(err, &fe) || fe.Line != 16 {
			t.Errorf("%s: error %v (line %d), want %q at line 16", c.meta, err, fe.Line, c.want)
		}
	}
	g := parseText(t, fmt.Sprintf(scene, `{"leader": NodePath("../J1"), "multiplier": -2.0, "offset": 0.5}`))
	if len(g.Couplings) != 1 || g.Couplings[0].Multiplier != -2 || g.Couplings[0].Offset != 0.5 {
		t.Fatalf("couplings %+v", g.Couplings)
	}
}

// Godot 4 loads the coupling metadata where a runtime script finds it
// (Node.get_meta("physconv_coupling")), with the leader path resolving.
func TestCouplingMetadataInGodot(t *testing.T) {
	testenv.Oracle(t, "godot4-inspect")
	g := signGraph([]signCase{{name: "0", kind: "hinge", lo: -0.5, hi: 0.5}, {name: "1", kind: "slider", lo: -0.5, hi: 0.5}})
	var js []int
	for i, n := range g.Nodes {
		if n.Joint != nil {
			js = append(js, i)
		}
	}
	g.Couplings = []convert.Coupling{{Follower: js[1], Leader: js[0], Multiplier: -0.5, Offset: 0.25}}
	out, _, err := Emit(g, &convert.Options{})
	if err != nil {
		t.Fatal(err)
	}
	file := writeTemp(t, "coupled.tscn", out.Main)
	raw, code := testenv.RunOracle(t, "godot4-inspect", "--strict", file)
	var rep struct {
		Nodes []struct {
			Name  string         `json:"name"`
			Props map[string]any `json:"props"`
		} `json:"nodes"`
	}
	if err := json.Unmarshal(raw, &rep); err != nil || code != 0 {
		t.Fatalf("Godot refused the scene (%d): %v\n%.800s", code, err, raw)
	}
	for _, n := range rep.Nodes {
		if n.Name != "J1" {
			continue
		}
		m, _ := n.Props["metadata/physconv_coupling"].(map[string]any)
		if l, _ := m["leader"].(string); !strings.HasPrefix(l, "..") || !strings.HasSuffix(l, "/J0") || m["multiplier"] != -0.5 || m["offset"] != 0.25 {
			t.Fatalf("Godot sees %v", n.Props)
		}
		return
	}
	t.Fatalf("no J1 node in Godot's scene")
}

// A coupling whose follower or leader joint is not in the written scene
// (a node outside the scene roots) is reported dropped, never lost
// silently.
func TestCouplingUnwrittenJointReported(t *testing.T) {
	for _, detach := range []string{"J0", "J1"} {
		g := signGraph([]signCase{{name: "0", kind: "hinge", lo: -0.5, hi: 0.5}, {name: "1", kind: "hinge", lo: -0.5, hi: 0.5}})
		js := map[string]int{}
		for i, n := range g.Nodes {
			if n.Joint != nil {
				js[n.Name] = i
			}
		}
		g.Couplings = []convert.Coupling{{Follower: js["J1"], Leader: js["J0"], Multiplier: 1}}
		d := js[detach]
		if p := g.Nodes[d].Parent; p >= 0 {
			kids := g.Nodes[p].Children[:0]
			for _, c := range g.Nodes[p].Children {
				if c != d {
					kids = append(kids, c)
				}
			}
			g.Nodes[p].Children = kids
			g.Nodes[d].Parent = -1
		} else {
			roots := g.Roots[:0]
			for _, r := range g.Roots {
				if r != d {
					roots = append(roots, r)
				}
			}
			g.Roots = roots
		}
		out, diags, err := Emit(g, &convert.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if !diags.Has(convert.CodeCouplingDropped) || diags.Has(convert.CodeGodotCouplingMetadata) || strings.Contains(string(out.Main), "physconv_coupling") {
			t.Errorf("%s outside the scene: %v\n%s", detach, diags, out.Main)
		}
	}
}
