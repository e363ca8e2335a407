package crosscheck

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
	"github.com/physconv/physconv/mjcf"
)

// limitDefaults are the classes the generated joints take limited and
// range from: l_<limited>, r_<range>, and l_<limited>_r_<range> nested
// in l_<limited> (range from the child class, limited from its parent).
func limitDefaults() string {
	var b strings.Builder
	b.WriteString("  <default>\n")
	for _, r := range limitRanges {
		fmt.Fprintf(&b, "    <default class=\"r_%s\"><joint range=\"%s\"/></default>\n", r.name, r.value)
	}
	for _, l := range []string{"auto", "true", "false"} {
		fmt.Fprintf(&b, "    <default class=\"l_%s\"><joint limited=\"%s\"/>\n", l, l)
		for _, r := range limitRanges {
			fmt.Fprintf(&b, "      <default class=\"l_%s_r_%s\"><joint range=\"%s\"/></default>\n", l, r.name, r.value)
		}
		b.WriteString("    </default>\n")
	}
	b.WriteString("  </default>\n")
	return b.String()
}

var limitRanges = []struct{ name, value string }{{"in_order", "-20 30"}, {"zero", "0 0"}, {"reversed", "30 -20"}, {"from_zero", "0 40"}}

// limitJoints lists the attributes of one joint for every way of giving
// limited (none, on the joint, by a class, by a class and overridden on
// the joint) and range (none, on the joint, by a class), for hinges,
// slides and balls.
func limitJoints() []string {
	var out []string
	for _, kind := range []string{"hinge", "slide", "ball"} {
		for _, lim := range []string{"", "a:auto", "a:true", "a:false", "c:auto", "c:true", "c:false", "c:true+a:false", "c:false+a:true", "c:false+a:auto"} {
			for _, rng := range []string{"", "a:in_order", "a:zero", "a:reversed", "a:from_zero", "c:in_order", "c:zero", "c:reversed", "c:from_zero"} {
				attrs := []string{`type="` + kind + `"`}
				class := ""
				limClass, limAttr, _ := strings.Cut(lim, "+")
				if strings.HasPrefix(limClass, "a:") {
					limClass, limAttr = "", limClass
				}
				if l, ok := strings.CutPrefix(limClass, "c:"); ok {
					class = "l_" + l
				}
				if l, ok := strings.CutPrefix(limAttr, "a:"); ok {
					attrs = append(attrs, `limited="`+l+`"`)
				}
				if r, ok := strings.CutPrefix(rng, "c:"); ok {
					if class != "" {
						class += "_r_" + r
					} else {
						class = "r_" + r
					}
				}
				if r, ok := strings.CutPrefix(rng, "a:"); ok {
					for _, lr := range limitRanges {
						if lr.name == r {
							attrs = append(attrs, `range="`+lr.value+`"`)
						}
					}
				}
				if class != "" {
					attrs = append(attrs, `class="`+class+`"`)
				}
				out = append(out, strings.Join(attrs, " "))
			}
		}
	}
	return out
}

// limitModel is an MJCF model of one body per joint, joint k named j<k>.
func limitModel(compiler string, joints []string) string {
	var b strings.Builder
	b.WriteString("<mujoco model=\"limits\">\n  <compiler " + compiler + "/>\n" + limitDefaults() + "  <worldbody>\n")
	for k, j := range joints {
		fmt.Fprintf(&b, "    <body name=\"b%d\" pos=\"%d 0 0\"><joint name=\"j%d\" axis=\"0 1 0\" %s/><geom size=\"0.1\"/></body>\n", k, k, k, j)
	}
	b.WriteString("  </worldbody>\n</mujoco>\n")
	return b.String()
}

// graphLimit is the range the Graph gives the own axis of joint name, of
// MuJoCo type typ (a hinge's or slide's axis, a ball's cone), if any.
func graphLimit(g *convert.Graph, name, typ string) (lo, hi float64, limited, found bool) {
	for _, n := range g.Nodes {
		if n.Joint == nil || n.Name != name {
			continue
		}
		for _, l := range n.Joint.Limits {
			var own bool
			switch typ {
			case "hinge":
				own = len(l.Linear) == 0 && len(l.Angular) == 1
			case "slide":
				own = len(l.Angular) == 0 && len(l.Linear) == 1
			case "ball":
				own = len(l.Linear) == 0 && len(l.Angular) == 3
			}
			if own {
				return l.Min, l.Max, true, true
			}
		}
		return 0, 0, false, true
	}
	return 0, 0, false, false
}

