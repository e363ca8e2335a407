package omi

import "github.com/physconv/physconv/convert"

// Emit writes the Graph as glTF with the current OMI extensions.
func Emit(g *convert.Graph, opts *convert.Options) (*convert.Output, convert.Diagnostics, error) {
	return nil, nil, &convert.UnsupportedError{Msg: "omi: emit not ready"}
}
