package batch_test

import (
	"errors"
	"testing"

	"github.com/physconv/physconv/batch"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/gltfx"
)

// collision-names is a boolean key like the other flags: set in defaults,
// overridden per rule, and a wrong value is an error at its line.
func TestConfigCollisionNames(t *testing.T) {
	c, err := batch.ParseConfig("physconv.yaml", []byte("defaults:\n  collision-names: true\nrules:\n  - match: \"robots/**\"\n    collision-names: false\n"), formatOptions)
	if err != nil {
		t.Fatal(err)
	}
	for rel, want := range map[string]bool{"levels/a.glb": true, "robots/arm.gltf": false} {
		var opts convert.Options
		c.Apply(rel, &opts, nil)
		if opts.Bool(gltfx.CollisionNamesOption) != want {
			t.Errorf("%s: CollisionNames %v, want %v", rel, opts.Bool(gltfx.CollisionNamesOption), want)
		}
	}
	_, err = batch.ParseConfig("physconv.yaml", []byte("defaults:\n  to: godot\n  collision-names: yes\n"), formatOptions)
	var ce *batch.ConfigError
	if !errors.As(err, &ce) || ce.Line != 3 || ce.Msg != `collision-names must be true or false, not "yes"` {
		t.Errorf("bad value: %v", err)
	}
}
