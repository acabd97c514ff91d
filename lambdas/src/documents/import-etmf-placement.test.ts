import { CATALOGUES } from '@ccsc/contract/tmf-catalogue';
import { indexCatalogue } from '@ccsc/contract/standard-rows';
import { describe, expect, it } from 'vitest';
import { OTHER_NAMES, RELEASES, crosswalkOf } from './exchange/tmf-crosswalk';
import { nameKey, placeArtifact, statedNameOf } from './import-etmf-placement';

const MODEL = CATALOGUES['3.3'];
const place = (
  tmfRmVersion: string,
  artifactNumber: string,
  uniqueId: number,
  contentUrl = 'x.pdf',
  subArtifact?: string,
) =>
  placeArtifact(
    { tmfRmVersion, artifactNumber, uniqueId, contentUrls: [contentUrl], subArtifact },
    MODEL,
  );

/** The official example's one object (TmfRef/exchange-framework example.xml, TMFRMVERSION 3.0). */
const EXAMPLE_URL = '05/05.02/05.02.01.Medical License/PCO-AKT-101-MED-001.pdf';

describe('the crosswalk data', () => {
  it('names a source and its reasoning for every release and other name', () => {
    for (const r of RELEASES) {
      expect(r.source.length).toBeGreaterThan(20);
      expect(r.reasoning.length).toBeGreaterThan(20);
    }
    const index = indexCatalogue(MODEL);
    for (const o of OTHER_NAMES) {
      // Every other name is of an artifact of ours, and not already its name.
      const artifact = index.artifacts.get(o.number);
      expect(artifact, o.number).toBeDefined();
      expect(nameKey(artifact?.name ?? '')).not.toBe(nameKey(o.name));
    }
  });

  it('knows our release and 3.2.1, however a package writes them, and no other', () => {
    expect(crosswalkOf('3.3')?.relation).toBe('ours');
    expect(crosswalkOf(' v3.3.1 ')?.relation).toBe('ours');
    expect(crosswalkOf('3.2.1')?.relation).toBe('same-numbering');
    for (const other of ['3.0', '3.1', '3.2', '2.0', '', 'latest'])
      expect(crosswalkOf(other)).toBeNull();
  });
});

describe('statedNameOf', () => {
  it('reads the artifact folder’s name, as the standard’s example lays a package out', () => {
    expect(statedNameOf('05.02.01', [EXAMPLE_URL])).toBe('Medical License');
    expect(statedNameOf('05.02.01', ['a/05.02.01 Medical License/x.pdf'])).toBe('Medical License');
    expect(statedNameOf('05.02.01', ['flat/x.pdf'])).toBeNull();
    expect(statedNameOf('05.02.01', ['05/05.02/05.02.01/x.pdf'])).toBeNull();
  });
});

describe('placeArtifact', () => {
  it('files our own release by number and UNIQUEID, the name confirming or absent', () => {
    expect(place('3.3', '05.02.04', 87)).toMatchObject({
      kind: 'certain',
      artifact: { number: '05.02.04' },
    });
    expect(
      place(
        '3.3.1',
        '05.02.04',
        87,
        '05/05.02/05.02.04.Principal Investigator Curriculum Vitae/cv.pdf',
      ),
    ).toMatchObject({ kind: 'certain' });
    // Our export's folder names go through safeFileName; the comparison sets punctuation aside.
    expect(
      place('3.3', '02.01.01', 31, "02/02.01/02.01.01.Investigator's Brochure/ib.pdf"),
    ).toMatchObject({
      kind: 'certain',
    });
    expect(place('3.2.1', '05.02.04', 87)).toMatchObject({ kind: 'certain' });
  });

  it('makes the official example’s Medical License a conflict, with the three artifacts it may be', () => {
    const placed = place('3.0', '05.02.01', 91, EXAMPLE_URL, 'Signed IB Annex');
    expect(placed).toEqual({
      kind: 'conflict',
      statedName: 'Medical License',
      candidates: [
        { number: '05.02.01', name: 'Acceptance of Investigator Brochure', basis: 'number' },
        { number: '05.02.08', name: 'Form FDA 1572', basis: 'unique-id' },
        {
          number: '05.02.07',
          name: 'Site Staff Qualification Supporting Information',
          basis: 'name',
        },
      ],
      why:
        'The package is TMF Reference Model 3.0, which the hub has no crosswalk to 3.3.1 for: its numbers are filed only where its number, UNIQUEID and the name it gives agree. ' +
        'ARTIFACTNUMBER 05.02.01 is 05.02.01 “Acceptance of Investigator Brochure” in 3.3.1. ' +
        'UNIQUEID 091 is 05.02.08 “Form FDA 1572”. ' +
        'The package names it “Medical License”: 05.02.07 “Site Staff Qualification Supporting Information”.',
    });
  });

  it('files a package of another release when number, UNIQUEID and name all agree', () => {
    expect(
      place('3.0', '05.02.01', 84, '05/05.02/05.02.01.Acceptance of Investigator Brochure/a.pdf'),
    ).toMatchObject({ kind: 'certain', artifact: { number: '05.02.01' } });
    // An earlier name of the same number agrees too (the crosswalk's other names).
    expect(
      place('3.1', '04.01.02', 66, '04/04.01/04.01.02.IRB or IEC Approval/a.pdf'),
    ).toMatchObject({
      kind: 'certain',
    });
    // Without a folder name, a SUBARTIFACT of the numbered artifact confirms it.
    expect(place('3.0', '05.02.07', 90, 'x.pdf', 'Medical License')).toMatchObject({
      kind: 'certain',
    });
  });

  it('never takes another release’s number on trust without a name', () => {
    const placed = place('3.0', '05.02.01', 84);
    expect(placed).toMatchObject({
      kind: 'conflict',
      candidates: [{ number: '05.02.01', basis: 'number' }],
    });
    expect(placed.kind === 'conflict' && placed.why).toContain(
      'gives no name that confirms the number',
    );
  });

  it('files our own release by number and UNIQUEID, whatever the sender calls the folder', () => {
    expect(place('3.3', '05.02.01', 84, EXAMPLE_URL)).toMatchObject({
      kind: 'certain',
      artifact: { number: '05.02.01' },
    });
    expect(place('3.2.1', '01.01.01', 1, '01/01.01/01.01.01.TMF Plan/plan.pdf')).toMatchObject({
      kind: 'certain',
    });
  });

  it('makes number and UNIQUEID disagreeing a conflict, in any release', () => {
    for (const release of ['3.3', '3.2.1', '3.0']) {
      expect(place(release, '05.02.01', 91)).toMatchObject({
        kind: 'conflict',
        candidates: [
          { number: '05.02.01', basis: 'number' },
          { number: '05.02.08', basis: 'unique-id' },
        ],
      });
    }
  });

  it('says an object is of no artifact only when nothing it states is one', () => {
    expect(place('3.3', '99.99.99', 999, 'a/99.99.99.Nothing at all/x.pdf')).toEqual({
      kind: 'unknown',
      detail:
        'Neither ARTIFACTNUMBER 99.99.99, UNIQUEID 999 nor the name “Nothing at all” is an artifact of the TMF Reference Model 3.3.1.',
    });
  });
});
