package crosscheck

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/benchgen"
	"github.com/physconv/physconv/internal/testenv"
)

// BenchmarkURDFToMJCF times physconv's URDF → MJCF conversion against
// MuJoCo 2.2.2's own (the mujoco-compile sample the oracle install
// provides: mj_loadXML + mj_saveLastXML) on the same inputs in one run:
// the PR2 and NAO URDFs and a generated 2,000-link tree of primitives.
//
// physconv runs in process: "physconv" is ConvertFile (read the URDF and
// its meshes, write the MJCF and its STL files atomically, each synced to
// disk), "physconv-unwritten" the same conversion kept in memory. MuJoCo
// runs as one process per conversion, on a copy of the URDF whose
// <mujoco><compiler> block keeps static links and visuals as physconv
// does; "mujoco-default" is MuJoCo at its URDF defaults (static links
// fused, visuals discarded: less output). The process start-up (the same
// binary on an empty model) is measured separately and taken off in
// net-ns/op. Besides wall time each reports CPU time (cpu-ns/op: user +
// system), which a busy machine disturbs less. -v prints a summary table
// with the ratios.
//
//	go test -run '^$' -bench URDFToMJCF -v ./internal/crosscheck/
func BenchmarkURDFToMJCF(b *testing.B) {
	compile := mujocoCompileBinary(b)
	reg := all.Registry()
	dir := b.TempDir()
	empty := filepath.Join(dir, "empty.xml")
	if err := os.WriteFile(empty, []byte("<mujoco/>\n"), 0o644); err != nil {
		b.Fatal(err)
	}
	var startup timing
	b.Run("startup/mujoco", func(b *testing.B) {
		startup = timeMuJoCo(b, compile, empty, filepath.Join(dir, "empty_out.xml"))
	})

	type row struct {
		name                                   string
		ours, oursUnwritten, theirs, theirsDef timing
	}
	var rows []row
	for _, c := range urdfBenchCases(b, dir) {
		r := row{name: c.name}
		out := filepath.Join(dir, c.name, "physconv", "model.xml")
		// one untimed conversion each: both must succeed, and MuJoCo must
		// accept what physconv wrote
		if _, err := physconv.ConvertFile(context.Background(), reg, c.src, out, c.options()); err != nil {
			b.Fatalf("%s: physconv: %v", c.name, err)
		}
		runMuJoCoCompile(b, compile, out, filepath.Join(dir, c.name, "physconv_check.xml"))

		b.Run(c.name+"/physconv", func(b *testing.B) {
			r.ours = timeInProcess(b, func() error {
				_, err := physconv.ConvertFile(context.Background(), reg, c.src, out, c.options())
				return err
			})
		})
		b.Run(c.name+"/physconv-unwritten", func(b *testing.B) {
			r.oursUnwritten = timeInProcess(b, func() error {
				in, err := physconv.OpenInput(c.src, nil, c.options())
				if err == nil {
					_, _, err = physconv.ConvertBytes(context.Background(), reg, in)
				}
				return err
			})
		})
		b.Run(c.name+"/mujoco", func(b *testing.B) {
			r.theirs = timeMuJoCo(b, compile, c.mujoco, filepath.Join(dir, c.name, "mujoco.xml"))
			b.ReportMetric(float64(r.theirs.wall-startup.wall), "net-ns/op")
		})
		b.Run(c.name+"/mujoco-default", func(b *testing.B) {
			r.theirsDef = timeMuJoCo(b, compile, c.mujocoDefault, filepath.Join(dir, c.name, "mujoco_default.xml"))
			b.ReportMetric(float64(r.theirsDef.wall-startup.wall), "net-ns/op")
		})
		rows = append(rows, r)
	}

	var t strings.Builder
	fmt.Fprintf(&t, "MuJoCo process start-up (empty model): wall %.2f ms, CPU %.2f ms\n", ms(startup.wall), ms(startup.cpu))
	fmt.Fprintf(&t, "%-9s | %-30s | %-34s | %s\n", "", "physconv wall ms (CPU ms)", "MuJoCo ms: wall, net wall, net CPU", "ratio MuJoCo/physconv")
	fmt.Fprintf(&t, "%-9s | %14s %15s | %10s %10s %12s | %6s %6s %6s\n", "model", "file", "unwritten", "wall", "net", "net CPU", "wall", "net", "CPU")
	for _, r := range rows {
		net, netCPU := r.theirs.wall-startup.wall, r.theirs.cpu-startup.cpu
		fmt.Fprintf(&t, "%-9s | %6.1f (%5.1f) %7.1f (%5.1f) | %10.1f %10.1f %12.1f | %6.2f %6.2f %6.2f\n", r.name,
			ms(r.ours.wall), ms(r.ours.cpu), ms(r.oursUnwritten.wall), ms(r.oursUnwritten.cpu),
			ms(r.theirs.wall), ms(net), ms(netCPU),
			float64(r.theirs.wall)/float64(r.ours.wall), float64(net)/float64(r.oursUnwritten.wall), float64(netCPU)/float64(r.oursUnwritten.cpu))
	}
	t.WriteString("wall: process vs physconv file; net: MuJoCo minus start-up vs physconv unwritten; CPU: the same, CPU time; above 1: physconv is faster")
	b.Log("\n" + t.String())
}

