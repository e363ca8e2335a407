package batch_test

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/batch"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/godot"
)

const exampleConfig = `# physconv.yaml
include: ["**/*.box"]
exclude: "wip/**"
side-files: link
defaults:
  to: boxout
  density: 800
  strict: false
  packages:
    my_robot: robots/my_robot
  diagnostics:
    mass-computed: ignore
rules:
  - match: "robots/**"
    to: box
    up: keep
    godot: 3
  - match: ["robots/heavy/*.box", "*.bx"]
    density: 7800
    diagnostics: {box-warning: error}
`

func TestParseConfig(t *testing.T) {
	c, err := batch.ParseConfig("/p/physconv.yaml", []byte(exampleConfig), formatOptions)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Include) != 1 || c.Exclude[0] != "wip/**" || c.SideFiles != "link" || len(c.Rules) != 2 {
		t.Fatalf("config %+v", c)
	}
	if c.Rules[1].Line != 18 || len(c.Rules[1].Match) != 2 {
		t.Errorf("rule 2: line %d, match %v", c.Rules[1].Line, c.Rules[1].Match)
	}
	if err := c.Check(boxRegistry()); err != nil {
		t.Fatal(err)
	}
	resolve := func(rel string) (convert.Options, map[string]string) {
		opts := convert.Options{Up: "auto", Density: 1000}
		levels := map[string]string{}
		c.Apply(rel, &opts, levels)
		return opts, levels
	}
	o, lv := resolve("props/crate.box")
	if o.To != "boxout" || o.Density != 800 || o.Up != "auto" || lv["mass-computed"] != "ignore" || o.Packages["my_robot"] != "robots/my_robot" {
		t.Errorf("defaults: %+v %v", o, lv)
	}
	o, lv = resolve("robots/heavy/a.box")
	if o.To != "box" || o.Density != 7800 || o.Up != "keep" || o.Int(godot.VersionOption) != 3 || lv["box-warning"] != "error" {
		t.Errorf("robots/heavy rule: %+v %v", o, lv)
	}
}

func TestConfigRulesInBatch(t *testing.T) {
	src, dst := t.TempDir(), t.TempDir()
	writeTree(t, src, map[string]string{
		"physconv.yaml":      exampleConfig,
		"props/crate.box":    "box crate 1 1\n",
		"robots/arm.box":     "box arm 1 1\nwarn\n",
		"robots/heavy/h.box": "box h 1 1\nwarn\n",
		"wip/x.box":          "box x 1 1\n",
	})
	c, err := batch.FindConfig(src, formatOptions)
	if err != nil || c == nil {
		t.Fatalf("FindConfig: %v, %v", c, err)
	}
	if got := c.Defaults.Packages["my_robot"]; got != filepath.Join(src, "robots/my_robot") {
		t.Errorf("package folder not taken relative to the config file: %s", got)
	}
	sum, res, err := runBatch(t, src, dst, batch.BatchOptions{Config: c})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Inputs != 3 {
		t.Fatalf("inputs %d, want 3 (wip excluded)", sum.Inputs)
	}
	byInput := map[string]*batch.FileResult{}
	for _, r := range res {
		byInput[r.Input] = r
	}
	if r := byInput["props/crate.box"]; r.Output != "props/crate.boxout" || r.Status != batch.Converted {
		t.Errorf("crate: %+v", r)
	}
	if r := byInput["robots/arm.box"]; r.Output != "robots/arm.box" || r.To != "box" || r.Status != batch.Converted {
		t.Errorf("arm: %+v", r)
	}
	if r := byInput["robots/heavy/h.box"]; r.Status != batch.Failed || !r.Diagnostics.Has("diagnostic-is-error") {
		t.Errorf("heavy: %+v", r)
	}
	for _, r := range res {
		if r.Diagnostics.Has("mass-computed") {
			t.Errorf("%s: mass-computed should be ignored by the config", r.Input)
		}
	}
	// A flag given explicitly wins over the configuration.
	to := "boxout"
	_, res, _ = runBatch(t, src, t.TempDir(), batch.BatchOptions{Config: c, Overrides: batch.Settings{To: &to}})
	for _, r := range res {
		if r.To != "boxout" && r.Status == batch.Converted {
			t.Errorf("%s went to %s despite the override", r.Input, r.To)
		}
	}
}

