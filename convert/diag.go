package convert

import (
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
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
// Code is a constant of the code table (codes.go); Subject and Quantities
// say what in the Graph it is about, so a difference can be matched to it
// mechanically (Diagnostics.Explains).
type Diagnostic struct {
	Severity   Severity   `json:"severity"`
	Code       Code       `json:"code"`
	Subject    Subject    `json:"subject,omitzero"`
	Quantities Quantities `json:"quantities,omitempty"`
	File       string     `json:"file,omitempty"`
	Path       string     `json:"path,omitempty"`
	Line       int        `json:"line,omitempty"`
	Message    string     `json:"message"`
}

// NewDiagnostic builds a diagnostic of code c about subj at path; its
// severity and quantities come from the code table.
func NewDiagnostic(c Code, subj Subject, path, format string, args ...any) Diagnostic {
	info, _ := c.Info()
	return Diagnostic{Severity: info.Severity, Code: c, Subject: subj, Quantities: info.Quantities,
		Path: path, Message: fmt.Sprintf(format, args...)}
}

// Affecting replaces the table's quantities for a site whose code is
// generic (field-dropped, joint-field-dropped): it names what this one
// changes.
func (d *Diagnostic) Affecting(qs ...Quantity) *Diagnostic {
	d.Quantities = Qs(qs...)
	return d
}

// WithSeverity reports the diagnostic at sev when the table marks its code
// Variable; otherwise the table's severity stands.
func (d *Diagnostic) WithSeverity(sev Severity) *Diagnostic {
	if info, _ := d.Code.Info(); info.Variable {
		d.Severity = sev
	}
	return d
}

// AtLine sets the line of a text format.
func (d *Diagnostic) AtLine(line int) *Diagnostic {
	d.Line = line
	return d
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

// Add appends a diagnostic of code c about subj at path and returns it for
// Affecting, WithSeverity or AtLine.
func (ds *Diagnostics) Add(c Code, subj Subject, path, format string, args ...any) *Diagnostic {
	*ds = append(*ds, NewDiagnostic(c, subj, path, format, args...))
	return &(*ds)[len(*ds)-1]
}

// AddAll appends one diagnostic per subject (the users of a shared shape).
func (ds *Diagnostics) AddAll(c Code, subjs []Subject, path, format string, args ...any) {
	for _, s := range subjs {
		ds.Add(c, s, path, format, args...)
	}
}

// About gives the diagnostics from index from on that have no subject the
// subject s, for a reader that learns a node's index only after reporting
// about it.
func (ds Diagnostics) About(from int, s Subject) {
	for i := from; i < len(ds); i++ {
		if ds[i].Subject.IsZero() {
			ds[i].Subject = s
		}
	}
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
func (ds Diagnostics) Has(code Code) bool {
	for _, d := range ds {
		if d.Code == code {
			return true
		}
	}
	return false
}

// OfCode returns the diagnostics with this code, in order.
func (ds Diagnostics) OfCode(code Code) Diagnostics {
	var out Diagnostics
	for _, d := range ds {
		if d.Code == code {
			out = append(out, d)
		}
	}
	return out
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
// A writer reports per shape, tens of thousands on a long chain: the order
// is found on indices and the diagnostics moved once, not swapped through
// every step of a stable sort.
func (ds Diagnostics) Sorted() Diagnostics {
	order := make([]int32, len(ds))
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortStableFunc(order, func(i, j int32) int {
		a, b := &ds[i], &ds[j]
		if c := strings.Compare(a.File, b.File); c != 0 {
			return c
		}
		if c := cmp.Compare(a.Line, b.Line); c != 0 {
			return c
		}
		if c := strings.Compare(a.Path, b.Path); c != 0 {
			return c
		}
		if c := strings.Compare(string(a.Code), string(b.Code)); c != 0 {
			return c
		}
		return strings.Compare(a.Message, b.Message)
	})
	out := make(Diagnostics, 0, len(ds))
	for _, i := range order {
		if n := len(out); n > 0 && ds[i] == out[n-1] {
			continue
		}
		out = append(out, ds[i])
	}
	return out
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
// An error among args is the FormatError's underlying error: a caller
// can still tell what it was (a reference outside the allowed folders,
// which the command answers with the flag that allows it).
func Errorf(path, format string, args ...any) *FormatError {
	return &FormatError{Path: path, Msg: fmt.Sprintf(format, args...), Err: firstError(args)}
}

// ErrorAtLine builds a FormatError at a line of a text format; an error
// among args is its underlying error, as for Errorf.
func ErrorAtLine(line int, format string, args ...any) *FormatError {
	return &FormatError{Line: line, Msg: fmt.Sprintf(format, args...), Err: firstError(args)}
}

// firstError is the first error among args, or nil.
func firstError(args []any) error {
	for _, a := range args {
		if err, ok := a.(error); ok {
			return err
		}
	}
	return nil
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
