package main

import (
	"fmt"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/convert"
	"github.com/spf13/cobra"
)

// validateJSON is validate --json's document.
type validateJSON struct {
	File        string              `json:"file"`
	Format      string              `json:"format,omitempty"`
	Valid       bool                `json:"valid"`
	Diagnostics convert.Diagnostics `json:"diagnostics"`
	Error       *jsonError          `json:"error,omitempty"`
}

// strictValidateError is a StrictError worded for validate, which writes
// nothing anyway.
type strictValidateError struct{ *physconv.StrictError }

func (e strictValidateError) Error() string {
	n := 0
	for _, d := range e.Diagnostics {
		if d.Severity >= convert.Warning {
			n++
		}
	}
	return fmt.Sprintf("%d warning(s) under --strict", n)
}

func (e strictValidateError) Unwrap() error { return e.StrictError }

func (a *app) validateCommand() *cobra.Command {
	var flags optionFlags
	var df diagFlags
	var strict, asJSON bool
	cmd := &cobra.Command{
		Use:   "validate FILE",
		Short: "Check a file against its format's rules",
		Long: `Parse a file and check it: indices resolve, numbers are finite, sizes and
radii are positive, axes are 0..2, min <= max, the hierarchy has no cycles,
plus each format's own rules. Prints warnings and errors (-v adds infos);
exit 1 on errors, 3 on warnings with --strict.`,
		Example: `  physconv validate scene.gltf
  physconv validate --strict robot.urdf
  physconv validate --json --diagnostics mass-computed=ignore robot.urdf`,
		Args: exactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			doc := validateJSON{File: args[0], Diagnostics: convert.Diagnostics{}}
			err := a.runValidate(args[0], &flags, &df, strict, asJSON, &doc)
			if asJSON {
				doc.Valid = err == nil
				doc.Error = newJSONError(err)
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
	cmd.Flags().BoolVar(&strict, "strict", false, "exit 3 when there are warnings")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the verdict, diagnostics or error as JSON")
	return cmd
}

func (a *app) runValidate(path string, flags *optionFlags, df *diagFlags, strict, asJSON bool, doc *validateJSON) error {
	if err := df.resolve(); err != nil {
		return err
	}
	opts, err := flags.resolveIn(a.reg)
	if err != nil {
		return err
	}
	in, err := physconv.OpenInput(path, a.stdin, opts)
	if err != nil {
		return err
	}
	f, _, diags, err := physconv.ParseGraph(a.ctx, a.reg, in)
	diags = df.levels.Apply(diags)
	if f != nil {
		doc.Format = f.Name
	}
	if diags != nil {
		doc.Diagnostics = diags
	}
	if !asJSON {
		df.print(a.stderr, diags)
	}
	if err != nil {
		return err
	}
	if diags.Max() >= convert.Error {
		return physconv.ErrDiagnosticIsError
	}
	if strict && diags.Max() >= convert.Warning {
		return strictValidateError{&physconv.StrictError{Diagnostics: diags}}
	}
	if !asJSON {
		fmt.Fprintf(a.stdout, "%s: valid %s\n", relPath(path), f.Name)
	}
	return nil
}
