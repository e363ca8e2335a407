package main

import (
	"fmt"
	"slices"
	"strings"

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
	var asJSON, tree bool
	var format string
	cmd := &cobra.Command{
		Use:   "inspect FILE",
		Short: "Show bodies, mass properties, joints and diagnostics",
		Long: `Show what a file means physically: a summary (bodies, joints, degrees of
freedom, total mass), bodies with mass, centre of mass and inertia about it
(world axes) and where each value came from (given, computed, default); joints
with their kind, bodies, axis and limits; warnings (-v: every diagnostic).
Positions and directions are in the Y-up world of the physics graph; a Z-up
file (URDF, MJCF) is turned -90° about X, so its (x, y, z) reads (x, z, -y).
--up keep shows a file in its own axes. The frame line says which.

--tree prints the kinematic tree (each body under the body its joint hangs it
from, with the joint's kind, axis and range); --format dot, mermaid or svg
draws bodies and joints. --json prints the stable report that scripts and
tests compare: two files describe the same physics when their reports agree.`,
		Example: `  physconv inspect robot.urdf
  physconv inspect --tree --up keep robot.urdf
  physconv inspect --format svg robot.urdf > robot.svg
  physconv inspect --format dot robot.xml | dot -Tpng > robot.png
  physconv inspect --json scene.gltf | jq '.bodies[] | {name, mass}'
  physconv inspect --density 500 crate.gltf`,
		Args: exactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkPicture(format, tree, asJSON); err != nil {
				if asJSON {
					writeJSON(a.stdout, inspectDoc{nil, newJSONError(err)})
				}
				return err
			}
			rep, _, err := a.inspectFile(args[0], &flags, &df)
			if rep != nil {
				rep.Frame = frameOf(rep.Format, flags.opts.Up)
			}
			if asJSON {
				if jerr := writeJSON(a.stdout, inspectDoc{rep, newJSONError(err)}); jerr != nil && err == nil {
					return jerr
				}
				return err
			}
			if err != nil {
				return err
			}
			switch {
			case tree:
				fmt.Fprintf(a.stdout, "frame: %s\n%s\n\n", rep.Frame, rep.Summarize())
				return rep.WriteTree(a.stdout)
			case format == "dot":
				return rep.WriteDot(a.stdout)
			case format == "mermaid":
				return rep.WriteMermaid(a.stdout)
			case format == "svg":
				return rep.WriteSVG(a.stdout)
			}
			return writeReportText(a.stdout, rep, df.threshold())
		},
	}
	flags.bindParse(cmd.Flags(), a.reg)
	df.bind(cmd)
	registerCompletions(cmd, a.reg)
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the report, or the error, as JSON")
	cmd.Flags().BoolVar(&tree, "tree", false, "print the kinematic tree with joint kinds and axes")
	cmd.Flags().StringVar(&format, "format", "text", "text, or a picture of bodies and joints: dot (Graphviz), mermaid or svg")
	cmd.RegisterFlagCompletionFunc("format", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return pictureFormats, cobra.ShellCompDirectiveNoFileComp
	})
	return cmd
}

var pictureFormats = []string{"text", "dot", "mermaid", "svg"}

// checkPicture rejects an unknown --format or two outputs at once.
func checkPicture(format string, tree, asJSON bool) error {
	if !slices.Contains(pictureFormats, format) {
		return usageError{fmt.Errorf("--format must be one of %s, not %q", strings.Join(pictureFormats, ", "), format)}
	}
	n := 0
	for _, on := range []bool{tree, asJSON, format != "text"} {
		if on {
			n++
		}
	}
	if n > 1 {
		return usageError{fmt.Errorf("--tree, --json and --format %s each choose the output; give one", format)}
	}
	return nil
}

// frameOf names the axes a report of a file of this format is in.
func frameOf(format, up string) string {
	zUp := format == "urdf" || format == "xacro" || format == "mjcf"
	switch {
	case zUp && up == "keep":
		return "the file's own axes, Z up (--up keep; metres, kilograms, radians)"
	case zUp:
		return "Y-up world; the file is Z-up: its (x, y, z) reads (x, z, -y) (--up keep: its own axes)"
	}
	return "Y up, the file's own axes (metres, kilograms, radians)"
}

// inspectFile checks the flags, parses the file and builds its report
// with the diagnostic levels applied.
func (a *app) inspectFile(path string, flags *optionFlags, df *diagFlags) (*inspect.Report, *convert.Graph, error) {
	rep, g, _, err := a.inspectFileReads(path, flags, df)
	return rep, g, err
}

// inspectFileReads is inspectFile that also lists the files reading the
// input read besides it (its meshes, includes), which an output must
// not be written over.
func (a *app) inspectFileReads(path string, flags *optionFlags, df *diagFlags) (*inspect.Report, *convert.Graph, []string, error) {
	if err := df.resolve(); err != nil {
		return nil, nil, nil, err
	}
	opts, err := flags.resolveIn(a.reg)
	if err != nil {
		return nil, nil, nil, err
	}
	in, err := physconv.OpenInput(path, a.stdin, opts)
	if err != nil {
		return nil, nil, nil, err
	}
	var rec *physconv.RecordingFS
	if in.FS != nil {
		rec = &physconv.RecordingFS{FS: in.FS}
		in.FS = rec
	}
	f, g, diags, err := physconv.ParseGraph(a.ctx, a.reg, in)
	if err != nil {
		return nil, nil, nil, err
	}
	return inspect.Inspect(g, f.Name, df.levels.Apply(diags)), g, physconv.SideInputs(in, rec), nil
}
