import type { RouteDefinition } from '@ccsc/contract/route';
import type { GrantName } from './grants';
import type { Core } from './request';

/**
 * One operation, declared once in its area's `operations.ts`: the contract's route (method, path,
 * who may call it, schemas), the core it runs, the kit of dependencies that core takes and the
 * grants its function needs (core/grants.ts). The Lambda entry, the offline mount, infra's
 * function list and its IAM policy are derived from these declarations (src/wiring/declared.ts,
 * scripts/bundle.mjs), so adding an operation needs no handler file and no IAM row.
 *
 * The kit is a name, not the dependencies themselves: an area knows nothing of AWS. Each runtime
 * builds the kits (src/wiring/<area>-kits.ts), and `KitsOf` makes the compiler check that every
 * kit a table names is built, with what each of its cores takes.
 */
export interface OperationDeclaration<R extends RouteDefinition, D, K extends string> {
  readonly route: R;
  readonly core: Core<R, D>;
  readonly kit: K;
  /** What its function may do, by name; infra/lib/grants/by-name.ts says on what. */
  readonly grants: readonly GrantName[];
}

/**
 * Declares an operation: `op(routes, 'create-user', core, 'kit', ['user.write'])`. A table line
 * is written `/* @__PURE__ *\/ op(...)` so a Lambda bundle keeps only the line it imports (and so
 * only its own core). The route is named by its key rather than passed as `routes['create-user']`:
 * esbuild keeps a pure call's arguments that may have side effects, and a property read may
 * (a getter), which kept every line of the table, and every core, in every bundle (measured). So
 * the grants are a literal array of string literals too, never a constant's property.
 */
export const declareOperation = <
  T extends Readonly<Record<string, RouteDefinition>>,
  N extends keyof T & string,
  D,
  K extends string,
>(
  routes: T,
  operation: N,
  core: Core<T[N], D>,
  kit: K,
  grants: readonly GrantName[],
): OperationDeclaration<T[N], D, K> => ({ route: routes[operation], core, kit, grants });

type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void
  ? I
  : never;

/**
 * The kit builders a table needs, from its declarations: for each kit name, a function that
 * builds what every core declared with that kit takes (`import * as table` gives `T`).
 */
export type KitsOf<T> = Intersection<
  {
    [E in keyof T]: T[E] extends {
      readonly core: (input: never, ctx: never, deps: infer D) => unknown;
      readonly kit: infer K extends string;
    }
      ? { readonly [N in K]: () => D }
      : never;
  }[keyof T]
>;
