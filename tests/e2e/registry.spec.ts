import { randomUUID } from 'node:crypto';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { callApi } from '../support/api';
import { createEnrolledUser, type EnrolledTestUser } from '../support/aws';
import { consoleOf, enrolledAdmin, signInThroughUi } from './session-support';

/**
 * Issue 14 end to end, as new users would do it: a PlatformAdmin imports organisations from CSV
 * (one bad row shown, fixed, then all saved); the sponsor's OrgAdmin creates a study and invites
 * the site; the site's OrgAdmin registers its eISF system and accepts with it; the connection is
 * active on both sides and in the audit trail; the sponsor cannot see another sponsor's studies;
 * deactivating the site system in use is refused with the connection named.
 */

test.setTimeout(180_000);

interface Org {
  organisationId: string;
  name: string;
  kind: string;
}

const organisationNamed = async (
  c: Awaited<ReturnType<typeof consoleOf>>['info'],
  admin: EnrolledTestUser,
  name: string,
): Promise<Org> => {
  const res = await callApi(c, 'list-organisations', {
    token: admin.idToken,
    body: { search: name },
  });
  const found = (res.body as { data: { organisations: Org[] } }).data.organisations.find(
    (o) => o.name === name,
  );
  if (found === undefined) throw new Error(`${name} is not registered`);
  return found;
};

const signedInPage = async (browser: Browser, user: EnrolledTestUser): Promise<Page> => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInThroughUi(page, user);
  return page;
};

