// Opens physconv view pages in headless Chromium and reports, one JSON
// line per page: the page's window.physconvStats, console errors, whether
// clicking a body in the tree selected it, and where its screenshot went.
//
// usage: node shoot.mjs OUTDIR PAGE.html...
// env: PLAYWRIGHT_HOME  folder whose node_modules holds playwright-core
//      CHROMIUM         browser binary (default /usr/bin/chromium)
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [outDir, ...pages] = process.argv.slice(2);
if (!outDir || !pages.length) {
  console.error('usage: node shoot.mjs OUTDIR PAGE.html...');
  process.exit(2);
}
const home = process.env.PLAYWRIGHT_HOME;
let chromium;
try {
  chromium = createRequire(path.join(home, 'node_modules', '/'))('playwright-core').chromium;
} catch (e) {
  console.error(`playwright-core not found under ${home}: ${e.message}`);
  process.exit(3);
}
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  // software WebGL: the machines that run this have no GPU
  args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--disable-dev-shm-usage',
    '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const context = await browser.newContext({ viewport: { width: 960, height: 640 } });
  // the page must work offline: refuse every request but its own file
  await context.route('**/*', (route) => (route.request().url().startsWith('file:') || route.request().url().startsWith('data:')
    ? route.continue() : route.abort()));
  for (const [i, file] of pages.entries()) {
    const page = await context.newPage();
    const errors = [];
    const requests = [];
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('request', (r) => { if (!r.url().startsWith('file:') && !r.url().startsWith('data:')) requests.push(r.url()); });
    const res = { page: file, ok: false };
    const t0 = Date.now();
    try {
      await page.goto(pathToFileURL(path.resolve(file)).href, { waitUntil: 'load', timeout: 30000 });
      await page.waitForFunction(() => window.physconvReady === true, null, { timeout: 30000 });
      res.stats = await page.evaluate(() => window.physconvStats);
      res.coverage = await page.evaluate(() => window.physconvCoverage());
      res.modelBodies = await page.evaluate(() => window.physconvModel.bodies.length);
      const span = await page.$('#tree span[data-body]:not([data-body="-1"])');
      if (span) {
        await span.click();
        res.selected = await page.$$eval('#tree span.sel', (s) => s.length);
        await page.evaluate(() => window.physconvSelect(-1));
      }
      res.screenshot = path.join(outDir, `${String(i).padStart(3, '0')}-${path.basename(file, '.html')}.png`);
      await page.locator('#view canvas').screenshot({ path: res.screenshot });
      res.ok = true;
    } catch (e) {
      errors.push(String(e));
    }
    res.ms = Date.now() - t0;
    res.errors = errors;
    res.requests = requests;
    console.log(JSON.stringify(res));
    await page.close();
  }
} finally {
  await browser.close();
}
