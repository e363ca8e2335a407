package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/fsnotify/fsnotify"
	"github.com/physconv/physconv/batch"
	"github.com/spf13/cobra"
)

func (a *app) watchCommand() *cobra.Command {
	var f batchFlags
	var settle time.Duration
	cmd := &cobra.Command{
		Use:   "watch SRC DST",
		Short: "Convert SRC into DST, then again each time a file below SRC is saved",
		Long: `Convert a folder like batch --incremental, then keep watching it: each time
a file below SRC is created, saved, renamed or removed, the inputs whose
content, side files or options changed are converted again (the others are up
to date in DST's manifest). Use it beside a DCC or an editor: export into SRC
and the converted files appear in DST. physconv.yaml is read once at start.
Stop with Ctrl-C; a conversion in flight is finished or dropped whole.`,
		Example: `  physconv watch exports/ game/physics --to godot
  physconv watch urdf/ mjcf/ --to mjcf --include '**/*.urdf'`,
		Args: exactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			bo, err := f.batchOptions(cmd, args[0])
			if err != nil {
				return err
			}
			if settle <= 0 {
				return usageError{fmt.Errorf("--settle must be positive, not %v", settle)}
			}
			bo.Incremental = true
			return a.watch(args[0], args[1], bo, &f, settle)
		},
	}
	f.bind(cmd.Flags(), a.reg)
	cmd.Flags().DurationVar(&settle, "settle", 300*time.Millisecond, "wait this long after the last change before converting")
	return cmd
}

// watch converts once, then again after every burst of changes below
// SRC, and after an output below DST is deleted (the next run restores
// it). It also watches SRC's parent folder, so a SRC deleted and made
// again (export tools that wipe their folder) is watched again.
func (a *app) watch(src, dst string, bo *batch.BatchOptions, f *batchFlags, settle time.Duration) error {
	absSrc, err := filepath.Abs(src)
	if err != nil {
		return err
	}
	absDst, err := filepath.Abs(dst)
	if err != nil {
		return err
	}
	// Outputs written below SRC would be inputs of the next run, and
	// their outputs of the one after: refuse, however DST is reached.
	if rel, err := filepath.Rel(batch.RealPath(absSrc), batch.RealPath(absDst)); err == nil && (rel == "." || filepath.IsLocal(rel)) {
		return fmt.Errorf("watch: DST %s lies inside SRC %s (%s); choose a destination outside the source folder", dst, src, batch.RealPath(absDst))
	}
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return err
	}
	defer w.Close()
	under := func(root, abs string) bool {
		return abs == root || strings.HasPrefix(abs, root+string(filepath.Separator))
	}
	hidden := func(p string) bool { return strings.HasPrefix(filepath.Base(p), ".") }
	// fsnotify watches single folders: add every folder below a root, and
	// new ones as they appear.
	addTree := func(root string, skip func(string) bool) error {
		return filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil || !d.IsDir() {
				return err
			}
			if p != root && skip(p) {
				return filepath.SkipDir
			}
			return w.Add(p)
		})
	}
	skipSrc := func(p string) bool {
		abs, err := filepath.Abs(p)
		return err != nil || under(absDst, abs) || hidden(p)
	}
	if err := addTree(absSrc, skipSrc); err != nil {
		return err
	}
	if err := w.Add(filepath.Dir(absSrc)); err != nil {
		return err
	}
	if f.progress == "auto" {
		f.progress = "changes"
	}
	convertNow := func() {
		run := *bo
		if err := a.runBatch(src, dst, &run, f); err != nil && a.ctx.Err() == nil {
			fmt.Fprintln(a.stderr, "physconv:", err)
		}
		// Watch DST's folders, to restore what is deleted there.
		if err := addTree(absDst, hidden); err != nil && !os.IsNotExist(err) {
			fmt.Fprintln(a.stderr, "physconv: watch:", err)
		}
		if filepath.Dir(absDst) != filepath.Dir(absSrc) {
			w.Add(filepath.Dir(absDst))
		}
	}
	convertNow()
	fmt.Fprintf(a.stderr, "watching %s (Ctrl-C to stop)\n", src)

	timer := time.NewTimer(time.Hour)
	timer.Stop()
	for {
		select {
		case <-a.ctx.Done():
			return nil
		case ev, ok := <-w.Events:
			if !ok {
				return nil
			}
			abs, err := filepath.Abs(ev.Name)
			if err != nil || hidden(abs) {
				continue
			}
			switch {
			case under(absDst, abs):
				// Our own writes create and rename; only a deletion
				// needs a run.
				if ev.Has(fsnotify.Remove) || ev.Has(fsnotify.Rename) {
					timer.Reset(settle)
				}
				continue
			case abs == absSrc:
				if ev.Has(fsnotify.Create) {
					if err := addTree(absSrc, skipSrc); err != nil {
						fmt.Fprintln(a.stderr, "physconv: watch:", err)
					}
				}
			case !under(absSrc, abs):
				continue // another file beside SRC or DST
			case ev.Has(fsnotify.Create):
				if st, err := os.Stat(abs); err == nil && st.IsDir() {
					if err := addTree(abs, skipSrc); err != nil {
						fmt.Fprintln(a.stderr, "physconv: watch:", err)
					}
				}
			}
			timer.Reset(settle)
		case err, ok := <-w.Errors:
			if !ok {
				return nil
			}
			fmt.Fprintln(a.stderr, "physconv: watch:", err)
		case <-timer.C:
			convertNow()
		}
	}
}
