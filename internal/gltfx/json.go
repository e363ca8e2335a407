package gltfx

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/physconv/physconv/convert"
)

// DecodeJSON decodes one JSON value (numbers kept as json.Number). Syntax
// errors become FormatErrors carrying the line and column.
func DecodeJSON(raw []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, syntaxError(raw, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		off := dec.InputOffset()
		line, col := lineCol(raw, off)
		return nil, &convert.FormatError{Line: line, Msg: fmt.Sprintf("column %d: unexpected data after the top-level JSON value", col)}
	}
	return v, nil
}

func syntaxError(raw []byte, err error) error {
	var se *json.SyntaxError
	off := int64(len(raw))
	msg := err.Error()
	switch {
	case errors.As(err, &se):
		off = se.Offset - 1 // Offset counts the offending byte

	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		msg = "unexpected end of JSON (truncated file?)"
	}
	line, col := lineCol(raw, off)
	return &convert.FormatError{Line: line, Msg: fmt.Sprintf("column %d: invalid JSON: %s", col, msg), Err: err}
}

// lineCol converts a byte offset to a 1-based line and column.
func lineCol(raw []byte, off int64) (int, int) {
	if off > int64(len(raw)) {
		off = int64(len(raw))
	}
	if off < 0 {
		off = 0
	}
	before := raw[:off]
	line := bytes.Count(before, []byte{'\n'}) + 1
	col := len(before) - bytes.LastIndexByte(before, '\n')
	return line, col
}
