import * as audit from '../audit/operations';
import type { GrantName } from '../core/grants';
import * as credentials from '../credentials/operations';
import * as dashboard from '../dashboard/operations';
import * as documents from '../documents/operations';
import * as events from '../events/operations';
import * as flows from '../flows/operations';
import * as partner from '../partner/operations';
import * as registry from '../registry/operations';
import * as session from '../session/operations';
import * as standards from '../standards/operations';
import * as users from '../users/operations';
import * as webhooks from '../webhooks/operations';

/**
 * Every area's table of operations (src/<area>/operations.ts), by area. The offline handler
 * table, the Lambda entries (scripts/bundle.mjs) and infra's function list are derived from it:
 * an operation is implemented exactly when one of these tables declares it.
 */
export const areaTables = {
  audit,
  credentials,
  dashboard,
  documents,
  events,
  flows,
  partner,
  registry,
  session,
  standards,
  users,
  webhooks,
} as const;

export type Area = keyof typeof areaTables;

/**
 * What a Lambda entry is generated from: where the declaration lives, and which kit it takes;
 * and what infra grants its function (`@ccsc/lambdas/declared`).
 */
export interface DeclaredOperation {
  readonly operation: string;
  readonly api: 'console' | 'partner';
  readonly area: Area;
  /** The declaration's export in `src/<area>/operations.ts`. */
  readonly exportName: string;
  /** The kit builder's export in `src/wiring/<area>-kits.ts`. */
  readonly kit: string;
  /** What its function may do, by name (core/grants.ts); infra maps each name to IAM. */
  readonly grants: readonly GrantName[];
}

/** What listing needs of a declaration (any declaration is one, without a cast). */
interface Listed {
  readonly route: { readonly operation: string; readonly api: 'console' | 'partner' };
  readonly kit: string;
  readonly grants: readonly GrantName[];
}

const areas = Object.keys(areaTables).filter((a): a is Area => a in areaTables);

export const declaredOperations: readonly DeclaredOperation[] = areas.flatMap((area) =>
  Object.entries<Listed>(areaTables[area]).map(([exportName, d]) => ({
    operation: d.route.operation,
    api: d.route.api,
    area,
    exportName,
    kit: d.kit,
    grants: d.grants,
  })),
);
