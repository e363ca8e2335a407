package main

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/physconv/physconv/all"
)

const viewURDF = `<robot name="arm">
  <link name="base">
    <inertial><mass value="2"/><inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial>
    <collision><geometry><box size="1 1 1"/></geometry></collision>
  </link>
  <link name="tip">
    <inertial><mass value="1"/><inertia ixx="0.1" iyy="0.1" izz="0.1" ixy="0" ixz="0" iyz="0"/></inertial>
    <collision><geometry><sphere radius="0.2"/></geometry></collision>
  </link>
  <joint name="hinge" type="revolute">
    <parent link="base"/><child link="tip"/><origin xyz="0 0 1"/><axis xyz="0 1 0"/>
    <limit lower="-1" upper="1" effort="1" velocity="1"/>
  </joint>
</robot>`

func writeViewInput(t *testing.T) (dir, in string) {
	dir = t.TempDir()
	in = filepath.Join(dir, "arm.urdf")
	if err := os.WriteFile(in, []byte(viewURDF), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir, in
}

func TestViewWritesPage(t *testing.T) {
	dir, in := writeViewInput(t)
	out := filepath.Join(dir, "arm.html")
	code, _, stderr := runCLI(t, "", "view", "--out", out, in)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	page, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`<script type="importmap">`, `"name":"arm"`, `"name":"hinge"`, `"kind":"revolute"`,
		`"bodies":[{"name":"base"`} {
		if !strings.Contains(string(page), want) {
			t.Errorf("page lacks %q", want)
		}
	}
}

func TestViewErrors(t *testing.T) {
	dir, in := writeViewInput(t)
	for _, args := range [][]string{{"view", in}, {"view", "--out", filepath.Join(dir, "a.html"), "--serve", in}} {
		if code, _, stderr := runCLI(t, "", args...); code != exitUsage || !strings.Contains(stderr, "--out") {
			t.Errorf("%v: exit %d, stderr %q; want a usage error naming --out", args, code, stderr)
		}
	}
	bad := filepath.Join(dir, "bad.urdf")
	os.WriteFile(bad, []byte("<robot name='x'><link name='a'>"), 0o644)
	out := filepath.Join(dir, "bad.html")
	if code, _, stderr := runCLI(t, "", "view", "--out", out, bad); code != exitError || !strings.Contains(stderr, "bad.urdf") {
		t.Errorf("broken input: exit %d, stderr %q", code, stderr)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Error("a page was written for a broken input")
	}
}

// TestViewServe serves the page on a free port, fetches it from the URL
// the command prints, and stops it by ending the context.
func TestViewServe(t *testing.T) {
	_, in := writeViewInput(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pr, pw := io.Pipe()
	a := &app{ctx: ctx, reg: all.Registry(), stdin: strings.NewReader(""), stdout: pw, stderr: io.Discard}
	root := a.rootCommand()
	root.SetArgs([]string{"view", "--serve", in})
	done := make(chan error, 1)
	go func() { done <- root.ExecuteContext(ctx); pw.Close() }()
	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		t.Fatalf("no URL printed: %v", err)
	}
	url := strings.TrimSpace(line)
	if !strings.HasPrefix(url, "http://127.0.0.1:") {
		t.Fatalf("URL %q, want one on 127.0.0.1", url)
	}
	go io.Copy(io.Discard, pr)
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || !strings.Contains(string(body), `"name":"arm"`) || res.Header.Get("Content-Type") != "text/html; charset=utf-8" {
		t.Errorf("GET %s: %d %q, %d bytes", url, res.StatusCode, res.Header.Get("Content-Type"), len(body))
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("serve ended with %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("serve did not stop when its context ended")
	}
}

// TestViewKeepsFiles: view --out wrote its page over any file, the input
// itself included (view --out arm.urdf arm.urdf left 1 MB of HTML where
// the robot was). An existing file needs --force, like convert's output,
// and the input is never replaced, --force or not; both exit 1 with the
// file left as it was.
func TestViewKeepsFiles(t *testing.T) {
	dir, in := writeViewInput(t)
	other := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(other, []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		code int
		file string // left as it was
		want string
	}{
		{[]string{"view", "--out", in, in}, exitError, in, viewURDF},
		{[]string{"view", "--force", "--out", in, in}, exitError, in, viewURDF},
		{[]string{"view", "--out", other, in}, exitError, other, "mine"},
	} {
		code, _, stderr := runCLI(t, "", c.args...)
		if code != c.code {
			t.Errorf("%v: exit %d, want %d: %s", c.args, code, c.code, stderr)
		}
		if got, _ := os.ReadFile(c.file); string(got) != c.want {
			t.Errorf("%v: %s was changed", c.args, c.file)
		}
	}
	if code, _, stderr := runCLI(t, "", "view", "--force", "--out", other, in); code != exitOK {
		t.Errorf("--force over another file: exit %d: %s", code, stderr)
	} else if got, _ := os.ReadFile(other); !strings.Contains(string(got), "<html") {
		t.Errorf("--force did not write the page")
	}
}

// view --out never writes over a file the input reads (a mesh), as
// convert does not: the page replaced the robot's STL, which then no
// longer read. A page named near the 255-byte limit is written (its
// temporary name was longer than the limit).
func TestViewKeepsSideFiles(t *testing.T) {
	dir := t.TempDir()
	mesh := filepath.Join(dir, "part.stl")
	stl := "solid t\n" + strings.Repeat("facet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 0\nvertex 0 1 0\nendloop\nendfacet\n", 1) +
		"facet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 0 1 0\nvertex 0 0 1\nendloop\nendfacet\n" +
		"facet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 0 0 1\nvertex 1 0 0\nendloop\nendfacet\n" +
		"facet normal 0 0 1\nouter loop\nvertex 1 0 0\nvertex 0 0 1\nvertex 0 1 0\nendloop\nendfacet\nendsolid t\n"
	if err := os.WriteFile(mesh, []byte(stl), 0o644); err != nil {
		t.Fatal(err)
	}
	in := filepath.Join(dir, "r.urdf")
	robot := `<robot name="r"><link name="a"><inertial><mass value="1"/><inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial><collision><geometry><mesh filename="part.stl"/></geometry></collision></link></robot>`
	if err := os.WriteFile(in, []byte(robot), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, out := range []string{mesh, filepath.Join(dir, ".", "part.stl")} {
		code, _, stderr := runCLI(t, "", "view", "--force", "--out", out, in)
		if code != exitError || !strings.Contains(stderr, "refusing to write") {
			t.Errorf("view --out %s: exit %d: %s", filepath.Base(out), code, stderr)
		}
		if got, _ := os.ReadFile(mesh); string(got) != stl {
			t.Fatalf("view --out %s replaced the mesh the robot reads", filepath.Base(out))
		}
	}
	long := filepath.Join(dir, strings.Repeat("p", 250)+".html")
	if code, _, stderr := runCLI(t, "", "view", "--out", long, in); code != exitOK {
		t.Errorf("a 255-byte page name: exit %d: %s", code, stderr)
	} else if got, _ := os.ReadFile(long); !strings.Contains(string(got), "<html") {
		t.Errorf("no page written under a 255-byte name")
	}
}
