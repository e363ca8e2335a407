package main

import (
	"io"

	"github.com/physconv/physconv/convert/inspect"
)

// writeReportText prints the human-readable inspect table.
func writeReportText(w io.Writer, r *inspect.Report) error {
	return r.WriteText(w)
}
