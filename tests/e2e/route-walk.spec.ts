import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { routesOf, walkRoles, type WalkData } from './route-walk-support';

/**
 * Issue 37: every route of the router (detail pages with ids of records made here), as a visitor
 * and as each role, in en, de and tr, at 390 and 1440 px. A route fails on a page wider than the
 * viewport, an axe serious or critical violation, a console error or a 5xx, a date not in the
 * spec's form (or a browser date input, whose form is the browser's), an English sentence on a
 * German or Turkish page. Every finding of a role is listed before its one assertion.
 */

/** The web app's path tables: every path the router knows is named in one of them. */
const PATH_TABLES = ['paths.ts', 'registry-paths.ts', 'notification-paths.ts', 'webhook-paths.ts'];
/** Paths of the tables that are no screen of their own. */
const NO_SCREEN = new Map([
  ['/admin', 'redirects to the dashboard'],
  ['/admin/artifact', 'the prefix of the standards screens'],
]);

test('walks every path of the web app’s path tables', () => {
  const folder = join(import.meta.dirname, '..', '..', 'web', 'src', 'config');
  const tabled = PATH_TABLES.flatMap((file) =>
    [...readFileSync(join(folder, file), 'utf8').matchAll(/'(\/[A-Za-z0-9/:._-]*)'/gu)].map(
      (m) => m[1] ?? '',
    ),
  );
  expect(tabled.length).toBeGreaterThan(25);
  const ids = {
    admin: { userName: 'u', email: 'e' },
    auditor: { userName: 'u', email: 'e' },
  } as unknown as WalkData;
  const walked = (['visitor', 'PlatformAdmin'] as const).flatMap((role) =>
    routesOf({ ...ids, siteId: 'ID', studyId: 'ID', systemId: 'ID' }, role).map(
      (path) => new URL(path, 'http://x').pathname,
    ),
  );
  const unwalked = tabled.filter((path) => {
    if (NO_SCREEN.has(path)) return false;
    const pattern = new RegExp(`^${path.replace(/:[A-Za-z]+/gu, '[^/]+')}$`, 'u');
    return !walked.some((w) => w === path || pattern.test(w));
  });
  expect(unwalked, 'paths of the tables the walk does not visit').toEqual([]);
});
// The walk's two halves run in the two e2e groups at once (e2e-groups.mjs): the visitor and the
// PlatformAdmin here, a site's OrgAdmin and Auditor in route-walk-site.spec.ts.
walkRoles(['visitor', 'PlatformAdmin']);