// timing is the time one conversion took: wall clock and CPU (user +
// system).
type timing struct{ wall, cpu time.Duration }

// timeInProcess runs run b.N times and returns the time per run.
func timeInProcess(b *testing.B, run func() error) timing {
	b.ResetTimer()
	cpu0 := processCPU(b)
	for i := 0; i < b.N; i++ {
		if err := run(); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	t := timing{b.Elapsed() / time.Duration(b.N), (processCPU(b) - cpu0) / time.Duration(b.N)}
	b.ReportMetric(float64(t.cpu), "cpu-ns/op")
	return t
}

// processCPU is the CPU time this process has used so far.
func processCPU(tb testing.TB) time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		tb.Fatal(err)
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// urdfBenchCase is one benchmark input: the URDF physconv reads, the copy
// MuJoCo reads (static links and visuals kept), and the copy at MuJoCo's
// URDF defaults.
type urdfBenchCase struct {
	name, src, root, pkg  string
	mujoco, mujocoDefault string
}

func (c urdfBenchCase) options() *convert.Options {
	o := &convert.Options{To: "mjcf", Packages: map[string]string{}}
	if c.root != "" {
		o.AllowRoots = []string{c.root}
	}
	if c.pkg != "" {
		o.Packages[c.pkg] = c.root
	}
	return o
}

func urdfBenchCases(b *testing.B, dir string) []urdfBenchCase {
	var cases []urdfBenchCase
	for _, v := range urdfVisualCases {
		root := testenv.CorpusPath(b, "urdf", v.dir)
		src := filepath.Join(root, v.file)
		cases = append(cases, urdfBenchCase{name: v.name, src: src, root: root, pkg: v.pkg,
			mujoco:        mujocoURDFCopy(b, src, root, mujocoKeepAll+" "+v.mujocoAttrs),
			mujocoDefault: mujocoURDFCopy(b, src, root, v.mujocoAttrs)})
	}
	tree := filepath.Join(dir, "tree2000", "tree2000.urdf")
	if err := os.MkdirAll(filepath.Dir(tree), 0o755); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(tree, benchgen.TreeURDF(2000), 0o644); err != nil {
		b.Fatal(err)
	}
	cases = append(cases, urdfBenchCase{name: "tree2000", src: tree,
		mujoco:        mujocoURDFCopy(b, tree, filepath.Dir(tree), mujocoKeepAll),
		mujocoDefault: mujocoURDFCopy(b, tree, filepath.Dir(tree), "")})
	return cases
}

// mujocoCompileBinary finds MuJoCo's compile sample (Debian
// libmujoco-samples, installed with the oracles).
func mujocoCompileBinary(b *testing.B) string {
	testenv.Oracle(b, "mj-inspect")
	home := os.Getenv("ORACLE_HOME")
	if home == "" {
		if h, err := os.UserHomeDir(); err == nil {
			home = filepath.Join(h, ".cache", "physconv-oracles")
		}
	}
	if p, err := exec.LookPath(filepath.Join(home, "bin", "mujoco-compile")); err == nil {
		return p
	}
	p, err := exec.LookPath("mujoco-compile")
	if err != nil {
		if testenv.InCI() {
			b.Fatal("mujoco-compile not found (libmujoco-samples)")
		}
		b.Skip("mujoco-compile not found (libmujoco-samples)")
	}
	return p
}

// timeMuJoCo runs MuJoCo's converter b.N times and returns the time per
// run.
func timeMuJoCo(b *testing.B, compile, in, out string) timing {
	runMuJoCoCompile(b, compile, in, out)
	b.ResetTimer()
	var cpu time.Duration
	for i := 0; i < b.N; i++ {
		cpu += runMuJoCoCompile(b, compile, in, out)
	}
	b.StopTimer()
	t := timing{b.Elapsed() / time.Duration(b.N), cpu / time.Duration(b.N)}
	b.ReportMetric(float64(t.cpu), "cpu-ns/op")
	return t
}

// runMuJoCoCompile converts once and checks the result, with the timer
// stopped for everything but the process: mujoco-compile exits 0 even when
// MuJoCo rejects the model (it prints the error), and it asks on stdin
// before overwriting a file (without an answer it writes nothing), so the
// previous output is removed first.
func runMuJoCoCompile(b *testing.B, compile, in, out string) (cpu time.Duration) {
	b.Helper()
	b.StopTimer()
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		b.Fatal(err)
	}
	if err := os.Remove(out); err != nil && !os.IsNotExist(err) {
		b.Fatal(err)
	}
	cmd := exec.Command(compile, in, out)
	b.StartTimer()
	msg, err := cmd.CombinedOutput()
	b.StopTimer()
	if err != nil || strings.Contains(string(msg), "Error") || !strings.Contains(string(msg), "Done") {
		b.Fatalf("mujoco-compile %s: %v\n%s", in, err, msg)
	}
	if st, err := os.Stat(out); err != nil || st.Size() == 0 {
		b.Fatalf("mujoco-compile %s wrote no model: %v\n%s", in, err, msg)
	}
	b.StartTimer()
	return cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
}
