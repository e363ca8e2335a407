package main

import (
	"encoding/json"
	"errors"
	"io"

	"github.com/physconv/physconv"
)

// jsonError is the "error" object --json prints on failure, so scripts
// read one document on stdout whatever happened.
type jsonError struct {
	Message string `json:"message"`
	// Kind is usage (exit 2), input or exists (exit 1: an output there and
	// no --force) or strict (exit 3).
	Kind     string `json:"kind"`
	ExitCode int    `json:"exitCode"`
}

func newJSONError(err error) *jsonError {
	if err == nil {
		return nil
	}
	var strict *physconv.StrictError
	var usage usageError
	var exists outputExistsError
	switch {
	case errors.As(err, &exists):
		return &jsonError{Message: err.Error(), Kind: "exists", ExitCode: exitError}
	case errors.As(err, &strict):
		return &jsonError{Message: err.Error(), Kind: "strict", ExitCode: exitStrict}
	case errors.As(err, &usage):
		return &jsonError{Message: err.Error(), Kind: "usage", ExitCode: exitUsage}
	}
	return &jsonError{Message: err.Error(), Kind: "input", ExitCode: exitError}
}

// writeJSON prints v indented.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
