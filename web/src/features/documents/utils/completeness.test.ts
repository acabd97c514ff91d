import { describe, expect, it } from 'vitest';
import { studyCompleteness } from '../../../testing/document-fixtures';
import { CATALOGUE } from '../../../testing/standard-fixtures';
import {
  type CompletenessArtifact,
  completenessPath,
  filedCore,
  filedPercent,
  groupArtifacts,
  holdsFiles,
  namesOf,
  sectionOf,
  zoneOf,
} from './completeness';

const artifact = (number: string, core: boolean, documents: number): CompletenessArtifact => ({
  number,
  name: `Artifact ${number}`,
  core,
  siteLevel: true,
  documents,
  imported: 0,
});

describe("a study's completeness", () => {
  it('reads zone and section off an artifact number', () => {
    expect(zoneOf('05.04.04')).toBe('05');
    expect(sectionOf('05.04.04')).toBe('05.04');
  });

  it('groups the artifacts by zone and section, in order, leaving out what the filter empties', () => {
    const artifacts = [
      artifact('01.01.01', false, 0),
      artifact('01.01.04', true, 2),
      artifact('01.02.01', true, 0),
      artifact('05.04.04', true, 5),
      artifact('05.04.05', true, 0),
    ];
    const all = groupArtifacts(artifacts, { coreOnly: false, emptyOnly: false });
    expect(all.map((z) => [z.number, z.count, z.sections.map((s) => s.number)])).toEqual([
      ['01', 3, ['01.01', '01.02']],
      ['05', 2, ['05.04']],
    ]);
    const numbers = (filter: { coreOnly: boolean; emptyOnly: boolean }) =>
      groupArtifacts(artifacts, filter).flatMap((z) =>
        z.sections.flatMap((s) => s.artifacts.map((a) => a.number)),
      );
    expect(numbers({ coreOnly: true, emptyOnly: false })).toEqual([
      '01.01.04',
      '01.02.01',
      '05.04.04',
      '05.04.05',
    ]);
    expect(numbers({ coreOnly: false, emptyOnly: true })).toEqual([
      '01.01.01',
      '01.02.01',
      '05.04.05',
    ]);
    expect(numbers({ coreOnly: true, emptyOnly: true })).toEqual(['01.02.01', '05.04.05']);
    // A section the filter empties is left out, and so is a zone.
    expect(
      groupArtifacts([artifact('01.01.04', true, 2), artifact('05.04.05', true, 0)], {
        coreOnly: false,
        emptyOnly: true,
      }).map((z) => z.number),
    ).toEqual(['05']);
  });

  it('counts an artifact with imported files only as not empty', () => {
    const imported = { ...artifact('05.04.05', true, 0), imported: 3 };
    expect(holdsFiles(imported)).toBe(true);
    expect(holdsFiles(artifact('05.04.05', true, 0))).toBe(false);
    expect(
      groupArtifacts([imported, artifact('05.04.06', true, 0)], {
        coreOnly: false,
        emptyOnly: true,
      }).flatMap((z) => z.sections.flatMap((s) => s.artifacts.map((a) => a.number))),
    ).toEqual(['05.04.06']);
  });

  it("names zones and sections from the catalogue, and counts a site's core artifacts filed", () => {
    const names = namesOf(CATALOGUE);
    expect(names.get('05')).toBe('Site Management');
    expect(names.get('01.01')).toBe('Trial Oversight');
    const site = studyCompleteness().sites[0];
    if (site === undefined) throw new Error('no site');
    expect(filedCore(site)).toBe(1);
    expect(filedPercent({ ...site, missingCore: [] })).toBe(100);
    expect(filedPercent({ ...site, coreSiteArtifacts: 0, missingCore: [] })).toBe(100);
    expect(filedPercent({ ...site, coreSiteArtifacts: 4, missingCore: ['a', 'b', 'c'] })).toBe(25);
  });

  it('links to the page of a study', () => {
    expect(completenessPath('study 1')).toBe('/admin/documents/completeness?studyId=study+1');
  });
});
