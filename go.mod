module github.com/physconv/physconv

go 1.26.8

require (
	github.com/hschendel/stl v1.0.4
	github.com/spf13/cobra v1.10.1
	github.com/spf13/pflag v1.0.9
)

require (
	github.com/inconshreveable/mousetrap v1.1.0 // indirect
	github.com/qmuntal/gltf v0.29.0 // indirect
	golang.org/x/sync v0.17.0 // indirect
	gopkg.in/yaml.v3 v3.0.1 // indirect
)
