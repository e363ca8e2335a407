package registry

import (
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/godot"
	"github.com/physconv/physconv/khr"
	"github.com/physconv/physconv/mjcf"
	"github.com/physconv/physconv/omi"
	"github.com/physconv/physconv/urdf"
)

// formats lists the formats in sniffing priority order: KHR before OMI so a
// glTF file using both is read as KHR unless --from says otherwise.
func formats() []*convert.Format {
	return []*convert.Format{khr.Format, omi.Format, godot.Format, godot.Format3, urdf.Format, mjcf.Format}
}
