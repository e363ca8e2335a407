// physconv view: draws the model in #physconv-data. Everything is in the
// Y-up world of the physics graph (metres, radians). When done it sets
// window.physconvReady and window.physconvStats (what was drawn, WebGL
// errors) so a headless browser can check the page.
import * as THREE from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';

const model = JSON.parse(document.getElementById('physconv-data').textContent);
const stats = { bodies: 0, colliders: 0, triggers: 0, visuals: 0, joints: 0, inertiaBoxes: 0,
  truncatedMeshes: 0, unreadable: 0, webglErrors: 0, errors: [] };
window.physconvStats = stats;
window.physconvModel = model;

const view = document.getElementById('view');
const renderer = new THREE.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
renderer.setPixelRatio(window.devicePixelRatio || 1);
view.appendChild(renderer.domElement);
const scene = new THREE.Scene();
scene.background = new THREE.Color(0x26282c);
scene.add(new THREE.HemisphereLight(0xffffff, 0x444444, 2.2));
const sun = new THREE.DirectionalLight(0xffffff, 1.5);
sun.position.set(3, 5, 4);
scene.add(sun);
const camera = new THREE.PerspectiveCamera(45, 1, 0.001, 1000);
const controls = new OrbitControls(camera, renderer.domElement);

const vec = (a) => new THREE.Vector3(a[0], a[1], a[2]);
const quat = (q) => new THREE.Quaternion(q[0], q[1], q[2], q[3]);
const place = (obj, s) => {
  obj.position.copy(vec(s.position));
  obj.quaternion.copy(quat(s.rotation));
  obj.scale.set(s.scale[0] || 1, s.scale[1] || 1, s.scale[2] || 1);
  return obj;
};

// one group per body, so a selection can tint it
const groups = model.bodies.map((b, k) => {
  const g = new THREE.Group();
  g.userData.body = k;
  scene.add(g);
  return g;
});
const loose = new THREE.Group();
scene.add(loose);
const groupOf = (k) => (k >= 0 && k < groups.length ? groups[k] : loose);
const colorOf = (k) => (k >= 0 && k < model.bodies.length ? model.bodies[k].color : '#bbbbbb');

// geometry of a shape in its own frame; null when it has none
function geometry(s) {
  const d = s.dims || {};
  switch (s.kind) {
    case 'box': return new THREE.BoxGeometry(d.x || 0, d.y || 0, d.z || 0);
    case 'sphere': return new THREE.SphereGeometry(d.radius || 0, 16, 10);
    case 'ellipsoid': { const g = new THREE.SphereGeometry(1, 16, 10); g.scale(d.x || 0, d.y || 0, d.z || 0); return g; }
    case 'cylinder': return new THREE.CylinderGeometry(d.radiusTop || 0, d.radiusBottom || 0, d.height || 0, 20, 1);
    case 'capsule': {
      const r = Math.max(d.radiusTop || 0, d.radiusBottom || 0);
      return new THREE.CapsuleGeometry(r, d.height || 0, 6, 16);
    }
    case 'plane': {
      const g = new THREE.PlaneGeometry(d.sizeX || planeSize, d.sizeZ || planeSize, 8, 8);
      g.rotateX(-Math.PI / 2); // the plane's normal is +Y
      return g;
    }
    case 'ray': {
      const g = new THREE.BufferGeometry();
      g.setAttribute('position', new THREE.Float32BufferAttribute([0, 0, 0, 0, 0, d.length || 0], 3));
      return g;
    }
    case 'convex': case 'trimesh': case 'heightfield': {
      if (s.positions && s.indices) {
        const g = new THREE.BufferGeometry();
        g.setAttribute('position', new THREE.Float32BufferAttribute(s.positions, 3));
        g.setIndex(s.indices);
        g.computeVertexNormals();
        return g;
      }
      if (s.truncated && 'minX' in d) {
        const g = new THREE.BoxGeometry(d.maxX - d.minX, d.maxY - d.minY, d.maxZ - d.minZ);
        g.translate((d.maxX + d.minX) / 2, (d.maxY + d.minY) / 2, (d.maxZ + d.minZ) / 2);
        return g;
      }
      return null;
    }
  }
  return null;
}

// a rough extent of the scene first, for sizes of planes and helpers
const bounds = new THREE.Box3();
for (const s of model.shapes) if (s.kind !== 'plane') bounds.expandByPoint(vec(s.position));
for (const b of model.bodies) bounds.expandByPoint(vec(b.origin));
for (const j of model.joints) bounds.expandByPoint(vec(j.anchor));
let planeSize = 2;

