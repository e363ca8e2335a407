package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/spf13/cobra"
)

// Exit codes (DESIGN.md): 0 ok, 1 input or conversion error, 2 usage,
// 3 warnings under --strict.
const (
	exitOK     = 0
	exitError  = 1
	exitUsage  = 2
	exitStrict = 3
)

// app carries what every subcommand needs, so tests run the CLI in-process.
type app struct {
	ctx    context.Context
	reg    *convert.Registry
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
}

// usageError marks errors in how the command was called (exit 2).
type usageError struct{ error }

// run executes the CLI and returns the process exit code.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	a := &app{ctx: ctx, reg: all.Registry(), stdin: stdin, stdout: stdout, stderr: stderr}
	root := a.rootCommand()
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := root.ExecuteContext(ctx)
	return a.exitCode(err)
}

func (a *app) exitCode(err error) int {
	if err == nil {
		return exitOK
	}
	var strict *physconv.StrictError
	var usage usageError
	switch {
	case errors.Is(err, errDiffer):
		return exitError
	case errors.As(err, &strict):
		fmt.Fprintln(a.stderr, "physconv:", err)
		return exitStrict
	case errors.As(err, &usage), strings.HasPrefix(err.Error(), "unknown command "):
		fmt.Fprintln(a.stderr, "physconv:", err)
		return exitUsage
	default:
		fmt.Fprintln(a.stderr, "physconv:", err)
		if h := refHint(err); h != "" {
			fmt.Fprintln(a.stderr, "physconv: hint:", h)
		}
		return exitError
	}
}

func (a *app) rootCommand() *cobra.Command {
	root := &cobra.Command{
		Use:   "physconv",
		Short: "Convert rigid-body physics between glTF (KHR/OMI), Godot, URDF and MJCF",
		Long: `physconv converts rigid-body physics assets between the glTF physics
extensions (KHR_physics_rigid_bodies + KHR_implicit_shapes, OMI_physics_*,
OMI_collider, OMI_vehicle_*, OMI_seat, every published revision), Godot .tscn,
URDF and MJCF. Masses, centres of mass, inertia tensors, joint frames and
limits come out physically equal; what a target cannot express is approximated
or dropped with a diagnostic.`,
		SilenceUsage:  true,
		SilenceErrors: true,
		Version:       version(),
	}
	root.SetVersionTemplate("physconv {{.Version}}\n")
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return usageError{fmt.Errorf("%w\n\n%s", err, c.UsageString())}
	})
	root.AddCommand(a.convertCommand(), a.inspectCommand(), a.validateCommand(), a.formatsCommand(), a.diffCommand(), a.batchCommand(), a.watchCommand(), a.viewCommand())
	return root
}

// exactArgs is cobra.ExactArgs with a usage exit code.
func exactArgs(n int) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if err := cobra.ExactArgs(n)(cmd, args); err != nil {
			return usageError{err}
		}
		return nil
	}
}

// printDiagnostics writes diagnostics to stderr, one per line.
func (a *app) printDiagnostics(ds convert.Diagnostics) {
	for _, d := range ds.Sorted() {
		fmt.Fprintln(a.stderr, d.String())
	}
}
