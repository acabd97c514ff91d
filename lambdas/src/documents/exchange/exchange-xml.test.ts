import { describe, expect, it } from 'vitest';
import {
  ExchangeXmlError,
  emsDate,
  emsDateTime,
  exchangeXml,
  isoDate,
  type EmsBatch,
  type EmsObject,
} from './exchange-xml';

const BATCH: EmsBatch = {
  studyId: 'CCSC-042',
  transferSourceId: 'ACME-CRO',
  transferId: 'T-1',
  specificationId: 'TS-7',
  tmfRmVersion: '3.3',
};

const OBJECT: EmsObject = {
  objectId: 'DOC-1',
  objectLevel: 'Country',
  countryId: 'FRA',
  uniqueId: 57,
  artifactNumber: '03.01.01',
  personNames: ['A. Martin'],
  objectVersion: '1.0',
  objectVersionState: 'Current',
  objectTitle: 'R&D <draft> "v1"',
  objectCopy: false,
  restricted: true,
  files: [
    {
      integrity: 'SHA256-ab',
      fileName: 'a.pdf',
      contentUrl: '03/03.01/03.01.01.Regulatory Submission/a.pdf',
      signatures: [],
      auditRecords: [],
    },
  ],
  metadata: [{ name: 'Tab\there', value: 'x' }],
};

async function written(batch: EmsBatch, objects: EmsObject[]): Promise<string[]> {
  const pieces: string[] = [];
  for await (const piece of exchangeXml(batch, objects)) pieces.push(piece);
  return pieces;
}

async function refusal(object: EmsObject, batch = BATCH): Promise<string> {
  try {
    await written(batch, [object]);
  } catch (error) {
    if (error instanceof ExchangeXmlError) return error.message;
    throw error;
  }
  throw new Error('expected an ExchangeXmlError');
}

