import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { expect, type Browser, type Page } from '@playwright/test';
import { TABLES, tableName } from '@ccsc/lambdas/data-model';
import { callApi } from '../support/api';
import { createEnrolledUser, dynamodbDocuments, type EnrolledTestUser } from '../support/aws';
import type { ConsoleInfo } from '../support/console';
import { mailTo, type Mail } from '../support/mail';
import { issueCredential, partnerToken } from '../support/oauth';
import {
  call,
  type Data,
  publish,
  registryMakers,
  SITE_ROWS,
  SPONSOR_ROWS,
  type Standard,
} from './documents-support';
import { partnerApi, type PartnerApi } from './journey-support';
import { signInThroughUi } from './session-support';

/**
 * What organisations-journey.spec.ts (issue 35's "Done when") starts from: a sponsor with its
 * eTMF and a study, three site organisations each with its eISF and OrgAdmin, the second and
 * third site already connected to the study (the first is invited in the journey, through the
 * console), every side's mapping standard published; the partner systems' tokens; the console's
 * reads the journey waits on; and a stored date moved back, as a day passing would (the product
 * has no clock a test could turn).
 */

export const SEND = 'ccsc-api/documents.send';
export const RECEIVE = 'ccsc-api/documents.receive';
export const EVENTS = 'ccsc-api/events.read';

/** A partner system's calls, one token per scope (a client_credentials token names its scope). */
export type PartnerSystem = Record<typeof SEND | typeof RECEIVE | typeof EVENTS, PartnerApi>;

export const partnerSystem = async (
  c: ConsoleInfo,
  admin: EnrolledTestUser,
  systemId: string,
): Promise<PartnerSystem> => {
  const scopes = [SEND, RECEIVE, EVENTS] as const;
  const credential = await issueCredential(c, admin, systemId, [...scopes]);
  const [send, receive, events] = await Promise.all(
    scopes.map(async (scope) =>
      partnerApi(c, await partnerToken(c.cognitoEndpoint, c.userPoolId, credential, scope)),
    ),
  );
  if (send === undefined || receive === undefined || events === undefined) {
    throw new Error('a token is missing');
  }
  return { [SEND]: send, [RECEIVE]: receive, [EVENTS]: events };
};

export interface Site {
  organisationId: string;
  name: string;
  systemId: string;
  systemName: string;
  siteNumber: string;
  admin: EnrolledTestUser;
}

/** A calendar day `days` from today (UTC), YYYY-MM-DD. */
export const day = (days: number) =>
  new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

/**
 * The study's network (named with `tag`): the sponsor's side, and three sites of which the second
 * and third are connected (the first waits for the sponsor's invitation in the console). Answers
 * once the organisations, systems and administrators are there; `ready` once the connections,
 * standards and the partner systems' tokens are too.
 */
export const organisationsNetwork = async (
  c: ConsoleInfo,
  admin: EnrolledTestUser,
  tag: string,
) => {
  const { organisation, system } = registryMakers(c, admin, tag);
  const standard = async (
    who: EnrolledTestUser,
    organisationId: string,
    systemId: string,
    rows: typeof SITE_ROWS,
  ) =>
    publish(
      c,
      who,
      await call<Standard>(c, who.idToken, 'artifact/create-standard', {
        organisationId,
        name: `Mapping ${systemId.slice(0, 6)} ${tag}`,
        systemIds: [systemId],
        catalogueVersion: '3.3',
        source: { kind: 'import', fileName: 'rows.csv', rows },
      }),
    );

  const sponsorName = `Nordsee Pharma ${tag}`;
  const etmfName = `Nordsee eTMF ${tag}`;
  const title = 'Nordsee-3: a study its sites work in';
  const sponsorSide = async () => {
    const organisationId = await organisation(sponsorName, 'sponsor');
    const [systemId, created, sponsorAdmin] = await Promise.all([
      system(organisationId, etmfName, 'etmf'),
      call<{ study: { studyId: string; protocolNumber: string } }>(
        c,
        admin.idToken,
        'create-study',
        {
          sponsorOrganisationId: organisationId,
          protocolNumber: `NS-${tag}`,
          title,
          phase: 'phase-3',
        },
      ),
      createEnrolledUser(c, 'OrgAdmin', organisationId),
    ]);
    return { organisationId, systemId, study: created.study, sponsorAdmin };
  };
  const siteSide = async (town: string, siteNumber: string): Promise<Site> => {
    const name = `${town} ${tag}`;
    const organisationId = await organisation(name, 'site');
    const systemName = `${town} eISF ${tag}`;
    const [systemId, siteAdmin] = await Promise.all([
      system(organisationId, systemName, 'eisf'),
      createEnrolledUser(c, 'OrgAdmin', organisationId),
    ]);
    return { organisationId, name, systemId, systemName, siteNumber, admin: siteAdmin };
  };
  const [{ organisationId: sponsorId, systemId: etmf, study, sponsorAdmin }, first, second, third] =
    await Promise.all([
      sponsorSide(),
      siteSide('Klinikum Süd', '401'),
      siteSide('Praxis Nord', '402'),
      siteSide('Uniklinik West', '403'),
    ]);
  // The second and third sites: invited and accepted as before the journey.
  const connect = async (site: Site) => {
    const invited = await call<{ connection: { connectionId: string; revision: number } }>(
      c,
      admin.idToken,
      'invite-site',
      {
        studyId: study.studyId,
        siteOrganisationId: site.organisationId,
        siteNumber: site.siteNumber,
        country: 'DE',
        principalInvestigator: 'Dr. Jana Müller',
        sponsorSystemId: etmf,
      },
    );
    await call(c, site.admin.idToken, 'accept-connection', {
      connectionId: invited.connection.connectionId,
      revision: invited.connection.revision,
      siteSystemId: site.systemId,
    });
  };
  // Under way while the administrators sign in (the journey awaits it with them).
  const ready = Promise.all([
    partnerSystem(c, admin, etmf),
    partnerSystem(c, admin, first.systemId),
    partnerSystem(c, admin, second.systemId),
    connect(second),
    connect(third),
    standard(sponsorAdmin, sponsorId, etmf, SPONSOR_ROWS),
    ...[first, second, third].map((s) =>
      standard(s.admin, s.organisationId, s.systemId, SITE_ROWS),
    ),
  ]).then(([sponsor, first, second]) => ({ sponsor, first, second }));
  return {
    sponsor: { organisationId: sponsorId, name: sponsorName, etmf, etmfName, admin: sponsorAdmin },
    study: { ...study, title },
    first,
    second,
    third,
    /** The systems' calls, once the other sites are connected and every standard published. */
    ready,
  };
};

