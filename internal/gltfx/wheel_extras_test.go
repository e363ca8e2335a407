package gltfx

import (
	"encoding/json"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/qmuntal/gltf"
)

// TestWheelExtras: a wheel's raycast tuning written to node extras reads
// back onto the wheel; malformed or negative tuning is an error naming the
// place; tuning on a node without a wheel is ignored with a diagnostic.
func TestWheelExtras(t *testing.T) {
	for _, c := range []struct {
		raw      string
		wheel    bool
		err      bool
		want     WheelExtras
		dropDiag bool
	}{
		{`{"rollInfluence":0.4,"restLength":0.2,"maxSuspensionForce":8000,"brake":5}`, true, false,
			WheelExtras{convert.Ptr(0.4), convert.Ptr(0.2), convert.Ptr(8000.0), convert.Ptr(5.0)}, false},
		{`{"rollInfluence":0.4}`, true, false, WheelExtras{RollInfluence: convert.Ptr(0.4)}, false},
		{`{"rollInfluence":-1}`, true, true, WheelExtras{}, false},
		{`{"brake":"x"}`, true, true, WheelExtras{}, false},
		{`{"rollInfluence":0.4}`, false, false, WheelExtras{}, true},
	} {
		g := convert.NewGraph()
		n := convert.Node{Name: "W"}
		if c.wheel {
			w := convert.DefaultWheel()
			n.Wheel = &w
		}
		g.AddNode(n, -1)
		var diags convert.Diagnostics
		handled, err := ReadRobotExtra(g, 0, "wheel", json.RawMessage(c.raw), "nodes[0].extras.physconv.wheel", &diags)
		if !handled || (err != nil) != c.err {
			t.Errorf("%s: handled %v err %v, want error %v", c.raw, handled, err, c.err)
			continue
		}
		if c.err || !c.wheel {
			if diags.Has(convert.CodeFieldDropped) != c.dropDiag {
				t.Errorf("%s: field-dropped %v, want %v", c.raw, !c.dropDiag, c.dropDiag)
			}
			continue
		}
		w := g.Nodes[0].Wheel
		got := WheelExtras{w.RollInfluence, w.RestLength, w.MaxSuspensionForce, w.Brake}
		gb, _ := json.Marshal(got)
		wb, _ := json.Marshal(c.want)
		if string(gb) != string(wb) {
			t.Errorf("%s: read %s, want %s", c.raw, gb, wb)
		}
		// and PutWheelExtras writes the same object back
		d := &Doc{GLTF: &gltf.Document{Nodes: []*gltf.Node{{Name: "W"}}}}
		d.PutWheelExtras(g, &diags)
		extras, _, _ := d.NodeExtras(0)
		if string(extras["wheel"]) != string(wb) {
			t.Errorf("%s: wrote %s, want %s", c.raw, extras["wheel"], wb)
		}
	}
}
