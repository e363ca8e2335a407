package main

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/physconv/physconv/convert"
	"github.com/spf13/pflag"
)

// optionFlags binds the conversion options shared by several subcommands:
// the core ones, and every option a format of the registry declares.
type optionFlags struct {
	opts     convert.Options
	packages []string
	// format options bound as flags, by name, with their values.
	formatOpts []convert.Option
	values     map[string]*string
	bools      map[string]*bool
	pairs      map[string]*[]string
	fs         *pflag.FlagSet
}

func (o *optionFlags) bindParse(fs *pflag.FlagSet, reg *convert.Registry) {
	fs.StringVar(&o.opts.From, "from", "", "input format ("+strings.Join(reg.Names(), ", ")+"); guessed when empty")
	fs.StringVar(&o.opts.Up, "up", "auto", "auto: convert Z-up formats to Y-up at the boundary; keep: leave axes")
	fs.Float64Var(&o.opts.Density, "density", 1000, "density (kg/m³) for bodies whose mass is computed from shapes")
	fs.StringArrayVar(&o.packages, "package", nil, "ROS package folder for package:// URIs, as NAME=DIR (repeatable)")
	fs.StringArrayVar(&o.opts.AllowRoots, "allow-root", nil, "extra folder side files may be read from (repeatable)")
	for _, s := range convert.LimitSpecs {
		fs.Var(limitFlag{s.Field(&o.opts.Limits)}, s.Name, fmt.Sprintf("%s (default %d)", s.Doc, *s.Field(&convert.DefaultLimits)))
	}
	o.bindFormat(fs, reg, convert.ParseSide)
}

// limitFlag is a budget flag (--max-nodes …): a positive whole number with
// an optional k/M/G or KiB/MiB/GiB suffix.
type limitFlag struct{ v *int64 }

func (f limitFlag) String() string {
	if f.v == nil || *f.v == 0 {
		return ""
	}
	return fmt.Sprint(*f.v)
}

func (f limitFlag) Set(s string) error {
	n, err := convert.ParseLimit(s)
	if err == nil {
		*f.v = n
	}
	return err
}

func (f limitFlag) Type() string { return "int" }

func (o *optionFlags) bindEmit(fs *pflag.FlagSet, reg *convert.Registry) {
	fs.StringVar(&o.opts.To, "to", "", "output format ("+strings.Join(reg.Names(), ", ")+"); guessed from OUT when empty")
	fs.BoolVar(&o.opts.Strict, "strict", false, "fail (exit 3, no output) when the conversion has warnings")
	fs.BoolVar(&o.opts.NoVerify, "no-verify", false, "skip reading the output back and comparing its physics with the input's (verify-mismatch)")
	o.bindFormat(fs, reg, convert.EmitSide)
}

// bindFormat adds a flag for each format option of one side.
func (o *optionFlags) bindFormat(fs *pflag.FlagSet, reg *convert.Registry, side convert.OptionSide) {
	o.fs = fs
	if o.values == nil {
		o.values, o.bools, o.pairs = map[string]*string{}, map[string]*bool{}, map[string]*[]string{}
	}
	for _, opt := range reg.Options() {
		if opt.Side != side {
			continue
		}
		o.formatOpts = append(o.formatOpts, opt)
		switch opt.Kind {
		case convert.OptionBool:
			o.bools[opt.Name] = fs.Bool(opt.Name, opt.Default == "true", opt.Usage)
		case convert.OptionPairs:
			o.pairs[opt.Name] = fs.StringArray(opt.Name, nil, opt.Usage+" (NAME=VALUE, repeatable)")
		default:
			o.values[opt.Name] = fs.String(opt.Name, opt.Default, opt.Usage)
		}
	}
}

// formatValues returns the format options given explicitly on the command
// line, checked against their declarations.
func (o *optionFlags) formatValues() (map[string][]string, error) {
	out := map[string][]string{}
	for _, opt := range o.formatOpts {
		if o.fs == nil || !o.fs.Changed(opt.Name) {
			continue
		}
		var vs []string
		switch opt.Kind {
		case convert.OptionBool:
			vs = []string{strconv.FormatBool(*o.bools[opt.Name])}
		case convert.OptionPairs:
			vs = *o.pairs[opt.Name]
		default:
			vs = []string{*o.values[opt.Name]}
		}
		for _, v := range vs {
			if err := opt.Check(v); err != nil {
				return nil, usageError{fmt.Errorf("--%v", err)}
			}
		}
		out[opt.Name] = vs
	}
	return out, nil
}

// bindSideFiles adds convert's --side-files (batch has its own, for the
// input side files it mirrors).
func (o *optionFlags) bindSideFiles(fs *pflag.FlagSet) {
	fs.StringVar(&o.opts.SideFiles, "side-files", "link", "source meshes written unchanged: link (hard link when on one file system, else copy), copy, or reference (use them in place, by a relative path)")
}

// resolve checks flag values and returns the options.
func (o *optionFlags) resolve() (*convert.Options, error) {
	opts := o.opts
	if opts.Up != "auto" && opts.Up != "keep" {
		return nil, usageError{fmt.Errorf("--up must be auto or keep, not %q", opts.Up)}
	}
	if !(opts.Density > 0) {
		return nil, usageError{fmt.Errorf("--density must be positive, not %v", opts.Density)}
	}
	given, err := o.formatValues()
	if err != nil {
		return nil, err
	}
	if opts.SideFiles != "" && opts.SideFiles != "link" && opts.SideFiles != "copy" && opts.SideFiles != "reference" {
		return nil, usageError{fmt.Errorf("--side-files must be link, copy or reference, not %q", opts.SideFiles)}
	}
	for _, name := range slices.Sorted(maps.Keys(given)) {
		opts.SetOption(name, given[name]...)
	}
	if len(o.packages) > 0 {
		opts.Packages = map[string]string{}
		for _, p := range o.packages {
			name, dir, ok := strings.Cut(p, "=")
			if !ok || name == "" || dir == "" {
				return nil, usageError{fmt.Errorf("--package wants NAME=DIR, not %q", p)}
			}
			opts.Packages[name] = dir
		}
	}
	return &opts, nil
}

// resolveIn is resolve plus a check that --from/--to name known formats,
// so a typo is a usage error before any file is read.
func (o *optionFlags) resolveIn(reg *convert.Registry) (*convert.Options, error) {
	for i, name := range []string{o.opts.From, o.opts.To} {
		if name == "" {
			continue
		}
		if _, err := reg.Lookup(name); err != nil {
			return nil, formatNameError(reg, []string{"from", "to"}[i], name, err)
		}
	}
	return o.resolve()
}
