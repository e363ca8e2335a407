package main

import (
	"encoding/json"
	"fmt"

	"github.com/physconv/physconv"
	"github.com/spf13/cobra"
)

func (a *app) convertCommand() *cobra.Command {
	var flags optionFlags
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "convert IN OUT",
		Short: "Convert one file (- for stdin/stdout)",
		Long: `Convert one physics asset. Formats are guessed from the file extensions
and content; --from and --to name them explicitly (.gltf/.glb are shared by khr
and omi: the output keeps the input's dialect unless --to says otherwise).
Side files (glTF buffers, URDF/MJCF meshes) are written beside OUT. Output is
written atomically and never over the input. Diagnostics go to stderr.`,
		Example: `  physconv convert robot.urdf robot.gltf
  physconv convert scene.gltf scene.tscn
  physconv convert --to omi samples/JointTypes.gltf joints_omi.gltf
  physconv convert --strict --to mjcf arm.urdf arm.xml
  physconv convert --xacro-arg arm:=left robot.urdf.xacro robot.xml
  cat cart.urdf | physconv convert --from urdf --to khr - - > cart.gltf`,
		Args: exactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts, err := flags.resolveIn(a.reg)
			if err != nil {
				return err
			}
			res, err := physconv.ConvertFileIO(a.ctx, a.reg, args[0], args[1], a.stdin, a.stdout, opts)
			if res != nil {
				if asJSON {
					enc := json.NewEncoder(a.stderr)
					enc.SetIndent("", "  ")
					enc.Encode(res)
				} else {
					a.printDiagnostics(res.Diagnostics)
				}
			}
			if err != nil {
				return err
			}
			if args[1] != "-" && !asJSON {
				fmt.Fprintf(a.stderr, "wrote %s (%s → %s)\n", args[1], res.From, res.To)
			}
			return nil
		},
	}
	flags.bindParse(cmd.Flags(), a.reg)
	flags.bindEmit(cmd.Flags(), a.reg)
	flags.bindSideFiles(cmd.Flags())
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the result (files, diagnostics) as JSON on stderr")
	return cmd
}
