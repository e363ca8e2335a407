module github.com/physconv/physconv

go 1.26.8

require (
	github.com/bmatcuk/doublestar/v4 v4.10.4
	github.com/fsnotify/fsnotify v1.10.1
	github.com/hschendel/stl v1.0.4
	github.com/qmuntal/gltf v0.29.0
	github.com/schollz/progressbar/v3 v3.19.1
	github.com/spf13/cobra v1.10.1
	github.com/spf13/pflag v1.0.9
	golang.org/x/sync v0.17.0
	golang.org/x/term v0.44.0
	golang.org/x/tools v0.38.0
	gopkg.in/yaml.v3 v3.0.1
)

require (
	github.com/go-json-experiment/json v1.27.2 // indirect
	github.com/inconshreveable/mousetrap v1.1.0 // indirect
	github.com/mitchellh/colorstring v0.0.0-20190213212951-d06e56a500db // indirect
	github.com/rivo/uniseg v0.4.7 // indirect
	golang.org/x/sys v0.46.0 // indirect
)
