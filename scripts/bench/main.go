// Command bench measures physconv end to end and MuJoCo's own URDF import
// on the same inputs, in one run: generated serial chains (1,000, 2,000 and
// 4,000 links) to every format, every corpus URDF robot to MJCF, and the
// mass properties of a 1,000,000-triangle mesh. It builds the CLI, runs
// each conversion as its own process (as a user would) and prints wall
// time, CPU time (user + system) and peak memory, each the median of
// -runs runs, with MuJoCo's time and the ratio beside ours.
//
//	PHYSCONV_ORACLES=... PHYSCONV_CORPUS=... go run ./scripts/bench
//
// MuJoCo runs through the oracles' mj-inspect (--backend c: MuJoCo 2.2.2
// compiling the URDF and saving MJCF). Its "net" time takes off the
// wrapper's own start-up, measured on a one-link URDF. Robots get
// MuJoCo's compiler settings that keep what physconv keeps (static links,
// visuals) and balanceinertia, which some corpus inertias need.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/mass"
	"github.com/physconv/physconv/internal/benchgen"
)

// run is one measured process.
type run struct {
	wall, cpu time.Duration
	rssKB     int64
}

func main() {
	runs := flag.Int("runs", 3, "runs per measurement (the median is printed)")
	chains := flag.String("chains", "1000,2000,4000", "chain lengths")
	skipMuJoCo := flag.Bool("no-mujoco", false, "do not run MuJoCo")
	mujocoMax := flag.Int("mujoco-max-links", 2000, "longest chain MuJoCo compiles (its time grows with the square of the length: minutes at 2,000 links)")
	flag.Parse()
	work, err := os.MkdirTemp("", "physconv-bench")
	check(err)
	defer os.RemoveAll(work)

	bin := filepath.Join(work, "physconv")
	build := exec.Command("go", "build", "-o", bin, "./cmd/physconv")
	// the static build the README recommends: no C library to load
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	check(build.Run())

	mj := ""
	if o := os.Getenv("PHYSCONV_ORACLES"); o != "" && !*skipMuJoCo {
		mj = filepath.Join(o, "mj-inspect")
		if _, err := os.Stat(mj); err != nil {
			fmt.Fprintf(os.Stderr, "no %s: MuJoCo columns left empty\n", mj)
			mj = ""
		}
	}
	var mjStartup run
	if mj != "" {
		one := filepath.Join(work, "one.urdf")
		check(os.WriteFile(one, benchgen.ChainURDF(1), 0o644))
		mjStartup = median(*runs, func() run { return measure(mj, "--backend", "c", "--to-mjcf", one, filepath.Join(work, "one.xml")) })
		fmt.Printf("MuJoCo wrapper start-up (one-link URDF): wall %s, CPU %s\n\n", ms(mjStartup.wall), ms(mjStartup.cpu))
	}

	fmt.Println("## Serial chains (URDF in)")
	fmt.Printf("%-6s %-7s | %9s %9s %8s %8s %7s | %s\n", "links", "to", "wall ms", "CPU ms", "peak MB", "out MB", "out/in", mujocoHeader)
	targets := []struct{ name, ext string }{{"mjcf", "xml"}, {"urdf", "urdf"}, {"godot", "tscn"}, {"godot3", "tscn"}, {"khr", "gltf"}, {"omi", "gltf"}}
	type key struct {
		n  int
		to string
	}
	results := map[key]run{}
	var lengths []int
	for _, f := range strings.Split(*chains, ",") {
		var n int
		_, err := fmt.Sscan(f, &n)
		check(err)
		lengths = append(lengths, n)
		in := filepath.Join(work, fmt.Sprintf("chain%d.urdf", n))
		data := benchgen.ChainURDF(n)
		check(os.WriteFile(in, data, 0o644))
		for _, tg := range targets {
			out := filepath.Join(work, fmt.Sprintf("chain%d_%s.%s", n, tg.name, tg.ext))
			args := []string{"convert", "--force", "--to", tg.name, in, out}
			if tg.name == "godot3" {
				args = []string{"convert", "--force", "--to", "godot", "--godot", "3", in, out}
			}
			r := median(*runs, func() run { return measure(bin, args...) })
			results[key{n, tg.name}] = r
			size := fileSize(out)
			var theirs run
			if mj != "" && tg.name == "mjcf" && n <= *mujocoMax {
				theirs = median(*runs, func() run {
					return measure(mj, "--backend", "c", "--to-mjcf", in, filepath.Join(work, "mujoco.xml"))
				})
			}
			fmt.Printf("%-6d %-7s | %9s %9s %8.1f %8.2f %7.2f | %s\n", n, tg.name, ms(r.wall), ms(r.cpu), float64(r.rssKB)/1024,
				float64(size)/1e6, float64(size)/float64(len(data)), mujocoCols(theirs, mjStartup, r))
		}
	}
	if len(lengths) >= 2 {
		lo, hi := slices.Min(lengths), slices.Max(lengths)
		fmt.Printf("\nscaling t(%d)/t(%d) (CPU; linear = %.1f) and memory per link (peak RSS difference / links):\n", hi, lo, float64(hi)/float64(lo))
		for _, tg := range targets {
			a, b := results[key{lo, tg.name}], results[key{hi, tg.name}]
			fmt.Printf("  %-7s %5.2f   %6.1f KB/link\n", tg.name, float64(b.cpu)/float64(a.cpu), float64(b.rssKB-a.rssKB)/float64(hi-lo))
		}
	}

	if corpus := os.Getenv("PHYSCONV_CORPUS"); corpus != "" {
		fmt.Println("\n## Corpus URDF robots to MJCF (end to end: read, meshes, write)")
		fmt.Printf("%-28s | %9s %9s %8s | %s\n", "robot", "wall ms", "CPU ms", "peak MB", mujocoHeader)
		robots, _ := filepath.Glob(filepath.Join(corpus, "urdf", "*"))
		for _, dir := range robots {
			var files []string
			filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
				if err == nil && !d.IsDir() && strings.HasSuffix(p, ".urdf") {
					files = append(files, p)
				}
				return nil
			})
			for _, src := range files {
				name := filepath.Base(dir)
				if len(files) > 1 {
					name += "/" + strings.TrimSuffix(filepath.Base(src), ".urdf")
				}
				out := filepath.Join(work, "robots", strings.ReplaceAll(name, "/", "_"), "model.xml")
				check(os.MkdirAll(filepath.Dir(out), 0o755))
				args := append([]string{"convert", "--force", "--to", "mjcf", "--allow-root", dir}, packageArgs(src, dir)...)
				args = append(args, src, out)
				if c := exec.Command(bin, args...); c.Run() != nil {
					fmt.Printf("%-28s | physconv failed: %s\n", name, strings.Join(args, " "))
					continue
				}
				r := median(*runs, func() run { return measure(bin, args...) })
				var theirs run
				if mj != "" {
					if patched, err := mujocoCopy(src, dir, filepath.Join(work, "mujoco", strings.ReplaceAll(name, "/", "_"))); err == nil {
						mout := filepath.Join(filepath.Dir(patched), "mujoco.xml")
						if c := exec.Command(mj, "--backend", "c", "--to-mjcf", patched, mout); c.Run() == nil {
							theirs = median(*runs, func() run { return measure(mj, "--backend", "c", "--to-mjcf", patched, mout) })
						}
					}
				}
				fmt.Printf("%-28s | %9s %9s %8.1f | %s\n", name, ms(r.wall), ms(r.cpu), float64(r.rssKB)/1024, mujocoCols(theirs, mjStartup, r))
			}
		}
	}

	fmt.Println("\n## Validating a glTF scene of 100,000 nested nodes")
	deep := filepath.Join(work, "nodes100k.gltf")
	check(os.WriteFile(deep, benchgen.NodeChainGLTF(100_000), 0o644))
	v := median(*runs, func() run { return measure(bin, "validate", deep) })
	fmt.Printf("%.2f MB: wall %s ms, CPU %s ms, peak %.1f MB\n", float64(fileSize(deep))/1e6, ms(v.wall), ms(v.cpu), float64(v.rssKB)/1024)

	fmt.Println("\n## Mass properties of a closed 1,000,000-triangle mesh (in process)")
	pos, idx := benchgen.UVSphere(1, 501, 1000)
	g := convert.NewGraph()
	ps := make([]convert.Vec3, len(pos))
	for i, p := range pos {
		ps[i] = p
	}
	m := g.AddMesh(convert.Mesh{Positions: ps, Indices: idx, Loaded: true})
	s := g.AddShape(convert.Shape{Kind: convert.TriMesh, Mesh: m})
	r := median(*runs, func() run {
		runtime.GC()
		c0, t0 := selfCPU(), time.Now()
		mass.ShapeMassProps(g, s, 1000)
		return run{wall: time.Since(t0), cpu: selfCPU() - c0}
	})
	fmt.Printf("%d triangles: wall %s ms, CPU %s ms\n", len(idx)/3, ms(r.wall), ms(r.cpu))
}

