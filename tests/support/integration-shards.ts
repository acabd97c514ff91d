import { basename } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The integration phase's two shards (`npm run test:integration`: `--shard=1/2` and `--shard=2/2`
 * side by side, each with its own console), balanced by each file's time as e2e-groups.mjs
 * balances the Playwright groups. Vitest's own split is by a hash of the path, which left one
 * shard 90 s longer than the other.
 *
 * Each file's seconds in one shard of a whole run (a 2-core machine, December 2026; the mean of
 * two runs, since a file's time moves with the files beside it). Only the
 * proportions matter: a rough figure for a new file does, measured again with the next full run.
 * Every file has its entry: a new file is never silently left out of `npm test`, its shard fails
 * until it is given its time.
 */
const SECONDS: Record<string, number> = {
  'adapters.test.ts': 1,
  'api-fuzz.test.ts': 19,
  'api.test.ts': 4,
  'audit-trail.test.ts': 5,
  'audit-views.test.ts': 7,
  'authorizer.test.ts': 1,
  'cognito-parity-amplify.test.ts': 2,
  'cognito-parity-m2m-tokens.test.ts': 2,
  'cognito-parity-m2m.test.ts': 1,
  'cognito-parity-mfa.test.ts': 5,
  'cognito-parity-passwords.test.ts': 4,
  'cognito-parity-signin.test.ts': 5,
  'cognito-parity-tokens.test.ts': 6,
  'cognito-parity-users.test.ts': 1,
  'credentials.test.ts': 12,
  'dashboard.test.ts': 17,
  'distributions.test.ts': 21,
  'document-imports-conflicts.test.ts': 7,
  'document-imports-join.test.ts': 7,
  'document-imports-refusals.test.ts': 6,
  'document-imports.test.ts': 8,
  'document-requests.test.ts': 8,
  'documents-counters.test.ts': 9,
  'documents-export.test.ts': 7,
  'documents-holds.test.ts': 27,
  'documents-quarantine.test.ts': 8,
  'documents-returns.test.ts': 11,
  'documents-roundtrip.test.ts': 10,
  'documents.test.ts': 13,
  'notifications-documents.test.ts': 32,
  'notifications.test.ts': 10,
  'partner-client.test.ts': 8,
  'partner-openapi.test.ts': 6,
  'persistence.test.ts': 14,
  'platform-admins.test.ts': 10,
  'registry-connections.test.ts': 6,
  'registry-organisations-visibility.test.ts': 8,
  'registry-organisations.test.ts': 6,
  'separate-services.test.ts': 10,
  'session-audit.test.ts': 3,
  'session-forget-totp.test.ts': 13,
  'session-forgot-password.test.ts': 28,
  'session-lockout.test.ts': 18,
  'session-mfa-gate.test.ts': 3,
  'simulated-partners.test.ts': 46,
  'standards-queries.test.ts': 6,
  'standards.test.ts': 16,
  'user-index.test.ts': 1,
  'users-create.test.ts': 7,
  'users-list.test.ts': 6,
  'users-reference.test.ts': 4,
  'users-rights.test.ts': 6,
  'users-status.test.ts': 8,
  'webhooks.test.ts': 20,
};

export class BalancedShards extends BaseSequencer {
  override shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { index, count } = this.ctx.config.shard ?? { index: 1, count: 1 };
    const secondsOf = (spec: TestSpecification) => SECONDS[basename(spec.moduleId)];
    const unlisted = files.filter((spec) => secondsOf(spec) === undefined);
    if (unlisted.length > 0) {
      const names = unlisted.map((spec) => basename(spec.moduleId)).join(', ');
      throw new Error(
        `integration-shards: no time in tests/support/integration-shards.ts (SECONDS) for ${names}: add it`,
      );
    }
    // The longest file first, each to the shard with the least time so far.
    const shards = Array.from({ length: count }, () => ({
      seconds: 0,
      files: [] as TestSpecification[],
    }));
    const longestFirst = [...files].sort(
      (a, b) => (secondsOf(b) ?? 0) - (secondsOf(a) ?? 0) || a.moduleId.localeCompare(b.moduleId),
    );
    for (const spec of longestFirst) {
      const lightest = shards.reduce((a, b) => (b.seconds < a.seconds ? b : a));
      lightest.seconds += secondsOf(spec) ?? 0;
      lightest.files.push(spec);
    }
    return Promise.resolve(shards[index - 1]?.files ?? []);
  }
}