test('registry: CSV import with a bad row fixed, a study, an invitation accepted with the eISF, active on both sides and audited; the system in use stays', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const { info: c } = await consoleOf(request, baseURL ?? '');
  const tag = randomUUID().slice(0, 6);
  const sponsorName = `Helios Therapeutics ${tag}`;
  const siteName = `Klinik am See ${tag}`;
  const protocol = `HEL-${tag.toUpperCase()}-301`;

  // 1. A PlatformAdmin imports organisations: the check lists the bad row, the fix imports all.
  const admin = await enrolledAdmin(c);
  await signInThroughUi(page, admin);
  await page.goto('/admin/organisations');
  await expect(page.getByRole('heading', { name: 'Organisations', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Import organisations (CSV)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import organisations from a CSV file' });
  const rows = [
    'name,kind,country,contactEmail,identifiers',
    `${sponsorName},sponsor,CH,regulatory@helios.example,EU CT sponsor: HEL-${tag}`,
    `${siteName},site,DE,studien@klinik-am-see.example,Site network: KAS-${tag}`,
  ];
  const bad = `Kreiskrankenhaus ${tag},hospital,DE,kkh@example.org,`;
  const text = dialog.getByLabel('The CSV text (or paste it here)', { exact: true });
  await text.fill([...rows, bad].join('\n'));
  await dialog.getByRole('button', { name: 'Check the file' }).click();
  const problems = dialog.getByRole('table', { name: 'Problems of the file, by line' });
  await expect(problems).toBeVisible();
  await expect(problems.getByRole('row').filter({ hasText: 'kind' })).toContainText('4');
  await expect(dialog.getByRole('button', { name: /^Import \d+ organisations?$/ })).toBeDisabled();
  await text.fill([...rows, bad.replace(',hospital,', ',site,')].join('\n'));
  await dialog.getByRole('button', { name: 'Check the file' }).click();
  await expect(dialog.getByText('No problems: 3 organisations are ready to import.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Import 3 organisations' }).click();
  await expect(page.getByText('3 organisations are imported.')).toBeVisible();

  const sponsor = await organisationNamed(c, admin, sponsorName);
  const site = await organisationNamed(c, admin, siteName);
  // The sponsor's eTMF, as its onboarding registered it.
  const sponsorSystem = await callApi(c, 'create-system', {
    token: admin.idToken,
    body: {
      organisationId: sponsor.organisationId,
      name: 'Helios eTMF',
      kind: 'etmf',
      vendor: 'Northwind',
      product: 'TMF Vault',
      environment: 'production',
      technicalContactEmail: 'etmf@helios.example',
    },
  });
  expect(sponsorSystem.status).toBe(200);

  const [sponsorAdmin, siteAdmin] = await Promise.all([
    createEnrolledUser(c, 'OrgAdmin', sponsor.organisationId),
    createEnrolledUser(c, 'OrgAdmin', site.organisationId),
  ]);

  // 2. The sponsor's OrgAdmin creates a study on the organisation page and invites the site.
  const sponsorPage = await signedInPage(browser, sponsorAdmin);
  await sponsorPage.goto(`/admin/organisations/${sponsor.organisationId}`);
  await expect(sponsorPage.getByRole('heading', { name: sponsorName })).toBeVisible();
  await sponsorPage.getByRole('button', { name: 'New study' }).click();
  const studyForm = sponsorPage.getByRole('dialog', { name: 'New study' });
  await studyForm.getByLabel('Protocol number', { exact: true }).fill(protocol);
  await studyForm.getByLabel('Title', { exact: true }).fill('Helios-3: lakeside outcomes');
  await studyForm.getByLabel('Phase', { exact: true }).selectOption('phase-3');
  await studyForm.getByRole('button', { name: 'Create study' }).click();
  await expect(sponsorPage.getByText(`Study ${protocol} is created.`)).toBeVisible();

  await sponsorPage.goto('/admin/connections');
  await sponsorPage.getByRole('button', { name: 'Invite a site' }).click();
  const invite = sponsorPage.getByRole('dialog', { name: 'Invite a site to a study' });
  await invite
    .getByLabel('Study', { exact: true })
    .selectOption({ label: `${protocol} — Helios-3: lakeside outcomes (${sponsorName})` });
  await invite
    .getByPlaceholder('Search the site directory by name, identifier or country code')
    .fill(siteName);
  await invite.getByRole('radio', { name: new RegExp(siteName) }).check();
  await invite.getByLabel('Site number', { exact: true }).fill('101');
  await invite.getByLabel('Principal investigator', { exact: true }).fill('Dr. Lena Brandt');
  await invite
    .getByLabel('Sponsor-side system', { exact: true })
    .selectOption({ label: `${sponsorName} — Helios eTMF (eTMF, Production)` });
  await invite.getByRole('button', { name: 'Send the invitation' }).click();
  // An invitation is a journaled write of the registry, its audit record and its parties' events:
  // on a machine busy with the other e2e group it took more than the 10 s an expectation waits.
  await expect(sponsorPage.getByText(`${siteName} is invited to ${protocol}.`)).toBeVisible({
    timeout: 30_000,
  });

  // ...and sees no other sponsor's studies or organisation.
  const studies = await callApi(c, 'list-studies', { token: sponsorAdmin.idToken, body: {} });
  const visible = (
    studies.body as {
      data: { studies: { protocolNumber: string; sponsorOrganisationId: string }[] };
    }
  ).data.studies;
  expect(visible.map((s) => s.protocolNumber)).toEqual([protocol]);
  await sponsorPage.goto('/admin/organisations/sponsor-nordlicht');
  await expect(
    sponsorPage.getByText('This organisation does not exist, or you may not see it.'),
  ).toBeVisible();

  // 3. The site's OrgAdmin registers its eISF and accepts the invitation with it.
  const sitePage = await signedInPage(browser, siteAdmin);
  await sitePage.goto(`/admin/organisations/${site.organisationId}`);
  await sitePage.getByRole('button', { name: 'Add system' }).click();
  const systemForm = sitePage.getByRole('dialog', { name: 'Add a system' });
  await systemForm.getByLabel('Name', { exact: true }).fill('Klinik eISF');
  await systemForm.getByLabel('Kind', { exact: true }).selectOption('eisf');
  await systemForm.getByLabel('Vendor', { exact: true }).fill('Lakeside Software');
  await systemForm.getByLabel('Product', { exact: true }).fill('Binder');
  await systemForm.getByLabel('Environment', { exact: true }).selectOption('production');
  await systemForm
    .getByLabel('Technical contact e-mail', { exact: true })
    .fill('it@klinik-am-see.example');
  await systemForm.getByRole('button', { name: 'Add system' }).click();
  await expect(sitePage.getByText('Klinik eISF is added.')).toBeVisible();

  await sitePage.goto('/admin/connections');
  await expect(sitePage.getByText('Invitations waiting for your answer (1)')).toBeVisible();
  await sitePage.getByRole('button', { name: `Accept the invitation to ${protocol}` }).click();
  const accept = sitePage.getByRole('dialog');
  await accept
    .getByLabel('Site system', { exact: true })
    .selectOption({ label: 'Klinik eISF (eISF / eRegulatory, Production)' });
  await accept.getByRole('button', { name: 'Accept the invitation' }).click();
  await expect(
    sitePage.getByText(`The connection of ${protocol} at ${siteName} is active.`),
  ).toBeVisible();

  // 4. Active on both sides.
  const table = (p: Page) => p.getByRole('table', { name: 'Connections' });
  await sitePage.keyboard.press('Escape');
  await expect(table(sitePage).getByRole('row').filter({ hasText: protocol })).toContainText(
    'Active',
  );
  await sponsorPage.goto('/admin/connections');
  await expect(table(sponsorPage).getByRole('row').filter({ hasText: protocol })).toContainText(
    'Active',
  );

  // 5. In the audit trail, as the site's administrator reads it.
  await sitePage.goto('/admin/audit-trail');
  await expect(sitePage.getByRole('cell', { name: 'connection.accepted' }).first()).toBeVisible({
    timeout: 15_000,
  });

  // 6. The site system in use cannot be deactivated: the refusal names the connection.
  await sitePage.goto(`/admin/organisations/${site.organisationId}`);
  await sitePage.getByRole('button', { name: 'Deactivate Klinik eISF' }).click();
  await sitePage
    .getByRole('dialog', { name: 'Deactivate the system' })
    .getByRole('button', { name: 'Deactivate' })
    .click();
  await expect(sitePage.getByRole('alert').filter({ hasText: protocol })).toBeVisible();
});
