package physconv_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/benchgen"
	"github.com/physconv/physconv/internal/hull"
)

// verifyBenchInputs are corpus robots and scenes of every source format
// (paths below PHYSCONV_CORPUS).
var verifyBenchInputs = []string{
	"mjcf/mujoco_humanoid/humanoid.xml",
	"urdf/erd_pr2/robots/pr2_description/urdf/pr2.urdf",
	"khr/current/samples/Robot_skinned/Robot_skinned.gltf",
	"godot/demo_truck_town/vehicles/car_base.tscn",
}

// BenchmarkVerify converts corpus robots and a generated chain of 1,000
// links to every format with and without verification, so its cost shows
// as the ratio of the two (target: under 15 % of a conversion). Mode
// "readback" times only reading the output back (the conversion runs
// with the timer stopped): what any verification that reads the output
// back costs at least.
//
//	go test -run '^$' -bench Verify -benchtime 5x .
func BenchmarkVerify(b *testing.B) {
	reg := all.Registry()
	type input struct {
		name string
		open func(opts *convert.Options) (*convert.Input, error)
	}
	chain := benchgen.ChainURDF(1000)
	inputs := []input{{"chain1000", func(opts *convert.Options) (*convert.Input, error) {
		opts.From = "urdf"
		return &convert.Input{Name: "chain.urdf", Data: chain, Options: opts}, nil
	}}}
	if root := os.Getenv("PHYSCONV_CORPUS"); root != "" {
		for _, rel := range verifyBenchInputs {
			p := filepath.Join(root, filepath.FromSlash(rel))
			inputs = append(inputs, input{filepath.Base(rel), func(opts *convert.Options) (*convert.Input, error) {
				return physconv.OpenInput(p, nil, opts)
			}})
		}
	}
	for _, in := range inputs {
		for _, to := range reg.Formats() {
			if to.Emit == nil {
				continue
			}
			for _, mode := range []string{"plain", "verify", "readback"} {
				b.Run(in.name+"/"+to.Name+"/"+mode, func(b *testing.B) {
					for i := 0; i < b.N; i++ {
						hull.Shared.Reset() // one conversion, as the command makes it
						opts := &convert.Options{To: to.Name, NoVerify: mode != "verify", OutputName: "out" + emitExt[to.Name]}
						src, err := in.open(opts)
						if err != nil {
							b.Fatal(err)
						}
						if mode == "readback" {
							b.StopTimer()
						}
						out, _, err := physconv.ConvertBytes(context.Background(), reg, src)
						if err != nil {
							b.Fatal(err)
						}
						if mode == "readback" {
							b.StartTimer()
							if _, _, err := physconv.ReadBack(to, out, opts, src); err != nil {
								b.Fatal(err)
							}
						}
					}
				})
			}
		}
	}
}
