import { randomUUID } from 'node:crypto';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { callApi } from '../support/api';
import type { ConsoleInfo } from '../support/console';
import { cognito, createEnrolledUser, type EnrolledTestUser } from '../support/aws';
import { issueCredential } from '../support/oauth';
import { srpSignIn } from '../support/srp-client';
import { consoleOf, enrolledAdmin, signInThroughUi } from './session-support';

/**
 * Issue 18 end to end: a PlatformAdmin sees a locked account on the dashboard and unlocks it
 * there; a site's OrgAdmin sees only the site's figures (another organisation's locked account
 * is not among them, and the audit chain is not theirs to see); and every figure that counts
 * something opens its list, which shows the same number as its total.
 */

test.setTimeout(240_000);

const data = (res: { status: number; body: unknown }, what: string): unknown => {
  expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(200);
  return (res.body as { data: unknown }).data;
};

const newOrganisation = async (
  c: ConsoleInfo,
  admin: EnrolledTestUser,
  name: string,
  kind: 'site' | 'sponsor',
) =>
  (
    data(
      await callApi(c, 'create-organisation', {
        token: admin.idToken,
        body: { name, kind, country: 'DE', identifiers: [] },
      }),
      'create-organisation',
    ) as { organisation: { organisationId: string } }
  ).organisation.organisationId;

const newSystem = async (
  c: ConsoleInfo,
  admin: EnrolledTestUser,
  organisationId: string,
  name: string,
  kind: string,
) =>
  (
    data(
      await callApi(c, 'create-system', {
        token: admin.idToken,
        body: {
          organisationId,
          name,
          kind,
          vendor: 'Acme Clinical',
          product: `${kind.toUpperCase()} Suite`,
          environment: 'production',
          technicalContactEmail: `tech-${randomUUID().slice(0, 6)}@example.org`,
        },
      }),
      'create-system',
    ) as { system: { systemId: string } }
  ).system.systemId;

/** Five wrong passwords, then what the login screen asks after a failure: the account locks. */
const lock = async (c: ConsoleInfo, user: EnrolledTestUser) => {
  const idp = cognito(c);
  for (let i = 0; i < 5; i += 1) {
    await srpSignIn(idp, {
      userPoolId: c.userPoolId,
      clientId: c.userPoolClientId,
      username: user.email,
      password: `${user.password}-wrong`,
    }).catch(() => undefined);
  }
  const res = await callApi(c, 'accountLockout', {
    body: { clientId: c.userPoolClientId, email: user.email },
  });
  expect(res.body).toEqual({ status: 'success', data: { locked: true } });
};

/** A block of the dashboard (a region named by its heading), once loaded and not loading. */
const blockOf = async (page: Page, heading: string): Promise<Locator> => {
  const block = page.getByRole('region', { name: heading, exact: true });
  await expect(block.getByText(/as of/).first()).toBeVisible({ timeout: 15_000 });
  await expect(block).toHaveAttribute('aria-busy', 'false');
  return block;
};

/** The number a figure's text begins with ("1,024 Failed sign-ins…" is 1024). */
const numberOf = (text: string) =>
  Number(
    text
      .trim()
      .replace(/^([\d.,]+)[\s\S]*$/, '$1')
      .replace(/[.,]/g, ''),
  );

/** The number a figure's link says, and the link. */
const figure = async (block: Locator, label: string | RegExp) => {
  const link = block.getByRole('link', {
    name: typeof label === 'string' ? new RegExp(`^[\\d.,]+\\s+${label}$`) : label,
  });
  await expect(link).toBeVisible();
  return { link, value: numberOf(await link.innerText()) };
};

/** Opens a figure's list and checks it shows the figure as its total. */
const opensListOf = async (page: Page, link: Locator, value: number) => {
  const href = (await link.getAttribute('href')) ?? '';
  await link.click();
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === href);
  await expect(page.getByText(new RegExp(`Showing \\d+ of ${String(value)}$`))).toBeVisible({
    timeout: 15_000,
  });
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
};

