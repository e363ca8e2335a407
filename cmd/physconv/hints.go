package main

import (
	"errors"

	"github.com/physconv/physconv/convert"
)

// refHint names the flag that fixes a reference the library could not
// read; the library's own messages say nothing of flags.
func refHint(err error) string {
	var ue *convert.UnknownFormatError
	if errors.As(err, &ue) {
		if ue.Output {
			return "name it with --to"
		}
		return "name it with --from"
	}
	var re *convert.RefError
	if err == nil || !errors.As(err, &re) {
		return ""
	}
	switch re.Kind {
	case convert.RefPackageNotFound:
		return "give the package's folder with --package " + re.Package + "=DIR (or packages: in physconv.yaml), or set ROS_PACKAGE_PATH"
	case convert.RefOutside, convert.RefLink:
		return "to read files there, allow the folder with --allow-root DIR (or allow-roots: in physconv.yaml)"
	case convert.RefNoFolder:
		return "give the input as a file instead of -"
	}
	return ""
}
