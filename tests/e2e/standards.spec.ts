import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { tableToRows, type MappingRow } from '@ccsc/contract/standard-rows';
import { readCsv } from '@ccsc/formats/read-csv';
import { callApi } from '../support/api';
import { createEnrolledUser, type EnrolledTestUser } from '../support/aws';
import type { ConsoleInfo } from '../support/console';
import { consoleOf, enrolledAdmin, signInThroughUi } from './session-support';

/**
 * Issue 16 end to end, as a site's OrgAdmin would do it: a standard imported from a CSV file whose
 * preview shows two problems, both fixed in the grid, the coverage report read, version 1
 * published with the electronic signature (password and a fresh authenticator code; the
 * signature then shows the printed name, time and meaning), version 2 made by editing, the two
 * compared, version 1 exported as CSV and that file imported again without a change, version 1
 * retired; the audit trail shows each step with its before and after. The site's Auditor reads
 * the standard and cannot change it; another organisation's OrgAdmin does not see it.
 */

test.setTimeout(240_000);

const HEADER =
  'source_code,source_name,source_path,artifact_number,sub_artifact,filing_level,required_metadata,equivalence,comment';
const CSV = [
  HEADER,
  // The licence is about one person: the person's name must be required (problem 1).
  'MED-LIC,Medical licence – PI,Investigator/Qualifications,05.02.07,Medical License,site,site,equal,',
  'PSP,Protocol signature page,Protocol,05.02.02,,site,site,equal,',
  // 99.01.01 is not an artifact of the model (problem 2).
  'ICF,"Informed consent, signed",Subjects,99.01.01,,site,site,narrower,',
].join('\r\n');

