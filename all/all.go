// Package all is the registry of every format physconv reads and writes,
// for programs that want them all (the CLI, build tools). Format packages
// never import each other; only this package and cmd/ know every format.
package all

import (
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/godot"
	"github.com/physconv/physconv/khr"
	"github.com/physconv/physconv/mjcf"
	"github.com/physconv/physconv/omi"
	"github.com/physconv/physconv/urdf"
	"github.com/physconv/physconv/urdf/xacro"
)

// Registry returns a new registry of every format, in sniffing priority
// order: KHR before OMI, so a glTF file using both is read as KHR unless
// the caller names the format; xacro before URDF, so a robot using xacro
// tags is expanded whatever its extension.
func Registry() *convert.Registry {
	return convert.NewRegistry(khr.Format, omi.Format, godot.Format, godot.Format3, xacro.Format, urdf.Format, mjcf.Format)
}
