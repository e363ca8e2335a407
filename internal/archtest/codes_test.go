package archtest

import (
	"flag"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
)

var update = flag.Bool("update", false, "rewrite README.md's diagnostic tables from convert's code table")

// codeConstants reads the Code constants of convert/codes.go: name → value,
// failing on two constants with one value.
func codeConstants(t *testing.T) map[string]convert.Code {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "../../convert/codes.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	consts := map[string]convert.Code{}
	byValue := map[convert.Code]string{}
	for _, decl := range f.Decls {
		gd, ok := decl.(*ast.GenDecl)
		if !ok || gd.Tok != token.CONST {
			continue
		}
		for _, spec := range gd.Specs {
			vs := spec.(*ast.ValueSpec)
			if id, ok := vs.Type.(*ast.Ident); !ok || id.Name != "Code" {
				continue
			}
			for k, name := range vs.Names {
				lit, ok := vs.Values[k].(*ast.BasicLit)
				if !ok {
					t.Errorf("%s is not a string literal", name.Name)
					continue
				}
				v, _ := strconv.Unquote(lit.Value)
				if other, dup := byValue[convert.Code(v)]; dup {
					t.Errorf("%s and %s share the value %q", other, name.Name, v)
				}
				byValue[convert.Code(v)] = name.Name
				consts[name.Name] = convert.Code(v)
			}
		}
	}
	if len(consts) < 100 {
		t.Fatalf("found only %d code constants in convert/codes.go", len(consts))
	}
	return consts
}

// sourceFiles lists the module's non-test Go files.
func sourceFiles(t *testing.T) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir("../..", func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && p != "../.." {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(p, ".go") && !strings.HasSuffix(p, "_test.go") {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// TestDiagnosticCodes proves the code table closed: every code the sources
// write is a table constant with a row, every row is written somewhere,
// and no source writes a code as a bare string.
func TestDiagnosticCodes(t *testing.T) {
	consts := codeConstants(t)
	rows := map[convert.Code]bool{}
	for _, r := range convert.Codes() {
		rows[r.Code] = true
	}
	for name, v := range consts {
		if !rows[v] {
			t.Errorf("%s (%q) has no row in the code table", name, v)
		}
	}
	if len(rows) != len(consts) {
		t.Errorf("%d table rows for %d constants", len(rows), len(consts))
	}
	used := map[convert.Code][]string{}
	// A code is written as convert.CodeX (or CodeX inside convert); a
	// string where a code belongs (a Code field or a conversion) is not
	// allowed, so a new event cannot bypass the table.
	bare := regexp.MustCompile(`\bCode:\s*"|convert\.Code\(|\bcode:\s*"`)
	for _, p := range sourceFiles(t) {
		if strings.HasSuffix(p, "convert/codes.go") {
			continue
		}
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(token.NewFileSet(), p, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		inConvert := f.Name.Name == "convert"
		ast.Inspect(f, func(n ast.Node) bool {
			var name string
			switch x := n.(type) {
			case *ast.SelectorExpr:
				if pkg, ok := x.X.(*ast.Ident); ok && pkg.Name == "convert" {
					name = x.Sel.Name
				}
			case *ast.Ident:
				if inConvert {
					name = x.Name
				}
			}
			if v, ok := consts[name]; ok {
				used[v] = append(used[v], p)
			}
			return true
		})
		for _, loc := range bare.FindAllIndex(src, -1) {
			line := 1 + strings.Count(string(src[:loc[0]]), "\n")
			t.Errorf("%s:%d: a diagnostic code written as a string; use a constant of convert/codes.go", p, line)
		}
	}
	var unused []string
	for _, r := range convert.Codes() {
		if len(used[r.Code]) == 0 {
			unused = append(unused, string(r.Code))
		}
	}
	sort.Strings(unused)
	if len(unused) > 0 {
		t.Errorf("table rows no source writes (remove them or use them):\n  %s", strings.Join(unused, "\n  "))
	}
}

const (
	tableBegin = "<!-- diagnostic codes: generated from convert/codes.go by go test ./internal/archtest -run TestDiagnosticTable -update -->"
	tableEnd   = "<!-- end of diagnostic codes -->"
)

// diagnosticTables renders the code table as README sections.
func diagnosticTables() string {
	var b strings.Builder
	b.WriteString(tableBegin + "\n")
	section := ""
	for _, r := range convert.Codes() {
		if r.Section != section {
			section = r.Section
			b.WriteString("\n**" + section + "**\n\n| code | sev | affects | meaning |\n|---|---|---|---|\n")
		}
		sev := strings.ToUpper(r.Severity.String()[:1])
		if r.Variable {
			sev = "I/W"
		}
		b.WriteString("| `" + string(r.Code) + "` | " + sev + " | " + strings.ReplaceAll(r.Quantities.String(), ",", ", ") + " | " + r.Meaning + " |\n")
	}
	b.WriteString("\n" + tableEnd)
	return b.String()
}

// TestDiagnosticTable keeps README.md's diagnostic tables equal to the
// code table (-update rewrites them).
func TestDiagnosticTable(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	s := string(readme)
	i, j := strings.Index(s, tableBegin), strings.Index(s, tableEnd)
	if i < 0 || j < i {
		t.Fatalf("README.md lacks the generated diagnostic tables (markers %q … %q)", tableBegin, tableEnd)
	}
	want := diagnosticTables()
	got := s[i : j+len(tableEnd)]
	if got == want {
		return
	}
	if *update {
		if err := os.WriteFile("../../README.md", []byte(s[:i]+want+s[j+len(tableEnd):]), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("README.md's diagnostic tables differ from convert/codes.go; run go test ./internal/archtest -run TestDiagnosticTable -update")
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
