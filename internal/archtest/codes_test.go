package archtest

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/physconv/physconv/all"
)

// diagnosticCall matches the places a diagnostic code is written: the
// Diagnostics helpers (Warnf, Infof, Add), the formats' own note/warn/info
// helpers, Code fields and Code… constants.
var diagnosticCall = regexp.MustCompile(
	`(?:(?:Warnf|Infof|warn|info|warnf|infof)\(\s*|(?:Add|note|add)\((?:convert\.)?(?:Info|Warning|Error|sev\w*),\s*|\bCode:\s*|\bcode:\s*|\bCode\w*\s*=\s*)"([a-z0-9]+(?:-[a-z0-9]+)+)"`)

// TestDiagnosticCodesDocumented keeps the README's diagnostic table
// current: every code the sources write must have a row.
func TestDiagnosticCodesDocumented(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	documented := map[string]bool{}
	for _, m := range regexp.MustCompile("`([a-z0-9]+(?:-[a-z0-9]+)+)`").FindAllStringSubmatch(string(readme), -1) {
		documented[m[1]] = true
	}
	used := map[string][]string{}
	err = filepath.WalkDir("../..", func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && p != "../.." {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		for _, m := range diagnosticCall.FindAllStringSubmatch(string(src), -1) {
			used[m[1]] = append(used[m[1]], p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(used) < 50 {
		t.Fatalf("found only %d diagnostic codes; the pattern no longer matches the sources", len(used))
	}
	var missing []string
	for code, files := range used {
		if !documented[code] {
			missing = append(missing, code+" ("+files[0]+")")
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("diagnostic codes missing from README.md's table:\n  %s", strings.Join(missing, "\n  "))
	}
}

// TestREADMEListsFormatOptions: every option a format declares has a row
// in README's option table.
func TestREADMEListsFormatOptions(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, opt := range all.Registry().Options() {
		if !strings.Contains(string(readme), "| `--"+opt.Name+"` |") {
			t.Errorf("README has no option row for --%s", opt.Name)
		}
	}
}
