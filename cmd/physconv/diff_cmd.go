package main

import (
	"errors"
	"fmt"
	"math"
	"text/tabwriter"

	"github.com/physconv/physconv/convert/inspect"
	"github.com/spf13/cobra"
)

// errDiffer is diff's verdict "the files differ": exit 1, nothing more
// to say on stderr.
var errDiffer = errors.New("the files differ physically")

// diffSide names one compared file.
type diffSide struct {
	File   string `json:"file"`
	Format string `json:"format,omitempty"`
}

// diffDoc is diff --json's document.
type diffDoc struct {
	A           diffSide             `json:"a"`
	B           diffSide             `json:"b"`
	Tolerance   float64              `json:"tolerance"`
	Equal       bool                 `json:"equal"`
	Differences []inspect.Difference `json:"differences"`
	Error       *jsonError           `json:"error,omitempty"`
}

func (a *app) diffCommand() *cobra.Command {
	var flags optionFlags
	var df diagFlags
	var asJSON bool
	var tol float64
	cmd := &cobra.Command{
		Use:   "diff A B",
		Short: "Compare the physics of two files, in any two formats",
		Long: `Compare what two files mean physically: bodies (kind, mass, centre of mass,
inertia), their colliders and triggers (shape, size, place, material, filter),
static geometry, joints (bodies, kind, anchor, axis, limits) and couplings.
Names match bodies and joints; static colliders are compared as one pool;
shapes match up to their symmetries. Numbers agree when they are within
--tolerance relative to their size (an absolute floor near zero). Both files
are read into the Y-up physics graph, so a URDF compares with a glTF.
Exit 0 when they agree, 1 when they differ (or a file cannot be read), 2 on
usage errors.`,
		Example: `  physconv diff robot.urdf robot.xml
  physconv diff --json scene.gltf scene.tscn | jq '.differences[].message'
  physconv diff --tolerance 1e-3 original.glb reexported.glb`,
		Args: exactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			doc := diffDoc{A: diffSide{File: args[0]}, B: diffSide{File: args[1]}, Tolerance: tol, Differences: []inspect.Difference{}}
			err := a.runDiff(args, &flags, &df, asJSON, &doc)
			if asJSON {
				doc.Equal = err == nil
				if !errors.Is(err, errDiffer) {
					doc.Error = newJSONError(err)
				}
				if jerr := writeJSON(a.stdout, doc); jerr != nil && err == nil {
					return jerr
				}
			}
			return err
		},
	}
	flags.bindParse(cmd.Flags(), a.reg)
	df.bind(cmd)
	registerCompletions(cmd, a.reg)
	cmd.Flags().Float64Var(&tol, "tolerance", 1e-6, "relative tolerance for numbers (absolute near zero)")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the differences, or the error, as JSON")
	return cmd
}

func (a *app) runDiff(args []string, flags *optionFlags, df *diagFlags, asJSON bool, doc *diffDoc) error {
	if !(doc.Tolerance >= 0) || math.IsInf(doc.Tolerance, 0) {
		return usageError{fmt.Errorf("--tolerance must be a finite number ≥ 0, not %v", doc.Tolerance)}
	}
	var reps [2]*inspect.Report
	for i, path := range args {
		rep, _, err := a.inspectFile(path, flags, df)
		if err != nil {
			return err
		}
		if !asJSON {
			df.print(a.stderr, rep.Diagnostics)
		}
		reps[i] = rep
	}
	doc.A.Format, doc.B.Format = reps[0].Format, reps[1].Format
	// the same physics spelt differently (renamed or regrouped elements,
	// a weld read as a static body, glTF's default material spelt out) is
	// no difference
	inspect.Equate(reps[0], reps[1], doc.Tolerance)
	doc.Differences = inspect.Diff(reps[0], reps[1], doc.Tolerance)
	if doc.Differences == nil {
		doc.Differences = []inspect.Difference{}
	}
	if asJSON {
		if len(doc.Differences) > 0 {
			return errDiffer
		}
		return nil
	}
	a0, a1 := relPath(args[0]), relPath(args[1])
	if len(doc.Differences) == 0 {
		fmt.Fprintf(a.stdout, "%s (%s) and %s (%s) describe the same physics (tolerance %g)\n", a0, doc.A.Format, a1, doc.B.Format, doc.Tolerance)
		return nil
	}
	fmt.Fprintf(a.stdout, "%d difference(s) between %s (%s) and %s (%s), tolerance %g:\n", len(doc.Differences), a0, doc.A.Format, a1, doc.B.Format, doc.Tolerance)
	tw := tabwriter.NewWriter(a.stdout, 0, 4, 2, ' ', 0)
	for _, d := range doc.Differences {
		fmt.Fprintf(tw, "  %s\t%s\n", d.QuantityName, d.Message)
	}
	tw.Flush()
	return errDiffer
}