function makeLabel(text, color) {
  const c = document.createElement('canvas');
  c.width = 256; c.height = 48;
  const x = c.getContext('2d');
  x.font = '28px sans-serif'; x.fillStyle = color; x.fillText(text, 4, 34);
  const sp = new THREE.Sprite(new THREE.SpriteMaterial({ map: new THREE.CanvasTexture(c), depthTest: false }));
  sp.scale.set(planeSize * 0.15, planeSize * 0.028, 1);
  return sp;
}

const pickables = [];
function drawShape(s) {
  const geo = geometry(s);
  if (!geo) return false;
  const color = new THREE.Color(s.color || colorOf(s.body));
  let obj;
  if (s.role === 'visual') {
    obj = new THREE.Mesh(geo, new THREE.MeshStandardMaterial({ color, roughness: 0.7, metalness: 0.1,
      transparent: true, opacity: 0.55, side: THREE.DoubleSide }));
  } else if (s.kind === 'ray') {
    obj = new THREE.Line(geo, new THREE.LineBasicMaterial({ color }));
  } else {
    const wire = s.kind === 'convex' || s.kind === 'trimesh' || s.kind === 'heightfield'
      ? new THREE.WireframeGeometry(geo) : new THREE.EdgesGeometry(geo, 1);
    const dashed = s.role === 'trigger' || s.truncated;
    const mat = dashed ? new THREE.LineDashedMaterial({ color, dashSize: 0.02, gapSize: 0.02 })
      : new THREE.LineBasicMaterial({ color });
    obj = new THREE.LineSegments(['sphere', 'capsule', 'ellipsoid', 'plane'].includes(s.kind)
      ? new THREE.WireframeGeometry(geo) : wire, mat);
    if (dashed) obj.computeLineDistances();
  }
  obj.userData = { body: s.body, role: s.role, base: color.clone() };
  place(obj, s);
  groupOf(s.body).add(obj);
  pickables.push(obj);
  if (s.kind === 'plane' && s.infinite) {
    const l = makeLabel('plane (infinite)', '#' + color.getHexString());
    l.position.copy(vec(s.position)).add(new THREE.Vector3(0, planeSize * 0.05, 0).applyQuaternion(quat(s.rotation)));
    groupOf(s.body).add(l);
  }
  if (s.truncated) stats.truncatedMeshes++;
  return true;
}

// first the shapes with a place of their own, to size the planes
const tmp = new THREE.Box3();
for (const s of model.shapes) {
  if (s.kind === 'plane') continue;
  const g = geometry(s);
  if (!g) continue;
  g.computeBoundingBox();
  const o = place(new THREE.Object3D(), s);
  o.updateMatrixWorld(true);
  tmp.copy(g.boundingBox).applyMatrix4(o.matrixWorld);
  bounds.union(tmp);
  g.dispose();
}
if (bounds.isEmpty()) bounds.set(new THREE.Vector3(-1, -1, -1), new THREE.Vector3(1, 1, 1));
const size = Math.max(bounds.getSize(new THREE.Vector3()).length(), 0.05);
planeSize = Math.max(size * 1.5, 0.5);
const helper = size * 0.08; // axes and markers

for (const s of model.shapes) {
  if (s.unreadable) { stats.unreadable++; continue; }
  if (!drawShape(s)) continue;
  if (s.role === 'collider') stats.colliders++;
  else if (s.role === 'trigger') stats.triggers++;
  else stats.visuals++;
}

// bodies: an origin marker, the centre of mass and the inertia box
model.bodies.forEach((b, k) => {
  const g = groups[k];
  const color = new THREE.Color(b.color);
  const origin = new THREE.Mesh(new THREE.OctahedronGeometry(helper * 0.15),
    new THREE.MeshBasicMaterial({ color, wireframe: true }));
  origin.position.copy(vec(b.origin));
  origin.userData = { body: k, base: color.clone() };
  g.add(origin);
  pickables.push(origin);
  if (b.centerOfMass) {
    const com = new THREE.Mesh(new THREE.SphereGeometry(helper * 0.12, 12, 8),
      new THREE.MeshBasicMaterial({ color: 0xffffff }));
    com.position.copy(vec(b.centerOfMass));
    com.userData = { body: k, base: new THREE.Color(0xffffff), com: true };
    g.add(com);
  }
  if (b.inertia) {
    const box = new THREE.LineSegments(new THREE.EdgesGeometry(new THREE.BoxGeometry(...b.inertia.size)),
      new THREE.LineDashedMaterial({ color, dashSize: helper * 0.1, gapSize: helper * 0.1, transparent: true, opacity: 0.8 }));
    box.computeLineDistances();
    box.position.copy(vec(b.inertia.center));
    box.quaternion.copy(quat(b.inertia.rotation));
    box.userData = { body: k, base: color.clone(), inertia: true };
    g.add(box);
    stats.inertiaBoxes++;
  }
  stats.bodies++;
});

