package convert

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// OptionKind is the type of a format option's value.
type OptionKind int

const (
	// OptionString is free text, or one of Option.Values when set.
	OptionString OptionKind = iota
	// OptionBool is true or false.
	OptionBool
	// OptionInt is a whole number, or one of Option.Values when set.
	OptionInt
	// OptionPairs is repeatable NAME=VALUE (a flag given several times, a
	// mapping in physconv.yaml).
	OptionPairs
)

// OptionSide says which step of a conversion reads an option, so commands
// that only parse (inspect, validate) offer only the parse-side ones.
type OptionSide int

const (
	// ParseSide options change how a file is read.
	ParseSide OptionSide = iota
	// EmitSide options change how a file is written.
	EmitSide
)

// Option declares one knob a format owns: its name (the command-line flag
// and the physconv.yaml key), type, default, allowed values and help. A
// format lists its options on its Format descriptor and reads their values
// from Options with Value, Bool, Int or Pairs; the core carries the values
// without knowing what they mean. Two formats may share one option (the
// glTF readers share collision-names) by listing the same declaration.
type Option struct {
	Name    string
	Kind    OptionKind
	Side    OptionSide
	Default string   // value when not given; "" for none
	Values  []string // allowed values of a String or Int option; nil = any
	Usage   string   // one line for --help
}

// Check reports whether v is a valid value of the option. For OptionPairs v
// is one NAME=VALUE pair.
func (o Option) Check(v string) error {
	switch o.Kind {
	case OptionBool:
		if _, err := strconv.ParseBool(v); err != nil || (v != "true" && v != "false") {
			return fmt.Errorf("%s must be true or false, not %q", o.Name, v)
		}
		return nil
	case OptionInt:
		if _, err := strconv.Atoi(v); err != nil {
			return fmt.Errorf("%s must be a whole number, not %q", o.Name, v)
		}
	case OptionPairs:
		name, _, ok := strings.Cut(v, "=")
		if !ok || name == "" {
			return fmt.Errorf("%s wants NAME=VALUE, not %q", o.Name, v)
		}
		return nil
	}
	if o.Values != nil && !slices.Contains(o.Values, v) {
		return fmt.Errorf("%s must be %s, not %q", o.Name, orList(o.Values), v)
	}
	return nil
}

// orList spells values as "a, b or c".
func orList(vs []string) string {
	if len(vs) == 1 {
		return vs[0]
	}
	return strings.Join(vs[:len(vs)-1], ", ") + " or " + vs[len(vs)-1]
}

// SetOption records values given for a format option (the last one wins
// for a single-valued option; every pair counts for OptionPairs). It does
// not validate: callers check values with Option.Check where they know the
// declaration. The map is copied, so Options sharing a base stay apart.
func (o *Options) SetOption(name string, values ...string) {
	m := make(map[string][]string, len(o.FormatOptions)+1)
	for k, v := range o.FormatOptions {
		m[k] = v
	}
	m[name] = append(append([]string(nil), m[name]...), values...)
	o.FormatOptions = m
}

// OptionGiven reports whether a value was given for the option.
func (o *Options) OptionGiven(opt Option) bool {
	return o != nil && len(o.FormatOptions[opt.Name]) > 0
}

// Value returns the option's last given value, else its default.
func (o *Options) Value(opt Option) string {
	if o != nil {
		if vs := o.FormatOptions[opt.Name]; len(vs) > 0 {
			return vs[len(vs)-1]
		}
	}
	return opt.Default
}

// Bool returns a boolean option's value (false when neither given nor
// defaulted, or not a boolean).
func (o *Options) Bool(opt Option) bool {
	b, _ := strconv.ParseBool(o.Value(opt))
	return b
}

// Int returns a whole-number option's value (0 when neither given nor
// defaulted, or not a number).
func (o *Options) Int(opt Option) int {
	n, _ := strconv.Atoi(o.Value(opt))
	return n
}

// Pairs returns the NAME=VALUE pairs of an OptionPairs option as a map;
// a later pair for the same name wins.
func (o *Options) Pairs(opt Option) map[string]string {
	m := map[string]string{}
	if o == nil {
		return m
	}
	for _, p := range o.FormatOptions[opt.Name] {
		if name, value, ok := strings.Cut(p, "="); ok {
			m[name] = value
		}
	}
	return m
}

// Options returns every option the registry's formats declare, each name
// once, sorted by name. Two formats declaring one name must declare the
// same option; the first declaration is kept (a test checks they agree).
func (r *Registry) Options() []Option {
	var out []Option
	seen := map[string]bool{}
	for _, f := range r.formats {
		for _, opt := range f.Options {
			if !seen[opt.Name] {
				seen[opt.Name] = true
				out = append(out, opt)
			}
		}
	}
	slices.SortFunc(out, func(a, b Option) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// With returns a copy of o with opt set to values (a nil o counts as the
// zero Options), for callers that build options in code.
func (o *Options) With(opt Option, values ...string) *Options {
	c := Options{}
	if o != nil {
		c = *o
	}
	c.SetOption(opt.Name, values...)
	return &c
}

// WithPairs returns a copy of o with the NAME=VALUE pairs of m added to an
// OptionPairs option, in name order.
func (o *Options) WithPairs(opt Option, m map[string]string) *Options {
	var values []string
	for _, name := range slices.Sorted(maps.Keys(m)) {
		values = append(values, name+"="+m[name])
	}
	return o.With(opt, values...)
}
