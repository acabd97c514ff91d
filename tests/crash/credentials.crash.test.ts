import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEnrolledUser, type EnrolledTestUser, mailTo } from '../support/aws';
import { newOrganisation, newSystem } from '../support/registry';
import { CrashConsole, eventually, killedAt, stepsOf } from './crash-console';
import { Credentials } from './crash-credentials';

/**
 * Every journaled credential write killed at each of its steps (issue 32): the console is killed
 * by an armed failpoint — never by timing — right after the step ran and before the journal knew
 * it (or right after the write was recorded), started again on the same data, and then the write
 * is whole (finished at the start) and audited exactly once, or undone, never half made: no
 * Cognito client without its credential, no mail for a credential that does not exist, nothing
 * left in the journal or the outbox. The administrator's or the contact's retry then answers as
 * the first call would have. The steps are those the console really passes (traced first), so a
 * step added to a workflow is crashed at too.
 */

const unique = () => `crash-${randomUUID().slice(0, 8)}@example.org`;

describe('credential writes killed at every step', () => {
  let console: CrashConsole;
  let admin: EnrolledTestUser;
  let creds: Credentials;

  beforeAll(async () => {
    console = await CrashConsole.create();
    await console.start();
    admin = await createEnrolledUser(console.info, 'PlatformAdmin');
    const organisation = await newOrganisation(
      console.info,
      admin,
      `Crash site ${randomUUID().slice(0, 6)}`,
      'site',
    );
    const system = await newSystem(
      console.info,
      admin,
      organisation.organisationId,
      'Crash eISF',
      'eisf',
    );
    creds = new Credentials(console, admin, system.systemId);
  }, 180_000);

  afterAll(async () => {
    await console.dispose();
  });

  it('issue: the credential whole (client, record, link mail, audit) or nothing; a repeat answers it', async () => {
    const steps = await stepsOf(console, 'credential.issue', () =>
      creds.issue(unique(), randomUUID()),
    );
    expect(steps).toEqual([
      'journal:credential.issue:begun',
      'journal:credential.issue:client',
      'journal:credential.issue:record',
      'journal:credential.issue:mail',
      'journal:credential.issue:audit',
    ]);
    for (const step of steps) {
      const contact = unique();
      const key = randomUUID();
      await killedAt(console, step, () => creds.issue(contact, key));
      await creds.whole([contact]);
      // Recorded before its first step, the write was finished at the start.
      const made = await creds.byContact(contact);
      expect(made, step).toHaveLength(1);
      const apiId = made[0]?.apiId ?? '';
      await creds.auditedOnce('api-credential.issued', apiId, step);
      // The administrator's repeat (same requestKey): the same credential, nothing more.
      const again = await creds.issue(contact, key);
      expect(again.status, step).toBe(200);
      expect((again.data?.credential as { apiId: string }).apiId).toBe(apiId);
      expect(await creds.byContact(contact)).toHaveLength(1);
      await creds.auditedOnce('api-credential.issued', apiId);
      // The contact's newest link works, and its secret gets tokens.
      const revealed = await creds.reveal(await creds.newestLink(contact));
      expect(revealed.status, step).toBe(200);
      expect(
        await creds.works(String(revealed.data?.clientId), String(revealed.data?.clientSecret)),
      ).toBe(true);
      await creds.whole([contact]);
    }
  }, 600_000);

  it('resend: the new link recorded, mailed and audited once; a repeat answers as it did', async () => {
    const pending = async () => {
      const contact = unique();
      expect((await creds.issue(contact, randomUUID())).status).toBe(200);
      await creds.newestLink(contact);
      const record = (await creds.byContact(contact))[0];
      if (record === undefined) throw new Error('no credential');
      return { contact, apiId: record.apiId, revision: record.revision };
    };
    const first = await pending();
    const steps = await stepsOf(console, 'credential.link', () =>
      creds.resend(first.apiId, first.revision),
    );
    expect(steps).toEqual([
      'journal:credential.link:begun',
      'journal:credential.link:record',
      'journal:credential.link:mail',
      'journal:credential.link:audit',
    ]);
    for (const step of steps) {
      const p = await pending();
      await killedAt(console, step, () => creds.resend(p.apiId, p.revision));
      await creds.whole([p.contact]);
      await creds.auditedOnce('api-credential.link-resent', p.apiId, step);
      const link = await creds.newestLink(p.contact, 2);
      const mails = (await mailTo(console.info, p.contact)).length;
      const again = await creds.resend(p.apiId, p.revision);
      expect(again.status, `${step}: ${JSON.stringify(again)}`).toBe(200);
      await delay(300);
      expect((await mailTo(console.info, p.contact)).length, 'a repeat mails nothing').toBe(mails);
      expect((await creds.reveal(link)).status, step).toBe(200);
      await creds.whole([p.contact]);
    }
  }, 600_000);

  it('rotation reveal: undone when cut short (the same link works again), never a secret nobody got', async () => {
    const rotating = async () => {
      const a = await creds.active();
      const record = await creds.record(a.apiId);
      expect((await creds.resend(a.apiId, record?.revision ?? 0)).status).toBe(200);
      return { ...a, link: await creds.newestLink(a.contact, 2) };
    };
    const first = await rotating();
    const steps = await stepsOf(console, 'credential.reveal', () => creds.reveal(first.link));
    expect(steps).toEqual([
      'journal:credential.reveal:begun',
      'journal:credential.reveal:redeem',
      'journal:credential.reveal:secret',
      'journal:credential.reveal:audit',
    ]);
    for (const step of steps) {
      const p = await rotating();
      await killedAt(console, step, () => creds.reveal(p.link));
      await creds.whole([p.contact]);
      // The answer with the secret never left: undone — the secret it made is gone.
      expect(await creds.secretsOf(p.clientId), step).toBe(1);
      const revealed = await creds.reveal(p.link);
      expect(revealed.status, step).toBe(200);
      expect(await creds.works(p.clientId, String(revealed.data?.clientSecret))).toBe(true);
      expect(await creds.works(p.clientId, p.secret), 'the old secret, in its grace period').toBe(
        true,
      );
      const audit = await creds.audited('api-credential.rotation-revealed', p.apiId);
      // Revealed once; a reveal recorded before the crash is followed by its undoing.
      expect(audit.success - audit.failure, `${step}: ${JSON.stringify(audit)}`).toBe(1);
      await creds.whole([p.contact]);
    }
  }, 600_000);

  it('first reveal: undone when cut short — the credential pending again, the same link works', async () => {
    const pending = async () => {
      const contact = unique();
      expect((await creds.issue(contact, randomUUID())).status).toBe(200);
      return { contact, link: await creds.newestLink(contact) };
    };
    const first = await pending();
    const steps = await stepsOf(console, 'credential.reveal', () => creds.reveal(first.link));
    expect(steps).toEqual([
      'journal:credential.reveal:begun',
      'journal:credential.reveal:redeem',
      'journal:credential.reveal:audit',
    ]);
    for (const step of steps) {
      const p = await pending();
      await killedAt(console, step, () => creds.reveal(p.link));
      await creds.whole([p.contact]);
      expect((await creds.record(p.link.apiId))?.status, step).toBe('pending');
      const revealed = await creds.reveal(p.link);
      expect(revealed.status, step).toBe(200);
      expect(
        await creds.works(String(revealed.data?.clientId), String(revealed.data?.clientSecret)),
      ).toBe(true);
      const audit = await creds.audited('api-credential.revealed', p.link.apiId);
      expect(audit.success - audit.failure, `${step}: ${JSON.stringify(audit)}`).toBe(1);
    }
  }, 600_000);

  it('retire and revoke: whole and audited once; a repeat answers as the first call', async () => {
    const inGrace = async () => {
      const a = await creds.active();
      const before = await creds.record(a.apiId);
      expect((await creds.resend(a.apiId, before?.revision ?? 0)).status).toBe(200);
      expect((await creds.reveal(await creds.newestLink(a.contact, 2))).status).toBe(200);
      const record = await creds.record(a.apiId);
      return { ...a, revision: record?.revision ?? 0 };
    };
    const first = await inGrace();
    const retireSteps = await stepsOf(console, 'credential.retire', () =>
      creds.retire(first.apiId, first.revision),
    );
    expect(retireSteps).toEqual([
      'journal:credential.retire:begun',
      'journal:credential.retire:record',
      'journal:credential.retire:secrets',
      'journal:credential.retire:audit',
    ]);
    for (const step of retireSteps) {
      const p = await inGrace();
      await killedAt(console, step, () => creds.retire(p.apiId, p.revision));
      await creds.whole();
      expect(await creds.secretsOf(p.clientId), step).toBe(1);
      expect((await creds.record(p.apiId))?.rotation, step).toBeNull();
      await creds.auditedOnce('api-credential.old-secret-retired', p.apiId);
      expect((await creds.retire(p.apiId, p.revision)).status, step).toBe(200);
    }

    const live = await creds.active();
    const revokeSteps = await stepsOf(console, 'credential.revoke', async () =>
      creds.revoke(live.apiId, (await creds.record(live.apiId))?.revision ?? 0),
    );
    expect(revokeSteps).toEqual([
      'journal:credential.revoke:begun',
      'journal:credential.revoke:record',
      'journal:credential.revoke:client',
      'journal:credential.revoke:audit',
    ]);
    for (const step of revokeSteps) {
      const a = await creds.active();
      const revision = (await creds.record(a.apiId))?.revision ?? 0;
      await killedAt(console, step, () => creds.revoke(a.apiId, revision));
      await creds.whole();
      expect((await creds.record(a.apiId))?.status, step).toBe('revoked');
      expect(
        (await creds.clients()).some((c) => c.clientId === a.clientId),
        step,
      ).toBe(false);
      expect(await creds.works(a.clientId, a.secret)).toBe(false);
      await creds.auditedOnce('api-credential.revoked', a.apiId);
      const again = await creds.revoke(a.apiId, revision);
      expect(again.status, step).toBe(200);
      expect((again.data?.credential as { status: string }).status).toBe('revoked');
    }
  }, 900_000);

  /**
   * A job's write, killed at `step` while the console starts (its first pass runs the credential
   * job and the sweep), then started again: answers once the first pass of the new start did.
   */
  const jobKilledAt = async (step: string) => {
    await console.kill();
    await console.start({ armed: step, expectDeath: true });
    await console.died(60_000);
    await console.start();
  };

  /**
   * The check every killed job step must pass: killed at `step` and started again (jobKilledAt);
   * once the new start has done the write (each of `done` holds, in turn), every credential is
   * whole and `action` is audited exactly once about `apiId`.
   */
  const jobKilledAtThenOnce = async (
    step: string,
    done: Record<string, () => Promise<boolean>>,
    action: string,
    apiId: string,
  ) => {
    await jobKilledAt(step);
    for (const [what, check] of Object.entries(done)) await eventually(what, check);
    await creds.whole();
    await creds.auditedOnce(action, apiId, step);
  };

  /** The failpoints of `kind` a start's first pass passes (traced), after `prepare`. */
  const jobSteps = async (kind: string, done: () => Promise<boolean>) => {
    await console.kill();
    const mark = console.mark();
    await console.start();
    await eventually(`${kind} done`, done);
    await delay(200);
    return console.passed(mark, `journal:${kind}:`);
  };

  /**
   * A job's write `kind` killed at each of its steps: the steps traced on a first credential from
   * `make` (`begun`, then `steps`), then at each step a fresh one, the job killed there and started
   * again until `done` holds for it (jobKilledAtThenOnce, `action` audited once), then `after`.
   */
  const crashJobAtEachStep = async <C extends { apiId: string }>(
    kind: string,
    job: {
      steps: readonly string[];
      make: () => Promise<C>;
      done: [what: string, check: (credential: C) => Promise<boolean>];
      action: string;
      after: (credential: C, step: string) => Promise<void>;
    },
  ) => {
    const [what, check] = job.done;
    const first = await job.make();
    const steps = await jobSteps(kind, () => check(first));
    expect(steps).toEqual(['begun', ...job.steps].map((step) => `journal:${kind}:${step}`));
    for (const step of steps) {
      const credential = await job.make();
      await jobKilledAtThenOnce(
        step,
        { [what]: () => check(credential) },
        job.action,
        credential.apiId,
      );
      await job.after(credential, step);
    }
  };

  it('the credential job’s expiry and notice, killed at each step: whole, audited and mailed once', async () => {
    await crashJobAtEachStep('credential.expire', {
      steps: ['record', 'client', 'audit'],
      make: async () => {
        const a = await creds.active();
        await creds.patch(a.apiId, { validUntil: new Date(Date.now() - 60_000).toISOString() });
        return a;
      },
      done: ['expired', async (a) => (await creds.record(a.apiId))?.status === 'expired'],
      action: 'api-credential.expired',
      after: async (a, step) => {
        expect(await creds.works(a.clientId, a.secret), step).toBe(false);
      },
    });

    await crashJobAtEachStep('credential.notice', {
      steps: ['record', 'mail', 'events', 'audit'],
      make: async () => {
        const a = await creds.active();
        await creds.patch(a.apiId, {
          validUntil: new Date(Date.now() + 10 * 24 * 60 * 60 * 1000).toISOString(),
        });
        return a;
      },
      done: [
        'noticed',
        async (a) =>
          (await creds.record(a.apiId))?.noticesSent.includes('30-days') === true &&
          (await creds.audited('api-credential.expiry-notice', a.apiId)).success > 0,
      ],
      action: 'api-credential.expiry-notice',
      after: async (a, step) => {
        await eventually('the notice mailed', async () =>
          (await mailTo(console.info, a.contact)).some((m) => /expires in/u.test(m.subject)),
        );
        const notices = (await mailTo(console.info, a.contact)).filter((m) =>
          /expires in/u.test(m.subject),
        );
        expect(notices, step).toHaveLength(1);
      },
    });
  }, 900_000);

  it('the sweep: an orphan client deleted, a credential without its client marked broken, each once', async () => {
    const gone = (clientId: string) => async () =>
      !(await creds.clients()).some((c) => c.clientId === clientId);
    const firstOrphan = await creds.orphanClient();
    const steps = await jobSteps('credential.sweep', gone(firstOrphan.clientId));
    expect(steps).toEqual([
      'journal:credential.sweep:begun',
      'journal:credential.sweep:check',
      'journal:credential.sweep:resolve',
      'journal:credential.sweep:audit',
    ]);
    for (const step of steps) {
      const orphan = await creds.orphanClient();
      const action = 'api-credential.orphan-client-deleted';
      await jobKilledAtThenOnce(
        step,
        {
          'the orphan deleted': gone(orphan.clientId),
          recorded: async () => (await creds.audited(action, orphan.apiId)).success > 0,
        },
        action,
        orphan.apiId,
      );
    }
    for (const step of steps) {
      const a = await creds.active();
      await creds.deleteClient(a.clientId);
      const action = 'api-credential.broken';
      await jobKilledAtThenOnce(
        step,
        {
          'marked broken': async () => (await creds.record(a.apiId))?.status === 'broken',
          recorded: async () => (await creds.audited(action, a.apiId)).success > 0,
        },
        action,
        a.apiId,
      );
    }
  }, 900_000);
});
