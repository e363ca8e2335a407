// Compiles MJCF files with MuJoCo (npm mujoco-js, installed with the
// oracles) and prints, per file, the geoms MuJoCo draws at qpos0 in world
// coordinates: the reference the silhouette test draws with three.js
// primitives. MuJoCo, not physconv, decides every pose, size and mesh
// here (mesh vertices as compiled, in the geom's frame).
//
// usage: node mjscene.mjs OUTDIR FILE.xml...   (writes OUTDIR/<i>.json)
// env:   ORACLE_HOME  folder whose node_modules holds mujoco-js
//
// Drawn like MuJoCo's viewer by default: groups 0-2, alpha above zero.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [outDir, ...files] = process.argv.slice(2);
if (!outDir || !files.length) {
  console.error('usage: node mjscene.mjs OUTDIR FILE.xml...');
  process.exit(2);
}
const mod = path.join(process.env.ORACLE_HOME || '', 'node_modules', 'mujoco-js', 'dist', 'mujoco_wasm.js');
if (!fs.existsSync(mod)) {
  console.error(`mujoco-js not found at ${mod}`);
  process.exit(3);
}
const log = [];
const mj = await (await import(pathToFileURL(mod).href)).default({ print: (s) => log.push(s), printErr: (s) => log.push(s) });

// MEMFS has the same absolute paths as the disk, so relative includes and
// mesh files resolve as MuJoCo would resolve them there.
function mkdirs(p) {
  let cur = '';
  for (const part of p.split('/').filter(Boolean)) {
    cur += '/' + part;
    try { mj.FS.mkdir(cur); } catch { /* exists */ }
  }
}
function mirror(dir, depth) {
  if (depth > 6) return;
  mkdirs(dir);
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) mirror(p, depth + 1);
    else if (/\.(xml|stl|obj|msh|png)$/i.test(e.name)) mj.FS.writeFile(p, fs.readFileSync(p));
  }
}

const kinds = {};
for (const k of Object.keys(mj.mjtGeom)) if (k.startsWith('mjGEOM_')) kinds[mj.mjtGeom[k].value] = k.slice(7).toLowerCase();
const arr = (a, i, n) => Array.from(a.slice(i * n, i * n + n));

for (const [i, f] of files.entries()) {
  const file = path.resolve(f);
  const res = { file, ok: false, geoms: [], skipped: [] };
  try {
    mirror(path.dirname(file), 0);
    const m = mj.MjModel.loadFromXML(file);
    const d = new mj.MjData(m);
    mj.mj_forward(m, d);
    for (let g = 0; g < m.ngeom; g++) {
      const type = kinds[m.geom_type[g]];
      let rgba = arr(m.geom_rgba, g, 4);
      const mat = m.geom_matid[g];
      // a material colours a geom whose own rgba was left at the default
      if (mat >= 0 && rgba.join() === '0.5,0.5,0.5,1') rgba = arr(m.mat_rgba, mat, 4);
      const group = m.geom_group[g];
      if (group > 2 || rgba[3] <= 0) continue;
      const size = arr(m.geom_size, g, 3);
      const geom = { id: g, type, size, pos: arr(d.geom_xpos, g, 3), mat: arr(d.geom_xmat, g, 9) };
      if (type === 'plane' && (size[0] <= 0 || size[1] <= 0)) {
        res.skipped.push(`geom ${g}: infinite plane`);
        continue;
      }
      if (type === 'mesh') {
        const id = m.geom_dataid[g];
        const va = m.mesh_vertadr[id], vn = m.mesh_vertnum[id];
        const fa = m.mesh_faceadr[id], fn = m.mesh_facenum[id];
        geom.vert = Array.from(m.mesh_vert.slice(3 * va, 3 * (va + vn)));
        geom.face = Array.from(m.mesh_face.slice(3 * fa, 3 * (fa + fn)));
      } else if (!['sphere', 'capsule', 'ellipsoid', 'cylinder', 'box', 'plane'].includes(type)) {
        res.skipped.push(`geom ${g}: ${type}`);
        continue;
      }
      res.geoms.push(geom);
    }
    d.delete();
    m.delete();
    res.ok = true;
  } catch (e) {
    res.error = String(e && e.message || e) + (log.length ? ': ' + log.join(' ') : '');
  }
  fs.writeFileSync(path.join(outDir, `${i}.json`), JSON.stringify(res));
  log.length = 0;
}
