package archtest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// builtinTypes are the predeclared type names: lower-case, yet public.
var builtinTypes = map[string]bool{
	"bool": true, "byte": true, "complex64": true, "complex128": true, "error": true, "float32": true,
	"float64": true, "int": true, "int8": true, "int16": true, "int32": true, "int64": true, "rune": true,
	"string": true, "uint": true, "uint8": true, "uint16": true, "uint32": true, "uint64": true,
	"uintptr": true, "any": true, "comparable": true,
}

// TestPublicAPIIsNarrow: no exported function, method, variable, field or
// type of a public package names an internal package's type or an
// unexported type, so a program using the library never meets a type it
// cannot name. (A type from internal/ may be re-exported on purpose by an
// exported alias; signatures then use the alias.)
func TestPublicAPIIsNarrow(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}} {{.Dir}} {{.Name}}", module+"/...").Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		pkg, dir, name := f[0], f[1], f[2]
		if strings.Contains(pkg, "/internal/") || name == "main" {
			continue
		}
		for _, problem := range apiProblems(t, dir) {
			t.Errorf("%s: %s", pkg, problem)
		}
	}
}

// apiProblems lists the exported declarations of the package in dir that
// name an internal or unexported type.
func apiProblems(t *testing.T, dir string) []string {
	var problems []string
	fset := token.NewFileSet()
	files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	for _, file := range files {
		if strings.HasSuffix(file, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, file, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		imports := map[string]string{}
		for _, im := range f.Imports {
			p, _ := strconv.Unquote(im.Path.Value)
			n := p[strings.LastIndex(p, "/")+1:]
			if im.Name != nil {
				n = im.Name.Name
			}
			imports[n] = p
		}
		var walk func(where string, e ast.Expr, params map[string]bool)
		walk = func(where string, e ast.Expr, params map[string]bool) {
			switch x := e.(type) {
			case nil:
			case *ast.Ident:
				if !x.IsExported() && !builtinTypes[x.Name] && !params[x.Name] {
					problems = append(problems, fset.Position(x.Pos()).String()+": "+where+" names the unexported type "+x.Name)
				}
			case *ast.SelectorExpr:
				if id, ok := x.X.(*ast.Ident); ok && strings.Contains(imports[id.Name], "/internal/") {
					problems = append(problems, fset.Position(x.Pos()).String()+": "+where+" names "+id.Name+"."+x.Sel.Name+" of "+imports[id.Name])
				}
			case *ast.StarExpr:
				walk(where, x.X, params)
			case *ast.ParenExpr:
				walk(where, x.X, params)
			case *ast.Ellipsis:
				walk(where, x.Elt, params)
			case *ast.ArrayType:
				walk(where, x.Elt, params)
			case *ast.MapType:
				walk(where, x.Key, params)
				walk(where, x.Value, params)
			case *ast.ChanType:
				walk(where, x.Value, params)
			case *ast.IndexExpr:
				walk(where, x.X, params)
				walk(where, x.Index, params)
			case *ast.IndexListExpr:
				walk(where, x.X, params)
				for _, i := range x.Indices {
					walk(where, i, params)
				}
			case *ast.FuncType:
				for _, l := range []*ast.FieldList{x.Params, x.Results} {
					if l != nil {
						for _, fld := range l.List {
							walk(where, fld.Type, params)
						}
					}
				}
			case *ast.StructType:
				for _, fld := range x.Fields.List {
					if exportedField(fld) {
						walk(where, fld.Type, params)
					}
				}
			case *ast.InterfaceType:
				for _, m := range x.Methods.List {
					if exportedField(m) {
						walk(where, m.Type, params)
					}
				}
			}
		}
		typeParams := func(l *ast.FieldList) map[string]bool {
			m := map[string]bool{}
			if l != nil {
				for _, fld := range l.List {
					for _, n := range fld.Names {
						m[n.Name] = true
					}
				}
			}
			return m
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if !d.Name.IsExported() || (d.Recv != nil && !exportedReceiver(d.Recv.List[0].Type)) {
					continue
				}
				walk(d.Name.Name, d.Type, typeParams(d.Type.TypeParams))
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						// an exported alias re-exports its type under a
						// public name: that is how a package makes a type
						// from internal/ nameable on purpose
						if s.Name.IsExported() && !s.Assign.IsValid() {
							walk(s.Name.Name, s.Type, typeParams(s.TypeParams))
						}
					case *ast.ValueSpec:
						for _, n := range s.Names {
							if n.IsExported() {
								walk(n.Name, s.Type, nil)
							}
						}
					}
				}
			}
		}
	}
	return problems
}

func exportedField(f *ast.Field) bool {
	if len(f.Names) == 0 {
		return true // embedded: its exported members are promoted
	}
	for _, n := range f.Names {
		if n.IsExported() {
			return true
		}
	}
	return false
}

func exportedReceiver(e ast.Expr) bool {
	for {
		switch x := e.(type) {
		case *ast.StarExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.IndexListExpr:
			e = x.X
		case *ast.Ident:
			return x.IsExported()
		default:
			return true
		}
	}
}
