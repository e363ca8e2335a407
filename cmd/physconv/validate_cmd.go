package main

import (
	"fmt"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/convert"
	"github.com/spf13/cobra"
)

func (a *app) validateCommand() *cobra.Command {
	var flags optionFlags
	var strict bool
	cmd := &cobra.Command{
		Use:   "validate FILE",
		Short: "Check a file against its format's rules",
		Long: `Parse a file and check it: indices resolve, numbers are finite, sizes and
radii are positive, axes are 0..2, min <= max, the hierarchy has no cycles,
plus each format's own rules. Prints diagnostics; exit 1 on errors, 3 on
warnings with --strict.`,
		Example: `  physconv validate scene.gltf
  physconv validate --strict robot.urdf`,
		Args: exactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts, err := flags.resolveIn(a.reg)
			if err != nil {
				return err
			}
			in, err := physconv.OpenInput(args[0], a.stdin, opts)
			if err != nil {
				return err
			}
			f, _, diags, err := physconv.ParseGraph(a.ctx, a.reg, in)
			a.printDiagnostics(diags)
			if err != nil {
				return err
			}
			if strict && diags.Max() >= convert.Warning {
				return &physconv.StrictError{Diagnostics: diags}
			}
			fmt.Fprintf(a.stdout, "%s: valid %s\n", args[0], f.Name)
			return nil
		},
	}
	flags.bindParse(cmd.Flags(), a.reg)
	cmd.Flags().BoolVar(&strict, "strict", false, "exit 3 when there are warnings")
	return cmd
}