test('the dashboard: a locked account unlocked from it, an organisation’s own figures, every figure one click from its list', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const { info: c } = await consoleOf(request, baseURL ?? '');
  const tag = randomUUID().slice(0, 6);
  const admin = await enrolledAdmin(c);
  const siteId = await newOrganisation(c, admin, `Dashboard Klinik ${tag}`, 'site');
  const otherId = await newOrganisation(c, admin, `Dashboard Praxis ${tag}`, 'site');
  const sponsorId = await newOrganisation(c, admin, `Dashboard Pharma ${tag}`, 'sponsor');
  const orgAdmin = await createEnrolledUser(c, 'OrgAdmin', siteId);
  // Addresses that sort first (a later run's before an earlier one's, should a retry find those
  // still locked), so the dashboard lists them among the first few locked accounts.
  const first = `0-${String(1e13 - Date.now()).padStart(13, '0')}`;
  const [toUnlock, stillLocked, elsewhere] = await Promise.all([
    createEnrolledUser(c, 'Auditor', siteId, `${first}-a-${tag}@example.com`),
    createEnrolledUser(c, 'Auditor', siteId, `${first}-b-${tag}@example.com`),
    createEnrolledUser(c, 'Auditor', otherId, `${first}-c-${tag}@example.com`),
  ]);
  for (const user of [toUnlock, stillLocked, elsewhere]) await lock(c, user);
  // What else needs the site: an invitation, a connection invitation, an unused credential.
  data(
    await callApi(c, 'create-user', {
      token: orgAdmin.idToken,
      body: {
        userAttributes: {
          email: `dash-invited-${tag}@example.com`,
          givenName: 'Deniz',
          familyName: 'Kaya',
          role: 'Auditor',
          organisationId: siteId,
        },
      },
    }),
    'create-user',
  );
  const sponsorSystemId = await newSystem(c, admin, sponsorId, `Pharma eTMF ${tag}`, 'etmf');
  const siteSystemId = await newSystem(c, admin, siteId, `Klinik eISF ${tag}`, 'eisf');
  const study = (
    data(
      await callApi(c, 'create-study', {
        token: admin.idToken,
        body: {
          sponsorOrganisationId: sponsorId,
          protocolNumber: `DASH-${tag.toUpperCase()}`,
          title: 'A dashboard trial',
          phase: 'phase-2',
        },
      }),
      'create-study',
    ) as { study: { studyId: string } }
  ).study;
  data(
    await callApi(c, 'invite-site', {
      token: admin.idToken,
      body: {
        studyId: study.studyId,
        siteOrganisationId: siteId,
        siteNumber: '401',
        country: 'DE',
        principalInvestigator: 'Dr. Ada Weiss',
        sponsorSystemId,
      },
    }),
    'invite-site',
  );
  await issueCredential(c, admin, siteSystemId, ['ccsc-api/system.read']);

  // ---- A PlatformAdmin unlocks an account from the dashboard ----
  await signInThroughUi(page, admin);
  let needs = await blockOf(page, 'Needs action');
  const before = await figure(needs, 'Locked accounts');
  expect(before.value).toBeGreaterThanOrEqual(3);
  await expect(needs.getByText(elsewhere.email)).toBeVisible();
  await needs.getByRole('button', { name: `Unlock ${toUnlock.email}` }).click();
  await expect(page.getByText(`${toUnlock.email} is unlocked.`)).toBeVisible();
  needs = await blockOf(page, 'Needs action');
  await expect(needs.getByRole('button', { name: `Unlock ${toUnlock.email}` })).toHaveCount(0);
  const after = await figure(needs, 'Locked accounts');
  expect(after.value).toBe(before.value - 1);
  // The figure opens the user list filtered to the locked accounts: the same count.
  await opensListOf(page, after.link, after.value);
  await expect(page.getByRole('heading', { name: 'Audit chain' })).toBeVisible();

  // ---- The site's OrgAdmin: the site's figures, each one click from its list ----
  const context = await browser.newContext();
  const own = await context.newPage();
  await signInThroughUi(own, orgAdmin);
  needs = await blockOf(own, 'Needs action');
  const locked = await figure(needs, 'Locked accounts');
  expect(locked.value).toBe(1);
  await expect(needs.getByText(stillLocked.email)).toBeVisible();
  await expect(needs.getByText(elsewhere.email)).toHaveCount(0);
  expect((await figure(needs, 'Invitations waiting for the first sign-in')).value).toBe(1);
  expect((await figure(needs, 'Connection invitations waiting for your answer')).value).toBe(1);
  expect((await figure(needs, 'API credentials never used')).value).toBe(1);
  const security = await blockOf(own, 'Security');
  await expect(own.getByRole('heading', { name: 'Audit chain' })).toHaveCount(0);

  // Every figure that counts something, in both blocks, opens a list showing that count.
  const labels: string[] = [
    'Locked accounts',
    'Invitations waiting for the first sign-in',
    'Connection invitations waiting for your answer',
    'API credentials never used',
  ];
  for (const label of labels) {
    const f = await figure(await blockOf(own, 'Needs action'), label);
    await opensListOf(own, f.link, f.value);
  }
  // Security: failed sign-ins and lockouts of the last 24 hours (the site's 10 and 2).
  const failed = security
    .getByRole('row', { name: /Failed sign-ins/ })
    .getByRole('link')
    .first();
  const failedValue = numberOf(await failed.innerText());
  expect(failedValue).toBe(10);
  await opensListOf(own, failed, failedValue);
  const lockouts = (await blockOf(own, 'Security'))
    .getByRole('row', { name: /Accounts locked/ })
    .getByRole('link')
    .first();
  expect(numberOf(await lockouts.innerText())).toBe(2);
  await opensListOf(own, lockouts, 2);
  await context.close();
});
