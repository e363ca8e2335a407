package convert

import (
	"fmt"
	"strings"
)

// Levels re-grade diagnostics by their codes. The level "ignore" drops a diagnostic;
// "info", "warning" and "error" set its severity. Users tune what a
// conversion may report without touching the code table.
type Levels map[string]string

// LevelNames are the values a level may take.
var LevelNames = []string{"ignore", "info", "warning", "error"}

// ParseLevel reads one CODE=LEVEL setting, checking the code against the
// code table and the level against LevelNames.
func ParseLevel(s string) (code, level string, err error) {
	code, level, ok := strings.Cut(s, "=")
	if !ok || code == "" || level == "" {
		return "", "", fmt.Errorf("diagnostic level %q is not CODE=LEVEL (like mass-computed=ignore)", s)
	}
	if _, known := Code(code).Info(); !known {
		return "", "", fmt.Errorf("%q is not a diagnostic code (see the diagnostic codes in README.md)", code)
	}
	for _, l := range LevelNames {
		if level == l {
			return code, level, nil
		}
	}
	return "", "", fmt.Errorf("diagnostic level %q must be one of %s", level, strings.Join(LevelNames, ", "))
}

// Apply returns ds re-graded by the levels (ds itself is not changed).
func (l Levels) Apply(ds Diagnostics) Diagnostics {
	if len(l) == 0 {
		return ds
	}
	out := ds[:0:0]
	for _, d := range ds {
		switch l[string(d.Code)] {
		case "ignore":
			continue
		case "info":
			d.Severity = Info
		case "warning":
			d.Severity = Warning
		case "error":
			d.Severity = Error
		}
		out = append(out, d)
	}
	return out
}
