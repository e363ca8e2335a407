package batch_test

import (
	"strings"
	"testing"

	"github.com/physconv/physconv/batch"
	"github.com/physconv/physconv/convert"
)

func TestConfigLimits(t *testing.T) {
	c, err := batch.ParseConfig("physconv.yaml", []byte("defaults:\n  max-nodes: 5M\n  max-input-bytes: 2GiB\nrules:\n  - match: \"big/**\"\n    max-triangles: 50000000\n"), formatOptions)
	if err != nil {
		t.Fatal(err)
	}
	var o convert.Options
	c.Apply("big/a.gltf", &o, nil)
	if o.Limits.Nodes != 5_000_000 || o.Limits.InputBytes != 2<<30 || o.Limits.Triangles != 50_000_000 || o.Limits.Elements != 0 {
		t.Errorf("limits = %+v", o.Limits)
	}
	if _, err := batch.ParseConfig("physconv.yaml", []byte("defaults:\n  max-nodes: lots\n"), formatOptions); err == nil || !strings.Contains(err.Error(), "max-nodes") {
		t.Errorf("a bad limit value: %v", err)
	}
}
