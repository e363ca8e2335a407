#!/usr/bin/env bash
# blender-postexport.sh — run physconv after a Blender glTF export.
#
# Usage: blender-postexport.sh EXPORTED.gltf|.glb OUTDIR [FORMAT...]
#
# Converts one glTF file exported from Blender (rigid bodies, colliders and
# joints written as KHR_physics_rigid_bodies by a Blender physics add-on, or,
# with PHYSCONV_FLAGS=--collision-names, mesh objects named with Godot's
# collision suffixes: Wall-col, Rock-convcolonly, Crate-rigid) to
# each FORMAT (default: godot mjcf, plus urdf when this physconv writes it)
# in OUTDIR, named after the input: scene.glb -> OUTDIR/scene.tscn,
# OUTDIR/scene.xml, OUTDIR/scene.urdf, replacing earlier outputs. Diagnostics (what a target could not
# express) are printed; every conversion is attempted even when one fails.
#
# Environment:
#   PHYSCONV          the physconv binary (default: physconv on PATH)
#   PHYSCONV_FLAGS    extra flags for every conversion, e.g. "--strict" or
#                     "--collision-names"
#
# Exit status: 0 when every conversion succeeded, else the highest physconv
# exit code (1 conversion error, 2 usage, 3 warnings under --strict).
set -u

physconv="${PHYSCONV:-physconv}"
if [ $# -lt 2 ]; then
	echo "usage: $(basename "$0") EXPORTED.gltf|.glb OUTDIR [FORMAT...]" >&2
	exit 2
fi
input="$1"
outdir="$2"
shift 2
if [ ! -f "$input" ]; then
	echo "$(basename "$0"): $input: no such file" >&2
	exit 1
fi
if ! command -v "$physconv" >/dev/null 2>&1; then
	echo "$(basename "$0"): physconv not found (set PHYSCONV)" >&2
	exit 2
fi

# The formats this physconv writes, from `physconv formats`.
writable=" $("$physconv" formats | awk 'NR == 1 { next } NF == 0 { exit } $3 == "yes" { printf "%s ", $1 }')"
if [ $# -eq 0 ]; then
	set -- godot mjcf
	case "$writable" in *" urdf "*) set -- "$@" urdf ;; esac
fi

mkdir -p "$outdir" || exit 1
name="$(basename "$input")"
name="${name%.*}"
status=0
for format in "$@"; do
	case "$format" in
	godot | godot3) ext=tscn ;;
	mjcf) ext=xml ;;
	urdf) ext=urdf ;;
	khr | omi) ext=gltf ;;
	*)
		echo "$(basename "$0"): unknown format $format" >&2
		status=2
		continue
		;;
	esac
	case "$writable" in
	*" $format "*) ;;
	*)
		echo "$(basename "$0"): this physconv cannot write $format" >&2
		[ $status -lt 1 ] && status=1
		continue
		;;
	esac
	# shellcheck disable=SC2086 # PHYSCONV_FLAGS is a list of flags
	"$physconv" convert --force ${PHYSCONV_FLAGS:-} --to "$format" "$input" "$outdir/$name.$ext"
	code=$?
	[ $code -gt $status ] && status=$code
done
exit $status
