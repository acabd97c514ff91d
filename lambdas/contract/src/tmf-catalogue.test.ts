import { describe, expect, it } from 'vitest';
import { TMF_RM_3_3 } from './tmf-catalogue-3-3';
import type { TmfArtifact } from './tmf-catalogue-types';

const sections = TMF_RM_3_3.zones.flatMap((zone) => zone.sections);
const artifacts = sections.flatMap((section) => section.artifacts);
const byNumber = new Map(artifacts.map((artifact) => [artifact.number, artifact]));

function artifact(number: string): TmfArtifact {
  const found = byNumber.get(number);
  if (!found) throw new Error(`no artifact ${number}`);
  return found;
}

const trimmed = (text: string) => text.length > 0 && text === text.trim() && !/\s{2}/.test(text);

describe('TMF Reference Model 3.3 catalogue: structure', () => {
  it('names the model, version and release', () => {
    expect(TMF_RM_3_3.model).toBe('TMF Reference Model');
    expect(TMF_RM_3_3.version).toBe('3.3');
    expect(TMF_RM_3_3.release).toBe('3.3.1');
  });

  it('has the 11 zones 01 to 11, in order', () => {
    expect(TMF_RM_3_3.zones.map((zone) => zone.number)).toEqual([
      '01',
      '02',
      '03',
      '04',
      '05',
      '06',
      '07',
      '08',
      '09',
      '10',
      '11',
    ]);
  });

  it('numbers every section within its zone and every artifact within its section', () => {
    for (const zone of TMF_RM_3_3.zones) {
      expect(zone.sections.length).toBeGreaterThan(0);
      for (const section of zone.sections) {
        expect(section.number).toMatch(/^\d\d\.\d\d$/);
        expect(section.number.startsWith(`${zone.number}.`)).toBe(true);
        expect(section.artifacts.length).toBeGreaterThan(0);
        for (const item of section.artifacts) {
          expect(item.number).toMatch(/^\d\d\.\d\d\.\d\d$/);
          expect(item.number.startsWith(`${section.number}.`)).toBe(true);
        }
      }
    }
  });

  it('keeps sections and artifacts in number order', () => {
    const sorted = (numbers: string[]) => [...numbers].sort();
    const sectionNumbers = sections.map((section) => section.number);
    const artifactNumbers = artifacts.map((item) => item.number);
    expect(sectionNumbers).toEqual(sorted(sectionNumbers));
    expect(artifactNumbers).toEqual(sorted(artifactNumbers));
  });

  it('has unique section numbers, artifact numbers and unique IDs', () => {
    expect(new Set(sections.map((section) => section.number)).size).toBe(sections.length);
    expect(byNumber.size).toBe(artifacts.length);
    expect(new Set(artifacts.map((item) => item.uniqueId)).size).toBe(artifacts.length);
    for (const item of artifacts) expect(item.uniqueId).toMatch(/^\d{3}$/);
  });

  it('has 250 artifacts, counted per zone as in the model', () => {
    expect(artifacts).toHaveLength(250);
    expect(
      TMF_RM_3_3.zones.map((zone) => zone.sections.flatMap((section) => section.artifacts).length),
    ).toEqual([37, 22, 13, 14, 43, 35, 10, 17, 10, 24, 25]);
    expect(artifacts.filter((item) => item.core)).toHaveLength(197);
  });

  it('files every artifact at one level or more, in the order trial, country, site', () => {
    const order = ['trial', 'country', 'site'];
    for (const item of artifacts) {
      expect(item.levels.length).toBeGreaterThan(0);
      expect(new Set(item.levels).size).toBe(item.levels.length);
      expect([...item.levels]).toEqual(
        order.filter((level) => item.levels.includes(level as never)),
      );
    }
  });

  it('has non-empty, trimmed names and sub-artifacts, none repeated within an artifact', () => {
    for (const zone of TMF_RM_3_3.zones) expect(trimmed(zone.name)).toBe(true);
    for (const section of sections) expect(trimmed(section.name)).toBe(true);
    for (const item of artifacts) {
      expect(trimmed(item.name), item.number).toBe(true);
      for (const sub of item.subArtifacts) expect(trimmed(sub), item.number).toBe(true);
      expect(new Set(item.subArtifacts).size, item.number).toBe(item.subArtifacts.length);
    }
  });
});

