import {
  SYSTEM_CSV_COLUMNS,
  SYSTEM_EXPORT_ONLY_COLUMNS,
  REGISTRY_CSV_TITLES,
  systemInputSchema,
  type SystemInput,
} from '@ccsc/contract/organisations';
import { type routes } from '@ccsc/contract/routes';
import { mayAdministerRegistry } from '@ccsc/contract/registry-access';
import { ForbiddenError } from '../core/errors';
import type { Core } from '../core/request';
import {
  claimKeys,
  type OrganisationRecord,
  type RegistryChange,
  type RegistrySnapshot,
  type SystemRecord,
} from '../core/ports/registry';
import { inactiveOrganisation } from './create-system.core';
import type { ImportDeps } from './import-organisations.core';
import { auditEntry, createdStamps, newIdOf, systemNameClaim } from './organisation-writes';
import {
  inOrder,
  inParts,
  type ImportProblem,
  readImportFile,
  schemaProblems,
} from './registry-import';
import { linksOf, perSnapshot, registryActor } from './registry-view';

type Column = (typeof SYSTEM_CSV_COLUMNS)[number];
const COLUMNS: readonly Column[] = SYSTEM_CSV_COLUMNS;
const REQUIRED: readonly Column[] = [
  'name',
  'kind',
  'vendor',
  'product',
  'environment',
  'technicalContactEmail',
];

/** Every organisation by its exact name (names repeat across countries). */
const byExactName = perSnapshot((snapshot) => {
  const names = new Map<string, OrganisationRecord[]>();
  for (const o of snapshot.organisations.values()) {
    const list = names.get(o.name);
    if (list === undefined) names.set(o.name, [o]);
    else list.push(o);
  }
  return names;
});

/** Two systems of one organisation with the same name (any case, spacing) are one: its claim. */
const systemKey = claimKeys.systemName;

/**
 * The organisation a row names: by organisationId, or else by its exact name (then it must be
 * the only one of that name); an organisationName beside an id must be that organisation's.
 */
const organisationOf = (
  line: number,
  id: string,
  name: string,
  snapshot: RegistrySnapshot,
): { organisation: OrganisationRecord } | { problem: ImportProblem } => {
  if (id !== '') {
    const organisation = snapshot.organisations.get(id);
    if (organisation === undefined) {
      return {
        problem: { line, column: 'organisationId', message: 'No organisation has this id.' },
      };
    }
    if (name !== '' && name !== organisation.name) {
      return {
        problem: {
          line,
          column: 'organisationName',
          message: `The organisation ${id} is named ${organisation.name}; leave the name blank or give that one.`,
        },
      };
    }
    return { organisation };
  }
  if (name === '') {
    return {
      problem: {
        line,
        column: 'organisationId',
        message: "Give the organisation's id, or its exact name in organisationName.",
      },
    };
  }
  const named = byExactName(snapshot).get(name) ?? [];
  if (named.length === 0) {
    return {
      problem: {
        line,
        column: 'organisationName',
        message: 'No organisation has exactly this name.',
      },
    };
  }
  const [organisation, ...others] = named;
  if (organisation === undefined || others.length > 0) {
    return {
      problem: {
        line,
        column: 'organisationName',
        message:
          `${String(named.length)} organisations have this name (in ` +
          `${named.map((o) => o.country).join(', ')}): give the organisationId instead.`,
      },
    };
  }
  return { organisation };
};

interface CheckedSystem {
  input: SystemInput;
  organisation: OrganisationRecord;
}

/**
 * import-systems (PlatformAdmin): systems from a CSV file, each of an active organisation named
 * by its id or else its exact name. Every row is checked as create-system checks a request (the
 * same schema), and against the other rows and the registry (an organisation's system names are
 * its own once, so the same file imported twice is refused); every problem is listed by line and
 * column. Saved like import-organisations: only without a problem and not on a dry run, all or
 * nothing, in parts of at most 40 (by organisation), each guarding its organisations' being
 * active, with one audit record per organisation and part in that organisation's trail.
 */
