package batch

import (
	"bufio"
	"encoding/json"
	"io"

	"github.com/physconv/physconv/convert"
)

// ReportSchema names the batch report format. It changes only when a
// field is removed or changes meaning; new fields may appear within it.
const ReportSchema = "physconv-batch-report/1"

// BatchReport is the JSON document `physconv batch --report` writes: one
// entry per input in input order, then the totals. ReportWriter produces
// it incrementally; encoding/json reads it back into this type.
type BatchReport struct {
	Schema      string `json:"schema"`
	Source      string `json:"source"`
	Destination string `json:"destination"`
	// To is the target format given for the run ("" when the
	// configuration chooses per file); Shard is "K/N" or "".
	To     string       `json:"to,omitempty"`
	Shard  string       `json:"shard,omitempty"`
	Files  []FileResult `json:"files"`
	Totals BatchSummary `json:"totals"`
	// Error is the failure `batch --json` reports (absent on success):
	// a JSON object written by CloseWithError.
	Error json.RawMessage `json:"error,omitempty"`
}

// ReportWriter streams a BatchReport: the header first, each FileResult
// as it arrives (one line each), the totals last, so a report of any
// size needs no memory beyond one entry.
type ReportWriter struct {
	w   *bufio.Writer
	n   int
	err error
}

// NewReportWriter writes the report's header fields from head (Files and
// Totals are ignored; Schema is set).
func NewReportWriter(w io.Writer, head BatchReport) *ReportWriter {
	rw := &ReportWriter{w: bufio.NewWriter(w)}
	rw.put("{\n")
	rw.field("schema", ReportSchema)
	rw.field("source", head.Source)
	rw.field("destination", head.Destination)
	if head.To != "" {
		rw.field("to", head.To)
	}
	if head.Shard != "" {
		rw.field("shard", head.Shard)
	}
	rw.put(`  "files": [`)
	return rw
}

// Add appends one input's result.
func (rw *ReportWriter) Add(r *FileResult) {
	e := *r
	if e.Diagnostics == nil {
		e.Diagnostics = convert.Diagnostics{}
	}
	sep := ",\n    "
	if rw.n == 0 {
		sep = "\n    "
	}
	rw.n++
	rw.put(sep)
	rw.json(e)
}

// Close writes the totals and ends the document.
func (rw *ReportWriter) Close(totals *BatchSummary) error {
	return rw.CloseWithError(totals, nil)
}

// CloseWithError is Close that also writes errObj, when not nil, as the
// report's "error" field, so a caller printing the report as its only
// output says in it why the run failed.
func (rw *ReportWriter) CloseWithError(totals *BatchSummary, errObj any) error {
	if rw.n > 0 {
		rw.put("\n  ")
	}
	rw.put("],\n  \"totals\": ")
	if totals == nil {
		totals = &BatchSummary{}
	}
	rw.json(totals)
	if errObj != nil {
		rw.put(",\n  \"error\": ")
		rw.json(errObj)
	}
	rw.put("\n}\n")
	if rw.err == nil {
		rw.err = rw.w.Flush()
	}
	return rw.err
}

func (rw *ReportWriter) field(name, value string) {
	rw.put("  ")
	rw.json(name)
	rw.put(": ")
	rw.json(value)
	rw.put(",\n")
}

func (rw *ReportWriter) json(v any) {
	if rw.err != nil {
		return
	}
	b, err := json.Marshal(v)
	if err != nil {
		rw.err = err
		return
	}
	_, rw.err = rw.w.Write(b)
}

func (rw *ReportWriter) put(s string) {
	if rw.err == nil {
		_, rw.err = rw.w.WriteString(s)
	}
}
