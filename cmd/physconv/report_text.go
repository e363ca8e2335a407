package main

import (
	"io"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/inspect"
)

// writeReportText prints the human-readable inspect table with the
// diagnostics at or above min.
func writeReportText(w io.Writer, r *inspect.Report, min convert.Severity) error {
	shown := *r
	shown.Diagnostics = nil
	for _, d := range r.Diagnostics {
		if d.Severity >= min {
			d.File = relPath(d.File)
			shown.Diagnostics = append(shown.Diagnostics, d)
		}
	}
	return shown.WriteText(w)
}
