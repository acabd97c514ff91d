import { describe, expect, it } from 'vitest';
import { diffRows, validateRows, type MappingRow } from '@ccsc/contract/standard-rows';
import { standardIdSchema, standardRoutes } from '@ccsc/contract/standards';
import {
  claimKeys,
  ObjectStandardRows,
  type StandardRecord,
  standardRowsKey,
  versionInUse,
} from '@ccsc/lambdas/adapters';
import { SEED_ADMINS, SEED_STANDARD_ROWS, SEED_STANDARDS } from './seed-network';
import { systems, CHANGES, lifeOf, CATALOGUE } from './seed-test-support';

/** The seeded mapping standards (seed-standards.ts): their versions, rows and problems. */

const ARTIFACTS = new Map(
  CATALOGUE.zones.flatMap((z) => z.sections.flatMap((s) => s.artifacts)).map((a) => [a.number, a]),
);
const ADMINS = new Set<string>(Object.values(SEED_ADMINS));
const standardNamed = (id: string): StandardRecord => {
  const found = SEED_STANDARDS.find((s) => s.standardId === id);
  if (found === undefined) throw new Error(`no seeded standard ${id}`);
  return found;
};
const rowsAt = (key: string): readonly MappingRow[] => {
  const found = SEED_STANDARD_ROWS.find((d) => d.key === key);
  if (found === undefined) throw new Error(`no seeded rows at ${key}`);
  return found.rows;
};
/** The problems of a version's rows, as [source code, field, code]. */
const problemsOf = (rows: readonly MappingRow[]) =>
  validateRows(rows, CATALOGUE).map((p) => [rows[p.row]?.sourceCode, p.field, p.code]);

