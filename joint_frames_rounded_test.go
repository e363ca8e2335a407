package physconv_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// TestFloat32JointFramesRounded: OMI's joint examples, exported in
// single precision, have joint frames a few float32 units apart; a format
// with one frame per joint reports them as rounded (info), not as frames
// apart (a warning), and verification finds nothing unexplained.
func TestFloat32JointFramesRounded(t *testing.T) {
	dir := testenv.CorpusPath(t, "omi", "current", "OMI_physics_joint", "examples")
	files, _ := filepath.Glob(filepath.Join(dir, "*.gltf"))
	if len(files) == 0 {
		t.Fatalf("no OMI joint examples in %s", dir)
	}
	reg := all.Registry()
	rounded := 0
	for _, f := range files {
		for _, to := range []string{"urdf", "mjcf", "godot"} {
			opts := &convert.Options{To: to, OutputName: "out" + emitExt[to]}
			in, err := physconv.OpenInput(f, nil, opts)
			if err != nil {
				t.Fatal(err)
			}
			_, res, err := physconv.ConvertBytes(context.Background(), reg, in)
			if err != nil {
				t.Fatalf("%s → %s: %v", filepath.Base(f), to, err)
			}
			noMismatch(t, res, filepath.Base(f)+" → "+to)
			for _, d := range res.Diagnostics {
				switch d.Code {
				case convert.CodeJointFramesApart:
					t.Errorf("%s → %s: %s", filepath.Base(f), to, d.Message)
				case convert.CodeJointFramesRounded:
					rounded++
				}
			}
		}
	}
	if rounded == 0 {
		t.Error("no joint frames reported rounded: the examples no longer test it")
	}
}
