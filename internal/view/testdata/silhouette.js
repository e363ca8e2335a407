// Draws two scenes as binary masks from three orthographic views and
// returns their intersection over union: A is physconv's glTF output read
// by three.js's GLTFLoader, B the source read without physconv (urdf-loader
// for URDF; MuJoCo's compiled geoms, drawn with three.js primitives, for
// MJCF). window.silhouette(job) is called by sil.mjs.
import * as THREE from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { OBJLoader } from 'three/examples/jsm/loaders/OBJLoader.js';
import URDFLoader from 'urdf-loader';

const errors = [];

// loadGLTF resolves to the glTF's scene (Y up, metres).
function loadGLTF(url) {
  return new Promise((resolve, reject) => new GLTFLoader().load(url, (g) => resolve(g.scene), undefined, reject));
}

// loadURDF resolves once the robot and every mesh it names have loaded;
// urdf-loader reads STL and COLLADA itself, OBJ goes to three's OBJLoader.
function loadURDF(url, packages) {
  return new Promise((resolve, reject) => {
    const manager = new THREE.LoadingManager();
    const loader = new URDFLoader(manager);
    loader.packages = packages || '';
    loader.loadMeshCb = (path, mgr, material, done) => {
      if (/\.obj$/i.test(path)) {
        new OBJLoader(mgr).load(path, (o) => done(o), undefined, (e) => { errors.push(`${path}: ${e}`); done(null, e); });
      } else {
        loader.defaultMeshLoader(path, mgr, material, (o, e) => { if (e || !o) errors.push(`${path}: ${e || 'no mesh'}`); done(o, e); });
      }
    };
    let robot = null;
    manager.onLoad = () => robot && resolve(robot);
    // a missing texture leaves the silhouette alone; sil.mjs lists it
    manager.onError = (u) => /\.(png|jpe?g|tga|bmp|gif)$/i.test(u) || errors.push(`could not load ${u}`);
    // the manager's onLoad comes after the robot's callback, once the
    // meshes its parse asked for have loaded too
    loader.load(url, (r) => { robot = r; }, undefined, reject);
  }).then((robot) => {
    const root = new THREE.Group();
    root.rotation.x = -Math.PI / 2; // URDF is Z up
    root.add(robot);
    return root;
  });
}

// mjScene builds MuJoCo's world geoms: pose from geom_xpos/geom_xmat,
// primitives finely tessellated so the mask's edges are the shapes'.
function mjScene(scene) {
  const root = new THREE.Group();
  root.rotation.x = -Math.PI / 2; // MuJoCo is Z up
  const alongZ = new THREE.Matrix4().makeRotationX(Math.PI / 2); // three's Y axis to Z
  for (const g of scene.geoms) {
    const [a, b, c] = g.size;
    let geo;
    switch (g.type) {
      case 'sphere': geo = new THREE.SphereGeometry(a, 96, 48); break;
      case 'ellipsoid': geo = new THREE.SphereGeometry(1, 96, 48).scale(a, b, c); break;
      case 'capsule': geo = new THREE.CapsuleGeometry(a, 2 * b, 24, 96).applyMatrix4(alongZ); break;
      case 'cylinder': geo = new THREE.CylinderGeometry(a, a, 2 * b, 96).applyMatrix4(alongZ); break;
      case 'box': geo = new THREE.BoxGeometry(2 * a, 2 * b, 2 * c); break;
      case 'plane': geo = new THREE.PlaneGeometry(2 * a, 2 * b); break;
      case 'mesh':
        geo = new THREE.BufferGeometry();
        geo.setAttribute('position', new THREE.Float32BufferAttribute(g.vert, 3));
        geo.setIndex(g.face);
        break;
      default: errors.push(`geom ${g.id}: type ${g.type}`); continue;
    }
    const mesh = new THREE.Mesh(geo);
    const m = g.mat, p = g.pos;
    mesh.matrixAutoUpdate = false;
    mesh.matrix.set(m[0], m[1], m[2], p[0], m[3], m[4], m[5], p[1], m[6], m[7], m[8], p[2], 0, 0, 0, 1);
    root.add(mesh);
  }
  return root;
}

