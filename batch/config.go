package batch

import (
	"fmt"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/bmatcuk/doublestar/v4"
	"github.com/physconv/physconv/convert"
)

// Config is a project configuration (physconv.yaml): defaults for every
// input of a batch plus rules that refine them for inputs matching a glob.
// Later rules win over earlier ones; every rule wins over Defaults.
type Config struct {
	// File is where the configuration was read from; "" when built in code.
	File string
	// Include and Exclude add to BatchOptions.Include and Exclude.
	Include, Exclude []string
	// SideFiles sets BatchOptions.SideFiles when that is empty.
	SideFiles string
	Defaults  Settings
	Rules     []Rule
}

// Rule applies Settings to the inputs whose relative path matches one of
// the Match globs (same syntax as BatchOptions.Include).
type Rule struct {
	Match    []string
	Settings Settings
	// Line of the rule in File, for messages; 0 when unknown.
	Line int
}

// Settings are a partial set of conversion options: nil fields leave the
// option as it is. Packages are added to the option's map; Diagnostics map
// a diagnostic code to "error", "warning", "info" or "ignore" (dropped).
type Settings struct {
	From, To *string
	Up       *string
	Density  *float64 // kg/m³
	Strict   *bool
	// Verify false skips reading each output back (Options.NoVerify).
	Verify      *bool
	Packages    map[string]string
	AllowRoots  []string
	Diagnostics map[string]string
	// FormatOptions are values of the options formats declare, by option
	// name (see convert.Option); they are added to Options.FormatOptions.
	FormatOptions map[string][]string
	// Limits set Options.Limits fields, by LimitSpec name (max-nodes …).
	Limits map[string]int64

	// lines remembers where each key was set, for messages.
	lines map[string]int
}

// ApplyTo sets the given fields on opts and merges Diagnostics into
// levels (which may be nil when not wanted). Maps and slices of opts are
// copied before they are extended, so callers may share a base Options.
func (s *Settings) ApplyTo(opts *convert.Options, levels map[string]string) {
	setString := func(dst *string, v *string) {
		if v != nil {
			*dst = *v
		}
	}
	setString(&opts.From, s.From)
	setString(&opts.To, s.To)
	setString(&opts.Up, s.Up)
	if s.Density != nil {
		opts.Density = *s.Density
	}
	if s.Strict != nil {
		opts.Strict = *s.Strict
	}
	if s.Verify != nil {
		opts.NoVerify = !*s.Verify
	}
	for _, name := range slices.Sorted(maps.Keys(s.FormatOptions)) {
		opts.SetOption(name, s.FormatOptions[name]...)
	}
	for name, v := range s.Limits {
		if spec, ok := convert.LimitSpecByName(name); ok {
			*spec.Field(&opts.Limits) = v
		}
	}
	if len(s.Packages) > 0 {
		m := make(map[string]string, len(opts.Packages)+len(s.Packages))
		for k, v := range opts.Packages {
			m[k] = v
		}
		for k, v := range s.Packages {
			m[k] = v
		}
		opts.Packages = m
	}
	if len(s.AllowRoots) > 0 {
		opts.AllowRoots = append(append([]string(nil), opts.AllowRoots...), s.AllowRoots...)
	}
	if levels != nil {
		for k, v := range s.Diagnostics {
			levels[k] = v
		}
	}
}

// Apply resolves the configuration for one input (slash path relative to
// the source folder): Defaults, then every matching rule in order.
func (c *Config) Apply(rel string, opts *convert.Options, levels map[string]string) {
	c.Defaults.ApplyTo(opts, levels)
	for _, r := range c.Rules {
		if matchAny(r.Match, rel) {
			r.Settings.ApplyTo(opts, levels)
		}
	}
}

// Check verifies what parsing alone cannot: that the format names exist
// in the registry. Errors point at the line. A nil Config is fine.
func (c *Config) Check(reg *convert.Registry) error {
	if c == nil {
		return nil
	}
	all := []*Settings{&c.Defaults}
	for i := range c.Rules {
		all = append(all, &c.Rules[i].Settings)
	}
	for _, s := range all {
		for _, f := range []struct {
			key string
			v   *string
		}{{"from", s.From}, {"to", s.To}} {
			if f.v == nil {
				continue
			}
			if _, err := reg.Lookup(*f.v); err != nil {
				return &ConfigError{File: c.File, Line: s.lines[f.key], Msg: fmt.Sprintf("%s: %v", f.key, err)}
			}
		}
	}
	return nil
}

// ConfigError is a problem in a configuration file, at a line.
type ConfigError struct {
	File         string
	Line, Column int
	Msg          string
}

func (e *ConfigError) Error() string {
	var b strings.Builder
	if e.File != "" {
		b.WriteString(e.File)
		if e.Line > 0 {
			fmt.Fprintf(&b, ":%d", e.Line)
			if e.Column > 0 {
				fmt.Fprintf(&b, ":%d", e.Column)
			}
		}
		b.WriteString(": ")
	} else if e.Line > 0 {
		fmt.Fprintf(&b, "line %d: ", e.Line)
	}
	b.WriteString(e.Msg)
	return b.String()
}

// FindConfig returns the configuration in dir (physconv.yaml), or nil
// when there is none. options are the format options its keys may set
// (Registry.Options).
//
// Its packages and allowed roots must lie in dir: the configuration comes
// with the files being converted, and may not let them read beyond it.
func FindConfig(dir string, options []convert.Option) (*Config, error) {
	p := filepath.Join(dir, ConfigName)
	if _, err := os.Stat(p); os.IsNotExist(err) {
		return nil, nil
	}
	return readConfig(p, options, dir)
}

// ReadConfig reads and parses a configuration file. Relative package
// folders and allowed roots in it are taken relative to its folder;
// options are the format options its keys may set (Registry.Options).
func ReadConfig(file string, options []convert.Option) (*Config, error) {
	return readConfig(file, options, "")
}

// readConfig is ReadConfig confined to a folder ("": not confined).
func readConfig(file string, options []convert.Option, confine string) (*Config, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	c, err := parseConfig(file, data, options, confine)
	if err != nil {
		return nil, err
	}
	c.resolvePaths(filepath.Dir(file))
	return c, nil
}

func (c *Config) resolvePaths(dir string) {
	fix := func(s *Settings) {
		for k, v := range s.Packages {
			if !filepath.IsAbs(v) {
				s.Packages[k] = filepath.Join(dir, v)
			}
		}
		for i, v := range s.AllowRoots {
			if !filepath.IsAbs(v) {
				s.AllowRoots[i] = filepath.Join(dir, v)
			}
		}
	}
	fix(&c.Defaults)
	for i := range c.Rules {
		fix(&c.Rules[i].Settings)
	}
}

// validGlob checks a pattern with the matcher Batch uses.
func validGlob(p string) bool {
	return p != "" && doublestar.ValidatePattern(p) && !path.IsAbs(p)
}
