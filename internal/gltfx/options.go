package gltfx

import "github.com/physconv/physconv/convert"

// Options both glTF dialects (khr, omi) declare.
var (
	// CollisionNamesOption makes the readers take Godot's object-name
	// suffixes (-col, -colonly, -convcol, -convcolonly, -rigid), as DCC
	// exports without a physics add-on carry them, as colliders and bodies.
	CollisionNamesOption = convert.Option{Name: "collision-names", Kind: convert.OptionBool, Side: convert.ParseSide,
		Default: "false", Usage: "glTF: make colliders and bodies of mesh nodes named with Godot's suffixes (-col, -colonly, -convcol, -convcolonly, -rigid)"}
	// BakeMassOption writes computed mass properties explicitly instead of
	// leaving them to the reader's engine.
	BakeMassOption = convert.Option{Name: "bake-mass", Kind: convert.OptionBool, Side: convert.EmitSide,
		Default: "false", Usage: "glTF: write computed mass properties explicitly"}
)
