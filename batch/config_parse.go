package batch

import (
	"fmt"
	"math"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/resolve"
	"gopkg.in/yaml.v3"
)

// ParseConfig parses a physconv.yaml document. Unknown keys, wrong types
// and bad values are errors (*ConfigError) that name the line; file is
// used in messages only. The format:
//
//	include: ["**/*.urdf", "**/*.gltf"]   # string or list of globs
//	exclude: "**/wip/**"
//	side-files: copy                     # copy | link | none
//	defaults:                            # settings for every input
//	  to: godot
//	  density: 800
//	  diagnostics: {mass-computed: ignore, shape-approximated: error}
//	rules:                               # later rules win
//	  - match: "robots/**"
//	    to: mjcf
//	    up: keep
//
// Settings keys: from, to, up, density, strict, packages, allow-roots,
// diagnostics, the limits max-input-bytes, max-nodes, max-triangles,
// max-elements, and the name of every format option in options (khr-geometry,
// capsule, godot, …; see Registry.Options) — the same values as the
// command-line flags.
func ParseConfig(file string, data []byte, options []convert.Option) (*Config, error) {
	return parseConfig(file, data, options, "")
}

// parseConfig is ParseConfig; confine, when not "", is the folder the
// file's packages and allowed roots must lie in.
func parseConfig(file string, data []byte, options []convert.Option, confine string) (*Config, error) {
	p := &configParser{file: file, options: options}
	if confine != "" {
		abs, err := filepath.Abs(confine)
		if err != nil {
			return nil, err
		}
		p.confine, p.confineReal = abs, abs
		if real, err := filepath.EvalSymlinks(abs); err == nil {
			p.confineReal = real
		}
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, p.yamlError(err)
	}
	c := &Config{File: file}
	if doc.Kind == 0 || len(doc.Content) == 0 {
		return c, nil
	}
	root := doc.Content[0]
	if root.Kind == yaml.ScalarNode && root.Tag == "!!null" {
		return c, nil
	}
	err := p.mapping(root, "the configuration", func(key string, k, v *yaml.Node) error {
		switch key {
		case "include":
			return p.globs(v, key, &c.Include)
		case "exclude":
			return p.globs(v, key, &c.Exclude)
		case "side-files":
			return p.oneOf(v, key, &c.SideFiles, SideCopy, SideLink, SideNone)
		case "defaults":
			return p.settings(v, key, &c.Defaults, nil)
		case "rules":
			return p.rules(v, c)
		}
		return p.errAt(k, "unknown key %q (known: include, exclude, side-files, defaults, rules)", key)
	})
	if err != nil {
		return nil, err
	}
	return c, nil
}

type configParser struct {
	file    string
	options []convert.Option // format options the settings may set
	// confine is the folder (absolute; its real path too) that packages
	// and allowed roots must lie in ("": anywhere)
	confine, confineReal string
}

func (p *configParser) errAt(n *yaml.Node, format string, args ...any) error {
	return &ConfigError{File: p.file, Line: n.Line, Column: n.Column, Msg: fmt.Sprintf(format, args...)}
}

var yamlLine = regexp.MustCompile(`line (\d+)`)

// yamlError turns a YAML syntax error into a ConfigError at its line.
func (p *configParser) yamlError(err error) error {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	line := 0
	if m := yamlLine.FindStringSubmatch(msg); m != nil {
		line, _ = strconv.Atoi(m[1])
		msg = strings.TrimSpace(strings.TrimPrefix(strings.Replace(msg, m[0], "", 1), ":"))
	}
	return &ConfigError{File: p.file, Line: line, Msg: "YAML syntax: " + msg}
}

// mapping walks a mapping node's keys in order, refusing duplicates.
func (p *configParser) mapping(n *yaml.Node, what string, each func(key string, k, v *yaml.Node) error) error {
	if n.Kind != yaml.MappingNode {
		return p.errAt(n, "%s must be a mapping of keys to values", what)
	}
	seen := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Kind != yaml.ScalarNode {
			return p.errAt(k, "keys of %s must be plain names", what)
		}
		if seen[k.Value] {
			return p.errAt(k, "key %q given twice in %s", k.Value, what)
		}
		seen[k.Value] = true
		if err := each(k.Value, k, v); err != nil {
			return err
		}
	}
	return nil
}