export const importSystems: Core<(typeof routes)['import-systems'], ImportDeps> = async (
  { csv, dryRun },
  ctx,
  deps,
) => {
  if (!mayAdministerRegistry(registryActor(ctx.caller))) {
    throw new ForbiddenError('Only a PlatformAdmin imports systems.');
  }
  const file = readImportFile(
    csv,
    COLUMNS,
    REQUIRED,
    [['organisationId', 'organisationName']],
    SYSTEM_EXPORT_ONLY_COLUMNS,
    REGISTRY_CSV_TITLES,
  );
  const snapshot = await deps.registry.snapshot();
  const links = linksOf(snapshot);
  const problems = [...file.problems];
  const checked: CheckedSystem[] = [];
  const lineOfKey = new Map<string, number>();
  for (const { line, cell } of file.rows) {
    const found = organisationOf(line, cell('organisationId'), cell('organisationName'), snapshot);
    const rowProblems: ImportProblem[] = [];
    if ('problem' in found) rowProblems.push(found.problem);
    else if (found.organisation.status !== 'active') {
      rowProblems.push({
        line,
        column: cell('organisationId') === '' ? 'organisationName' : 'organisationId',
        message: inactiveOrganisation(found.organisation.name),
      });
    }
    const parsed = systemInputSchema.safeParse({
      organisationId: 'organisation' in found ? found.organisation.organisationId : 'unresolved',
      name: cell('name'),
      kind: cell('kind').toLowerCase(),
      vendor: cell('vendor'),
      product: cell('product'),
      environment: cell('environment').toLowerCase(),
      technicalContactEmail: cell('technicalContactEmail'),
    });
    if (!parsed.success) rowProblems.push(...schemaProblems(line, parsed.error.issues, COLUMNS));
    if (rowProblems.length > 0 || !parsed.success || !('organisation' in found)) {
      problems.push(...rowProblems);
      continue;
    }
    const { organisation } = found;
    const key = systemKey(organisation.organisationId, parsed.data.name);
    const earlier = lineOfKey.get(key);
    if (earlier !== undefined) {
      problems.push({
        line,
        column: 'name',
        message: `Line ${String(earlier)} names the same system of ${organisation.name}.`,
      });
      continue;
    }
    lineOfKey.set(key, line);
    const taken = (links.systemsOf.get(organisation.organisationId) ?? []).some(
      (s) => systemKey(s.organisationId, s.name) === key,
    );
    if (taken) {
      problems.push({
        line,
        column: 'name',
        message: systemNameClaim(organisation.organisationId, organisation.name, parsed.data.name)
          .message,
      });
      continue;
    }
    checked.push({ input: parsed.data, organisation });
  }
  const answer = {
    rows: file.rowCount,
    problems: inOrder(problems, COLUMNS),
    created: 0,
    columns: [...COLUMNS],
  };
  if (dryRun || problems.length > 0 || checked.length === 0) return answer;

  const newId = newIdOf(deps);
  const importId = newId();
  const at = deps.clock.now();
  // One organisation's systems stay together, so most parts are about one organisation.
  const ordered = [...checked].sort((a, b) =>
    a.organisation.organisationId < b.organisation.organisationId
      ? -1
      : a.organisation.organisationId > b.organisation.organisationId
        ? 1
        : 0,
  );
  const parts = inParts(ordered).map((part) => {
    const writeId = newId();
    const records = part.map(({ input }): SystemRecord => ({
      systemId: newId(),
      organisationId: input.organisationId,
      name: input.name,
      kind: input.kind,
      vendor: input.vendor,
      product: input.product,
      environment: input.environment,
      technicalContactEmail: input.technicalContactEmail,
      status: 'active',
      ...createdStamps(writeId, ctx, at),
    }));
    const organisations = new Map(part.map((s) => [s.organisation.organisationId, s.organisation]));
    const change: RegistryChange = {
      writeId,
      puts: records.map((record) => ({ item: { type: 'system', record }, expectedRevision: null })),
      claims: records.map((r) =>
        systemNameClaim(r.organisationId, organisations.get(r.organisationId)?.name ?? '', r.name),
      ),
      guards: [...organisations.values()].map((o) => ({
        kind: 'active',
        type: 'organisation',
        id: o.organisationId,
        message: inactiveOrganisation(o.name),
      })),
    };
    const audit = [...organisations.values()].map((o) =>
      auditEntry(
        ctx,
        {
          action: 'systems.imported',
          target: { type: 'import', id: importId, label: 'systems' },
          after: {
            organisationId: o.organisationId,
            organisationName: o.name,
            systems: records
              .filter((r) => r.organisationId === o.organisationId)
              .map((r) => ({ systemId: r.systemId, name: r.name, kind: r.kind })),
          },
        },
        o.organisationId,
      ),
    );
    return { change, audit };
  });
  await deps.writes.applyAll(`import:${importId}`, parts);
  return { ...answer, created: checked.length };
};
