package convert

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

// Severity orders diagnostics: Info < Warning < Error.
type Severity int

const (
	Info Severity = iota
	Warning
	Error
)

func (s Severity) String() string {
	switch s {
	case Info:
		return "info"
	case Warning:
		return "warning"
	default:
		return "error"
	}
}

// MarshalJSON writes the severity as its name.
func (s Severity) MarshalJSON() ([]byte, error) { return json.Marshal(s.String()) }

// UnmarshalJSON reads a severity name.
func (s *Severity) UnmarshalJSON(b []byte) error {
	var v string
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	switch v {
	case "info":
		*s = Info
	case "warning":
		*s = Warning
	case "error":
		*s = Error
	default:
		return fmt.Errorf("unknown severity %q", v)
	}
	return nil
}

// Diagnostic reports something a step invented, approximated or dropped.
// Code is a stable kebab-case identifier listed in the README.
type Diagnostic struct {
	Severity Severity `json:"severity"`
	Code     string   `json:"code"`
	File     string   `json:"file,omitempty"`
	Path     string   `json:"path,omitempty"`
	Line     int      `json:"line,omitempty"`
	Message  string   `json:"message"`
}

func (d Diagnostic) String() string {
	var b strings.Builder
	b.WriteString(d.Severity.String())
	b.WriteString(": ")
	if d.File != "" {
		b.WriteString(d.File)
		if d.Line > 0 {
			fmt.Fprintf(&b, ":%d", d.Line)
		}
		b.WriteString(": ")
	}
	if d.Path != "" {
		b.WriteString(d.Path)
		b.WriteString(": ")
	}
	b.WriteString(d.Message)
	fmt.Fprintf(&b, " [%s]", d.Code)
	return b.String()
}

// Diagnostics collects diagnostics in the order they were found.
type Diagnostics []Diagnostic

// Add appends a diagnostic.
func (ds *Diagnostics) Add(sev Severity, code, path, format string, args ...any) {
	*ds = append(*ds, Diagnostic{Severity: sev, Code: code, Path: path, Message: fmt.Sprintf(format, args...)})
}

// Infof, Warnf append a diagnostic of that severity.
func (ds *Diagnostics) Infof(code, path, format string, args ...any) {
	ds.Add(Info, code, path, format, args...)
}

// Warnf appends a warning.
func (ds *Diagnostics) Warnf(code, path, format string, args ...any) {
	ds.Add(Warning, code, path, format, args...)
}

// Max returns the highest severity present, or -1 when empty.
func (ds Diagnostics) Max() Severity {
	m := Severity(-1)
	for _, d := range ds {
		if d.Severity > m {
			m = d.Severity
		}
	}
	return m
}

// Has reports whether a diagnostic with this code is present.
func (ds Diagnostics) Has(code string) bool {
	for _, d := range ds {
		if d.Code == code {
			return true
		}
	}
	return false
}

// WithFile sets File on every diagnostic that has none.
func (ds Diagnostics) WithFile(file string) Diagnostics {
	for i := range ds {
		if ds[i].File == "" {
			ds[i].File = file
		}
	}
	return ds
}

// Sorted returns the diagnostics in a deterministic order (file, line,
// path, code, message) without duplicates, so parallel work prints the same.
func (ds Diagnostics) Sorted() Diagnostics {
	out := append(Diagnostics(nil), ds...)
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.Path != b.Path {
			return a.Path < b.Path
		}
		if a.Code != b.Code {
			return a.Code < b.Code
		}
		return a.Message < b.Message
	})
	n := 0
	for i, d := range out {
		if i > 0 && d == out[n-1] {
			continue
		}
		out[n] = d
		n++
	}
	return out[:n]
}

// FormatError is malformed input: no output is produced. It names the file
// and the place inside it (a JSON path, an XML line, a .tscn line).
type FormatError struct {
	File string
	Path string // JSON path or element path; may be empty
	Line int    // 1-based; 0 when not known
	Msg  string
	Err  error // underlying error, if any
}

func (e *FormatError) Error() string {
	var b strings.Builder
	if e.File != "" {
		b.WriteString(e.File)
		if e.Line > 0 {
			fmt.Fprintf(&b, ":%d", e.Line)
		}
		b.WriteString(": ")
	}
	if e.Path != "" {
		b.WriteString(e.Path)
		b.WriteString(": ")
	}
	b.WriteString(e.Msg)
	return b.String()
}

func (e *FormatError) Unwrap() error { return e.Err }

// Errorf builds a FormatError at path (file is filled in by Convert).
func Errorf(path, format string, args ...any) *FormatError {
	return &FormatError{Path: path, Msg: fmt.Sprintf(format, args...)}
}

// ErrorAtLine builds a FormatError at a line of a text format.
func ErrorAtLine(line int, format string, args ...any) *FormatError {
	return &FormatError{Line: line, Msg: fmt.Sprintf(format, args...)}
}

// UnsupportedError is valid input that physconv cannot convert.
type UnsupportedError struct {
	File, Path, Msg string
}

func (e *UnsupportedError) Error() string {
	s := e.Msg
	if e.Path != "" {
		s = e.Path + ": " + s
	}
	if e.File != "" {
		s = e.File + ": " + s
	}
	return s
}
