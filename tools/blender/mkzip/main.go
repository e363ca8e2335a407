// Command mkzip writes the physconv add-on for Blender as a zip:
//
//	go run ./tools/blender/mkzip physconv_addon.zip
package main

import (
	"bytes"
	"fmt"
	"os"

	"github.com/physconv/physconv/tools/blender"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: mkzip OUT.zip")
		os.Exit(2)
	}
	var b bytes.Buffer
	if err := blender.WriteAddonZip(&b); err != nil {
		fmt.Fprintln(os.Stderr, "mkzip:", err)
		os.Exit(1)
	}
	if err := os.WriteFile(os.Args[1], b.Bytes(), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "mkzip:", err)
		os.Exit(1)
	}
}