const mujocoHeader = "MuJoCo wall ms, net ms, CPU ms | ratio wall, net, CPU"

// mujocoCols prints MuJoCo's wall time, its net time (less the wrapper's
// start-up), its CPU time and the ratios of each to ours (above 1:
// physconv is faster). On a busy machine the CPU ratio is the steadier.
func mujocoCols(theirs, startup, ours run) string {
	if theirs.wall == 0 {
		return fmt.Sprintf("%9s %9s %9s | %6s %6s %6s", "-", "-", "-", "-", "-", "-")
	}
	net := theirs.wall - startup.wall
	return fmt.Sprintf("%9s %9s %9s | %6.2f %6.2f %6.2f", ms(theirs.wall), ms(net), ms(theirs.cpu),
		float64(theirs.wall)/float64(ours.wall), float64(net)/float64(ours.wall), float64(theirs.cpu)/float64(ours.cpu))
}

var packageRE = regexp.MustCompile(`package://([^/"]+)/`)

// packageArgs maps every ROS package a URDF names to the robot's corpus
// folder, the layout the corpus keeps them in.
func packageArgs(src, dir string) []string {
	data, err := os.ReadFile(src)
	if err != nil {
		return nil
	}
	var args []string
	seen := map[string]bool{}
	for _, m := range packageRE.FindAllSubmatch(data, -1) {
		if p := string(m[1]); !seen[p] {
			seen[p] = true
			args = append(args, "--package", p+"="+dir)
		}
	}
	return args
}