describe('exchangeXml', () => {
  it('writes the declaration, the namespace, the elements in the schema’s order', async () => {
    const pieces = await written(BATCH, [OBJECT, { ...OBJECT, objectId: 'DOC-2' }]);
    expect(pieces).toHaveLength(4); // the head, one piece per object, the tail
    expect(pieces.join('')).toBe(`<?xml version="1.0" encoding="UTF-8"?>
<BATCH xmlns="https://tmfrefmodel.com/ems" STUDYID="CCSC-042" TRANSFERSOURCEID="ACME-CRO" TRANSFERID="T-1" SPECIFICATIONID="TS-7" TMFRMVERSION="3.3">
${['DOC-1', 'DOC-2']
  .map(
    (id) => `  <OBJECT>
    <OBJECTID>${id}</OBJECTID>
    <OBJECTLEVEL>Country</OBJECTLEVEL>
    <COUNTRYID>FRA</COUNTRYID>
    <UNIQUEID>057</UNIQUEID>
    <ARTIFACTNUMBER>03.01.01</ARTIFACTNUMBER>
    <PERSONNAME>A. Martin</PERSONNAME>
    <OBJECTVERSION>1.0</OBJECTVERSION>
    <OBJECTVERSIONSTATE>Current</OBJECTVERSIONSTATE>
    <OBJECTTITLE>R&amp;D &lt;draft&gt; "v1"</OBJECTTITLE>
    <OBJECTCOPY>No</OBJECTCOPY>
    <RESTRICTED>Yes</RESTRICTED>
    <FILE>
      <INTEGRITY>SHA256-ab</INTEGRITY>
      <FILENAME>a.pdf</FILENAME>
      <CONTENTURL>03/03.01/03.01.01.Regulatory Submission/a.pdf</CONTENTURL>
    </FILE>
    <METADATA NAME="Tab&#9;here">x</METADATA>
  </OBJECT>
`,
  )
  .join('')}</BATCH>
`);
  });

  it('escapes attribute values so they read back unchanged', async () => {
    const [head] = await written({ ...BATCH, eventId: 'a"b<c>&d\ne\rf' }, [OBJECT]);
    expect(head).toContain('EVENTID="a&quot;b&lt;c>&amp;d&#10;e&#13;f"');
  });

  it('refuses what the schema would refuse, naming where', async () => {
    expect(await refusal({ ...OBJECT, artifactNumber: '3.1.1' })).toBe(
      'OBJECT[1]/ARTIFACTNUMBER: "3.1.1" is not an artifact number as NN.NN.NN (05.02.01).',
    );
    expect(await refusal({ ...OBJECT, countryId: 'fra' })).toBe(
      'OBJECT[1]/COUNTRYID: "fra" is not an ISO 3166 alpha-3 country code (USA, FRA).',
    );
    expect(await refusal({ ...OBJECT, objectLanguage: 'english' })).toMatch(/OBJECTLANGUAGE/u);
    expect(await refusal({ ...OBJECT, objectId: '' })).toBe(
      'OBJECT[1]/OBJECTID: "" must not be empty.',
    );
    expect(await refusal({ ...OBJECT, files: [] })).toBe('OBJECT[1]/FILE: needs at least one.');
    expect(await refusal({ ...OBJECT, uniqueId: 1.5 })).toBe(
      'OBJECT[1]/UNIQUEID: has the wrong type (number).',
    );
    expect(await refusal({ ...OBJECT, objectTitle: 'bell \u0007' })).toBe(
      'OBJECT[1]/OBJECTTITLE: holds U+0007, which XML cannot carry.',
    );
    const file = OBJECT.files[0];
    if (!file) throw new Error('a file');
    expect(
      await refusal({ ...OBJECT, files: [file, { ...file, contentUrl: 'a  b[1].pdf' }] }),
    ).toBe('OBJECT[1]/FILE[2]/CONTENTURL: "a  b[1].pdf" has surrounding or doubled spaces.');
    expect(
      await refusal({
        ...OBJECT,
        files: [
          {
            ...file,
            signatures: [
              {
                methodology: 'Electronic',
                userOid: 'u',
                name: 'n',
                dateTime: '2026-13-01T00:00:00Z',
                reason: 'r',
              },
            ],
          },
        ],
      }),
    ).toMatch(/^OBJECT\[1\]\/FILE\[1\]\/SIGNATURE\[1\]\/SIGNATUREDATETIME: /u);
    expect(await refusal(OBJECT, { ...BATCH, tmfRmVersion: '3.3.0.1' })).toMatch(
      /^BATCH@TMFRMVERSION: /u,
    );
    expect(await refusal(OBJECT, { ...BATCH, studyId: '' })).toBe(
      'BATCH@STUDYID: "" must not be empty.',
    );
  });

  it('refuses a batch without objects', async () => {
    await expect(written(BATCH, [])).rejects.toThrow('BATCH: needs at least one OBJECT.');
  });
});

describe('dates', () => {
  it('writes DD-MMM-YYYY from a calendar date or a Date’s UTC day', () => {
    expect(emsDate('2019-01-20')).toBe('20-JAN-2019');
    expect(emsDate(new Date('2026-12-31T23:59:59Z'))).toBe('31-DEC-2026');
    expect(() => emsDate('2019-02-29')).toThrow(RangeError);
    expect(() => emsDate(new Date('+012019-01-01T00:00:00Z'))).toThrow(RangeError);
  });

  it('reads DD-MMM-YYYY back to a calendar date, or null', () => {
    expect(isoDate('20-JAN-2019')).toBe('2019-01-20');
    expect(isoDate('29-feb-2024')).toBe('2024-02-29');
    expect(isoDate('29-FEB-2023')).toBeNull();
    expect(isoDate('20-XYZ-2019')).toBeNull();
    expect(isoDate('2019-01-20')).toBeNull();
  });

  it('writes moments in UTC with the offset spelt out', () => {
    expect(emsDateTime(new Date('2016-04-13T14:00:25Z'))).toBe('2016-04-13T14:00:25+00:00');
    expect(emsDateTime(new Date('2016-04-13T14:00:25.120Z'))).toBe('2016-04-13T14:00:25.120+00:00');
  });
});
