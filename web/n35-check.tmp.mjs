// Ad-hoc check (not committed): the notification screens at 390 and 1440 px, with axe.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { chromium } from 'playwright';
import AxeBuilder from '@axe-core/playwright';

const dist = '/tmp/n35-checkdist/';
const types = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html', '.json': 'application/json', '.svg': 'image/svg+xml' };
const server = createServer(async (req, res) => {
  const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
  let file = join(dist, path);
  try { if (!(await stat(file)).isFile()) throw 0; } catch { file = join(dist, 'index.html'); }
  res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
  res.end(await readFile(file));
}).listen(0);
const port = server.address().port;
const base = `http://127.0.0.1:${port}`;

const kinds = ['connection.invited','connection.accepted','connection.declined','connection.ended','document.held','document.quarantined','document.rejected','document.recalled','document.recall-requested','document.recall-confirmed','request.received','request.due-soon','request.overdue','request.fulfilled','distribution.to-acknowledge','distribution.overdue','distribution.acknowledged','credential.expiring','standard.published'];
const locked = new Set(['distribution.to-acknowledge','distribution.overdue']);
const notes = [
  { kind: 'document.held', subject: { type: 'document', id: 'doc-1', name: 'Investigator-brochure-version-7-final-signed-by-all-parties.pdf' }, reason: 'sender-type-unmapped', read: false },
  { kind: 'connection.invited', subject: { type: 'connection', id: 'c-1', name: 'PZ-2025-01 at Universitätsklinikum Hamburg-Eppendorf' }, reason: null, read: false },
  { kind: 'distribution.to-acknowledge', subject: { type: 'distribution', id: 'd-1', name: 'IND safety report 2025-014' }, reason: null, read: true },
  { kind: 'credential.expiring', subject: { type: 'credential', id: 'a-1', name: 'City eISF' }, reason: null, read: true },
].map((n, i) => ({ notificationId: `n${i}`, eventId: `e${i}`, at: '2025-01-15T10:30:00.000Z', organisationId: 'site-001', organisationName: 'Universitätsklinikum Hamburg-Eppendorf', counterpart: { organisationId: 'sp', name: 'Acme Pharma International GmbH' }, ...n }));
const data = {
  'notifications/unread-count': { unread: 2 },
  'notifications/list': { notifications: notes, nextCursor: 'c2', unread: 2 },
  'notifications/preferences': { preferences: kinds.map((kind) => ({ kind, channel: locked.has(kind) ? 'email' : 'in-app', locked: locked.has(kind) })), language: 'en' },
};

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
let failed = false;
for (const lang of ['en', 'de', 'tr']) for (const width of [390, 1440]) for (const path of ['/admin/notifications', '/admin/notifications/preferences']) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(([lang]) => {
    localStorage.setItem('ccsc.agentSession', 'true');
    localStorage.setItem('ccsc.language', lang);
    localStorage.setItem('ccsc.profile', JSON.stringify({ givenName: 'Ada', familyName: 'Lovelace', email: 'ada.lovelace@universitaetsklinikum.example', role: 'OrgAdmin', organisationId: 'site-001' }));
  }, [lang]);
  await page.route('**/config.json', (r) => r.fulfill({ json: { region: 'us-west-2', userPoolId: 'us-west-2_Test12345', userPoolClientId: 'testclient123', apiBaseUrl: '/ccsc/ui/', productName: 'CCSC Console', supportEmail: 'help@example.com', environmentName: 'test', idleTimeoutSeconds: 1800, accountName: 'CCSC SIT' } }));
  await page.route('**/ccsc/ui/**', (r) => {
    const op = new URL(r.request().url()).pathname.replace(/^.*\/ccsc\/ui\//, '');
    const body = data[op];
    return body ? r.fulfill({ json: { status: 'success', data: body } }) : r.fulfill({ status: 500, json: { status: 'error', error: { code: 'INTERNAL', message: 'x' } } });
  });
  await page.goto(base + path);
  await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 20000 });
  await page.waitForTimeout(path.endsWith('preferences') ? 800 : 800);
  const { sw, iw } = await page.evaluate(() => ({ sw: document.documentElement.scrollWidth, iw: window.innerWidth }));
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
  const name = `${lang}-${width}-${path.split('/').pop()}`;
  await page.screenshot({ path: `/tmp/n35shots/${name}.png`, fullPage: true });
  const bell = await page.locator('header a[href="/admin/notifications"]').getAttribute('aria-label');
  console.log(name, `scroll ${sw}/${iw}`, 'axe:', axe.violations.map((v) => `${v.id}(${v.nodes.length}): ${v.nodes.map(n=>n.target.join(' ')).slice(0,3).join(' | ')}`).join('; ') || 'none', '| bell:', bell);
  if (sw > iw || axe.violations.length) failed = true;
  await context.close();
}
await browser.close();
server.close();
process.exit(failed ? 1 : 0);
