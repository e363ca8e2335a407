package main

import (
	"fmt"
	"strings"

	"github.com/physconv/physconv/convert"
	"github.com/spf13/pflag"
)

// optionFlags binds the conversion options shared by several subcommands.
type optionFlags struct {
	opts     convert.Options
	packages []string
}

func (o *optionFlags) bindParse(fs *pflag.FlagSet) {
	fs.StringVar(&o.opts.From, "from", "", "input format (khr, omi, godot, urdf, mjcf); guessed when empty")
	fs.StringVar(&o.opts.Up, "up", "auto", "auto: convert Z-up formats to Y-up at the boundary; keep: leave axes")
	fs.Float64Var(&o.opts.Density, "density", 1000, "density (kg/m³) for bodies whose mass is computed from shapes")
	fs.StringVar(&o.opts.Base, "base", "", "URDF root link: floating (default) or fixed")
	fs.StringArrayVar(&o.packages, "package", nil, "ROS package folder for package:// URIs, as NAME=DIR (repeatable)")
	fs.StringArrayVar(&o.opts.AllowRoots, "allow-root", nil, "extra folder side files may be read from (repeatable)")
	fs.BoolVar(&o.opts.CollisionNames, "collision-names", false, "glTF: make colliders and bodies of mesh nodes named with Godot's suffixes (-col, -colonly, -convcol, -convcolonly, -rigid)")
}

func (o *optionFlags) bindEmit(fs *pflag.FlagSet) {
	fs.StringVar(&o.opts.To, "to", "", "output format (khr, omi, godot, urdf, mjcf); guessed from OUT when empty")
	fs.BoolVar(&o.opts.Strict, "strict", false, "fail (exit 3, no output) when the conversion has warnings")
	fs.StringVar(&o.opts.KHRGeometry, "khr-geometry", "mesh", "KHR mesh colliders as geometry.mesh (2026) or geometry.node (release candidate)")
	fs.BoolVar(&o.opts.BakeMass, "bake-mass", false, "write computed mass properties explicitly (KHR)")
	fs.StringVar(&o.opts.Capsule, "capsule", "cylinder-spheres", "URDF capsules: cylinder-spheres or urdf-ext")
	fs.StringVar(&o.opts.Root, "root", "", "body to use as the root of URDF/MJCF kinematic trees")
	fs.StringVar(&o.opts.MeshFormat, "mesh-format", "stl", "MJCF mesh files: stl or obj")
	fs.IntVar(&o.opts.Godot, "godot", 4, "Godot major version to write: 4 or 3")
	fs.BoolVar(&o.opts.InlineMeshes, "inline-meshes", false, "MJCF: write meshes inline instead of as files")
}

// bindSideFiles adds convert's --side-files (batch has its own, for the
// input side files it mirrors).
func (o *optionFlags) bindSideFiles(fs *pflag.FlagSet) {
	fs.StringVar(&o.opts.SideFiles, "side-files", "link", "source meshes written unchanged: link (hard link when on one file system, else copy), copy, or reference (use them in place, by a relative path)")
}

// resolve checks flag values and returns the options.
func (o *optionFlags) resolve() (*convert.Options, error) {
	opts := o.opts
	if opts.Up != "auto" && opts.Up != "keep" {
		return nil, usageError{fmt.Errorf("--up must be auto or keep, not %q", opts.Up)}
	}
	if !(opts.Density > 0) {
		return nil, usageError{fmt.Errorf("--density must be positive, not %v", opts.Density)}
	}
	if opts.KHRGeometry != "" && opts.KHRGeometry != "mesh" && opts.KHRGeometry != "node" {
		return nil, usageError{fmt.Errorf("--khr-geometry must be mesh or node, not %q", opts.KHRGeometry)}
	}
	if opts.Capsule != "" && opts.Capsule != "cylinder-spheres" && opts.Capsule != "urdf-ext" {
		return nil, usageError{fmt.Errorf("--capsule must be cylinder-spheres or urdf-ext, not %q", opts.Capsule)}
	}
	if opts.Base != "" && opts.Base != "floating" && opts.Base != "fixed" {
		return nil, usageError{fmt.Errorf("--base must be floating or fixed, not %q", opts.Base)}
	}
	if opts.MeshFormat != "" && opts.MeshFormat != "stl" && opts.MeshFormat != "obj" {
		return nil, usageError{fmt.Errorf("--mesh-format must be stl or obj, not %q", opts.MeshFormat)}
	}
	if opts.SideFiles != "" && opts.SideFiles != "link" && opts.SideFiles != "copy" && opts.SideFiles != "reference" {
		return nil, usageError{fmt.Errorf("--side-files must be link, copy or reference, not %q", opts.SideFiles)}
	}
	if opts.Godot != 0 && opts.Godot != 3 && opts.Godot != 4 {
		return nil, usageError{fmt.Errorf("--godot must be 3 or 4, not %d", opts.Godot)}
	}
	if len(o.packages) > 0 {
		opts.Packages = map[string]string{}
		for _, p := range o.packages {
			name, dir, ok := strings.Cut(p, "=")
			if !ok || name == "" || dir == "" {
				return nil, usageError{fmt.Errorf("--package wants NAME=DIR, not %q", p)}
			}
			opts.Packages[name] = dir
		}
	}
	return &opts, nil
}

// resolveIn is resolve plus a check that --from/--to name known formats,
// so a typo is a usage error before any file is read.
func (o *optionFlags) resolveIn(reg *convert.Registry) (*convert.Options, error) {
	for _, name := range []string{o.opts.From, o.opts.To} {
		if name == "" {
			continue
		}
		if _, err := reg.Lookup(name); err != nil {
			return nil, usageError{err}
		}
	}
	return o.resolve()
}
