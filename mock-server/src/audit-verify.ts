import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DynamoChainVerifications, dynamoAuditReader, sortKeyOf } from '@ccsc/lambdas/adapters';
import { TABLES, tableName } from '@ccsc/lambdas/data-model';
import { readAuditTable, readEnv } from './env';
import { LOCAL_CREDENTIALS, REGION } from './services/aws-local';
import { urlHost } from './services/net';

/** Exit codes of `npm run audit:verify`. */
export const AUDIT_VERIFY_EXIT = { intact: 0, broken: 1, failed: 2 } as const;

/** The offline console's audit table: the environment name console.ts gives its tables. */
export const LOCAL_AUDIT_TABLE = tableName('local', TABLES.audit);

/**
 * The main table beside an audit table, where the last verification is kept: the one of the
 * same environment (`ccsc-<env>-audit` → `ccsc-<env>-main`), or null for a name of another form.
 */
export const mainTableBeside = (auditTable: string): string | null => {
  const suffix = `-${TABLES.audit.suffix}`;
  return auditTable.startsWith('ccsc-') && auditTable.endsWith(suffix)
    ? `${auditTable.slice(0, -suffix.length)}-${TABLES.main.suffix}`
    : null;
};

export interface AuditVerifyTarget {
  table: string;
  /** Where the verification is recorded as the last one (null: nowhere). */
  mainTable: string | null;
  /** Where it is, for the report. */
  where: string;
  client: DynamoDBClient;
}

/**
 * Which table to check: AUDIT_TABLE in AWS (region and credentials as the AWS SDK finds them),
 * else the running offline console's, at DYNAMODB_ENDPOINT or HOST:DYNAMODB_PORT (what
 * `npm start` was given, default 127.0.0.1:8000).
 */
export const auditVerifyTarget = (
  source: Record<string, string | undefined> = process.env,
): AuditVerifyTarget => {
  const deployed = readAuditTable(source);
  if (deployed !== undefined) {
    return {
      table: deployed,
      mainTable: mainTableBeside(deployed),
      where: 'AWS',
      client: new DynamoDBClient({}),
    };
  }
  const env = readEnv(source);
  if (env.DYNAMODB_ENDPOINT === undefined && env.DYNAMODB_PORT === 0) {
    throw new Error(
      'DYNAMODB_PORT=0 names no port: set DYNAMODB_PORT (or DYNAMODB_ENDPOINT) to where the ' +
        'running console serves DynamoDB.',
    );
  }
  const endpoint =
    env.DYNAMODB_ENDPOINT ?? `http://${urlHost(env.HOST)}:${String(env.DYNAMODB_PORT)}`;
  return {
    table: LOCAL_AUDIT_TABLE,
    mainTable: tableName('local', TABLES.main),
    where: `the offline console (${endpoint})`,
    client: new DynamoDBClient({ region: REGION, endpoint, credentials: LOCAL_CREDENTIALS }),
  };
};

const explain = (err: unknown, target: AuditVerifyTarget): string => {
  const name = err instanceof Error ? err.name : '';
  const code = (err as { code?: unknown } | null)?.code;
  if (name === 'ResourceNotFoundException') {
    return `There is no table ${target.table} in ${target.where}.`;
  }
  if (code === 'ECONNREFUSED' || (err instanceof Error && /ECONNREFUSED/.test(err.message))) {
    return (
      `Nothing answers at ${target.where}: start the console with \`npm start\`, or set ` +
      'AUDIT_TABLE to check a deployed table.'
    );
  }
  return `Could not read ${target.table} in ${target.where}: ${err instanceof Error ? err.message : String(err)}`;
};

/**
 * Keeps the verdict as the chain's last verification (the dashboard shows it), by nobody from
 * the command line. A failure to keep it is told, and changes nothing of the verdict.
 */
const recordVerification = async (
  target: AuditVerifyTarget,
  documents: DynamoDBDocumentClient,
  verdict: Awaited<ReturnType<ReturnType<typeof dynamoAuditReader>['verify']>>,
  checkedAt: Date,
  out: (line: string) => void,
  err: (line: string) => void,
): Promise<void> => {
  if (target.mainTable === null) {
    out(`Not recorded as the last verification: no main table is known beside ${target.table}.`);
    return;
  }
  try {
    await new DynamoChainVerifications(documents, target.mainTable).record({
      checkedAt: checkedAt.toISOString(),
      intact: verdict.ok,
      records: verdict.records,
      brokenAt: verdict.ok ? null : verdict.brokenAt,
      reason: verdict.ok ? null : verdict.reason,
      by: null,
      source: 'cli',
    });
    out(`Recorded as the last verification in ${target.mainTable}.`);
  } catch (e) {
    err(
      `Could not record this as the last verification in ${target.mainTable}: ` +
        (e instanceof Error ? e.message : String(e)),
    );
  }
};

/**
 * Walks the whole chain and reports: exit code 0 when intact, 1 when broken (with the first
 * broken record as stored, or word that it is missing), 2 when the table could not be read.
 * The verdict is kept as the chain's last verification (source `cli`) in the main table beside.
 */
export const runAuditVerify = async (
  target: AuditVerifyTarget,
  out: (line: string) => void = console.log,
  err: (line: string) => void = console.error,
): Promise<number> => {
  const documents = DynamoDBDocumentClient.from(target.client);
  const reader = dynamoAuditReader(documents, target.table);
  out(`Checking the audit chain of ${target.table} in ${target.where} ...`);
  try {
    const verdict = await reader.verify();
    await recordVerification(target, documents, verdict, new Date(), out, err);
    if (verdict.ok) {
      out(`Intact: ${String(verdict.records)} records, head hash ${verdict.headHash}.`);
      return AUDIT_VERIFY_EXIT.intact;
    }
    err(`BROKEN at record ${String(verdict.brokenAt)}: ${verdict.reason}.`);
    err(`Records before it that check out: ${String(verdict.records)}.`);
    const [stored] = await reader.readNewestFirst(verdict.brokenAt + 1, 1);
    if (stored?.sk === sortKeyOf(verdict.brokenAt)) {
      err(`Record ${String(verdict.brokenAt)} as stored:`);
      err(JSON.stringify(stored, null, 2));
    } else {
      err(`There is no record ${String(verdict.brokenAt)}.`);
    }
    return AUDIT_VERIFY_EXIT.broken;
  } catch (e) {
    err(explain(e, target));
    return AUDIT_VERIFY_EXIT.failed;
  } finally {
    target.client.destroy();
  }
};

// `npm run audit:verify`.
const invokedPath = process.argv[1];
if (invokedPath !== undefined && import.meta.url === pathToFileURL(resolve(invokedPath)).href) {
  try {
    process.exitCode = await runAuditVerify(auditVerifyTarget());
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    process.exitCode = AUDIT_VERIFY_EXIT.failed;
  }
}
