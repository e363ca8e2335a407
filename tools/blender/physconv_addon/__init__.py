# physconv add-on for Blender: converts every glTF export with physconv.
#
# The glTF exporter (io_scene_gltf2) calls glTF2_post_export_callback of every
# enabled add-on once the scene is gathered but, in Blender 3.x and 4.x,
# before the file is written. So the callback only notes the exported path;
# the conversions run once the exporter has returned: from a timer in the
# interface, from the physconv.convert_pending operator in scripts, and at
# exit for anything still pending in background runs (which run no timers).

bl_info = {
    "name": "physconv: convert glTF physics after export",
    "author": "physconv",
    "version": (1, 0, 0),
    "blender": (3, 4, 0),
    "location": "File > Export > glTF 2.0; Preferences > Add-ons; View3D > Sidebar > physconv",
    "description": "Runs physconv after every glTF export: Godot, MJCF and URDF beside the .glb/.gltf",
    "category": "Import-Export",
}

import atexit
import json
import os
import shlex
import shutil
import subprocess

import bpy

# Targets: physconv format name, label, and the suffix of the output written
# beside (or in the output folder for) scene.glb: scene.tscn, scene.xml, ...
TARGETS = (
    ("godot", "Godot 4", ".tscn"),
    ("godot3", "Godot 3", ".godot3.tscn"),
    ("mjcf", "MJCF (MuJoCo)", ".xml"),
    ("urdf", "URDF", ".urdf"),
    ("omi", "glTF with OMI physics", ".omi.gltf"),
    ("khr", "glTF with KHR physics", ".khr.gltf"),
)
SUFFIX = {name: suffix for name, _, suffix in TARGETS}

# Exports waiting to be converted, and the outcome of the latest run (one
# entry per target) shown in the sidebar panel.
_pending = []
_last = []


def glTF2_post_export_callback(export_settings):
    """Called by the glTF exporter: notes the file being exported."""
    path = export_settings.get("gltf_filepath")
    if not path or not _prefs().enabled:
        return
    path = os.path.abspath(bpy.path.abspath(path))
    if path not in _pending:
        _pending.append(path)
    if not bpy.app.background:
        bpy.app.timers.register(_convert_from_timer, first_interval=0.0)


def _prefs():
    return bpy.context.preferences.addons[__name__].preferences


def find_physconv(prefs):
    """The physconv binary: the preference, else physconv on PATH."""
    if prefs.physconv_path:
        p = bpy.path.abspath(prefs.physconv_path)
        return p if os.path.isfile(p) else None
    return shutil.which("physconv")


def output_path(prefs, export_path, target):
    """Where target's output of export_path goes: the output folder (relative
    to the export's folder, or to the .blend with //) or beside the export."""
    folder = os.path.dirname(export_path)
    if prefs.output_dir:
        out = bpy.path.abspath(prefs.output_dir)
        folder = os.path.join(folder, out) if not os.path.isabs(out) else out
    stem = os.path.splitext(os.path.basename(export_path))[0]
    return os.path.normpath(os.path.join(folder, stem + SUFFIX[target]))


def convert(prefs, export_path):
    """Runs physconv once per target; returns one result dict per target:
    target, output, ok, error, diagnostics (physconv's --json objects)."""
    binary = find_physconv(prefs)
    results = []
    for target in sorted(prefs.targets):
        out = output_path(prefs, export_path, target)
        r = {"input": export_path, "target": target, "output": out, "ok": False,
             "error": "", "diagnostics": []}
        results.append(r)
        if binary is None:
            r["error"] = "physconv not found: set its path in the add-on's preferences"
            continue
        os.makedirs(os.path.dirname(out), exist_ok=True)
        # --force: these outputs are this add-on's own, made again on every
        # export (physconv then removes side files the new output dropped).
        cmd = [binary, "convert", "--json", "--force", "--to", target]
        cmd += shlex.split(prefs.flags) + [export_path, out]
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True, timeout=prefs.timeout)
        except (OSError, subprocess.TimeoutExpired) as e:
            r["error"] = str(e)
            continue
        try:
            doc = json.loads(proc.stdout)
        except ValueError:
            doc = {}
        r["diagnostics"] = doc.get("diagnostics") or []
        err = doc.get("error")
        if proc.returncode == 0:
            r["ok"] = True
        elif err:
            r["error"] = err.get("message", "")
        else:
            r["error"] = (proc.stderr.strip() or "exit %d" % proc.returncode)
    return results


def summary_lines(results):
    """One line per target, then the warnings and errors physconv gave."""
    lines = []
    for r in results:
        warnings = [d for d in r["diagnostics"] if d.get("severity") == "warning"]
        if r["ok"]:
            note = " (%d warning(s))" % len(warnings) if warnings else ""
            lines.append(("INFO", "physconv: wrote %s%s" % (r["output"], note)))
        else:
            lines.append(("ERROR", "physconv: %s -> %s failed: %s" % (
                os.path.basename(r["input"]), r["target"], r["error"])))
        for d in r["diagnostics"]:
            if d.get("severity") in ("warning", "error"):
                level = "WARNING" if d["severity"] == "warning" else "ERROR"
                lines.append((level, "  %s [%s]" % (d.get("message", ""), d.get("code", ""))))
    return lines