// TestJointLimitsAsMuJoCoReadsThem generates a joint for every way of
// giving limited and range (on the joint, by a class, by nested classes,
// overridden), of hinges, slides and balls, with compiler autolimits on
// (MuJoCo's default) and off. Whether MuJoCo 3.3 loads the joint, and
// the range it limits it to (or none), is what physconv reads: the
// joints physconv reads go into one model per autolimits setting,
// compiled by MuJoCo, and compared joint by joint; MuJoCo must refuse a
// joint physconv refuses (one of each error physconv gives, for each
// joint type). The model is then written as MJCF (and through URDF and
// KHR glTF), and MuJoCo must compile the same joints and limits from the
// output.
func TestJointLimitsAsMuJoCoReadsThem(t *testing.T) {
	testenv.Oracle(t, "mj-inspect")
	joints := limitJoints()
	for _, compiler := range []string{``, `autolimits="false"`} {
		t.Run("autolimits "+map[string]string{"": "default", `autolimits="false"`: "off"}[compiler], func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			var kept []string
			// physconv's error (its text after the element), by joint type →
			// the first model of a joint it refuses so
			refused := map[string]string{}
			for _, j := range joints {
				text := limitModel(compiler, []string{j})
				_, _, err := mjcf.Parse(&convert.Input{Name: "one.xml", Data: []byte(text), Options: &convert.Options{}})
				if err != nil {
					msg := err.Error()
					if i := strings.Index(msg, ": "); i >= 0 {
						msg = msg[i+2:]
					}
					kind, _, _ := strings.Cut(j, " ")
					if _, seen := refused[kind+" "+msg]; !seen {
						refused[kind+" "+msg] = text
					}
					continue
				}
				kept = append(kept, j)
			}
			var checked []string
			for msg, text := range refused {
				t.Logf("refused: %s", msg)
				file := filepath.Join(dir, fmt.Sprintf("refused%d.xml", len(checked)))
				checked = append(checked, msg)
				if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
				if _, code := testenv.RunOracle(t, "mj-inspect", "--compact", file); code == 0 {
					t.Errorf("physconv refuses a joint MuJoCo loads (%s):\n%s", msg, text)
				}
			}
			text := limitModel(compiler, kept)
			src := filepath.Join(dir, "limits.xml")
			if err := os.WriteFile(src, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			m, ok := inspectJoints(t, src, 0)
			if !ok {
				t.Fatalf("MuJoCo refuses the joints physconv reads")
			}
			g, _, err := mjcf.Parse(&convert.Input{Name: "limits.xml", Data: []byte(text), Options: &convert.Options{}})
			if err != nil {
				t.Fatal(err)
			}
			limitedCount := 0
			for _, mj := range m.Joints {
				lo, hi, limited, found := graphLimit(g, mj.Name, mj.Type)
				k := 0
				fmt.Sscanf(mj.Name, "j%d", &k)
				switch {
				case !found:
					t.Errorf("%s (%s): physconv has no such joint", mj.Name, kept[k])
				case limited != mj.Limited:
					t.Errorf("%s (%s): physconv reads limited %v, MuJoCo %v", mj.Name, kept[k], limited, mj.Limited)
				case limited && (math.Abs(lo-mj.Range[0]) > 1e-12 || math.Abs(hi-mj.Range[1]) > 1e-12):
					t.Errorf("%s (%s): physconv reads [%g, %g], MuJoCo %v", mj.Name, kept[k], lo, hi, mj.Range)
				}
				if mj.Limited {
					limitedCount++
				}
			}
			if len(m.Joints) != len(kept) || limitedCount == 0 || limitedCount == len(kept) {
				t.Errorf("MuJoCo has %d joints (%d limited) of %d", len(m.Joints), limitedCount, len(kept))
			}
			if len(refused) == 0 {
				t.Errorf("no combination is refused")
			}
			// a limited ball of range 0 0 admits no turn: the Graph reads
			// it as a weld, which MJCF output writes as a body without
			// joints, so MuJoCo compiles the output without that joint
			var moving []string
			for k, j := range kept {
				if lo, hi, limited, _ := graphLimit(g, fmt.Sprintf("j%d", k), "ball"); !limited || lo != 0 || hi != 0 {
					moving = append(moving, j)
				}
			}
			if len(moving) == len(kept) {
				t.Errorf("no ball of range 0 0 among the joints")
			}
			src = filepath.Join(dir, "moving.xml")
			if err := os.WriteFile(src, []byte(limitModel(compiler, moving)), 0o644); err != nil {
				t.Fatal(err)
			}
			checkJointMultiset(t, "wasm", src, "", nil)
		})
	}
}

// TestJointStackLimitsInMuJoCo: unnamed bodies whose joints the reader
// chains through massless links, limited through classes and
// autolimits, compile in MuJoCo from the MJCF output (and through URDF
// and KHR glTF) with the joints and limits of the source.
func TestJointStackLimitsInMuJoCo(t *testing.T) {
	testenv.Oracle(t, "mj-inspect")
	const model = `<mujoco model="stacks">
  <default>
    <joint armature="0.05"/>
    <default class="stop"><joint limited="true"/>
      <default class="stop_auto"><joint limited="auto"/></default>
    </default>
    <default class="span"><joint range="-45 45"/></default>
  </default>
  <worldbody>
    <body pos="0 0 1">
      <joint axis="0 1 0"/>
      <joint axis="0 1 0" range="0 10"/>
      <joint axis="0 1 0" range="0 10" limited="false"/>
      <joint axis="1 0 0" pos="0 0 0.2" class="span"/>
      <joint type="slide" axis="0 0 1" pos="0.1 0 0" range="-0.1 0.1" class="stop"/>
      <geom type="box" size="0.2 0.1 0.05"/>
      <body pos="0.5 0 0">
        <joint axis="0 0 1" range="-5 5" class="stop_auto"/>
        <joint axis="0 0 1" pos="0.1 0 0" range="5 -5"/>
        <geom size="0.05"/>
      </body>
    </body>
    <body pos="0 0 1">
      <joint axis="1 0 0" class="span" limited="false"/>
      <joint axis="1 0 0" pos="0 0.3 0" class="span"/>
      <geom type="box" size="0.1 0.2 0.05"/>
    </body>
  </worldbody>
</mujoco>
`
	src := filepath.Join(t.TempDir(), "stacks.xml")
	if err := os.WriteFile(src, []byte(model), 0o644); err != nil {
		t.Fatal(err)
	}
	checkJointMultiset(t, "wasm", src, "", nil)
}
