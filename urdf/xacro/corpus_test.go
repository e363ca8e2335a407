package xacro

import (
	"bufio"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/physconv/physconv/internal/testenv"
)

// corpusCase is one reference expansion: the command recorded in a
// robot's EXPAND.txt (environment, root file, NAME:=VALUE args).
type corpusCase struct {
	dir, file string
	args      map[string]string
	env       map[string]string
}

func readExpandTxt(t testing.TB, corpus, robot string) corpusCase {
	t.Helper()
	f, err := os.Open(filepath.Join(corpus, "xacro", robot, "EXPAND.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	c := corpusCase{dir: filepath.Join(corpus, "xacro", robot), args: map[string]string{}, env: map[string]string{}}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || !strings.Contains(line, "xacro-expand") {
			continue
		}
		words := strings.Fields(strings.Split(line, ">")[0])
		inEnv := false
		for i := 0; i < len(words); i++ {
			w := words[i]
			switch {
			case w == "env":
				inEnv = true
			case inEnv && strings.Contains(w, "=") && !strings.Contains(w, ":="):
				k, v, _ := strings.Cut(w, "=")
				c.env[k] = v
			case strings.HasSuffix(w, "xacro-expand"):
				inEnv = false
			case w == "--package-path":
				i++
			case strings.Contains(w, ":="):
				k, v, _ := strings.Cut(w, ":=")
				c.args[k] = v
			case strings.HasSuffix(w, ".xacro"):
				c.file = filepath.Join(corpus, "xacro", w)
			}
		}
	}
	if c.file == "" {
		t.Fatalf("%s: no command in EXPAND.txt", robot)
	}
	return c
}

var pkgName = regexp.MustCompile(`<name>\s*([^<\s]+)\s*</name>`)

// osOptions reads files from disk and finds packages by their package.xml
// below root, as the reference's --package-path does.
func osOptions(root string, args, env map[string]string) *Options {
	found := map[string]string{}
	return &Options{
		Args:     args,
		ReadFile: func(name string) ([]byte, error) { return os.ReadFile(filepath.FromSlash(name)) },
		Glob: func(p string) ([]string, error) {
			m, err := filepath.Glob(filepath.FromSlash(p))
			for i := range m {
				m[i] = filepath.ToSlash(m[i])
			}
			return m, err
		},
		FindPackage: func(name string) (string, error) {
			if dir, ok := found[name]; ok {
				return dir, nil
			}
			_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
				if err != nil || found[name] != "" {
					return err
				}
				if d.Name() == "package.xml" {
					b, _ := os.ReadFile(p)
					if m := pkgName.FindSubmatch(b); m != nil && string(m[1]) == name {
						found[name] = filepath.ToSlash(filepath.Dir(p))
					}
				}
				return nil
			})
			if found[name] == "" {
				return "", fmt.Errorf("package %q not found", name)
			}
			return found[name], nil
		},
		Getenv: func(k string) (string, bool) { v, ok := env[k]; return v, ok },
	}
}

// TestCorpusMatchesReference: every corpus robot expands to the reference
// expansion (XML equal after canonical formatting, numbers within 1e-12).
func TestCorpusMatchesReference(t *testing.T) {
	corpus := testenv.Corpus(t)
	robots, err := os.ReadDir(filepath.Join(corpus, "xacro"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, r := range robots {
		if !r.IsDir() {
			continue
		}
		n++
		t.Run(r.Name(), func(t *testing.T) {
			c := readExpandTxt(t, corpus, r.Name())
			abs, _ := filepath.Abs(c.file)
			root, _ := filepath.Abs(c.dir)
			res, err := Expand(filepath.ToSlash(abs), osOptions(root, c.args, c.env))
			if err != nil {
				t.Fatalf("expand: %v", err)
			}
			got, _ := Encode(res.Root)
			want, err := os.ReadFile(filepath.Join(c.dir, "expected.urdf"))
			if err != nil {
				t.Fatal(err)
			}
			if d := canonDiff(got, want); d != "" {
				t.Errorf("differs from expected.urdf: %s", d)
			}
		})
	}
	if n == 0 {
		t.Fatal("no xacro robots in the corpus")
	}
}

// BenchmarkExpandPR2: the largest corpus robot (133 kB of URDF).
func BenchmarkExpandPR2(b *testing.B) {
	corpus := testenv.Corpus(b)
	c := readExpandTxt(b, corpus, "pr2")
	abs, _ := filepath.Abs(c.file)
	root, _ := filepath.Abs(c.dir)
	opts := osOptions(root, c.args, c.env)
	for b.Loop() {
		if _, err := Expand(filepath.ToSlash(abs), opts); err != nil {
			b.Fatal(err)
		}
	}
}
