// Runs silhouette.js on each job in headless Chromium and prints one JSON
// line per job: IoU per view, mesh counts, errors, and the PNG of the
// masks it saved. Pages are served from a made-up origin that playwright
// answers from disk, so module imports work and nothing leaves the machine.
//
// usage: node sil.mjs JOBS.json OUTDIR
//   JOBS.json: [{name, gltf, kind: "urdf"|"mjcf", src, packages, size,
//   srcBody}] with file paths; packages maps a ROS package name to a
//   folder; srcBody, when given, is served in place of src's bytes.
// env: PLAYWRIGHT_HOME, CHROMIUM (as shoot.mjs), VIEW_THREE (the vendored
//      three.module.min.js), TESTJS (folder whose node_modules holds three
//      and urdf-loader)
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const [jobsFile, outDir] = process.argv.slice(2);
if (!jobsFile || !outDir) {
  console.error('usage: node sil.mjs JOBS.json OUTDIR');
  process.exit(2);
}
const jobs = JSON.parse(fs.readFileSync(jobsFile, 'utf8'));
const here = path.dirname(fileURLToPath(import.meta.url));
const mods = path.join(process.env.TESTJS, 'node_modules');
let chromium;
try {
  chromium = createRequire(path.join(process.env.PLAYWRIGHT_HOME, 'node_modules', '/'))('playwright-core').chromium;
} catch (e) {
  console.error(`playwright-core not found: ${e.message}`);
  process.exit(3);
}
const ORIGIN = 'http://physconv.invalid';
const url = (p) => ORIGIN + '/fs' + p.split('/').map(encodeURIComponent).join('/');

// where each served path comes from
function local(pathname) {
  const p = decodeURIComponent(pathname);
  if (p === '/three/three.module.js') return process.env.VIEW_THREE;
  if (p.startsWith('/three/examples/jsm/')) return path.join(mods, 'three', p.slice('/three/'.length));
  if (p.startsWith('/urdf-loader/')) return path.join(mods, 'urdf-loader', 'src', p.slice('/urdf-loader/'.length));
  if (p.startsWith('/page/')) return path.join(here, p.slice('/page/'.length));
  if (p.startsWith('/fs/')) return p.slice('/fs'.length);
  return null;
}
const types = { '.js': 'text/javascript', '.html': 'text/html', '.json': 'application/json', '.gltf': 'model/gltf+json' };

// files a page asked for that are not on disk; textures do not change a
// silhouette (the corpus lacks a few upstream lacks too), anything else does
const missing = [];

// files served in place of others (a job's srcBody for its src)
const served = new Map();
const image = /\.(png|jpe?g|tga|bmp|gif)$/i;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--disable-dev-shm-usage',
    '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const context = await browser.newContext({ viewport: { width: 800, height: 600 } });
  await context.route('**/*', async (route) => {
    const u = new URL(route.request().url());
    let f = u.origin === ORIGIN ? local(u.pathname) : null;
    if (!f) return route.abort();
    f = served.get(f) || f;
    try {
      const body = fs.readFileSync(f);
      await route.fulfill({ status: 200, body, contentType: types[path.extname(f).toLowerCase()] || 'application/octet-stream' });
    } catch {
      missing.push(f);
      await route.fulfill({ status: 404, body: 'not found' });
    }
  });
  const page = await context.newPage();
  const console_ = [];
  page.on('console', (m) => {
    // the 404 itself is reported below, with its path
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) console_.push(m.text());
  });
  page.on('pageerror', (e) => console_.push(String(e)));
  await page.goto(ORIGIN + '/page/silhouette.html', { waitUntil: 'load', timeout: 30000 });
  await page.waitForFunction(() => window.silhouetteReady === true, null, { timeout: 30000 });
  for (const job of jobs) {
    const t0 = Date.now();
    const res = { name: job.name };
    console_.length = 0;
    missing.length = 0;
    served.clear();
    if (job.srcBody) served.set(job.src, job.srcBody);
    try {
      const packages = Object.fromEntries(Object.entries(job.packages || {}).map(([k, v]) => [k, url(v)]));
      const r = await page.evaluate((j) => window.silhouette(j),
        { gltf: url(job.gltf), kind: job.kind, src: url(job.src), packages, size: job.size });
      res.png = path.join(outDir, `${job.name}.png`);
      fs.writeFileSync(res.png, Buffer.from(r.png.split(',')[1], 'base64'));
      delete r.png;
      Object.assign(res, r);
    } catch (e) {
      res.errors = [String(e)];
    }
    res.errors = [...(res.errors || []), ...console_, ...missing.filter((f) => !image.test(f)).map((f) => `missing file ${f}`)];
    res.missingTextures = [...new Set(missing.filter((f) => image.test(f)))];
    res.ms = Date.now() - t0;
    console.log(JSON.stringify(res));
  }
} finally {
  await browser.close();
}