// joints: frame A's axes, the joint axis, and the range as an arc or a
// segment
const jointGroup = new THREE.Group();
scene.add(jointGroup);
for (const j of model.joints) {
  const g = new THREE.Group();
  g.position.copy(vec(j.anchor));
  const axes = new THREE.AxesHelper(helper);
  axes.quaternion.copy(quat(j.frame));
  g.add(axes);
  if (j.axis) {
    const ax = vec(j.axis).normalize();
    g.add(new THREE.ArrowHelper(ax, new THREE.Vector3(), helper * 1.6, 0xffff00, helper * 0.3, helper * 0.15));
    const lo = j.lower, hi = j.upper;
    if ((j.kind === 'revolute' || j.kind === 'cylindrical' || j.kind === 'cone-twist') && lo != null && hi != null && hi >= lo) {
      // arc about the axis starting from a frame axis perpendicular to it
      const fq = quat(j.frame);
      let ref = new THREE.Vector3(1, 0, 0).applyQuaternion(fq);
      if (Math.abs(ref.dot(ax)) > 0.9) ref = new THREE.Vector3(0, 1, 0).applyQuaternion(fq);
      ref.addScaledVector(ax, -ref.dot(ax)).normalize().multiplyScalar(helper * 0.9);
      const pts = [new THREE.Vector3()];
      const n = Math.max(8, Math.ceil((hi - lo) / 0.1));
      for (let i = 0; i <= n; i++) {
        pts.push(ref.clone().applyAxisAngle(ax, lo + (hi - lo) * i / n));
      }
      pts.push(new THREE.Vector3());
      g.add(new THREE.Line(new THREE.BufferGeometry().setFromPoints(pts), new THREE.LineBasicMaterial({ color: 0xff8800 })));
    } else if (j.kind === 'prismatic' && lo != null && hi != null) {
      const pts = [ax.clone().multiplyScalar(lo), ax.clone().multiplyScalar(hi)];
      g.add(new THREE.Line(new THREE.BufferGeometry().setFromPoints(pts), new THREE.LineBasicMaterial({ color: 0xff8800 })));
      for (const p of pts) {
        const m = new THREE.Mesh(new THREE.SphereGeometry(helper * 0.06, 8, 6), new THREE.MeshBasicMaterial({ color: 0xff8800 }));
        m.position.copy(p);
        g.add(m);
      }
    }
  }
  g.userData = { joint: j };
  jointGroup.add(g);
  stats.joints++;
}

// ground grid under the scene for scale
const grid = new THREE.GridHelper(planeSize * 2, 20, 0x555555, 0x3a3a3a);
grid.position.y = Math.min(bounds.min.y, 0);
scene.add(grid);

// camera on the whole scene
const centre = bounds.getCenter(new THREE.Vector3());
camera.near = size / 1000;
camera.far = size * 100;
camera.position.copy(centre).add(new THREE.Vector3(0.8, 0.6, 1).normalize().multiplyScalar(size * 1.4));
camera.updateProjectionMatrix();
controls.target.copy(centre);
controls.update();

// selection: tint the body's objects, dim the rest
let selected = -1;
function select(k) {
  selected = k;
  scene.traverse((o) => {
    if (!o.userData || o.userData.base === undefined || !o.material) return;
    const on = k < 0 || o.userData.body === k;
    o.material.color.copy(o.userData.base);
    if (k >= 0 && !on) o.material.color.multiplyScalar(0.25);
    if (k >= 0 && on && !o.userData.com) o.material.color.lerp(new THREE.Color(0xffffff), 0.45);
  });
  for (const el of document.querySelectorAll('#tree span')) {
    el.classList.toggle('sel', k >= 0 && Number(el.dataset.body) === k);
  }
  document.getElementById('info').textContent = k >= 0 ? describe(model.bodies[k]) : 'click a body in the tree or the view';
  render();
}
window.physconvSelect = select;

const fmt = (v) => (typeof v === 'number' ? Number(v.toPrecision(6)).toString() : String(v));
const fmtv = (a) => (a ? '(' + a.map(fmt).join(', ') + ')' : 'unknown');
function describe(b) {
  const lines = [b.name + ' (' + b.kind + ')', 'mass: ' + (b.mass == null ? 'unknown' : fmt(b.mass) + (typeof b.mass === 'number' ? ' kg' : '')),
    'centre of mass: ' + fmtv(b.centerOfMass)];
  if (b.inertia) lines.push('inertia box: ' + fmtv(b.inertia.size) + ' m');
  const js = model.joints.filter((j) => model.bodies[j.bodyA] === b || model.bodies[j.bodyB] === b);
  for (const j of js) {
    let r = 'joint ' + j.name + ': ' + j.kind;
    if (j.axis) r += ' axis ' + fmtv(j.axis);
    if (j.lower != null || j.upper != null) r += ' [' + fmt(j.lower ?? -Infinity) + ', ' + fmt(j.upper ?? Infinity) + ']';
    lines.push(r);
  }
  return lines.join('\n');
}

