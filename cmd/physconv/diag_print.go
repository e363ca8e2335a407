package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/physconv/physconv/convert"
	"github.com/spf13/cobra"
)

// diagFlags are the output-volume flags of the single-file commands:
// quiet by default (warnings and errors), -v adds infos, -q keeps errors
// only, --diagnostics re-grades codes.
type diagFlags struct {
	verbose, quiet bool
	settings       []string
	levels         convert.Levels
}

func (f *diagFlags) bind(cmd *cobra.Command) {
	fs := cmd.Flags()
	fs.BoolVarP(&f.verbose, "verbose", "v", false, "also print info diagnostics")
	fs.BoolVarP(&f.quiet, "quiet", "q", false, "print errors only")
	fs.StringArrayVar(&f.settings, "diagnostics", nil, "set a diagnostic code's level, CODE=ignore|info|warning|error (repeatable, or comma-separated)")
	cmd.RegisterFlagCompletionFunc("diagnostics", completeLevels)
}

// resolve checks the flags; a bad code or level is a usage error.
func (f *diagFlags) resolve() error {
	if f.verbose && f.quiet {
		return usageError{fmt.Errorf("-v and -q cannot be used together")}
	}
	f.levels = nil
	for _, s := range f.settings {
		for _, part := range strings.Split(s, ",") {
			code, level, err := convert.ParseLevel(strings.TrimSpace(part))
			if err != nil {
				return usageError{fmt.Errorf("--diagnostics: %w", err)}
			}
			if f.levels == nil {
				f.levels = convert.Levels{}
			}
			f.levels[code] = level
		}
	}
	return nil
}

// threshold is the least severity printed.
func (f *diagFlags) threshold() convert.Severity {
	switch {
	case f.verbose:
		return convert.Info
	case f.quiet:
		return convert.Error
	}
	return convert.Warning
}

// completeLevels completes CODE=LEVEL: codes first, then levels.
func completeLevels(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	if code, _, ok := strings.Cut(toComplete, "="); ok {
		var out []string
		for _, l := range convert.LevelNames {
			out = append(out, code+"="+l)
		}
		return out, cobra.ShellCompDirectiveNoFileComp
	}
	var out []string
	for _, c := range convert.Codes() {
		out = append(out, string(c.Code)+"=\t"+c.Severity.String())
	}
	return out, cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace
}

// printDiagnosticsQuiet prints the diagnostics at or above the threshold,
// identical ones (same severity, file, code and message) grouped on one
// line with a count, files relative to the working directory; then one
// line saying how many were hidden, unless -q.
func (f *diagFlags) print(w io.Writer, ds convert.Diagnostics) {
	min := f.threshold()
	type group struct {
		first convert.Diagnostic
		n     int
	}
	var groups []*group
	byKey := map[string]*group{}
	hidden := 0
	for _, d := range ds.Sorted() {
		if d.Severity < min {
			hidden++
			continue
		}
		d.File = relPath(d.File)
		key := fmt.Sprint(d.Severity, "\x00", d.File, "\x00", d.Code, "\x00", d.Message)
		if g := byKey[key]; g != nil {
			g.n++
			continue
		}
		g := &group{first: d, n: 1}
		byKey[key] = g
		groups = append(groups, g)
	}
	for _, g := range groups {
		d := g.first
		if g.n > 1 {
			if d.Path != "" {
				d.Path = fmt.Sprintf("%s and %d more", d.Path, g.n-1)
			}
			fmt.Fprintf(w, "%s (×%d)\n", d.String(), g.n)
			continue
		}
		fmt.Fprintln(w, d.String())
	}
	if hidden > 0 && !f.quiet {
		fmt.Fprintf(w, "physconv: %d less severe diagnostic(s) not shown (-v shows infos)\n", hidden)
	}
}

// relPath shows a file relative to the working directory when it lies
// below it.
func relPath(p string) string {
	if p == "" || p == "-" || strings.HasPrefix(p, "<") {
		return p
	}
	abs, err := filepath.Abs(p)
	if err != nil {
		return p
	}
	wd, err := os.Getwd()
	if err != nil {
		return p
	}
	rel, err := filepath.Rel(wd, abs)
	if err != nil || !filepath.IsLocal(rel) {
		return p
	}
	return rel
}
