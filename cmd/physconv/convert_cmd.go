package main

import (
	"fmt"
	"os"

	"github.com/physconv/physconv"
	"github.com/spf13/cobra"
)

// convertJSON is convert --json's document: the result, and the error when
// the conversion failed.
type convertJSON struct {
	*physconv.Result
	Error *jsonError `json:"error,omitempty"`
}

func (a *app) convertCommand() *cobra.Command {
	var flags optionFlags
	var df diagFlags
	var asJSON, force bool
	cmd := &cobra.Command{
		Use:   "convert IN OUT",
		Short: "Convert one file (- for stdin/stdout)",
		Long: `Convert one physics asset. Formats are guessed from the file extensions
and content; --from and --to name them explicitly (.gltf/.glb are shared by khr
and omi: the output keeps the input's dialect unless --to says otherwise).
Side files (glTF buffers, URDF/MJCF meshes) are written beside OUT. Output is
written atomically and never over the input; an existing OUT is replaced
only with --force, and then the side files physconv wrote for it that the new
output no longer names are removed. Warnings and errors go to stderr
(-v adds infos, -q keeps errors only, --diagnostics re-grades a code);
--json prints the result, or the error, as JSON on stdout.`,
		Example: `  physconv convert robot.urdf robot.gltf
  physconv convert scene.gltf scene.tscn
  physconv convert --to omi samples/JointTypes.gltf joints_omi.gltf
  physconv convert --strict --to mjcf arm.urdf arm.xml
  physconv convert --diagnostics friction-combine-maximum=ignore arm.urdf arm.xml
  physconv convert --xacro-arg arm:=left robot.urdf.xacro robot.xml
  cat cart.urdf | physconv convert --from urdf --to khr - - > cart.gltf`,
		Args: exactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			res, err := a.runConvert(args[0], args[1], &flags, &df, asJSON, force)
			if asJSON {
				if res == nil {
					res = &physconv.Result{Input: args[0], Output: args[1]}
				}
				if jerr := writeJSON(a.stdout, convertJSON{res, newJSONError(err)}); jerr != nil && err == nil {
					return jerr
				}
			}
			return err
		},
	}
	flags.bindParse(cmd.Flags(), a.reg)
	flags.bindEmit(cmd.Flags(), a.reg)
	flags.bindSideFiles(cmd.Flags())
	df.bind(cmd)
	registerCompletions(cmd, a.reg)
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the result (files, diagnostics) or the error as JSON on stdout")
	cmd.Flags().BoolVarP(&force, "force", "f", false, "replace OUT when it exists (and remove the side files physconv wrote for it that the new output does not name)")
	return cmd
}

// runConvert checks every usage before reading the input, converts, and
// prints diagnostics unless asJSON.
func (a *app) runConvert(in, out string, flags *optionFlags, df *diagFlags, asJSON, force bool) (*physconv.Result, error) {
	if err := df.resolve(); err != nil {
		return nil, err
	}
	opts, err := flags.resolveIn(a.reg)
	if err != nil {
		return nil, err
	}
	if asJSON && out == "-" {
		return nil, usageError{fmt.Errorf("--json prints on standard output; give OUT as a file, not -")}
	}
	if err := checkOutput(a.reg, opts.To, out); err != nil {
		return nil, err
	}
	if err := checkReplace(out, force); err != nil {
		return nil, err
	}
	opts.Levels = df.levels
	res, err := physconv.ConvertFileIO(a.ctx, a.reg, in, out, a.stdin, a.stdout, opts)
	if res != nil && !asJSON {
		df.print(a.stderr, res.Diagnostics)
	}
	if err != nil {
		return res, err
	}
	if out != "-" && !asJSON && !df.quiet {
		fmt.Fprintf(a.stderr, "wrote %s (%s → %s)\n", relPath(out), res.From, res.To)
	}
	return res, nil
}

// outputExistsError refuses to replace an existing output without --force
// (exit 1, before the input is read).
type outputExistsError struct{ out string }

func (e outputExistsError) Error() string {
	return fmt.Sprintf("%s exists; give --force to replace it", relPath(e.out))
}

func checkReplace(out string, force bool) error {
	if force || out == "-" {
		return nil
	}
	if _, err := os.Lstat(out); err == nil {
		return outputExistsError{out}
	}
	return nil
}
