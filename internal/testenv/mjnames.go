package testenv

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// namesFromSaved puts back the body names an mj-inspect report lost (see
// lostNames) when no copy under another path keeps them: a model whose
// memory grows while it loads loses them at every path length. MuJoCo's
// own re-written model (mj-inspect --to-mjcf, mj_saveLastXML) names its
// bodies correctly, one <body> element per body in id order (depth
// first, as the compiler numbers them); the report's body names and
// parent names are replaced by those. ok is false when that fails or the
// counts disagree.
func namesFromSaved(t testing.TB, args []string, report []byte) ([]byte, bool) {
	t.Helper()
	at, keep := modelArgs(args)
	if at < 0 {
		return nil, false
	}
	tmp, err := os.MkdirTemp("", "mjsaved")
	if err != nil {
		return nil, false
	}
	defer os.RemoveAll(tmp)
	saved := filepath.Join(tmp, "saved.xml")
	if err := exec.Command(Oracle(t, "mj-inspect"), append(append([]string{"--to-mjcf"}, keep...), saved)...).Run(); err != nil {
		return nil, false
	}
	data, err := os.ReadFile(saved)
	if err != nil {
		return nil, false
	}
	saved2 := savedNames(data)
	var r map[string]any
	if json.Unmarshal(report, &r) != nil {
		return nil, false
	}
	// a body's placeholder ("body3") names it in other elements' fields
	placeholder := map[string]string{"world": "world"}
	for i, n := range saved2.bodies {
		placeholder[fmt.Sprintf("body%d", i)] = n
	}
	ok := true
	// rename sets each element's name from names by its id, and its
	// fields that name a body from the placeholders
	rename := func(v any, names []string, fields ...string) {
		elems, _ := v.([]any)
		if v == nil {
			return
		}
		if len(elems) != len(names) {
			ok = false
			return
		}
		for i, e := range elems {
			m, _ := e.(map[string]any)
			if m == nil {
				continue
			}
			if names[i] != "" {
				m["name"] = names[i]
			}
			for _, k := range fields {
				if s, isStr := m[k].(string); isStr {
					if n, found := placeholder[s]; found {
						m[k] = n
					}
				}
			}
		}
	}
	rename(r["bodies"], saved2.bodies, "parent")
	rename(r["joints"], saved2.joints, "body")
	rename(r["geoms"], saved2.geoms, "body")
	if geoms, isList := r["geoms"].([]any); isList && len(geoms) == len(saved2.geomMeshes) {
		for i, g := range geoms {
			if m, isMap := g.(map[string]any); isMap && saved2.geomMeshes[i] != "" {
				m["mesh"] = saved2.geomMeshes[i]
			}
		}
	}
	if after, isMap := r["after_steps"].(map[string]any); isMap {
		rename(after["bodies"], saved2.bodies, "parent")
	}
	if !ok {
		return nil, false
	}
	out, err := json.Marshal(r)
	if err != nil {
		return nil, false
	}
	return out, true
}

// modelNames are the names of a saved model's bodies (world first),
// joints and geoms (with the mesh each draws), in id order; "" where
// an element has no name (a body gets MuJoCo's placeholder).
type modelNames struct {
	bodies, joints, geoms, geomMeshes []string
}

// savedNames reads them from the <worldbody> of a model mj_saveLastXML
// wrote: it writes every body with its joints and geoms before its child
// bodies, in the order MuJoCo numbers them.
func savedNames(data []byte) modelNames {
	n := modelNames{bodies: []string{"world"}}
	dec := xml.NewDecoder(bytes.NewReader(data))
	inWorld := 0 // depth below <worldbody>; elements elsewhere (defaults, equalities, tendons) are not the model's own
	for {
		tok, err := dec.Token()
		if err != nil {
			return n
		}
		if ee, ok := tok.(xml.EndElement); ok && inWorld > 0 {
			if inWorld--; ee.Name.Local == "worldbody" {
				inWorld = 0
			}
			continue
		}
		se, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		if se.Name.Local == "worldbody" || inWorld > 0 {
			inWorld++
		}
		if inWorld < 2 {
			continue // <worldbody> itself, or outside it
		}
		attr := func(k string) string {
			for _, a := range se.Attr {
				if a.Name.Local == k {
					return a.Value
				}
			}
			return ""
		}
		switch se.Name.Local {
		case "body":
			name := attr("name")
			if name == "" {
				name = fmt.Sprintf("body%d", len(n.bodies)) // MuJoCo's placeholder
			}
			n.bodies = append(n.bodies, name)
		case "joint", "freejoint":
			n.joints = append(n.joints, attr("name"))
		case "geom":
			n.geoms = append(n.geoms, attr("name"))
			n.geomMeshes = append(n.geomMeshes, attr("mesh"))
		}
	}
}
