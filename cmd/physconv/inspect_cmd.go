package main

import (
	"encoding/json"

	"github.com/physconv/physconv"
	"github.com/spf13/cobra"
)

func (a *app) inspectCommand() *cobra.Command {
	var flags optionFlags
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "inspect FILE",
		Short: "Show bodies, mass properties, joints and diagnostics",
		Long: `Show what a file means physically, in the Y-up world of the physics graph:
bodies with mass, centre of mass and inertia about it (world axes) and where
each value came from (given, computed, default); joints with their kind, bodies,
anchor, axis and limits; diagnostics. --json prints the stable report that
scripts and tests compare: two files describe the same physics when their
reports agree.`,
		Example: `  physconv inspect robot.urdf
  physconv inspect --json scene.gltf | jq '.bodies[] | {name, mass}'
  physconv inspect --density 500 crate.gltf`,
		Args: exactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts, err := flags.resolveIn(a.reg)
			if err != nil {
				return err
			}
			rep, err := physconv.InspectFile(a.ctx, a.reg, args[0], a.stdin, opts)
			if err != nil {
				return err
			}
			if asJSON {
				enc := json.NewEncoder(a.stdout)
				enc.SetIndent("", "  ")
				return enc.Encode(rep)
			}
			return writeReportText(a.stdout, rep)
		},
	}
	flags.bindParse(cmd.Flags(), a.reg)
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the report as JSON")
	return cmd
}
