package main

import (
	"fmt"
	"runtime/debug"
	"strings"
)

// version describes the build from its embedded build information: the
// module version (a tag when installed with go install), else the VCS
// revision and time the binary was built from, and the Go version.
func version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown (no build information)"
	}
	v := bi.Main.Version
	if v == "" {
		v = "(devel)"
	}
	var rev, at string
	dirty := false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			at = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	var extra []string
	if rev != "" {
		if len(rev) > 12 {
			rev = rev[:12]
		}
		if dirty {
			rev += "+modified"
		}
		extra = append(extra, rev)
	}
	if at != "" {
		extra = append(extra, at)
	}
	extra = append(extra, bi.GoVersion)
	return fmt.Sprintf("%s (%s)", v, strings.Join(extra, ", "))
}