// flat paints every mesh white on both sides: only coverage counts.
function flat(obj) {
  const white = new THREE.MeshBasicMaterial({ color: 0xffffff, side: THREE.DoubleSide });
  let meshes = 0;
  obj.traverse((o) => {
    if (o.isMesh) { o.material = white; meshes++; }
    if (o.isLine || o.isPoints) o.visible = false;
  });
  return meshes;
}

const VIEWS = [
  // name, camera direction (from the camera towards the model), up
  ['front', new THREE.Vector3(0, 0, -1), new THREE.Vector3(0, 1, 0)],
  ['side', new THREE.Vector3(-1, 0, 0), new THREE.Vector3(0, 1, 0)],
  ['top', new THREE.Vector3(0, -1, 0), new THREE.Vector3(0, 0, -1)],
];

window.silhouette = async (job) => {
  errors.length = 0;
  const S = job.size;
  const a = await loadGLTF(job.gltf);
  const b = job.kind === 'urdf' ? await loadURDF(job.src, job.packages) : mjScene(await (await fetch(job.src)).json());
  const counts = { a: flat(a), b: flat(b) };
  const renderer = new THREE.WebGLRenderer({ antialias: false, preserveDrawingBuffer: true });
  renderer.setPixelRatio(1);
  renderer.setSize(S, S);
  renderer.setClearColor(0x000000, 1);
  const scenes = [a, b].map((o) => { const s = new THREE.Scene(); s.add(o); s.updateMatrixWorld(true); return s; });
  const box = new THREE.Box3().setFromObject(scenes[0], true).union(new THREE.Box3().setFromObject(scenes[1], true));
  const out = { counts, box: box.isEmpty() ? null : [box.min.toArray(), box.max.toArray()], views: [] };
  const strip = document.createElement('canvas');
  strip.width = S * VIEWS.length;
  strip.height = S;
  const ctx = strip.getContext('2d');
  const img = ctx.createImageData(S * VIEWS.length, S);
  const buf = new Uint8Array(S * S * 4);
  for (const [k, [name, dir, up]] of VIEWS.entries()) {
    const v = { name, a: 0, b: 0, both: 0, iou: 1 };
    out.views.push(v);
    if (box.isEmpty()) continue;
    // an orthographic camera fitted to the union box, square, 4% margin
    const centre = box.getCenter(new THREE.Vector3());
    const ext = box.getSize(new THREE.Vector3());
    const right = new THREE.Vector3().crossVectors(dir, up);
    const w = Math.abs(ext.dot(right)), h = Math.abs(ext.dot(up));
    const half = 0.52 * Math.max(w, h, 1e-6);
    const depth = ext.length() + 1;
    const cam = new THREE.OrthographicCamera(-half, half, half, -half, 0.01, 2 * depth);
    cam.position.copy(centre).addScaledVector(dir, -depth);
    cam.up.copy(up);
    cam.lookAt(centre);
    cam.updateMatrixWorld(true);
    const masks = scenes.map((s) => {
      renderer.render(s, cam);
      const gl = renderer.getContext();
      gl.readPixels(0, 0, S, S, gl.RGBA, gl.UNSIGNED_BYTE, buf);
      const m = new Uint8Array(S * S);
      for (let i = 0; i < S * S; i++) m[i] = buf[4 * i] > 127 ? 1 : 0;
      return m;
    });
    for (let y = 0; y < S; y++) {
      for (let x = 0; x < S; x++) {
        const i = (S - 1 - y) * S + x; // GL rows run bottom up
        const p = masks[0][i], q = masks[1][i];
        v.a += p; v.b += q; v.both += p & q;
        // white: both; red: glTF only; blue: source only
        const o = 4 * (y * S * VIEWS.length + k * S + x);
        img.data[o] = p ? 255 : 0;
        img.data[o + 1] = p && q ? 255 : 0;
        img.data[o + 2] = q ? 255 : 0;
        img.data[o + 3] = 255;
      }
    }
    const union = v.a + v.b - v.both;
    v.iou = union ? v.both / union : 1;
  }
  ctx.putImageData(img, 0, 0);
  out.png = strip.toDataURL('image/png');
  out.errors = errors.slice();
  renderer.dispose();
  renderer.forceContextLoss();
  return out;
};
window.silhouetteReady = true;
