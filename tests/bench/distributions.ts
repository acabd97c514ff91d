/**
 * Issue 35's distribution budget offline: a safety letter to 500 sites — every site's delivery
 * and every site's notification recorded <= 5 s, from the sponsor's create call until the last
 * site's OrgAdmin has the `distribution.to-acknowledge` notification (the fan-out of the events
 * is the offline console's notify-events timer, as in AWS its scheduled job).
 *
 * The study, its first site, both sides' standards and the letter itself are made through the
 * API as their administrators and systems make them; the other 499 sites (each an organisation,
 * an eISF, an active connection, and an OrgAdmin in the user index) are loaded in bulk
 * (mock-server's loadRegistry), their eISFs on one published site standard, so each copy is
 * classified and delivered as any document. Three distributions of the same letter, the median.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import { BatchGetCommand, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { MappingRow } from '@ccsc/contract/standard-rows';
import { DynamoUserIndex, type StandardRecord } from '@ccsc/lambdas/adapters';
import {
  EVENT_FANOUT_PK,
  notificationStateKey,
  registryRecordKey,
  TABLES,
  tableName,
} from '@ccsc/lambdas/data-model';
import { loadRegistry } from '@ccsc/mock-server';
import { dynamodbDocuments } from '../support/aws';
import { connectedStudy, publishStandard, type StandardDetail } from '../support/connected-study';
import { issueCredential, partnerToken } from '../support/oauth';
import { ok } from '../support/registry';
import { AT, mappingRow, moreSites, sendLetter, SITES } from './distributions-seed';
import { median, withConsole } from './support';
import type { BenchResult } from './users';

const RUNS = 3;
const BUDGET_MS = 5_000;
const SEND = 'ccsc-api/documents.send';

export const measureDistributions = async (
  dataDir: string,
  log: (line: string) => void,
): Promise<BenchResult[]> =>
  withConsole(dataDir, async (c, admin) => {
    const started = performance.now();
    const { n, studyId, connection } = await connectedStudy(c, 'Bench Distributions', {
      title: 'A trial with 500 sites',
      phase: 'phase-3',
      siteNumber: '0001',
    });
    const draft = (
      who: typeof n.people.siteAdmin,
      organisationId: string,
      systemId: string,
      row: MappingRow,
    ) =>
      ok<StandardDetail>(c, who, 'artifact/create-standard', {
        organisationId,
        name: `Bench ${randomUUID().slice(0, 6)}`,
        systemIds: [systemId],
        catalogueVersion: '3.3',
        source: { kind: 'import', fileName: 'rows.csv', rows: [row] },
      });
    const [siteStandard] = await Promise.all([
      draft(
        n.people.siteAdmin,
        n.site.organisationId,
        n.siteSystem.systemId,
        mappingRow('CV-SIGNED', 'Principal Investigator Curriculum Vitae'),
      ).then((d) => publishStandard(c, n.people.siteAdmin, d)),
      draft(
        n.people.sponsorAdmin,
        n.sponsor.organisationId,
        n.sponsorSystem.systemId,
        mappingRow('ETMF-CV-PI', ''),
      ).then((d) => publishStandard(c, n.people.sponsorAdmin, d)),
    ]);
    const db = dynamodbDocuments(c);
    const main = tableName('local', TABLES.main);
    const stored = (
      await db.send(
        new GetCommand({
          TableName: main,
          Key: registryRecordKey('standard', siteStandard.standard.standardId),
        }),
      )
    ).Item as StandardRecord | undefined;
    const rowsKey = stored?.versions.find((v) => v.status === 'published')?.rowsKey;
    if (rowsKey === undefined) throw new Error('the site standard has no published rows');

    const tag = randomUUID().slice(0, 6);
    const { changes, organisations } = moreSites(
      {
        studyId,
        sponsorOrganisationId: n.sponsor.organisationId,
        sponsorSystemId: n.sponsorSystem.systemId,
      },
      rowsKey,
      tag,
    );
    await loadRegistry(db, main, changes);
    // Each site's OrgAdmin, in the user index the fan-out reads (no sign-in needed here).
    const index = new DynamoUserIndex(db, main);
    const admins = organisations.map((o) => `bench-dist-admin-${o.organisationId}`);
    for (const [i, o] of organisations.entries()) {
      await index.put({
        userName: admins[i] ?? '',
        email: `admin-${o.organisationId}@bench.example`,
        emailVerified: true,
        givenName: 'Site',
        familyName: 'Admin',
        phoneNumber: null,
        role: 'OrgAdmin',
        organisationId: o.organisationId,
        enabled: true,
        status: 'CONFIRMED',
        createdAt: new Date(AT),
        updatedAt: new Date(AT),
        mfaEnrolled: true,
        locked: false,
        invitationSentAt: null,
      });
    }
    const listeners = [n.people.siteAdmin.userName, ...admins];

    const credential = await issueCredential(c, admin, n.sponsorSystem.systemId, [SEND]);
    const token = await partnerToken(c.cognitoEndpoint, c.userPoolId, credential, SEND);
    const sourceDocumentId = await sendLetter(c, token, connection.connectionId);
    log(
      `distributions: ${String(SITES)} sites, their OrgAdmins and the letter made in ${String(Math.round((performance.now() - started) / 1000))} s`,
    );

    /** The listeners whose unread count is below `count` (BatchGetItem, 100 a request). */
    const behind = async (count: number): Promise<number> => {
      let short = 0;
      for (let at = 0; at < listeners.length; at += 100) {
        const keys = listeners.slice(at, at + 100).map((u) => notificationStateKey(u));
        const out = await db.send(
          new BatchGetCommand({ RequestItems: { [main]: { Keys: keys, ConsistentRead: true } } }),
        );
        const found = out.Responses?.[main] ?? [];
        const unread = new Map(found.map((i) => [String(i.pk), Number(i.unread ?? 0)]));
        short += keys.filter((k) => (unread.get(k.pk) ?? 0) < count).length;
      }
      return short;
    };

    /** Waits until no event waits for its fan-out (the mails of a run sent before the next). */
    const quiet = async () => {
      for (const giveUpAt = Date.now() + 180_000; Date.now() < giveUpAt;) {
        const out = await db.send(
          new QueryCommand({
            TableName: main,
            KeyConditionExpression: 'pk = :pk',
            ExpressionAttributeValues: { ':pk': EVENT_FANOUT_PK },
            Limit: 1,
            ConsistentRead: true,
          }),
        );
        if ((out.Items ?? []).length === 0) return;
        await delay(250);
      }
      throw new Error('events still waiting for their fan-out after 180 s');
    };

    const totals: number[] = [];
    for (let run = 1; run <= RUNS; run += 1) {
      await quiet();
      const t0 = performance.now();
      const created = await ok<{
        distribution: { counts: { sites: number; delivered: number } };
      }>(c, n.people.sponsorAdmin, 'distributions/create', { sourceDocumentId, overdueDays: 7 });
      const delivered = performance.now() - t0;
      const { counts } = created.distribution;
      if (counts.sites !== SITES || counts.delivered !== SITES) {
        throw new Error(`distribution ${String(run)}: ${JSON.stringify(counts)}`);
      }
      let left = await behind(run);
      while (left > 0) {
        if (performance.now() - t0 > 60_000) {
          throw new Error(
            `distribution ${String(run)}: ${String(left)} notifications missing after 60 s`,
          );
        }
        await delay(25);
        left = await behind(run);
      }
      const total = performance.now() - t0;
      totals.push(total);
      log(
        `distributions: run ${String(run)}: ${String(SITES)} deliveries recorded in ${String(Math.round(delivered))} ms, ` +
          `all ${String(listeners.length)} notifications in ${String(Math.round(total))} ms`,
      );
    }
    return [
      {
        name: `distribution to ${String(SITES)} sites: deliveries + notifications recorded (median of ${String(RUNS)})`,
        value: Math.round(median(totals)),
        unit: 'ms',
        budget: BUDGET_MS,
      },
    ];
  });