describe('the seeded mapping standards', () => {
  it('are an eISF standard (published, a second version in draft), an eTMF one (published) and a draft', () => {
    expect(
      SEED_STANDARDS.map((s) => ({
        standardId: s.standardId,
        organisationId: s.organisationId,
        catalogueVersion: s.catalogueVersion,
        versions: s.versions.map((v) => [
          v.version,
          v.status,
          v.name,
          v.systemIds,
          v.product,
          v.rowCount,
          v.problemCount,
        ]),
      })),
    ).toEqual([
      {
        standardId: 'std-nordlichtetmf',
        organisationId: 'sponsor-nordlicht',
        catalogueVersion: '3.3',
        versions: [
          [
            1,
            'published',
            'Tessera eTMF - sponsor document types',
            ['nordlicht-etmf'],
            'Tessera eTMF',
            57,
            0,
          ],
        ],
      },
      {
        standardId: 'std-muenchenisarehr',
        organisationId: 'site-muenchen-isar',
        catalogueVersion: '3.3',
        versions: [
          [
            1,
            'published',
            'Kestrel EHR - study document types',
            ['muenchen-isar-ehr'],
            'Kestrel EHR',
            44,
            0,
          ],
        ],
      },
      {
        standardId: 'std-berlinmitteeisf',
        organisationId: 'site-berlin-mitte',
        catalogueVersion: '3.3',
        versions: [
          [
            1,
            'published',
            'Binderly eISF - site document types',
            ['berlin-mitte-eisf'],
            'Binderly eISF',
            44,
            0,
          ],
          [
            2,
            'draft',
            'Binderly eISF - site document types',
            ['berlin-mitte-eisf'],
            'Binderly eISF',
            44,
            1,
          ],
        ],
      },
      {
        standardId: 'std-meridianetmf',
        organisationId: 'cro-meridian',
        catalogueVersion: '3.3',
        versions: [
          [
            1,
            'draft',
            'Tessera eTMF - CRO document types',
            ['meridian-etmf'],
            'Tessera eTMF',
            16,
            3,
          ],
        ],
      },
    ]);
    // Each names its organisation's system and the product that system runs.
    for (const s of SEED_STANDARDS) {
      for (const v of s.versions) {
        for (const id of v.systemIds) {
          expect(systems.get(id)?.organisationId, s.standardId).toBe(s.organisationId);
          expect(systems.get(id)?.product, s.standardId).toBe(v.product);
        }
      }
    }
  });

  it('name rows documents the seed writes, at the key the rows store gives them', async () => {
    const keys = SEED_STANDARDS.flatMap((s) => s.versions.map((v) => v.rowsKey));
    expect(new Set(SEED_STANDARD_ROWS.map((d) => d.key))).toEqual(new Set(keys));
    const written = new Map<string, string>();
    const store = new ObjectStandardRows({
      put: (key, body) => {
        written.set(key, String(body));
        return Promise.resolve();
      },
      get: (key) => {
        const body = written.get(key);
        return Promise.resolve(body === undefined ? null : new TextEncoder().encode(body));
      },
    });
    for (const s of SEED_STANDARDS) {
      for (const v of s.versions) {
        const rows = rowsAt(v.rowsKey);
        expect(standardRowsKey(s.standardId, rows)).toBe(v.rowsKey);
        expect(await store.put(s.standardId, rows)).toBe(v.rowsKey);
        expect(await store.get(v.rowsKey)).toEqual(rows);
        expect(v.rowsKey).toMatch(
          new RegExp(`^standards/${s.standardId}/rows/[0-9a-f]{64}\\.json$`),
        );
        expect(v.rowCount).toBe(rows.length);
        expect(v.problemCount).toBe(validateRows(rows, CATALOGUE).length);
      }
    }
  });

  it('publish only versions without problems, mapped to real artifacts, sub-artifacts and levels', () => {
    const published = SEED_STANDARDS.flatMap((s) =>
      s.versions.filter((v) => v.status === 'published').map((v) => ({ s, v })),
    );
    expect(published).toHaveLength(3);
    for (const { s, v } of published) {
      const rows = rowsAt(v.rowsKey);
      expect(problemsOf(rows), `${s.standardId} v${String(v.version)}`).toEqual([]);
      for (const row of rows) {
        // Stricter than the rules: every row names a sub-artifact of the model's list.
        const artifact = ARTIFACTS.get(row.artifactNumber);
        expect(artifact?.subArtifacts, `${s.standardId} ${row.sourceCode}`).toContain(
          row.subArtifact,
        );
        expect(row.sourceName.trim(), row.sourceCode).not.toBe('');
      }
    }
    // The eISF files at site level almost throughout; the eTMF mostly at trial level.
    const levels = (id: string) => {
      const rows = rowsAt(versionInUse(standardNamed(id))?.rowsKey ?? '');
      return (level: string) => rows.filter((r) => r.filingLevel === level).length / rows.length;
    };
    expect(levels('std-berlinmitteeisf')('site')).toBeGreaterThan(0.9);
    expect(levels('std-nordlichtetmf')('trial')).toBeGreaterThan(0.5);
    // Sponsor-style codes.
    const codes = rowsAt(versionInUse(standardNamed('std-nordlichtetmf'))?.rowsKey ?? '').map(
      (r) => r.sourceCode,
    );
    expect(codes).toEqual(expect.arrayContaining(['PROT', 'PROT-AMD', 'IB', 'MON-PLAN', 'MVR']));
  });

  it('have drafts with the problems written into them', () => {
    const eisf = standardNamed('std-berlinmitteeisf');
    const [v1, v2] = eisf.versions;
    const before = rowsAt(v1?.rowsKey ?? '');
    const after = rowsAt(v2?.rowsKey ?? '');
    expect(problemsOf(after)).toEqual([
      ['STAFF.CV.PHARM', 'requiredMetadata', 'person-name-required'],
    ]);
    expect(
      diffRows(before, after).map((c) => [c.key, c.before === null, c.after === null]),
    ).toEqual([
      ['STAFF.CV.PHARM', true, false],
      ['IP.TEMPLOG', false, false],
      ['STAFF.IATA', false, true],
    ]);
    expect(v2?.basedOnVersion).toBe(1);
    expect(
      problemsOf(rowsAt(standardNamed('std-meridianetmf').versions[0]?.rowsKey ?? '')),
    ).toEqual([
      ['MCR-VISIT-CONF', 'filingLevel', 'level-not-allowed'],
      ['MCR-OVERSIGHT', 'artifactNumber', 'artifact-missing'],
      ['MCR-ESCALATION', 'artifactNumber', 'artifact-missing'],
    ]);
  });

  it('pass the API field rules, each version as artifact/create-standard would take it', () => {
    const create = standardRoutes['artifact/create-standard'].request;
    for (const s of SEED_STANDARDS) {
      expect(standardIdSchema.safeParse(s.standardId).error, s.standardId).toBeUndefined();
      for (const v of s.versions) {
        expect(
          create.safeParse({
            organisationId: s.organisationId,
            name: v.name,
            description: v.description,
            systemIds: v.systemIds,
            product: v.product,
            catalogueVersion: s.catalogueVersion,
            source: { kind: 'import', fileName: 'seed.csv', rows: rowsAt(v.rowsKey) },
          }).error,
          `${s.standardId} v${String(v.version)}`,
        ).toBeUndefined();
      }
    }
    const names = SEED_STANDARDS.map((s) =>
      claimKeys.standardName(s.organisationId, s.versions.at(-1)?.name ?? ''),
    );
    expect(new Set(names).size).toBe(names.length);
  });

  it("tell each standard's life: created by a seeded administrator, signed, in the seed's year", () => {
    for (const s of SEED_STANDARDS) {
      const versions = CHANGES.flatMap((c) => c.puts).flatMap(({ item, expectedRevision }) =>
        item.type === 'standard' && item.record.standardId === s.standardId
          ? [{ record: item.record, expectedRevision }]
          : [],
      );
      expect(
        versions.map((v) => v.expectedRevision),
        s.standardId,
      ).toEqual(versions.map((_, i) => (i === 0 ? null : i)));
      expect(s.revision).toBe(versions.length);
      expect(ADMINS.has(s.createdBy) && ADMINS.has(s.updatedBy), s.standardId).toBe(true);
      expect(s.createdAt > lifeOf('organisation', s.organisationId).created).toBe(true);
      for (const v of s.versions) {
        expect(ADMINS.has(v.createdBy) && ADMINS.has(v.updatedBy), s.standardId).toBe(true);
        expect(v.createdAt >= s.createdAt && v.updatedAt <= s.updatedAt).toBe(true);
        expect(v.updatedAt.startsWith('2026-')).toBe(true);
        for (const id of v.systemIds) expect(v.createdAt > lifeOf('system', id).created).toBe(true);
        if (v.status === 'published') {
          expect(v.signature?.signerName).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
          expect(v.signature).toEqual({
            signerName: v.signature?.signerName,
            signerEmail: v.updatedBy,
            signerSub: `seed-${v.updatedBy}`,
            meaning: 'Approved',
            signedAt: v.updatedAt,
          });
        } else {
          expect(v.signature).toBeNull();
        }
        expect(v.retired).toBeNull();
      }
    }
  });
});
