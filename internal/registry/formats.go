package registry

import (
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
)

func formats() []*convert.Format { return all.Registry().Formats() }
