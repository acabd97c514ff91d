import type { routes } from '@ccsc/contract/routes';
import { diffRows } from '@ccsc/contract/standard-rows';
import {
  CATALOGUE_VERSIONS,
  CURRENT_CATALOGUE_VERSION,
  catalogueOf,
} from '@ccsc/contract/tmf-catalogue';
import { byKey, pageOf } from '../core/list-page';
import type { Core } from '../core/request';
import { standardMatcher } from '../core/lists/standards';
import {
  detailOf,
  standardInSight,
  toSummary,
  toVersionView,
  versionOf,
  type StandardDeps,
} from './standard-records';

type ReadDeps = Pick<StandardDeps, 'registry' | 'rows'>;

/**
 * artifact/list-standards: the standards the caller sees (their organisation's, or all), newest
 * change first, filtered by lists/standards.ts (the dashboard's predicate too): `status` matches
 * a standard with a draft, with a version in use (published), or with every version retired;
 * `systemId` a standard whose newest version or version in use names the system; `draftBefore`
 * one whose draft was created before that day; the search the start of any word of its name,
 * product, organisation or systems. `total`: how many match.
 */
export const listStandards: Core<(typeof routes)['artifact/list-standards'], ReadDeps> = async (
  input,
  ctx,
  deps,
) => {
  const snapshot = await deps.registry.snapshot();
  const found = [...snapshot.standards.values()]
    .filter(standardMatcher(input, ctx.caller, snapshot))
    .map((record) => ({ key: `${record.updatedAt}\u0000${record.standardId}`, record }))
    .sort(byKey)
    .reverse();
  const page = pageOf('standards', input, input, found);
  return {
    standards: page.items.map(({ record }) => toSummary(record, snapshot)),
    nextCursor: page.nextCursor,
    total: page.total,
  };
};

/** artifact/get-standard: one version (the newest when none is named) as the editor opens it. */
export const getStandard: Core<(typeof routes)['artifact/get-standard'], ReadDeps> = async (
  input,
  ctx,
  deps,
) => {
  const { record, snapshot } = await standardInSight(deps, ctx.caller, input.standardId);
  const v =
    input.version === undefined
      ? (record.versions.at(-1) ?? versionOf(record, 1))
      : versionOf(record, input.version);
  return detailOf(deps, record, v, snapshot);
};

const text = (value: unknown): string | null =>
  value === null || value === undefined
    ? null
    : Array.isArray(value)
      ? value.join(', ')
      : typeof value === 'string'
        ? value
        : JSON.stringify(value);

/**
 * artifact/diff-standards: two versions side by side: the details that differ, and the rows
 * keyed by source code (added, removed, changed with the fields that differ).
 */
export const diffStandards: Core<(typeof routes)['artifact/diff-standards'], ReadDeps> = async (
  input,
  ctx,
  deps,
) => {
  const { record, snapshot } = await standardInSight(deps, ctx.caller, input.standardId);
  const from = versionOf(record, input.from);
  const to = versionOf(record, input.to);
  const [before, after] = await Promise.all([
    deps.rows.get(from.rowsKey),
    deps.rows.get(to.rowsKey),
  ]);
  const fromView = toVersionView(record, from, snapshot);
  const toView = toVersionView(record, to, snapshot);
  const details = (['name', 'description', 'product', 'status'] as const)
    .map((field): { field: string; before: string | null; after: string | null } => ({
      field,
      before: text(fromView[field]),
      after: text(toView[field]),
    }))
    .concat([
      {
        field: 'systems',
        before: text(fromView.systems.map((s) => s.name)),
        after: text(toView.systems.map((s) => s.name)),
      },
    ])
    .filter((d) => d.before !== d.after);
  return { from: fromView, to: toView, details, rows: diffRows(before, after) };
};

/** artifact/catalogue: the TMF Reference Model a standard targets (the current one by default). */
export const getCatalogue: Core<(typeof routes)['artifact/catalogue'], unknown> = (input) => {
  const catalogue = catalogueOf(input.version ?? CURRENT_CATALOGUE_VERSION);
  if (catalogue === null) throw new Error('The current catalogue is missing.');
  return Promise.resolve({
    catalogue: {
      ...catalogue,
      zones: catalogue.zones.map((z) => ({
        ...z,
        sections: z.sections.map((s) => ({
          ...s,
          artifacts: s.artifacts.map((a) => ({
            ...a,
            levels: [...a.levels],
            subArtifacts: [...a.subArtifacts],
          })),
        })),
      })),
    },
    versions: [...CATALOGUE_VERSIONS],
  });
};
