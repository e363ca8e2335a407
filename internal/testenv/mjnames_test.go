package testenv

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// TestNamesFromSaved: a report whose bodies carry MuJoCo's placeholders
// (as the WebAssembly build's are when memory grew while loading) gets
// the names of MuJoCo's re-written model back, by id, in the bodies
// before and after the steps and their parents, the joints and geoms and
// the bodies they name (the model's defaults, equalities and tendons,
// which name joints too, are not counted); a report whose body count
// disagrees is left alone.
func TestNamesFromSaved(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "m.xml")
	model := `<mujoco><default><joint damping="1"/><geom rgba="1 0 0 1"/></default><worldbody>
  <body name="base"><geom size=".1"/>
    <body><joint name="hinge"/><geom size=".1"/><body name="tip"><joint name="tipjoint"/><geom name="tipgeom" size=".1"/></body></body>
  </body>
  <body name="ball" pos="1 0 0"><freejoint/><geom size=".1"/></body>
</worldbody>
<equality><joint joint1="hinge" joint2="tipjoint"/></equality>
<tendon><fixed><joint joint="hinge" coef="1"/></fixed></tendon></mujoco>`
	if err := os.WriteFile(file, []byte(model), 0o644); err != nil {
		t.Fatal(err)
	}
	lost := `{"model":"m","bodies":[{"id":0,"name":"world","parent":null},{"id":1,"name":"body1","parent":"world"},{"id":2,"name":"body2","parent":"body1"},{"id":3,"name":"body3","parent":"body2"},{"id":4,"name":"body4","parent":"world"}],
"joints":[{"id":0,"name":null,"body":"body2"},{"id":1,"name":null,"body":"body3"},{"id":2,"name":null,"body":"body4"}],
"geoms":[{"id":0,"name":null,"body":"body1"},{"id":1,"name":null,"body":"body2"},{"id":2,"name":null,"body":"body3"},{"id":3,"name":null,"body":"body4"}],
"after_steps":{"bodies":[{"id":0,"name":"world"},{"id":1,"name":"body1"},{"id":2,"name":"body2"},{"id":3,"name":"body3"},{"id":4,"name":"body4"}]}}`
	if !lostNames([]byte(lost)) {
		t.Fatal("the report is not seen as having lost its names")
	}
	out, ok := namesFromSaved(t, []string{"--compact", "--steps", "10", file}, []byte(lost))
	if !ok {
		t.Fatal("names not recovered")
	}
	var r struct {
		Bodies []struct{ Name, Parent string } `json:"bodies"`
		Joints []struct{ Name, Body string }   `json:"joints"`
		Geoms  []struct {
			Name *string
			Body string
		} `json:"geoms"`
		After struct {
			Bodies []struct{ Name string } `json:"bodies"`
		} `json:"after_steps"`
	}
	if err := json.Unmarshal(out, &r); err != nil {
		t.Fatal(err)
	}
	want := []string{"world", "base", "body2", "tip", "ball"}
	parents := []string{"", "world", "base", "body2", "world"}
	for i, b := range r.Bodies {
		if b.Name != want[i] || b.Parent != parents[i] || r.After.Bodies[i].Name != want[i] {
			t.Errorf("body %d: %q (parent %q), after the steps %q; want %q (parent %q)", i, b.Name, b.Parent, r.After.Bodies[i].Name, want[i], parents[i])
		}
	}
	if len(r.Joints) != 3 || r.Joints[0].Name != "hinge" || r.Joints[0].Body != "body2" || r.Joints[1].Name != "tipjoint" || r.Joints[1].Body != "tip" || r.Joints[2].Body != "ball" {
		t.Errorf("joints %+v", r.Joints)
	}
	if len(r.Geoms) != 4 || r.Geoms[2].Name == nil || *r.Geoms[2].Name != "tipgeom" || r.Geoms[2].Body != "tip" || r.Geoms[0].Name != nil {
		t.Errorf("geoms %+v", r.Geoms)
	}
	short := `{"model":"m","bodies":[{"id":0,"name":"world"},{"id":1,"name":"body1"}]}`
	if _, ok := namesFromSaved(t, []string{file}, []byte(short)); ok {
		t.Error("a report of another body count was renamed")
	}
}
