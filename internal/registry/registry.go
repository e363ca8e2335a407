// Package registry is the one place that knows every format. The CLI and
// cross-format tests use it; format packages never import each other.
package registry

import "github.com/physconv/physconv/convert"

// New returns a registry of every format physconv reads or writes, in
// sniffing priority order.
func New() *convert.Registry {
	return convert.NewRegistry(formats()...)
}
