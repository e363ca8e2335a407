package testenv

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
)

// The answers oracles gave, for the life of the test binary. An oracle
// asked the same question of the same files answers the same, and each
// call costs a process start (MuJoCo's WebAssembly build, a browser for
// Godot 4): tests that look at one file twice, that write one scene in
// two folders, or that read one corpus model ask once. An answer is
// reused only while every file the call could read is as it was: the
// files named and every entry of their folders (see keyFolder). Folders
// the tests wrote (under the temporary folder) count by their files'
// names and contents wherever they are, so a copy of the same files
// elsewhere gets the same answer; other folders (the corpus) by their
// paths, sizes and modification times.
var answers sync.Map // key → answer

type answer struct {
	out  []byte
	code int
}

const (
	// memoLimit is the most folder entries a call's key looks at; a call
	// that could read more (a root of a large tree) is not remembered.
	memoLimit = 5000
	// memoBytes bounds what is read to key a folder the tests wrote.
	memoBytes = 64 << 20
)

// memoKey is the key of a call of the oracle script at path oracle
// (another script, such as a test's stand-in, is another oracle), and
// false for a call that must run every time: one that writes files
// (--to-mjcf, --bench, a kept pack) or reads more than memoLimit entries. steps is the number of mj-inspect
// simulation steps asked for, and plain the key of the same call without
// them: a stepped MuJoCo report is the plain one with its after_steps
// (only one-line reports stand in for each other: taking after_steps out
// writes the rest on one line).
func memoKey(name, oracle string, args []string) (key, plain string, steps string, ok bool) {
	switch name {
	case "mj-inspect", "gltf-validate", "urdf-check", "godot3-inspect", "godot4-inspect":
	default:
		return "", "", "", false
	}
	var parts []string
	anchor := "" // the first folder the tests wrote; others named relative to it
	seen := map[string]bool{}
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch a {
		case "--to-mjcf", "--bench", "--keep-pck":
			return "", "", "", false
		case "--steps":
			if name == "mj-inspect" && i+1 < len(args) {
				steps = args[i+1]
				i++
				continue
			}
		}
		st, err := os.Stat(a)
		if err != nil {
			parts = append(parts, a)
			continue
		}
		abs, err := filepath.Abs(a)
		if err != nil {
			return "", "", "", false
		}
		dir := abs
		if !st.IsDir() {
			dir = filepath.Dir(abs)
		}
		folder, owned, ok := keyFolder(dir)
		if !ok {
			return "", "", "", false
		}
		shown := abs
		if owned {
			if anchor == "" {
				anchor = folder
			}
			if shown, err = filepath.Rel(anchor, abs); err != nil {
				return "", "", "", false
			}
		}
		part := "path:" + shown
		if !st.IsDir() && !owned { // an owned folder's signature holds the contents
			sum, err := fileSum(abs)
			if err != nil {
				return "", "", "", false
			}
			part += "\x00" + sum
		}
		if !seen[folder] {
			seen[folder] = true
			sig, ok := folderSignature(folder, owned)
			if !ok {
				return "", "", "", false
			}
			part += "\x00" + sig
		}
		parts = append(parts, part)
	}
	sum := func(extra string) string {
		h := sha256.New()
		fmt.Fprintf(h, "%s\x00%s\x00%s\x00", oracle, name, extra)
		for _, p := range parts {
			fmt.Fprintf(h, "%s\x00", p)
		}
		return hex.EncodeToString(h.Sum(nil))
	}
	if !slices.Contains(args, "--compact") {
		return sum("steps " + steps), "", steps, true
	}
	return sum("steps " + steps), sum(""), steps, true
}

// keyFolder is the folder whose entries key a call that reads dir: for a
// folder the tests wrote, the whole folder a test was given
// (TMP/TestName…/001, which holds what a model there may name with "..",
// such as a meshes folder beside its urdf folder); otherwise dir itself,
// whose model names the rest by paths that stay as they are. ok is false
// for the temporary folder itself, everyone's.
func keyFolder(dir string) (folder string, owned, ok bool) {
	abs, owned := testOwned(dir)
	if !owned {
		return abs, false, true
	}
	rel, err := filepath.Rel(filepath.Clean(os.TempDir()), abs)
	if err != nil || rel == "." {
		return "", false, false
	}
	parts := strings.Split(rel, string(filepath.Separator))
	if len(parts) > 2 {
		parts = parts[:2]
	}
	return filepath.Join(append([]string{filepath.Clean(os.TempDir())}, parts...)...), true, true
}

func fileSum(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// folderSignature sums every entry under dir: its path relative to dir,
// and for a folder the tests wrote (byContent) its contents, otherwise its
// size, mode and modification time. ok is false past memoLimit entries
// or memoBytes read.
func folderSignature(dir string, byContent bool) (string, bool) {
	h := sha256.New()
	count, read := 0, int64(0)
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if count++; count > memoLimit {
			return fs.SkipAll
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		switch {
		case d.IsDir():
			fmt.Fprintf(h, "%s/\x00", rel)
		case byContent && info.Mode().IsRegular():
			if read += info.Size(); read > memoBytes {
				count = memoLimit + 1
				return fs.SkipAll
			}
			sum, err := fileSum(p)
			if err != nil {
				return err
			}
			fmt.Fprintf(h, "%s\x00%s\x00%d\x00", rel, sum, info.Mode())
		default:
			fmt.Fprintf(h, "%s\x00%d\x00%d\x00%d\x00", rel, info.Size(), info.Mode(), info.ModTime().UnixNano())
		}
		return nil
	})
	if err != nil || count > memoLimit {
		return "", false
	}
	return hex.EncodeToString(h.Sum(nil)), true
}

// recalled is the answer remembered for key, or for a plain mj-inspect
// call the answer of a stepped one with its after_steps taken out.
func recalled(key, plain, steps string) (answer, bool) {
	if a, ok := answers.Load(key); ok {
		return a.(answer), true
	}
	if steps != "" || plain == "" {
		return answer{}, false
	}
	a, ok := answers.Load("stepped:" + plain)
	if !ok {
		return answer{}, false
	}
	return withoutSteps(a.(answer))
}

// remembered counts the bytes of the answers kept, which stop being
// kept past memoKept.
var remembered atomic.Int64

// memoKept bounds the answers a test binary keeps (a model's report is a
// few kilobytes to a megabyte).
const memoKept = 512 << 20

// remember keeps an answer under its key, and a stepped mj-inspect
// answer also for the plain call of the same file.
func remember(key, plain, steps string, a answer) {
	if remembered.Add(int64(len(a.out))) > memoKept {
		return
	}
	a.out = slices.Clone(a.out)
	answers.Store(key, a)
	if steps != "" && plain != "" {
		answers.Store("stepped:"+plain, a)
	}
}

// withoutSteps is a stepped mj-inspect report as the plain call writes
// it: the same fields, without after_steps (the model is reported before
// it is stepped).
func withoutSteps(a answer) (answer, bool) {
	var fields map[string]json.RawMessage
	if json.Unmarshal(a.out, &fields) != nil {
		return answer{}, false
	}
	if _, ok := fields["after_steps"]; !ok {
		// a refusal, which stepping does not change
		return a, true
	}
	delete(fields, "after_steps")
	out, err := json.Marshal(fields)
	if err != nil {
		return answer{}, false
	}
	return answer{out: out, code: a.code}, true
}