func (p *configParser) scalar(n *yaml.Node, key string) (string, error) {
	if n.Kind != yaml.ScalarNode || n.Tag == "!!null" {
		return "", p.errAt(n, "%s must be a single value", key)
	}
	return n.Value, nil
}

func (p *configParser) str(n *yaml.Node, key string, dst **string) error {
	v, err := p.scalar(n, key)
	if err != nil {
		return err
	}
	if v == "" {
		return p.errAt(n, "%s must not be empty", key)
	}
	*dst = &v
	return nil
}

func (p *configParser) oneOf(n *yaml.Node, key string, dst *string, allowed ...string) error {
	v, err := p.scalar(n, key)
	if err != nil {
		return err
	}
	for _, a := range allowed {
		if v == a {
			*dst = v
			return nil
		}
	}
	return p.errAt(n, "%s must be %s, not %q", key, strings.Join(allowed, " or "), v)
}

func (p *configParser) oneOfPtr(n *yaml.Node, key string, dst **string, allowed ...string) error {
	var v string
	if err := p.oneOf(n, key, &v, allowed...); err != nil {
		return err
	}
	*dst = &v
	return nil
}

func (p *configParser) boolean(n *yaml.Node, key string, dst **bool) error {
	v, err := p.scalar(n, key)
	if err != nil {
		return err
	}
	switch v {
	case "true":
		*dst = convert.Ptr(true)
	case "false":
		*dst = convert.Ptr(false)
	default:
		return p.errAt(n, "%s must be true or false, not %q", key, v)
	}
	return nil
}

// list accepts one scalar or a sequence of scalars.
func (p *configParser) list(n *yaml.Node, key string) ([]*yaml.Node, error) {
	if n.Kind == yaml.ScalarNode && n.Tag != "!!null" {
		return []*yaml.Node{n}, nil
	}
	if n.Kind != yaml.SequenceNode {
		return nil, p.errAt(n, "%s must be a string or a list of strings", key)
	}
	for _, e := range n.Content {
		if e.Kind != yaml.ScalarNode || e.Tag == "!!null" {
			return nil, p.errAt(e, "%s must be a string or a list of strings", key)
		}
	}
	return n.Content, nil
}

func (p *configParser) globs(n *yaml.Node, key string, dst *[]string) error {
	items, err := p.list(n, key)
	if err != nil {
		return err
	}
	for _, e := range items {
		if !validGlob(e.Value) {
			return p.errAt(e, "%s: %q is not a valid relative glob pattern", key, e.Value)
		}
		*dst = append(*dst, e.Value)
	}
	return nil
}

func (p *configParser) rules(n *yaml.Node, c *Config) error {
	if n.Kind != yaml.SequenceNode {
		return p.errAt(n, "rules must be a list of rules, each with match and settings")
	}
	for _, rn := range n.Content {
		r := Rule{Line: rn.Line}
		if err := p.settings(rn, "a rule", &r.Settings, &r.Match); err != nil {
			return err
		}
		if len(r.Match) == 0 {
			return p.errAt(rn, "a rule needs match: a glob or a list of globs")
		}
		c.Rules = append(c.Rules, r)
	}
	return nil
}

var diagCode = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// settings parses a settings mapping; match is non-nil inside a rule.
func (p *configParser) settings(n *yaml.Node, what string, s *Settings, match *[]string) error {
	s.lines = map[string]int{}
	return p.mapping(n, what, func(key string, k, v *yaml.Node) error {
		s.lines[key] = v.Line
		switch key {
		case "match":
			if match != nil {
				return p.globs(v, key, match)
			}
		case "from":
			return p.str(v, key, &s.From)
		case "to":
			return p.str(v, key, &s.To)
		case "up":
			return p.oneOfPtr(v, key, &s.Up, "auto", "keep")
		case "strict":
			return p.boolean(v, key, &s.Strict)
		case "verify":
			return p.boolean(v, key, &s.Verify)
		case "density":
			return p.density(v, s)
		case "packages":
			return p.packages(v, s)
		case "allow-roots":
			items, err := p.list(v, key)
			for _, e := range items {
				if err := p.inside(e, key); err != nil {
					return err
				}
				s.AllowRoots = append(s.AllowRoots, e.Value)
			}
			return err
		case "diagnostics":
			return p.levels(v, s)
		}
		if _, ok := convert.LimitSpecByName(key); ok {
			return p.limit(v, key, s)
		}
		if opt, ok := p.option(key); ok {
			return p.formatOption(v, opt, s)
		}
		known := "from, to, up, density, strict, verify, packages, allow-roots, diagnostics, max-input-bytes, max-nodes, max-triangles, max-elements"
		for _, opt := range p.options {
			known += ", " + opt.Name
		}
		if match != nil {
			known = "match, " + known
		}
		return p.errAt(k, "unknown key %q in %s (known: %s)", key, what, known)
	})
}