const create = async (c: ConsoleInfo, token: string, op: string, body: unknown) => {
  const res = await callApi(c, op, { token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { data: Record<string, Record<string, string>> }).data;
};

const openStandards = async (page: Page) => {
  await page.getByRole('button', { name: /menu/i }).click();
  await page.getByRole('link', { name: 'Artifact Mapping Standards' }).click();
  await expect(page.getByRole('heading', { name: 'Artifact Mapping Standards' })).toBeVisible();
};

const rowsOf = async (c: ConsoleInfo, user: EnrolledTestUser, id: string, version: number) => {
  const res = await callApi(c, `artifact/get-standard?standardId=${id}&version=${version}`, {
    method: 'GET',
    token: user.idToken,
  });
  return (res.body as { data: { rows: MappingRow[] } }).data.rows;
};

test('standards: import with problems, fix in the grid, coverage, sign and publish, version 2, diff, CSV round trip, retire, audit; an Auditor reads, another organisation sees nothing', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const { info: c } = await consoleOf(request, baseURL ?? '');
  const tag = randomUUID().slice(0, 6);
  const admin = await enrolledAdmin(c);
  const site = (
    await create(c, admin.idToken, 'create-organisation', {
      name: `Klinikum Ost ${tag}`,
      kind: 'site',
      country: 'DE',
      identifiers: [],
    })
  ).organisation;
  const organisationId = site?.organisationId ?? '';
  const other = (
    await create(c, admin.idToken, 'create-organisation', {
      name: `Klinikum West ${tag}`,
      kind: 'site',
      country: 'DE',
      identifiers: [],
    })
  ).organisation;
  await create(c, admin.idToken, 'create-system', {
    organisationId,
    name: `Ost eISF ${tag}`,
    kind: 'eisf',
    vendor: 'Florence',
    product: 'eBinders',
    environment: 'production',
    technicalContactEmail: `it-${tag}@klinikum-ost.example`,
  });
  const orgAdmin = await createEnrolledUser(c, 'OrgAdmin', organisationId);
  const auditor = await createEnrolledUser(c, 'Auditor', organisationId);
  const otherAdmin = await createEnrolledUser(c, 'OrgAdmin', other?.organisationId ?? '');
  const name = `Ost eISF mapping ${tag}`;

  // ---- import with a preview, then fix the two problems in the grid ----
  await signInThroughUi(page, orgAdmin);
  await openStandards(page);
  await page.getByRole('link', { name: 'New standard' }).click();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel(`Ost eISF ${tag}`).check();
  await page.getByLabel('Import a CSV or XLSX file').check();
  await page.getByLabel('Mapping file (CSV or XLSX)').setInputFiles({
    name: 'ost-eisf.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(CSV, 'utf8'),
  });
  await expect(page.getByText('Preview of ost-eisf.csv: nothing is saved yet')).toBeVisible();
  await expect(page.getByText('2 problems', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Create draft' }).click();

  await expect(page.getByText(`The draft of "${name}" was created.`)).toBeVisible();
  const standardId = new URL(page.url()).searchParams.get('standardId') ?? '';
  expect(standardId).toMatch(/^std-/);
  await expect(page.getByText('2 problems in 2 of 3 rows')).toBeVisible();
  await page.getByLabel('Required metadata: Person name, row 1', { exact: true }).check();
  const artifact = page.getByLabel('Artifact, row 3', { exact: true });
  await artifact.fill('02.02.03');
  await page
    .getByRole('option', { name: /02\.02\.03/ })
    .first()
    .click();
  await expect(page.getByText('3 rows, no problems')).toBeVisible();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Version 1 was saved.')).toBeVisible();

  // ---- the coverage report ----
  await expect(page.getByText(/2 of \d+ core artifacts reached/)).toBeVisible();
  await expect(page.getByText(/core artifacts not reached/)).toBeVisible();

  // ---- publish: the electronic signature ----
  await page.getByRole('button', { name: 'Publish…' }).click();
  const sign = page.getByRole('dialog');
  await sign.getByLabel('Password').fill(orgAdmin.password);
  await sign.getByLabel('Authenticator code').fill(await orgAdmin.authenticator.next());
  await sign.getByRole('button', { name: 'Sign and publish' }).click();
  await expect(page.getByText(/Version 1 is published, signed by/)).toBeVisible();
  await expect(page.getByText(/Signed by .+ on .+ — meaning: Approved/).first()).toBeVisible();

  // ---- version 2 by editing, compared with version 1 ----
  await page.getByRole('button', { name: 'New version', exact: true }).click();
  await expect(page.getByText('Version 2 is a new draft: edit it, then publish it.')).toBeVisible();
  await page.getByLabel('Comment, row 2', { exact: true }).fill('Signed by the PI and sponsor');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Version 2 was saved.')).toBeVisible();
  const compare = page.getByRole('form', { name: 'Compare two versions' });
  await compare.getByLabel('Compare', { exact: true }).selectOption('1');
  await compare.getByLabel('with', { exact: true }).selectOption('2');
  await compare.getByRole('button', { name: 'Compare' }).click();
  await expect(page.getByText('Version 1 compared with version 2')).toBeVisible();
  await expect(page.getByText('0 added, 0 removed, 1 changed')).toBeVisible();

  // ---- version 1 exported as CSV, and the file imported again unchanged ----
  await page.getByRole('button', { name: 'Open version 1' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  const exported = await readFile(await download.path(), 'utf8');
  expect(download.suggestedFilename()).toMatch(/-v1\.csv$/);
  const file = readCsv(exported);
  expect(file.problems).toEqual([]);
  expect(tableToRows(file.records).problems).toEqual([]);
  await openStandards(page);
  await page.getByRole('link', { name: 'New standard' }).click();
  await page.getByLabel('Name', { exact: true }).fill(`${name} (re-import)`);
  await page.getByLabel('Import a CSV or XLSX file').check();
  await page.getByLabel('Mapping file (CSV or XLSX)').setInputFiles({
    name: download.suggestedFilename(),
    mimeType: 'text/csv',
    buffer: Buffer.from(exported, 'utf8'),
  });
  await expect(page.getByText('3 rows read')).toBeVisible();
  await page.getByRole('button', { name: 'Create draft' }).click();
  await expect(page.getByText(`The draft of "${name} (re-import)" was created.`)).toBeVisible();
  await expect(page.getByText('3 rows, no problems')).toBeVisible();
  const reimported = new URL(page.url()).searchParams.get('standardId') ?? '';
  expect(await rowsOf(c, orgAdmin, reimported, 1)).toEqual(
    await rowsOf(c, orgAdmin, standardId, 1),
  );

  // ---- version 2 published, version 1 retired ----
  await page.goto(`/admin/artifact/view-edit-standard?standardId=${standardId}&version=2`);
  await page.getByRole('button', { name: 'Publish…' }).click();
  await sign.getByLabel('Password').fill(orgAdmin.password);
  await sign.getByLabel('Authenticator code').fill(await orgAdmin.authenticator.next());
  await sign.getByRole('button', { name: 'Sign and publish' }).click();
  await expect(page.getByText(/Version 2 is published, signed by/)).toBeVisible();
  await page.getByRole('button', { name: 'Open version 1' }).click();
  await page.getByRole('button', { name: 'Retire…' }).click();
  await page.getByRole('dialog').getByLabel('Reason').fill('Superseded by version 2');
  await page.getByRole('dialog').getByRole('button', { name: 'Retire' }).click();
  await expect(page.getByText('Version 1 is retired.')).toBeVisible();

  // ---- the audit trail: each step, with before and after ----
  await page.goto('/admin/audit-trail');
  await page.getByLabel('Target').fill(standardId);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  for (const action of [
    'standard.created',
    'standard.updated',
    'standard.published',
    'standard.version-created',
    'standard.exported',
    'standard.retired',
  ]) {
    await expect(page.getByRole('cell', { name: action }).first()).toBeVisible();
  }
  await page.getByRole('button', { name: 'Show details' }).first().click();
  await expect(page.getByRole('columnheader', { name: 'Before' }).first()).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'After' }).first()).toBeVisible();

  // ---- the site's Auditor reads and cannot change ----
  const auditorPage = await (await browser.newContext({ baseURL })).newPage();
  await signInThroughUi(auditorPage, auditor);
  await auditorPage.goto(`/admin/artifact/view-edit-standard?standardId=${standardId}`);
  await expect(
    auditorPage.getByText('You can read this standard; only administrators change it.'),
  ).toBeVisible();
  await expect(auditorPage.getByText(/Signed by .+ — meaning: Approved/).first()).toBeVisible();
  await expect(auditorPage.getByRole('button', { name: 'Save changes' })).toHaveCount(0);
  await expect(auditorPage.getByRole('button', { name: 'Publish…' })).toHaveCount(0);
  await expect(auditorPage.getByRole('button', { name: 'Retire…' })).toHaveCount(0);

  // ---- another organisation's OrgAdmin does not see it ----
  const otherPage = await (await browser.newContext({ baseURL })).newPage();
  await signInThroughUi(otherPage, otherAdmin);
  await openStandards(otherPage);
  await otherPage.getByLabel('Search').fill(tag);
  await expect(
    otherPage.getByText(
      'No mapping standard matches these filters. Change or clear them to see more.',
    ),
  ).toBeVisible();
  await otherPage.goto(`/admin/artifact/view-edit-standard?standardId=${standardId}`);
  await expect(otherPage.getByRole('alert')).toContainText('The standard does not exist.');
});
