package registry

import "github.com/physconv/physconv/convert"

func formats() []*convert.Format {
	return []*convert.Format{}
}
