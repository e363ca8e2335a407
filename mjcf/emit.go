package mjcf

import "github.com/physconv/physconv/convert"

// Emit writes a Graph as MJCF.
func Emit(g *convert.Graph, opts *convert.Options) (*convert.Output, convert.Diagnostics, error) {
	return nil, nil, &convert.UnsupportedError{Msg: "mjcf: writing is not implemented yet"}
}
