// Package blender builds the physconv add-on for Blender as the zip users
// install (Edit > Preferences > Add-ons > Install).
package blender

import (
	"archive/zip"
	"embed"
	"io"
	"io/fs"
	"path"
	"strings"
	"time"
)

// addon holds the add-on's sources; all: keeps __init__.py, which embed
// would otherwise leave out for its leading underscore.
//
//go:embed all:physconv_addon
var addon embed.FS

// AddonDir is the add-on's folder in the zip, which Blender installs under
// its add-ons folder and imports as the module physconv_addon.
const AddonDir = "physconv_addon"

// zipTime is every entry's modification time, so the same sources always
// give the same bytes.
var zipTime = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// WriteAddonZip writes the add-on's zip: its Python sources in name order,
// fixed times and modes, no compiled caches.
func WriteAddonZip(w io.Writer) error {
	zw := zip.NewWriter(w)
	err := fs.WalkDir(addon, AddonDir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == "__pycache__" {
				return fs.SkipDir
			}
			return nil
		}
		if path.Ext(p) != ".py" || strings.HasPrefix(d.Name(), ".") {
			return nil
		}
		data, err := fs.ReadFile(addon, p)
		if err != nil {
			return err
		}
		h := &zip.FileHeader{Name: p, Method: zip.Deflate, Modified: zipTime}
		h.SetMode(0o644)
		f, err := zw.CreateHeader(h)
		if err != nil {
			return err
		}
		_, err = f.Write(data)
		return err
	})
	if cerr := zw.Close(); err == nil {
		err = cerr
	}
	return err
}