def convert_pending():
    """Converts every export noted since the last call; returns the results."""
    global _last
    if not _pending:
        return []
    prefs = _prefs()
    results = []
    while _pending:
        results += convert(prefs, _pending.pop(0))
    _last = results
    return results


def _report(operator, results):
    for level, line in summary_lines(results):
        if operator is not None:
            operator.report({level}, line)
        else:
            print(line)


def _convert_from_timer():
    results = convert_pending()
    if not results:
        return None
    wm = bpy.context.window_manager
    try:
        # An operator's reports reach the status bar and the Info editor; a
        # timer has no window in its context, so lend it one.
        if wm is not None and wm.windows:
            with bpy.context.temp_override(window=wm.windows[0]):
                bpy.ops.physconv.show_report("INVOKE_DEFAULT")
        else:
            bpy.ops.physconv.show_report("INVOKE_DEFAULT")
    except RuntimeError:
        _report(None, results)
    for window in (wm.windows if wm is not None else ()):
        for area in window.screen.areas:
            area.tag_redraw()
    return None  # run once


def _convert_at_exit():
    try:
        _report(None, convert_pending())
    except Exception as e:  # the add-on may be gone at exit
        print("physconv:", e)


class PHYSCONV_OT_convert_pending(bpy.types.Operator):
    """Convert the glTF exports not converted yet (scripts call this after
    bpy.ops.export_scene.gltf; the interface does it by itself)"""
    bl_idname = "physconv.convert_pending"
    bl_label = "Convert pending glTF exports with physconv"

    def execute(self, context):
        results = convert_pending()
        _report(self, results)
        return {"CANCELLED"} if any(not r["ok"] for r in results) else {"FINISHED"}


class PHYSCONV_OT_show_report(bpy.types.Operator):
    """Report the latest physconv run in the status bar and the Info editor"""
    bl_idname = "physconv.show_report"
    bl_label = "Show the latest physconv report"

    def execute(self, context):
        _report(self, _last)
        return {"FINISHED"}

    def invoke(self, context, event):
        return self.execute(context)


class PHYSCONV_OT_convert_file(bpy.types.Operator):
    """Convert a glTF file with physconv using the add-on's preferences"""
    bl_idname = "physconv.convert_file"
    bl_label = "Convert a glTF file with physconv"

    filepath: bpy.props.StringProperty(subtype="FILE_PATH")

    def execute(self, context):
        global _last
        _last = convert(_prefs(), os.path.abspath(bpy.path.abspath(self.filepath)))
        _report(self, _last)
        return {"CANCELLED"} if any(not r["ok"] for r in _last) else {"FINISHED"}


def _draw_last(layout):
    if not _last:
        layout.label(text="No export converted yet.")
        return
    icons = {"INFO": "CHECKMARK", "WARNING": "ERROR", "ERROR": "CANCEL"}
    for level, line in summary_lines(_last):
        layout.label(text=line.strip(), icon=icons[level])


class PHYSCONV_PT_last_run(bpy.types.Panel):
    bl_label = "physconv"
    bl_space_type = "VIEW_3D"
    bl_region_type = "UI"
    bl_category = "physconv"

    def draw(self, context):
        _draw_last(self.layout)


class PhysconvPreferences(bpy.types.AddonPreferences):
    bl_idname = __name__

    enabled: bpy.props.BoolProperty(
        name="Convert after every glTF export", default=True)
    physconv_path: bpy.props.StringProperty(
        name="physconv binary", subtype="FILE_PATH", default="",
        description="Path of the physconv program (empty: physconv on PATH)")
    targets: bpy.props.EnumProperty(
        name="Targets", options={"ENUM_FLAG"}, default={"godot", "mjcf"},
        items=[(name, label, "physconv --to " + name + ", written as NAME" + suffix)
               for name, label, suffix in TARGETS])
    output_dir: bpy.props.StringProperty(
        name="Output folder", subtype="DIR_PATH", default="",
        description="Where outputs go (empty: beside the export; relative: to the export's folder; // : to the .blend)")
    flags: bpy.props.StringProperty(
        name="Extra flags", default="",
        description="More physconv convert flags, e.g. --collision-names --density 500")
    timeout: bpy.props.IntProperty(
        name="Time limit (s)", default=120, min=1,
        description="Longest a conversion may take")

    def draw(self, context):
        layout = self.layout
        layout.prop(self, "enabled")
        layout.prop(self, "physconv_path")
        if find_physconv(self) is None:
            layout.label(text="physconv not found", icon="ERROR")
        layout.prop(self, "targets")
        layout.prop(self, "output_dir")
        layout.prop(self, "flags")
        layout.prop(self, "timeout")
        box = layout.box()
        box.label(text="Latest run:")
        _draw_last(box)


CLASSES = (
    PhysconvPreferences,
    PHYSCONV_OT_convert_pending,
    PHYSCONV_OT_show_report,
    PHYSCONV_OT_convert_file,
    PHYSCONV_PT_last_run,
)


def register():
    for cls in CLASSES:
        bpy.utils.register_class(cls)
    atexit.register(_convert_at_exit)


def unregister():
    # Blender disables add-ons when it quits: exports still pending (in
    # background runs) are converted now.
    _convert_at_exit()
    atexit.unregister(_convert_at_exit)
    for cls in reversed(CLASSES):
        bpy.utils.unregister_class(cls)