// side panel: title, tree, diagnostics
document.getElementById('title').textContent = (model.name || 'untitled') + ' · ' + model.format;
document.getElementById('summary').textContent = model.bodies.length + ' bodies, ' + model.joints.length + ' joints, ' +
  model.shapes.filter((s) => s.role === 'collider').length + ' colliders, ' + model.shapes.filter((s) => s.role === 'visual').length + ' visuals' +
  (stats.unreadable ? ', ' + stats.unreadable + ' meshes not drawn (triangles not available)' : '') +
  (model.frame ? '. ' + model.frame : '');
const kids = model.nodes.map(() => []);
const roots = [];
model.nodes.forEach((n, i) => (n.parent >= 0 && n.parent < kids.length ? kids[n.parent].push(i) : roots.push(i)));
function treeItem(i, depth) {
  const n = model.nodes[i];
  const li = document.createElement('li');
  const span = document.createElement('span');
  span.dataset.body = n.body;
  if (n.body >= 0) {
    const sw = document.createElement('i');
    sw.className = 'sw';
    sw.style.background = model.bodies[n.body].color;
    span.appendChild(sw);
  }
  span.appendChild(document.createTextNode(n.name));
  if (n.tags) {
    const t = document.createElement('small');
    t.className = 'tag';
    t.textContent = n.tags.join(' ');
    span.appendChild(t);
  }
  span.addEventListener('click', () => select(n.body === selected ? -1 : n.body));
  li.appendChild(span);
  if (kids[i].length && depth < 200) {
    const ul = document.createElement('ul');
    for (const c of kids[i]) ul.appendChild(treeItem(c, depth + 1));
    li.appendChild(ul);
  }
  return li;
}
const rootUl = document.createElement('ul');
for (const r of roots) rootUl.appendChild(treeItem(r, 0));
document.getElementById('tree').appendChild(rootUl);
const dl = document.getElementById('diags');
if (!model.diagnostics.length) dl.textContent = 'none';
for (const d of model.diagnostics) {
  const li = document.createElement('li');
  li.className = d.severity;
  li.textContent = d.severity + ' ' + d.code + (d.path ? ' ' + d.path : '') + ': ' + d.message;
  dl.appendChild(li);
}
document.getElementById('legend').textContent =
  'wireframe: colliders (dashed: triggers, bounding boxes of meshes over budget) · solid: visuals · white dot: centre of mass · ' +
  'dashed box: box of equal inertia · axes: joint frame A (red X, green Y, blue Z), yellow: joint axis, orange: range';

// clicks in the view pick the nearest body object
const ray = new THREE.Raycaster();
ray.params.Line.threshold = helper * 0.1;
renderer.domElement.addEventListener('click', (e) => {
  const r = renderer.domElement.getBoundingClientRect();
  ray.setFromCamera(new THREE.Vector2(((e.clientX - r.left) / r.width) * 2 - 1, -((e.clientY - r.top) / r.height) * 2 + 1), camera);
  const hit = ray.intersectObjects(pickables, false).find((h) => h.object.userData.body >= 0);
  select(hit ? hit.object.userData.body : -1);
});

function resize() {
  const w = view.clientWidth || 800, h = view.clientHeight || 600;
  renderer.setSize(w, h);
  camera.aspect = w / h;
  camera.updateProjectionMatrix();
  render();
}
function render() {
  renderer.render(scene, camera);
}
controls.addEventListener('change', render);
window.addEventListener('resize', resize);
resize();
const gl = renderer.getContext();
for (let e = gl.getError(), n = 0; e !== gl.NO_ERROR && n < 100; e = gl.getError(), n++) {
  stats.webglErrors++;
  stats.errors.push('WebGL error 0x' + e.toString(16));
}
// physconvCoverage counts the pixels the model covers, grid hidden: a
// check that the page drew something, not only a background
window.physconvCoverage = () => {
  grid.visible = false;
  render();
  const w = gl.drawingBufferWidth, h = gl.drawingBufferHeight;
  const px = new Uint8Array(w * h * 4);
  gl.readPixels(0, 0, w, h, gl.RGBA, gl.UNSIGNED_BYTE, px);
  grid.visible = true;
  render();
  const bg = scene.background.getHex(); // sRGB, as drawn
  const br = (bg >> 16) & 255, bgg = (bg >> 8) & 255, bb = bg & 255;
  let n = 0;
  for (let i = 0; i < px.length; i += 4) {
    if (Math.abs(px[i] - br) + Math.abs(px[i + 1] - bgg) + Math.abs(px[i + 2] - bb) > 6) n++;
  }
  return n;
};
window.physconvReady = true;