func TestConfigErrorsPointAtTheLine(t *testing.T) {
	cases := []struct {
		name, yaml string
		line       int
		msg        string
	}{
		{"unknown top key", "include: '*.box'\nrulez: []\n", 2, `unknown key "rulez"`},
		{"unknown setting", "defaults:\n  to: boxout\n  densty: 3\n", 3, `unknown key "densty"`},
		{"bad up", "defaults:\n  up: sideways\n", 2, `up must be auto or keep, not "sideways"`},
		{"bad density", "defaults:\n\n  density: heavy\n", 3, "density must be a positive number"},
		{"negative density", "rules:\n  - match: '*'\n    density: -1\n", 3, "density must be a positive number"},
		{"bad bool", "defaults:\n  strict: yes\n", 2, "strict must be true or false"},
		{"bad level", "defaults:\n  diagnostics:\n    mass-computed: loud\n", 3, "must be error or warning or info or ignore"},
		{"bad code", "defaults:\n  diagnostics:\n    Mass_Computed: ignore\n", 3, "is not a diagnostic code"},
		{"rule without match", "rules:\n  - to: boxout\n", 2, "a rule needs match"},
		{"rules not a list", "rules:\n  match: x\n", 2, "rules must be a list"},
		{"bad glob", "exclude: ['ok/**', '[oops']\n", 1, "not a valid relative glob"},
		{"duplicate key", "defaults:\n  to: box\n  to: boxout\n", 3, `key "to" given twice`},
		{"bad godot", "defaults:\n  godot: 5\n", 2, "godot must be 3 or 4"},
		{"syntax", "include: '*.box'\nexclude:\n\t- x\n", 3, "YAML syntax: found character that cannot start any token"},
		{"side files", "side-files: move\n", 1, "side-files must be copy or link or none"},
		{"match in defaults", "defaults:\n  match: '*'\n", 2, `unknown key "match"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := batch.ParseConfig("physconv.yaml", []byte(c.yaml), formatOptions)
			var ce *batch.ConfigError
			if !errors.As(err, &ce) {
				t.Fatalf("err = %v, want a ConfigError", err)
			}
			if ce.Line != c.line || !strings.Contains(ce.Msg, c.msg) {
				t.Errorf("got line %d %q, want line %d containing %q", ce.Line, ce.Msg, c.line, c.msg)
			}
			if !strings.HasPrefix(err.Error(), "physconv.yaml:") {
				t.Errorf("message does not start with file:line: %s", err)
			}
		})
	}
	t.Run("unknown format", func(t *testing.T) {
		c, err := batch.ParseConfig("physconv.yaml", []byte("defaults:\n  to: box\nrules:\n  - match: '*'\n    to: tscn\n"), formatOptions)
		if err != nil {
			t.Fatal(err)
		}
		err = c.Check(boxRegistry())
		var ce *batch.ConfigError
		if !errors.As(err, &ce) || ce.Line != 5 || !strings.Contains(ce.Msg, `unknown format "tscn"`) {
			t.Errorf("err = %v", err)
		}
	})
	t.Run("empty file", func(t *testing.T) {
		c, err := batch.ParseConfig("physconv.yaml", []byte("# nothing yet\n"), formatOptions)
		if err != nil || c == nil || len(c.Rules) != 0 {
			t.Errorf("empty config: %+v, %v", c, err)
		}
	})
}

// formatOptions are the options every format declares, as the CLI passes
// them to the configuration parser.
var formatOptions = all.Registry().Options()

// TestConfigVerify: verify: false in physconv.yaml skips verification
// (Options.NoVerify), and a rule can turn it back on.
func TestConfigVerify(t *testing.T) {
	c, err := batch.ParseConfig("physconv.yaml", []byte("defaults:\n  verify: false\nrules:\n  - match: 'checked/*'\n    verify: true\n"), formatOptions)
	if err != nil {
		t.Fatal(err)
	}
	for rel, want := range map[string]bool{"a.box": true, "checked/b.box": false} {
		var opts convert.Options
		c.Apply(rel, &opts, nil)
		if opts.NoVerify != want {
			t.Errorf("%s: NoVerify %v, want %v", rel, opts.NoVerify, want)
		}
	}
	if _, err := batch.ParseConfig("physconv.yaml", []byte("defaults:\n  verify: maybe\n"), formatOptions); err == nil || !strings.Contains(err.Error(), "verify") {
		t.Errorf("verify: maybe: %v", err)
	}
}