/** A GET of the console's API as `who` (the browser's own call), its data. */
export const read = async <T = Data>(c: ConsoleInfo, who: EnrolledTestUser, path: string) => {
  const res = await callApi(c, path, { method: 'GET', token: who.idToken });
  expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
  return (res.body as { data: T }).data;
};

export interface NotificationRow {
  kind: string;
  read: boolean;
  subject: { type: string; id: string; name: string };
}

/** `who`'s notifications of `kind`, once there is one (the fan-out runs every 2 s offline). */
export const notificationOf = async (c: ConsoleInfo, who: EnrolledTestUser, kind: string) => {
  let found: NotificationRow | undefined;
  await expect
    .poll(
      async () => {
        const { notifications } = await read<{ notifications: NotificationRow[] }>(
          c,
          who,
          'notifications/list',
        );
        found = notifications.find((n) => n.kind === kind);
        return found !== undefined;
      },
      { timeout: 20_000, message: `a ${kind} notification to ${who.email}` },
    )
    .toBe(true);
  if (found === undefined) throw new Error(kind);
  return found;
};

/** The first mail to `address` whose subject matches, once it came (SMTP is asynchronous). */
export const mailMatching = async (c: ConsoleInfo, address: string, subject: RegExp) => {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailTo(c, address)).find((m) => subject.test(m.subject));
        return found !== undefined;
      },
      { timeout: 20_000, message: `a mail to ${address} matching ${String(subject)}` },
    )
    .toBe(true);
  if (found === undefined) throw new Error(String(subject));
  return found;
};

/**
 * Moves a date of a stored item of the documents table back (`field` set to `value`), as time
 * passing would: a request's due date, a distribution's sending. The integration tests do the
 * same (tests/integration/distributions.test.ts).
 */
export const moveStoredDate = async (
  c: ConsoleInfo,
  key: { pk: string; sk: string },
  field: string,
  value: string,
) => {
  const db = dynamodbDocuments(c);
  const TableName = tableName('local', TABLES.documents);
  try {
    const stored = (await db.send(new GetCommand({ TableName, Key: key }))).Item;
    if (stored === undefined) throw new Error(`no item ${key.pk} / ${key.sk}`);
    await db.send(new PutCommand({ TableName, Item: { ...stored, [field]: value } }));
  } finally {
    db.destroy();
  }
};

/** Whether `system`'s events feed (its first 100) has a `kind` event about `subjectId`. */
export const inFeed = async (system: PartnerSystem, kind: string, subjectId: string) => {
  const feed = await system[EVENTS]('GET', 'events?limit=100');
  expect(feed.status, JSON.stringify(feed.error)).toBe(200);
  const events = feed.data.events as { kind: string; subject: { id: string } }[];
  return events.some((e) => e.kind === kind && e.subject.id === subjectId);
};

/** Whether `who` has a `kind` notification about `subjectId` now. */
export const notified = async (
  c: ConsoleInfo,
  who: EnrolledTestUser,
  kind: string,
  subjectId: string,
) => {
  const { notifications } = await read<{ notifications: NotificationRow[] }>(
    c,
    who,
    'notifications/list',
  );
  return notifications.some((n) => n.kind === kind && n.subject.id === subjectId);
};

/** Whether `address` has a mail whose subject matches now. */
export const mailed = async (c: ConsoleInfo, address: string, subject: RegExp) =>
  (await mailTo(c, address)).some((m) => subject.test(m.subject));

/** `who` signed in on a page of a browser context of their own (their own storage). */
export const signedIn = async (browser: Browser, baseURL: string, who: EnrolledTestUser) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signInThroughUi(page, who);
  return page;
};

/** Chooses `language` in the header's language menu, as a person does. */
export const chooseLanguage = async (page: Page, current: string, language: string) => {
  await page.getByRole('button', { name: new RegExp(`: ${current}$`, 'u') }).click();
  await page.getByRole('button', { name: language, exact: true }).click();
};
