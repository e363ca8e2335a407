package godot

import (
	"errors"

	"github.com/physconv/physconv/convert"
)

// Emit writes a Graph as a Godot scene.
func Emit(g *convert.Graph, opts *convert.Options) (*convert.Output, convert.Diagnostics, error) {
	return nil, nil, errors.New("godot: writing scenes is not available yet")
}