func (p *configParser) density(n *yaml.Node, s *Settings) error {
	v, err := p.scalar(n, "density")
	if err != nil {
		return err
	}
	d, err := strconv.ParseFloat(v, 64)
	if err != nil || !(d > 0) || math.IsInf(d, 0) {
		return p.errAt(n, "density must be a positive number of kg/m³, not %q", v)
	}
	s.Density = &d
	return nil
}

// limit parses a budget key (max-nodes: 5M …).
func (p *configParser) limit(n *yaml.Node, key string, s *Settings) error {
	v, err := p.scalar(n, key)
	if err != nil {
		return err
	}
	l, err := convert.ParseLimit(v)
	if err != nil {
		return p.errAt(n, "%s: %v", key, err)
	}
	if s.Limits == nil {
		s.Limits = map[string]int64{}
	}
	s.Limits[key] = l
	return nil
}

// inside refuses a folder (relative to the file's own) outside the
// folder the configuration is confined to: a physconv.yaml found in the
// folder being converted comes with its assets, and may not widen what
// they can read beyond that folder (an asset pack allowing "/" read any
// file into its outputs). A configuration named on the command line, or
// --allow-root and --package, may.
func (p *configParser) inside(n *yaml.Node, key string) error {
	if p.confine == "" {
		return nil
	}
	dir := n.Value
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(filepath.Dir(p.file), dir)
	}
	_, inside := resolve.Within(p.confine, dir)
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		_, realInside := resolve.Within(p.confineReal, real)
		inside = inside && realInside
	}
	if !inside {
		return p.errAt(n, "%s: %q lies outside %s; a %s found in the folder being converted may only name folders inside it (name a configuration with --config, or give --allow-root or --package, to reach others)", key, n.Value, p.confine, ConfigName)
	}
	return nil
}

func (p *configParser) packages(n *yaml.Node, s *Settings) error {
	s.Packages = map[string]string{}
	return p.mapping(n, "packages", func(name string, k, v *yaml.Node) error {
		dir, err := p.scalar(v, "packages."+name)
		if err != nil {
			return err
		}
		if dir == "" {
			return p.errAt(v, "packages.%s must name a folder", name)
		}
		if err := p.inside(v, "packages."+name); err != nil {
			return err
		}
		s.Packages[name] = dir
		return nil
	})
}

func (p *configParser) levels(n *yaml.Node, s *Settings) error {
	s.Diagnostics = map[string]string{}
	return p.mapping(n, "diagnostics", func(code string, k, v *yaml.Node) error {
		if !diagCode.MatchString(code) {
			return p.errAt(k, "diagnostics: %q is not a diagnostic code (kebab-case, like mass-computed)", code)
		}
		var level string
		if err := p.oneOf(v, "diagnostics."+code, &level, "error", "warning", "info", "ignore"); err != nil {
			return err
		}
		s.Diagnostics[code] = level
		return nil
	})
}

func (p *configParser) option(key string) (convert.Option, bool) {
	for _, opt := range p.options {
		if opt.Name == key {
			return opt, true
		}
	}
	return convert.Option{}, false
}

// formatOption reads a format option's value: a scalar checked against the
// declaration, or for NAME=VALUE options a mapping of names to values.
func (p *configParser) formatOption(n *yaml.Node, opt convert.Option, s *Settings) error {
	var values []string
	if opt.Kind == convert.OptionPairs {
		err := p.mapping(n, opt.Name, func(name string, k, v *yaml.Node) error {
			value, err := p.scalar(v, opt.Name+"."+name)
			values = append(values, name+"="+value)
			return err
		})
		if err != nil {
			return err
		}
	} else {
		v, err := p.scalar(n, opt.Name)
		if err != nil {
			return err
		}
		if err := opt.Check(v); err != nil {
			return p.errAt(n, "%v", err)
		}
		values = []string{v}
	}
	if s.FormatOptions == nil {
		s.FormatOptions = map[string][]string{}
	}
	s.FormatOptions[opt.Name] = append(s.FormatOptions[opt.Name], values...)
	return nil
}
