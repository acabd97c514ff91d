import {
  ORGANISATION_CSV_COLUMNS,
  ORGANISATION_EXPORT_ONLY_COLUMNS,
  REGISTRY_CSV_TITLES,
  organisationInputSchema,
  type OrganisationInput,
} from '@ccsc/contract/organisations';
import { type routes } from '@ccsc/contract/routes';
import { mayAdministerRegistry } from '@ccsc/contract/registry-access';
import { ForbiddenError } from '../core/errors';
import type { Core } from '../core/request';
import {
  claimKeys,
  type OrganisationRecord,
  type Registry,
  type RegistryWrites,
} from '../core/ports/registry';
import type { Clock } from '../core/ports/clock';
import { organisationDetails } from './create-organisation.core';
import { auditEntry, createdStamps, nameClaim, newIdOf } from './organisation-writes';
import {
  inOrder,
  inParts,
  type ImportProblem,
  readImportFile,
  schemaProblems,
} from './registry-import';
import { perSnapshot, registryActor } from './registry-view';

export interface ImportDeps {
  registry: Pick<Registry, 'snapshot'>;
  writes: Pick<RegistryWrites, 'applyAll'>;
  clock: Clock;
  newId?: () => string;
}

type Column = (typeof ORGANISATION_CSV_COLUMNS)[number];
const COLUMNS: readonly Column[] = ORGANISATION_CSV_COLUMNS;
const REQUIRED: readonly Column[] = ['name', 'kind', 'country'];

/** Every organisation by its name claim's key (country and name, any case). */
const byNameKey = perSnapshot(
  (snapshot) =>
    new Map(
      [...snapshot.organisations.values()].map((o) => [
        claimKeys.organisationName(o.country, o.name),
        o,
      ]),
    ),
);

/**
 * The identifiers cell, as the export writes it: "label: value | label: value" (the label ends
 * at the first colon). Blank: none.
 */
const identifiersOf = (
  cell: string,
): { identifiers: { label: string; value: string }[] } | { problem: string } => {
  const identifiers: { label: string; value: string }[] = [];
  for (const piece of cell.split('|')) {
    if (piece.trim() === '') continue;
    const colon = piece.indexOf(':');
    if (colon < 0) {
      return {
        problem: `Write each identifier as "label: value", separated by |, e.g. "VAT: DE123 | DUNS: 123".`,
      };
    }
    identifiers.push({ label: piece.slice(0, colon).trim(), value: piece.slice(colon + 1).trim() });
  }
  return { identifiers };
};

/**
 * One row checked as create-organisation checks a request (the same schema), the identifiers
 * read from their cell; kind in any case. The input, or the row's problems.
 */
const checkRow = (
  line: number,
  cell: (column: Column) => string,
): { input: OrganisationInput } | { problems: ImportProblem[] } => {
  const problems: ImportProblem[] = [];
  const identifiers = identifiersOf(cell('identifiers'));
  if ('problem' in identifiers) {
    problems.push({ line, column: 'identifiers', message: identifiers.problem });
  }
  const contactEmail = cell('contactEmail');
  const parsed = organisationInputSchema.safeParse({
    name: cell('name'),
    kind: cell('kind').toLowerCase(),
    country: cell('country'),
    contactEmail: contactEmail === '' ? null : contactEmail,
    identifiers: 'problem' in identifiers ? [] : identifiers.identifiers,
  });
  if (!parsed.success) problems.push(...schemaProblems(line, parsed.error.issues, COLUMNS));
  return parsed.success && problems.length === 0 ? { input: parsed.data } : { problems };
};

/**
 * import-organisations (PlatformAdmin): organisations from a CSV file. Every row is checked as
 * create-organisation checks a request, and against the other rows and the registry (a name is
 * its country's once); every problem is listed by line and column. Saved only when no row has
 * one and `dryRun` is false — all or nothing (RegistryWrites.applyAll, in parts of at most 40,
 * the parts made before a refused one undone), one audit record per organisation created
 * (`organisation.imported`, with the import's id).
 */
export const importOrganisations: Core<
  (typeof routes)['import-organisations'],
  ImportDeps
> = async ({ csv, dryRun }, ctx, deps) => {
  if (!mayAdministerRegistry(registryActor(ctx.caller))) {
    throw new ForbiddenError('Only a PlatformAdmin imports organisations.');
  }
  const file = readImportFile(
    csv,
    COLUMNS,
    REQUIRED,
    [],
    ORGANISATION_EXPORT_ONLY_COLUMNS,
    REGISTRY_CSV_TITLES,
  );
  const snapshot = await deps.registry.snapshot();
  const existing = byNameKey(snapshot);
  const problems = [...file.problems];
  const inputs: OrganisationInput[] = [];
  const lineOfKey = new Map<string, number>();
  for (const row of file.rows) {
    const checked = checkRow(row.line, row.cell);
    if ('problems' in checked) {
      problems.push(...checked.problems);
      continue;
    }
    const { input } = checked;
    const key = claimKeys.organisationName(input.country, input.name);
    const earlier = lineOfKey.get(key);
    if (earlier !== undefined) {
      problems.push({
        line: row.line,
        column: 'name',
        message: `Line ${String(earlier)} names the same organisation (${input.name}, ${input.country}).`,
      });
      continue;
    }
    lineOfKey.set(key, row.line);
    if (existing.has(key)) {
      problems.push({
        line: row.line,
        column: 'name',
        message: nameClaim(input.country, input.name).message,
      });
      continue;
    }
    inputs.push(input);
  }
  const answer = {
    rows: file.rowCount,
    problems: inOrder(problems, COLUMNS),
    created: 0,
    columns: [...COLUMNS],
  };
  if (dryRun || problems.length > 0 || inputs.length === 0) return answer;

  const newId = newIdOf(deps);
  const importId = newId();
  const at = deps.clock.now();
  const parts = inParts(inputs).map((part, i, all) => {
    const writeId = newId();
    const records = part.map((input): OrganisationRecord => ({
      organisationId: newId(),
      name: input.name,
      kind: input.kind,
      country: input.country,
      identifiers: input.identifiers ?? [],
      contactEmail: input.contactEmail ?? null,
      status: 'active',
      ...createdStamps(writeId, ctx, at),
    }));
    return {
      change: {
        writeId,
        puts: records.map((record) => ({
          item: { type: 'organisation' as const, record },
          expectedRevision: null,
        })),
        claims: records.map((r) => nameClaim(r.country, r.name)),
      },
      // One record per organisation, as create-organisation writes it, in that organisation's
      // trail, with the import it came in.
      audit: records.map((record) =>
        auditEntry(
          ctx,
          {
            action: 'organisation.imported',
            target: { type: 'organisation', id: record.organisationId, label: record.name },
            after: { ...organisationDetails(record), importId, part: i + 1, parts: all.length },
          },
          record.organisationId,
        ),
      ),
    };
  });
  await deps.writes.applyAll(`import:${importId}`, parts);
  return { ...answer, created: inputs.length };
};
