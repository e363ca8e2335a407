# Headless test of the physconv add-on, run by TestBlenderAddon:
#
#   blender -b --factory-startup --python-exit-code 1 --python test_addon.py -- ZIP PHYSCONV WORKDIR
#
# Installs and enables the add-on from its zip, sets its preferences, builds
# a scene named with the --collision-names convention (a 2 m cube
# "Crate-rigid" over a slab "Floor-colonly"), exports it as glTF and checks
# that physconv converted the export to each target with the physics the
# names describe, read back with physconv inspect --json. A second export,
# left to the add-on, is converted when Blender exits; the Go test checks it.
import json
import os
import subprocess
import sys

import bpy

zip_path, physconv, work = sys.argv[sys.argv.index("--") + 1:][:3]

bpy.ops.preferences.addon_install(filepath=zip_path, overwrite=True)
bpy.ops.preferences.addon_enable(module="physconv_addon")
bpy.ops.preferences.addon_enable(module="io_scene_gltf2")
import physconv_addon  # noqa: E402 (installed just above)

prefs = bpy.context.preferences.addons["physconv_addon"].preferences
prefs.physconv_path = physconv
prefs.targets = {"godot", "mjcf", "urdf"}
prefs.output_dir = "build"
prefs.flags = "--collision-names --density 500"

for obj in list(bpy.data.objects):
    bpy.data.objects.remove(obj, do_unlink=True)
bpy.ops.mesh.primitive_cube_add(size=2, location=(0, 0, 3))
bpy.context.active_object.name = "Crate-rigid"
# A slab, not a plane: MuJoCo cannot collide with a flat mesh.
bpy.ops.mesh.primitive_cube_add(size=1, scale=(10, 10, 0.2))
bpy.context.active_object.name = "Floor-colonly"

export = os.path.join(work, "scene.gltf")
bpy.ops.export_scene.gltf(filepath=export, export_format="GLTF_SEPARATE")
assert os.path.isfile(export), "the glTF exporter wrote no " + export
assert physconv_addon._pending == [export], "the post-export hook did not note the export: %r" % physconv_addon._pending

assert bpy.ops.physconv.convert_pending() == {"FINISHED"}, physconv_addon.summary_lines(physconv_addon._last)
results = physconv_addon._last
assert sorted(r["target"] for r in results) == ["godot", "mjcf", "urdf"], results
assert all(r["ok"] for r in results), results
hints = [d for d in results[0]["diagnostics"] if d["code"] == "name-hint-applied"]
assert len(hints) == 2, "physconv's diagnostics lack the two name hints: %r" % results[0]["diagnostics"]

for target, name in (("godot", "scene.tscn"), ("mjcf", "scene.xml"), ("urdf", "scene.urdf")):
    out = os.path.join(work, "build", name)
    assert os.path.isfile(out), "no %s output %s" % (target, out)
    report = json.loads(subprocess.run([physconv, "inspect", "--json", out],
                                       check=True, capture_output=True, text=True).stdout)
    dynamic = [b for b in report["bodies"] if b["kind"] == "dynamic"]
    assert len(dynamic) == 1 and "Crate" in dynamic[0]["name"], (target, report["bodies"])
    # a 2 m cube at 500 kg/m^3 (the extra flags reached physconv)
    assert abs(dynamic[0]["mass"] - 4000) < 1e-6, (target, dynamic[0]["mass"])
    assert any(b["kind"] == "static" and b["colliders"] for b in report["bodies"]), (target, report["bodies"])
    print("checked", target, out)

# Exported again, unchanged: the add-on replaces its own outputs. The
# conversion runs as the interface's timer runs it (the timer itself never
# fires in background mode), reporting through the show_report operator.
bpy.ops.export_scene.gltf(filepath=export, export_format="GLTF_SEPARATE")
physconv_addon._convert_from_timer()
assert physconv_addon._pending == [] and len(physconv_addon._last) == 3, physconv_addon._last
assert all(r["ok"] for r in physconv_addon._last), physconv_addon.summary_lines(physconv_addon._last)

# Left pending: converted when Blender exits.
bpy.ops.export_scene.gltf(filepath=os.path.join(work, "later.glb"), export_format="GLB")
print("ADDON TEST OK")
