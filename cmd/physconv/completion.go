package main

import (
	"fmt"
	"strings"

	"github.com/physconv/physconv/convert"
	"github.com/spf13/cobra"
)

// registerCompletions gives every enumerated flag of cmd its values for
// shell completion: format names from the registry, the fixed choices of
// --up and --side-files, and each format option's declared Values.
func registerCompletions(cmd *cobra.Command, reg *convert.Registry) {
	fixed := func(vals ...string) cobra.CompletionFunc {
		return func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
			return vals, cobra.ShellCompDirectiveNoFileComp
		}
	}
	names := func(want func(*convert.Format) bool) cobra.CompletionFunc {
		return func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
			var out []string
			for _, f := range reg.Formats() {
				if want(f) {
					out = append(out, f.Name+"\t"+f.Description)
				}
			}
			return out, cobra.ShellCompDirectiveNoFileComp
		}
	}
	fs := cmd.Flags()
	set := func(name string, fn cobra.CompletionFunc) {
		if fs.Lookup(name) != nil {
			cmd.RegisterFlagCompletionFunc(name, fn)
		}
	}
	set("from", names(func(f *convert.Format) bool { return f.Parse != nil }))
	set("to", names(func(f *convert.Format) bool { return f.Emit != nil }))
	set("up", fixed("auto", "keep"))
	set("side-files", fixed("link", "copy", "reference"))
	for _, opt := range reg.Options() {
		switch {
		case opt.Kind == convert.OptionBool:
			set(opt.Name, fixed("true", "false"))
		case len(opt.Values) > 0:
			set(opt.Name, fixed(opt.Values...))
		}
	}
}

// formatNameError explains an unknown format name; a name that is a file
// extension (gltf, xml) lists the formats written with it.
func formatNameError(reg *convert.Registry, flag, name string, err error) error {
	if fs := reg.ByExtension("x." + strings.TrimPrefix(strings.ToLower(name), ".")); len(fs) > 0 {
		var alts []string
		for _, f := range fs {
			alts = append(alts, "--"+flag+" "+f.Name)
		}
		return usageError{fmt.Errorf("%q is a file extension, not a format name; .%s files are %s: use %s",
			name, strings.TrimPrefix(strings.ToLower(name), "."), joinOr(formatNames(fs)), joinOr(alts))}
	}
	return usageError{fmt.Errorf("--%s: %w (formats: %s)", flag, err, strings.Join(reg.Names(), ", "))}
}

func formatNames(fs []*convert.Format) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.Name)
	}
	return out
}

func joinOr(xs []string) string {
	if len(xs) <= 1 {
		return strings.Join(xs, "")
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " or " + xs[len(xs)-1]
}

// checkOutput makes an output whose format cannot be told or written a
// usage error, before any input is read. (A .gltf/.glb output's dialect
// still follows the input; any of its candidates writes.)
func checkOutput(reg *convert.Registry, to, out string) error {
	if to != "" {
		f, err := reg.Lookup(to)
		if err != nil {
			return formatNameError(reg, "to", to, err)
		}
		if f.Emit == nil {
			return usageError{fmt.Errorf("physconv cannot write %s files", f.Name)}
		}
		return nil
	}
	fs := reg.ByExtension(out)
	if len(fs) == 0 {
		return usageError{fmt.Errorf("cannot tell the output format of %s; name it with --to (%s)", displayOut(out), strings.Join(reg.Names(), ", "))}
	}
	for _, f := range fs {
		if f.Emit != nil {
			return nil
		}
	}
	return usageError{fmt.Errorf("physconv cannot write %s files", joinOr(formatNames(fs)))}
}

func displayOut(out string) string {
	if out == "-" || out == "" {
		return "standard output"
	}
	return out
}
