package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"github.com/physconv/physconv/convert"
	"net"
	"os"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/internal/pageserve"
	"github.com/physconv/physconv/internal/view"
	"github.com/spf13/cobra"
)

func (a *app) viewCommand() *cobra.Command {
	var flags optionFlags
	var df diagFlags
	var out, serve string
	var budget int
	var force bool
	cmd := &cobra.Command{
		Use:   "view FILE",
		Short: "Write or serve a web page that draws the physics in 3D",
		Long: `Build one self-contained HTML page that draws what a file means physically:
visuals, colliders (wireframe, one colour per body), joint frames with their
axes and ranges, centres of mass and boxes of equal inertia (the uniform box
with the body's mass and principal moments, turned onto its principal axes),
a tree of bodies and joints to click through, and the diagnostics.

The page carries its renderer (three.js ` + view.ThreeVersion + `, MIT) and its data, so it
opens offline. --out writes it to a file (- for standard output);
--serve serves it on 127.0.0.1 on a free port, or --serve=ADDR on ADDR, and
prints the URL until interrupted. The scene is in the Y-up world of the physics graph.`,
		Example: `  physconv view --out robot.html robot.urdf
  physconv view --serve scene.gltf
  physconv view --serve=127.0.0.1:8080 model.xml`,
		Args: exactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			serving := cmd.Flags().Changed("serve")
			if (out == "") == !serving {
				return usageError{errors.New("view needs one of --out FILE or --serve[=ADDR]")}
			}
			if out != "" && out != "-" {
				if err := pageTarget(out, args[0], force); err != nil {
					return err
				}
			}
			rep, g, reads, err := a.inspectFileReads(args[0], &flags, &df)
			if err != nil {
				return err
			}
			rep.Frame = frameOf(rep.Format, flags.opts.Up)
			m, err := view.Build(g, rep, budget)
			if err != nil {
				return err
			}
			var page bytes.Buffer
			if err := view.WritePage(&page, m); err != nil {
				return err
			}
			if serving {
				return a.servePage(a.ctx, serve, page.Bytes())
			}
			if out == "-" {
				_, err := a.stdout.Write(page.Bytes())
				return err
			}
			// never over the input, nor over a file it reads (a mesh)
			_, err = physconv.WriteOutput(out, &convert.Output{Main: page.Bytes()}, append([]string{args[0]}, reads...)...)
			return err
		},
	}
	flags.bindParse(cmd.Flags(), a.reg)
	df.bind(cmd)
	registerCompletions(cmd, a.reg)
	cmd.Flags().StringVarP(&out, "out", "o", "", "write the page to this file (- for standard output)")
	cmd.Flags().StringVar(&serve, "serve", "", "serve the page on --serve=ADDR (bare --serve: 127.0.0.1 on a free port) until interrupted")
	cmd.Flags().Lookup("serve").NoOptDefVal = "127.0.0.1:0"
	cmd.Flags().IntVar(&budget, "mesh-budget", view.DefaultMeshBudget, "most mesh triangles the page carries; bigger meshes are drawn as boxes")
	cmd.Flags().BoolVarP(&force, "force", "f", false, "replace an existing --out file (never the input)")
	return cmd
}

// pageTarget refuses to write the page over the file it draws, or over
// any existing file unless force: a page written over a robot (view
// --out robot.urdf robot.urdf) replaced it without a word.
func pageTarget(out, in string, force bool) error {
	if st, err := os.Stat(out); err == nil {
		if inSt, err := os.Stat(in); err == nil && os.SameFile(st, inSt) {
			return fmt.Errorf("refusing to write the page over the input %s", in)
		}
	}
	return checkReplace(out, force)
}

// servePage serves page at addr until ctx ends, printing the URL first.
func (a *app) servePage(ctx context.Context, addr string, page []byte) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	fmt.Fprintf(a.stdout, "http://%s/\n", ln.Addr())
	return pageserve.Serve(ctx, ln, page)
}
