package main

import (
	"github.com/physconv/physconv"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/inspect"
	"github.com/spf13/cobra"
)

// inspectDoc is inspect --json's document: the report, or the error.
type inspectDoc struct {
	*inspect.Report
	Error *jsonError `json:"error,omitempty"`
}

func (a *app) inspectCommand() *cobra.Command {
	var flags optionFlags
	var df diagFlags
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
			rep, _, err := a.inspectFile(args[0], &flags, &df)
			if asJSON {
				if jerr := writeJSON(a.stdout, inspectDoc{rep, newJSONError(err)}); jerr != nil && err == nil {
					return jerr
				}
				return err
			}
			if err != nil {
				return err
			}
			return writeReportText(a.stdout, rep, df.threshold())
		},
	}
	flags.bindParse(cmd.Flags(), a.reg)
	df.bind(cmd)
	registerCompletions(cmd, a.reg)
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the report, or the error, as JSON")
	return cmd
}

// inspectFile checks the flags, parses the file and builds its report
// with the diagnostic levels applied.
func (a *app) inspectFile(path string, flags *optionFlags, df *diagFlags) (*inspect.Report, *convert.Graph, error) {
	if err := df.resolve(); err != nil {
		return nil, nil, err
	}
	opts, err := flags.resolveIn(a.reg)
	if err != nil {
		return nil, nil, err
	}
	in, err := physconv.OpenInput(path, a.stdin, opts)
	if err != nil {
		return nil, nil, err
	}
	f, g, diags, err := physconv.ParseGraph(a.ctx, a.reg, in)
	if err != nil {
		return nil, nil, err
	}
	return inspect.Inspect(g, f.Name, df.levels.Apply(diags)), g, nil
}