describe('TMF Reference Model 3.3 catalogue: spot checks against the published model', () => {
  it('05.02.04 Principal Investigator Curriculum Vitae: core, site level, personal', () => {
    expect(artifact('05.02.04')).toMatchObject({
      uniqueId: '087',
      name: 'Principal Investigator Curriculum Vitae',
      core: true,
      levels: ['site'],
      personal: true,
    });
  });

  it('02.01.02 Protocol: core, all three levels', () => {
    expect(artifact('02.01.02')).toMatchObject({
      uniqueId: '032',
      name: 'Protocol',
      core: true,
      levels: ['trial', 'country', 'site'],
      personal: false,
    });
  });

  it('01.01.01 Trial Master File Plan: recommended, trial level', () => {
    expect(artifact('01.01.01')).toMatchObject({
      uniqueId: '001',
      name: 'Trial Master File Plan',
      core: false,
      levels: ['trial'],
    });
    expect(artifact('01.01.01').subArtifacts).toContain('Trial Master File Index');
  });

  it('05.04.03 Monitoring Visit Report and 05.04.08 the close-out report: core, site level', () => {
    expect(artifact('05.04.03')).toMatchObject({
      uniqueId: '107',
      name: 'Monitoring Visit Report',
      core: true,
      levels: ['site'],
      personal: false,
    });
    expect(artifact('05.04.03').subArtifacts).toContain('Monitoring Visit Follow Up Letter');
    expect(artifact('05.04.08')).toMatchObject({
      uniqueId: '112',
      name: 'Final Trial Close Out Monitoring Report',
      levels: ['site'],
    });
  });

  it("02.01.01 Investigator's Brochure and 02.02.03 Informed Consent Form", () => {
    expect(artifact('02.01.01')).toMatchObject({
      uniqueId: '031',
      name: "Investigator's Brochure",
      core: true,
      levels: ['trial', 'country'],
    });
    expect(artifact('02.02.03')).toMatchObject({
      uniqueId: '040',
      name: 'Informed Consent Form',
      levels: ['trial', 'country', 'site'],
    });
    expect(artifact('02.02.03').subArtifacts).toHaveLength(6);
  });

  it('05.02.18 Site Signature Sheet is site level but not personal', () => {
    expect(artifact('05.02.18')).toMatchObject({
      uniqueId: '101',
      name: 'Site Signature Sheet',
      core: true,
      levels: ['site'],
      personal: false,
    });
  });

  it('keeps unique IDs that do not follow the numbering (01.01.16, 01.01.18, 05.04.10)', () => {
    expect(artifact('01.01.16')).toMatchObject({ uniqueId: '236', name: 'Risk Management Plan' });
    expect(artifact('01.01.18')).toMatchObject({
      uniqueId: '181',
      name: 'Roles and Responsibility Matrix',
    });
    expect(artifact('05.04.10')).toMatchObject({
      uniqueId: '234',
      name: 'Subject Identification Log',
    });
  });

  it('has country-only artifacts in zone 03 and 05.02.20', () => {
    expect(artifact('03.01.03')).toMatchObject({
      uniqueId: '054',
      name: 'Notification of Regulatory Identification Number',
      levels: ['country'],
    });
    expect(artifact('05.02.20')).toMatchObject({
      uniqueId: '255',
      name: 'Coordinating Investigator Documentation',
      core: false,
      levels: ['country'],
    });
  });

  it('has the 3.3.1 levels of 05.01.01, 06.02.02 and 07.02.03', () => {
    expect(artifact('05.01.01').levels).toEqual(['trial', 'country', 'site']);
    expect(artifact('06.02.02').levels).toEqual(['trial', 'country']);
    expect(artifact('07.02.03').levels).toEqual(['trial', 'site']);
  });

  it('has 06.04.03 Maintenance Logs and 10.04.03 Validation Documentation under their 3.3 names', () => {
    expect(artifact('06.04.03')).toMatchObject({ uniqueId: '243', name: 'Maintenance Logs' });
    expect(artifact('10.04.03')).toMatchObject({
      uniqueId: '246',
      name: 'Validation Documentation',
    });
  });

  it('ends with 11.05.04 Filenote, trial level', () => {
    expect(artifacts.at(-1)).toMatchObject({
      number: '11.05.04',
      uniqueId: '233',
      name: 'Filenote',
      levels: ['trial'],
    });
  });

  it('names zones and sections as the model does', () => {
    expect(TMF_RM_3_3.zones[3]?.name).toBe('IRB or IEC and other Approvals');
    expect(TMF_RM_3_3.zones[8]?.name).toBe('Third parties');
    expect(sections.find((section) => section.number === '05.02')?.name).toBe('Site Set-up');
    expect(sections).toHaveLength(48);
  });

  it('marks as personal only the one-person artifacts the header lists', () => {
    expect(artifacts.filter((item) => item.personal).map((item) => item.number)).toEqual([
      '01.02.02',
      '01.03.04',
      '01.03.05',
      '01.03.06',
      '01.03.07',
      '05.02.04',
      '05.02.05',
      '05.02.06',
      '05.02.07',
      '05.02.10',
      '05.02.20',
      '08.01.07',
      '09.01.02',
    ]);
  });
});