// mujocoCopy writes a copy of the URDF that MuJoCo can read: its meshes
// linked into one folder by base name (MuJoCo drops mesh paths) and a
// <compiler> block keeping static links and visuals, as physconv does.
func mujocoCopy(src, root, dir string) (string, error) {
	meshes := filepath.Join(dir, "meshes")
	if err := os.MkdirAll(meshes, 0o755); err != nil {
		return "", err
	}
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			switch strings.ToLower(filepath.Ext(p)) {
			case ".stl", ".obj":
				os.Symlink(p, filepath.Join(meshes, d.Name()))
			}
		}
		return nil
	})
	data, err := os.ReadFile(src)
	if err != nil {
		return "", err
	}
	loc := regexp.MustCompile(`<robot\b[^>]*>`).FindIndex(data)
	if loc == nil || strings.Contains(string(data), "<mujoco") {
		return "", fmt.Errorf("%s: no <robot> or already a <mujoco> block", src)
	}
	block := fmt.Sprintf(`<mujoco><compiler meshdir="%s/" fusestatic="false" discardvisual="false" balanceinertia="true"/></mujoco>`, meshes)
	out := filepath.Join(dir, filepath.Base(src))
	patched := append(append(append([]byte{}, data[:loc[1]]...), block...), data[loc[1]:]...)
	return out, os.WriteFile(out, patched, 0o644)
}

// measure runs one process and reads its wall time, CPU time and peak
// resident memory.
func measure(name string, args ...string) run {
	c := exec.Command(name, args...)
	c.Stdout, c.Stderr = io.Discard, io.Discard
	t0 := time.Now()
	if err := c.Run(); err != nil {
		fmt.Fprintf(os.Stderr, "%s %s: %v\n", name, strings.Join(args, " "), err)
	}
	wall := time.Since(t0)
	u, _ := c.ProcessState.SysUsage().(*syscall.Rusage)
	r := run{wall: wall, cpu: c.ProcessState.UserTime() + c.ProcessState.SystemTime()}
	if u != nil {
		r.rssKB = u.Maxrss
	}
	return r
}

// median runs f n times and keeps the run of median wall time.
func median(n int, f func() run) run {
	rs := make([]run, n)
	for i := range rs {
		rs[i] = f()
	}
	slices.SortFunc(rs, func(a, b run) int { return int(a.wall - b.wall) })
	return rs[n/2]
}

func selfCPU() time.Duration {
	var u syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &u)
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}

func fileSize(p string) int64 {
	st, err := os.Stat(p)
	if err != nil {
		return 0
	}
	return st.Size()
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1f", float64(d)/float64(time.Millisecond)) }

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
