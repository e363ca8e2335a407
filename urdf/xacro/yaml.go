package xacro

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// unitTags are xacro's YAML tags for values with units, as factors to
// radians and meters.
var unitTags = map[string]float64{
	"!radians": 1, "!degrees": math.Pi / 180,
	"!meters": 1, "!millimeters": 0.001, "!foot": 0.3048, "!inches": 0.0254,
}

// maxYAMLNodes bounds a YAML document (aliases can multiply it).
const maxYAMLNodes = 1 << 20

// loadYAML reads a YAML file into dicts, lists and scalars.
func (x *expander) loadYAML(file string) (any, error) {
	x.includes++
	if x.includes > x.opts.MaxIncludes {
		return nil, fmt.Errorf("more than %d files included", x.opts.MaxIncludes)
	}
	if x.opts.ReadFile == nil {
		return nil, fmt.Errorf("cannot read %s: no file access", file)
	}
	data, err := x.opts.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("cannot read %s: %w", file, err)
	}
	x.read = append(x.read, file)
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("%s: %v", file, err)
	}
	if doc.Kind == 0 {
		return nil, nil
	}
	budget := maxYAMLNodes
	v, err := x.yamlValue(&doc, &budget, 0)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", file, err)
	}
	return v, nil
}

func (x *expander) yamlValue(n *yaml.Node, budget *int, depth int) (any, error) {
	*budget--
	if *budget < 0 {
		return nil, errors.New("YAML document too large (aliases?)")
	}
	if depth > 200 {
		return nil, errors.New("YAML nested too deeply")
	}
	switch n.Kind {
	case yaml.DocumentNode:
		if len(n.Content) == 0 {
			return nil, nil
		}
		return x.yamlValue(n.Content[0], budget, depth+1)
	case yaml.AliasNode:
		return x.yamlValue(n.Alias, budget, depth+1)
	case yaml.SequenceNode:
		out := make([]any, 0, len(n.Content))
		for _, c := range n.Content {
			v, err := x.yamlValue(c, budget, depth+1)
			if err != nil {
				return nil, err
			}
			out = append(out, v)
		}
		return out, nil
	case yaml.MappingNode:
		d := NewDict()
		for i := 0; i+1 < len(n.Content); i += 2 {
			kn, vn := n.Content[i], n.Content[i+1]
			if kn.Tag == "!!merge" {
				src, err := x.yamlValue(vn, budget, depth+1)
				if err != nil {
					return nil, err
				}
				if sd, ok := src.(*Dict); ok {
					for _, k := range sd.keys {
						if _, has := d.Get(k); !has {
							d.Set(k, sd.m[k])
						}
					}
				}
				continue
			}
			k, err := x.yamlValue(kn, budget, depth+1)
			if err != nil {
				return nil, err
			}
			if err := hashable(k); err != nil {
				return nil, fmt.Errorf("line %d: %v", kn.Line, err)
			}
			v, err := x.yamlValue(vn, budget, depth+1)
			if err != nil {
				return nil, err
			}
			d.Set(k, v)
		}
		return d, nil
	case yaml.ScalarNode:
		if f, ok := unitTags[n.Tag]; ok {
			v, err := EvalExpr(n.Value, x.global)
			if err != nil {
				return nil, fmt.Errorf("line %d: invalid expression %q: %v", n.Line, n.Value, err)
			}
			num, ok := number(v)
			if !ok {
				return nil, fmt.Errorf("line %d: %s value %q is not a number", n.Line, n.Tag, n.Value)
			}
			return num * f, nil
		}
		if n.Style&(yaml.SingleQuotedStyle|yaml.DoubleQuotedStyle|yaml.LiteralStyle|yaml.FoldedStyle|yaml.TaggedStyle) == 0 && (n.Tag == "" || n.Tag == "!!str" || n.Tag == "!!int" || n.Tag == "!!float" || n.Tag == "!!bool" || n.Tag == "!!null") {
			return yaml11(n.Value), nil
		}
		switch n.ShortTag() {
		case "!!null":
			return nil, nil
		case "!!bool":
			var b bool
			if err := n.Decode(&b); err != nil {
				return nil, fmt.Errorf("line %d: %v", n.Line, err)
			}
			return b, nil
		case "!!int":
			var i int64
			if err := n.Decode(&i); err != nil {
				var f float64
				if err2 := n.Decode(&f); err2 == nil {
					return f, nil
				}
				return nil, fmt.Errorf("line %d: %v", n.Line, err)
			}
			return i, nil
		case "!!float":
			s := strings.ToLower(strings.TrimSpace(n.Value))
			switch s {
			case ".inf", "+.inf":
				return math.Inf(1), nil
			case "-.inf":
				return math.Inf(-1), nil
			case ".nan":
				return math.NaN(), nil
			}
			f, err := strconv.ParseFloat(strings.ReplaceAll(s, "_", ""), 64)
			if err != nil && !isRangeErr(err) {
				return nil, fmt.Errorf("line %d: %q is not a number", n.Line, n.Value)
			}
			return f, nil
		}
		return n.Value, nil
	}
	return nil, fmt.Errorf("line %d: unsupported YAML node", n.Line)
}

// The implicit types of YAML 1.1 plain scalars, as PyYAML (xacro's
// reader) resolves them: yes/no/on/off are booleans, a float needs a dot,
// 0o… is octal as 0….
var (
	yamlBool  = lazyRegexp(`^(?:yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$`)
	yamlFloat = lazyRegexp(`^(?:[-+]?[0-9][0-9_]*\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$`)
	yamlInt   = lazyRegexp(`^(?:[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+)$`)
	yamlNull  = lazyRegexp(`^(?:~|null|Null|NULL|)$`)
)

func yaml11(s string) any {
	switch {
	case yamlNull().MatchString(s):
		return nil
	case yamlBool().MatchString(s):
		switch s[0] {
		case 'y', 'Y', 't', 'T':
			return true
		case 'o', 'O':
			return s[1] == 'n' || s[1] == 'N'
		}
		return false
	case yamlInt().MatchString(s):
		t := strings.ReplaceAll(s, "_", "")
		neg := strings.HasPrefix(t, "-")
		t = strings.TrimLeft(t, "+-")
		base := 10
		switch {
		case strings.HasPrefix(t, "0b"):
			t, base = t[2:], 2
		case strings.HasPrefix(t, "0x"):
			t, base = t[2:], 16
		case len(t) > 1 && t[0] == '0':
			t, base = t[1:], 8
		}
		i, err := strconv.ParseInt(t, base, 64)
		if err != nil {
			f, _ := strconv.ParseFloat(strings.ReplaceAll(s, "_", ""), 64)
			return f
		}
		if neg {
			i = -i
		}
		return i
	case yamlFloat().MatchString(s):
		t := strings.ToLower(strings.ReplaceAll(s, "_", ""))
		switch strings.TrimLeft(t, "+") {
		case ".inf":
			return math.Inf(1)
		case "-.inf":
			return math.Inf(-1)
		case ".nan":
			return math.NaN()
		}
		f, _ := strconv.ParseFloat(t, 64)
		return f
	}
	return s
}
