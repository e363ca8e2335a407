package main

import (
	"io"

	"github.com/physconv/physconv/convert"
)

// writeReportText prints the human-readable inspect table.
func writeReportText(w io.Writer, r *convert.Report) error {
	return r.WriteText(w)
}
