#!/usr/bin/env python3
"""Writes the KHR glTF twin of each MJCF fixture in this folder.

Run from this folder: python3 mjcf2khr.py. Independent of physconv's Go
code on purpose: the Go tests compare physconv's reading of both files
with MuJoCo's reading of the MJCF one.

Conventions: glTF is Y-up, MJCF Z-up, so everything hangs under a root
node rotated -90 degrees about X. Bodies become nodes with an empty KHR
motion (everything computed); each geom becomes a child node with a
collider. glTF capsules and cylinders lie along Y, MJCF's along Z: their
nodes get an extra +90 degrees about X. KHR has no ellipsoid: it is a unit
sphere under a node scale of its semi-axes. Meshes are written with
float32 positions (the fixtures use dyadic values, exact in float32) and
the mesh scale becomes the geom node's scale.
"""
import base64, glob, json, math, struct, xml.etree.ElementTree as ET

def quat_xyzw(wxyz):
    w, x, y, z = wxyz
    n = math.sqrt(w*w + x*x + y*y + z*z)
    return [x/n, y/n, z/n, w/n]

def qmul(a, b):  # xyzw, a after b
    ax, ay, az, aw = a; bx, by, bz, bw = b
    return [aw*bx + ax*bw + ay*bz - az*by, aw*by - ax*bz + ay*bw + az*bx,
            aw*bz + ax*by - ay*bx + az*bw, aw*bw - ax*bx - ay*by - az*bz]

S = math.sqrt(0.5)
X90 = [S, 0, 0, S]
XM90 = [-S, 0, 0, S]

def floats(s):
    return [float(v) for v in s.split()]

def convert(path):
    root = ET.parse(path).getroot()
    doc = {"asset": {"version": "2.0", "generator": "testdata/mass/mjcf2khr.py"},
           "extensionsUsed": ["KHR_physics_rigid_bodies", "KHR_implicit_shapes"],
           "scene": 0, "scenes": [{"nodes": [0]}],
           "nodes": [{"name": "world", "rotation": XM90, "children": []}],
           "extensions": {"KHR_implicit_shapes": {"shapes": []}}}
    shapes = doc["extensions"]["KHR_implicit_shapes"]["shapes"]
    blob = bytearray()
    meshes, mesh_index, mesh_scale = [], {}, {}
    accessors, views = [], []

    def add_view(data, target):
        while len(blob) % 4:
            blob.append(0)
        views.append({"buffer": 0, "byteOffset": len(blob), "byteLength": len(data), "target": target})
        blob.extend(data)
        return len(views) - 1

    for m in root.iter("mesh"):
        v = floats(m.get("vertex"))
        n = len(v) // 3
        if m.get("face"):
            f = [int(x) for x in m.get("face").split()]
        else:
            # a vertex cloud: a fan over every vertex so each is referenced
            f = []
            for i in range(1, n - 1):
                f += [0, i, i + 1]
        pos = struct.pack("<%df" % len(v), *v)
        lo = [min(v[k::3]) for k in range(3)]
        hi = [max(v[k::3]) for k in range(3)]
        accessors.append({"bufferView": add_view(pos, 34962), "componentType": 5126, "count": n,
                          "type": "VEC3", "min": lo, "max": hi})
        accessors.append({"bufferView": add_view(struct.pack("<%dI" % len(f), *f), 34963),
                          "componentType": 5125, "count": len(f), "type": "SCALAR"})
        meshes.append({"name": m.get("name"), "primitives": [{"attributes": {"POSITION": len(accessors) - 2},
                                                             "indices": len(accessors) - 1}]})
        mesh_index[m.get("name")] = (len(meshes) - 1, m.get("inertia") == "convex")
        if m.get("scale"):
            mesh_scale[m.get("name")] = floats(m.get("scale"))

    def add_node(node, parent):
        doc["nodes"].append(node)
        i = len(doc["nodes"]) - 1
        doc["nodes"][parent].setdefault("children", []).append(i)
        return i

    def shape(s):
        shapes.append(s)
        return len(shapes) - 1

    def body(b, parent):
        node = {"name": b.get("name"), "extensions": {"KHR_physics_rigid_bodies": {"motion": {}}}}
        if b.get("pos"):
            node["translation"] = floats(b.get("pos"))
        if b.get("quat"):
            node["rotation"] = quat_xyzw(floats(b.get("quat")))
        bi = add_node(node, parent)
        for k, g in enumerate(b.findall("geom")):
            gn = {"name": "%s-geom%d" % (b.get("name"), k)}
            if g.get("pos"):
                gn["translation"] = floats(g.get("pos"))
            rot = quat_xyzw(floats(g.get("quat"))) if g.get("quat") else [0, 0, 0, 1]
            t, size = g.get("type"), floats(g.get("size", "0"))
            geo = {}
            if t == "box":
                geo["shape"] = shape({"type": "box", "box": {"size": [2 * s for s in size]}})
            elif t == "sphere":
                geo["shape"] = shape({"type": "sphere", "sphere": {"radius": size[0]}})
            elif t == "ellipsoid":
                geo["shape"] = shape({"type": "sphere", "sphere": {"radius": 1.0}})
                gn["scale"] = size
            elif t in ("capsule", "cylinder"):
                geo["shape"] = shape({"type": t, t: {"height": 2 * size[1], "radiusTop": size[0], "radiusBottom": size[0]}})
                rot = qmul(rot, X90)
            elif t == "mesh":
                mi, convex = mesh_index[g.get("mesh")]
                geo["mesh"] = mi
                if convex:
                    geo["convexHull"] = True
                if g.get("mesh") in mesh_scale:
                    gn["scale"] = mesh_scale[g.get("mesh")]
            else:
                raise SystemExit("unknown geom type " + t)
            if rot != [0, 0, 0, 1]:
                gn["rotation"] = rot
            gn["extensions"] = {"KHR_physics_rigid_bodies": {"collider": {"geometry": geo}}}
            add_node(gn, bi)
        for c in b.findall("body"):
            body(c, bi)

    for b in root.find("worldbody").findall("body"):
        body(b, 0)
    if meshes:
        doc["meshes"] = meshes
        doc["accessors"] = accessors
        doc["bufferViews"] = views
        doc["buffers"] = [{"byteLength": len(blob),
                           "uri": "data:application/octet-stream;base64," + base64.b64encode(bytes(blob)).decode()}]
    if not shapes:
        del doc["extensions"]
        doc["extensionsUsed"] = ["KHR_physics_rigid_bodies"]
    out = path[:-4] + ".gltf"
    with open(out, "w") as fh:
        json.dump(doc, fh, indent=1)
        fh.write("\n")

for p in sorted(glob.glob("*.xml")):
    convert(p)
