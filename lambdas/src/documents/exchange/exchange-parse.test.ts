import { describe, expect, it } from 'vitest';
import { parseExchangeXml, readExchangeXml, type ExchangeItem } from './exchange-parse';
import { exchangeXml, type EmsBatch, type EmsObject } from './exchange-xml';

/**
 * Our own exchange.xml in the shape of the standard's example: a schema location, attributes on
 * lines of their own, a comment, blank lines, one site-level object with every element.
 */
const FIXTURE = `<?xml version="1.0" encoding="UTF-8"?>
<!-- a transfer from the console's test study -->
<BATCH
    xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
    xmlns="https://tmfrefmodel.com/ems"
    xsi:schemaLocation="https://tmfrefmodel.com/ems TmfReferenceModelExchange.xsd"
    STUDYSYSTEMID="c0ffee00-0000-4000-8000-000000000001"
    STUDYID="CCSC-042"
    EVENTID="INTERIM-2"
    TRANSFERSOURCEID="ACME-CRO"
    TRANSFERID="20260314150926"
    SPECIFICATIONID="TS-7"
    TMFRMVERSION="3.3">

    <OBJECT>
        <OBJECTID>CCSC-042-SITE-0007</OBJECTID>
        <OBJECTLEVEL>Site</OBJECTLEVEL>
        <COUNTRYID>DEU</COUNTRYID>
        <SITESYSTEMID>site-77</SITESYSTEMID>
        <SITEID>DE-07</SITEID>
        <UNIQUEID>084</UNIQUEID>
        <ARTIFACTNUMBER>05.02.01</ARTIFACTNUMBER>
        <PERSONNAME>Greta Lindqvist</PERSONNAME>
        <PERSONNAME>Omar Haddad</PERSONNAME>
        <ORGANIZATIONNAME>Klinikum Nord &amp; Süd</ORGANIZATIONNAME>
        <OBJECTLANGUAGE>de</OBJECTLANGUAGE>
        <TRANSLATION>No</TRANSLATION>
        <OBJECTVERSION>2.1</OBJECTVERSION>
        <OBJECTVERSIONSTATE>Current</OBJECTVERSIONSTATE>
        <OBJECTTITLE>Investigator Brochure receipt, site DE-07</OBJECTTITLE>
        <SUBARTIFACT>Acceptance of Investigator Brochure</SUBARTIFACT>
        <OBJECTCOPY>No</OBJECTCOPY>
        <OBJECTEXPIRYDATE>31-DEC-2027</OBJECTEXPIRYDATE>
        <RESTRICTED>No</RESTRICTED>
        <RENTENTIONDATE>31-DEC-2052</RENTENTIONDATE>
        <ARTIFACTDATE>02-FEB-2026</ARTIFACTDATE>
        <DATEDESCRIPTION>Signature</DATEDESCRIPTION>

        <FILE>
            <INTEGRITY>SHA256-9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08</INTEGRITY>
            <FILENAME>IB receipt DE-07.pdf</FILENAME>
            <CONTENTURL>05/05.02/05.02.01.Acceptance of Investigator Brochure/IB receipt DE-07.pdf</CONTENTURL>
            <FILEDESCRIPTION>Signed receipt</FILEDESCRIPTION>

            <SIGNATURE>
                <SIGNATUREMETHODOLOGY>Digital</SIGNATUREMETHODOLOGY>
                <USEROID>glindqvist</USEROID>
                <SIGNATURENAME>Greta Lindqvist</SIGNATURENAME>
                <SIGNATUREDATETIME>2026-02-02T09:30:00+01:00</SIGNATUREDATETIME>
                <SIGNATUREREASON>Receipt acknowledged</SIGNATUREREASON>
            </SIGNATURE>

            <AUDITRECORD>
                <AUDITID>A-1001</AUDITID>
                <DATETIMESTAMP>2026-02-02T08:31:12Z</DATETIMESTAMP>
                <USERREF>glindqvist</USERREF>
                <AUDITENTRYTYPE>New</AUDITENTRYTYPE>
                <AUDITEVENT>Uploaded</AUDITEVENT>
            </AUDITRECORD>
        </FILE>

        <METADATA NAME="BLINDING">Open label</METADATA>
        <METADATA NAME="PRODUCT">CCSC-042</METADATA>
    </OBJECT>
</BATCH>
`;

const lineOf = (text: string, needle: string): number => {
  const at = text.indexOf(needle);
  if (at < 0) throw new Error(`${needle} not in the text`);
  return text.slice(0, at).split('\n').length;
};

/** The fixture with one replacement (the first occurrence). */
const broken = (from: string, to: string) => {
  if (!FIXTURE.includes(from)) throw new Error(`${from} not in the fixture`);
  return FIXTURE.replace(from, to);
};

const FULL_BATCH: EmsBatch = {
  studySystemId: 'c0ffee00-0000-4000-8000-000000000001',
  studyId: 'CCSC-042',
  eventId: 'INTERIM-2',
  transferSourceId: 'ACME-CRO',
  transferId: '20260314150926',
  specificationId: 'TS-7',
  tmfRmVersion: '3.3',
};

const FULL_OBJECT: EmsObject = {
  objectId: 'CCSC-042-SITE-0007',
  objectLevel: 'Site',
  countryId: 'DEU',
  siteSystemId: 'site-77',
  siteId: 'DE-07',
  uniqueId: 84,
  artifactNumber: '05.02.01',
  personNames: ['Greta Lindqvist', 'Omar Haddad'],
  organizationName: 'Klinikum Nord & Süd',
  objectLanguage: 'de',
  translation: false,
  objectVersion: '2.1',
  objectVersionState: 'Current',
  objectTitle: 'Investigator Brochure receipt, site DE-07',
  subArtifact: 'Acceptance of Investigator Brochure',
  objectCopy: false,
  objectExpiryDate: '31-DEC-2027',
  restricted: false,
  retentionDate: '31-DEC-2052',
  artifactDate: '02-FEB-2026',
  dateDescription: 'Signature',
  files: [
    {
      integrity: 'SHA256-9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
      fileName: 'IB receipt DE-07.pdf',
      contentUrl: '05/05.02/05.02.01.Acceptance of Investigator Brochure/IB receipt DE-07.pdf',
      fileDescription: 'Signed receipt',
      signatures: [
        {
          methodology: 'Digital',
          userOid: 'glindqvist',
          name: 'Greta Lindqvist',
          dateTime: '2026-02-02T09:30:00+01:00',
          reason: 'Receipt acknowledged',
        },
      ],
      auditRecords: [
        {
          auditId: 'A-1001',
          dateTime: '2026-02-02T08:31:12Z',
          userRef: 'glindqvist',
          entryType: 'New',
          event: 'Uploaded',
        },
      ],
    },
  ],
  metadata: [
    { name: 'BLINDING', value: 'Open label' },
    { name: 'PRODUCT', value: 'CCSC-042' },
  ],
};

const MINIMAL_OBJECT: EmsObject = {
  objectId: 'T-1',
  objectLevel: 'Trial',
  uniqueId: 1,
  artifactNumber: '01.01.01',
  personNames: [],
  objectVersion: '1',
  objectVersionState: 'Obsolete',
  objectCopy: true,
  files: [
    {
      integrity: 'SHA256-00',
      fileName: 'plan.pdf',
      contentUrl: '01/01.01/01.01.01.Trial Master File Plan/plan.pdf',
      signatures: [],
      auditRecords: [],
    },
  ],
  metadata: [],
};

async function text(chunks: AsyncIterable<string>): Promise<string> {
  let out = '';
  for await (const chunk of chunks) out += chunk;
  return out;
}

describe('parseExchangeXml', () => {
  it('reads a file in the shape of the standard’s example, with no problems', async () => {
    const result = await parseExchangeXml(FIXTURE);
    expect(result.problems).toEqual([]);
    expect(result.batch).toEqual(FULL_BATCH);
    expect(result.objects).toEqual([FULL_OBJECT]);
  });

  it('reads back what the writer writes, every optional element filled or none', async () => {
    const minimalBatch: EmsBatch = {
      studyId: 'S',
      transferSourceId: 'T',
      transferId: 'X',
      specificationId: 'P',
      tmfRmVersion: '3.2.1',
    };
    const tricky: EmsObject = {
      ...FULL_OBJECT,
      objectId: 'x & <y> "z" \'w\'',
      objectTitle: 'line one\r\nline two\ttabbed ]]> end',
      personNames: ['', ' '],
      metadata: [{ name: 'A "quoted"\tname\n', value: '' }],
    };
    for (const [batch, objects] of [
      [FULL_BATCH, [FULL_OBJECT, tricky]],
      [minimalBatch, [MINIMAL_OBJECT]],
    ] as const) {
      const xml = await text(exchangeXml(batch, objects));
      const result = await parseExchangeXml(xml);
      expect(result.problems).toEqual([]);
      expect(result.batch).toEqual(batch);
      expect(result.objects).toEqual(objects);
    }
  });

  it('reads bytes in any chunking: UTF-8 characters, CRLF line ends and references cut in two', async () => {
    const bytes = Buffer.from(FIXTURE.replace(/\n/gu, '\r\n'));
    for (const size of [1, 2, 3, 7, 64]) {
      const chunks: Uint8Array[] = [];
      for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
      const result = await parseExchangeXml(chunks);
      expect(result.problems).toEqual([]);
      expect(result.objects).toEqual([FULL_OBJECT]);
    }
  });

  it('hands on the batch first, then each object as it closes', async () => {
    const xml = await text(
      exchangeXml(FULL_BATCH, [FULL_OBJECT, { ...FULL_OBJECT, objectId: 'second' }]),
    );
    const kinds: string[] = [];
    for await (const item of readExchangeXml(xml)) {
      kinds.push(item.kind === 'object' ? `object ${item.object.objectId}` : item.kind);
    }
    expect(kinds).toEqual(['batch', 'object CCSC-042-SITE-0007', 'object second']);
  });

  it('reports a missing required element with the line where it was due', async () => {
    const xml = broken('        <OBJECTVERSION>2.1</OBJECTVERSION>\n', '');
    const result = await parseExchangeXml(xml);
    expect(result.problems).toEqual([
      {
        line: lineOf(xml, '<OBJECTVERSIONSTATE>'),
        message: '<OBJECT> lacks <OBJECTVERSION>, which must come before <OBJECTVERSIONSTATE>.',
      },
    ]);
    expect(result.objects).toEqual([]);
    expect(result.batch).toEqual(FULL_BATCH);
  });

  it('reports a required element missing at the end of its parent', async () => {
    const xml = broken('<SIGNATUREREASON>Receipt acknowledged</SIGNATUREREASON>', '');
    const result = await parseExchangeXml(xml);
    expect(result.problems).toEqual([
      {
        line: lineOf(xml, '</SIGNATURE>'),
        message: `<SIGNATURE> (from line ${lineOf(xml, '<SIGNATURE>')}) lacks <SIGNATUREREASON>.`,
      },
    ]);
  });

  it('reports elements out of order once, as out of order', async () => {
    const xml = broken(
      '<OBJECTLEVEL>Site</OBJECTLEVEL>\n        <COUNTRYID>DEU</COUNTRYID>',
      '<COUNTRYID>DEU</COUNTRYID>\n        <OBJECTLEVEL>Site</OBJECTLEVEL>',
    );
    const result = await parseExchangeXml(xml);
    expect(result.problems).toEqual([
      {
        line: lineOf(xml, '<OBJECTLEVEL>'),
        message: '<OBJECTLEVEL> is out of order in <OBJECT>: it must come before <COUNTRYID>.',
      },
    ]);
  });

  it('reports a repeated element that may appear once', async () => {
    const xml = broken('<SITEID>DE-07</SITEID>', '<SITEID>DE-07</SITEID><SITEID>DE-08</SITEID>');
    const result = await parseExchangeXml(xml);
    expect(result.problems).toEqual([
      { line: lineOf(xml, '<SITEID>'), message: '<SITEID> may appear only once in <OBJECT>.' },
    ]);
  });

  it('reports values that break a pattern, an enumeration or a type', async () => {
    const cases: [string, string, string][] = [
      [
        '<ARTIFACTNUMBER>05.02.01<',
        '<ARTIFACTNUMBER>5.2.1<',
        '<ARTIFACTNUMBER> "5.2.1" is not an artifact number as NN.NN.NN (05.02.01).',
      ],
      [
        '<OBJECTLEVEL>Site<',
        '<OBJECTLEVEL>site<',
        '<OBJECTLEVEL> "site" must be one of Trial, Country, Site.',
      ],
      [
        '<COUNTRYID>DEU<',
        '<COUNTRYID>DE<',
        '<COUNTRYID> "DE" is not an ISO 3166 alpha-3 country code (USA, FRA).',
      ],
      [
        '<UNIQUEID>084<',
        '<UNIQUEID>8.4<',
        '<UNIQUEID> "8.4" is not a whole number within 32 bits.',
      ],
      ['<TRANSLATION>No<', '<TRANSLATION>no<', '<TRANSLATION> "no" must be Yes or No.'],
      [
        '<ARTIFACTDATE>02-FEB-2026<',
        '<ARTIFACTDATE>2026-02-02<',
        '<ARTIFACTDATE> "2026-02-02" is not a date as DD-MMM-YYYY.',
      ],
      [
        '<OBJECTLANGUAGE>de<',
        '<OBJECTLANGUAGE>deu<',
        '<OBJECTLANGUAGE> "deu" is not an ISO 639-1 language code (en, fr).',
      ],
      [
        '<SIGNATUREDATETIME>2026-02-02T09:30:00+01:00<',
        '<SIGNATUREDATETIME>2026-02-30T09:30:00Z<',
        '<SIGNATUREDATETIME> "2026-02-30T09:30:00Z" is not a date and time as 2016-04-13T14:00:25+00:00.',
      ],
      [
        '<AUDITENTRYTYPE>New<',
        '<AUDITENTRYTYPE>NEW<',
        '<AUDITENTRYTYPE> "NEW" must be one of New, Change, Delete, Other.',
      ],
      ['<OBJECTVERSION>2.1<', '<OBJECTVERSION><', '<OBJECTVERSION> "" must not be empty.'],
      [
        '<CONTENTURL>05/',
        '<CONTENTURL>100%/05/',
        '<CONTENTURL> "100%/05/05.02/05.02.01.Acceptance of Investigator Brochure/I…" has a % not followed by two hex digits.',
      ],
    ];
    for (const [from, to, message] of cases) {
      const xml = broken(from, to);
      const result = await parseExchangeXml(xml);
      expect(result.problems).toEqual([{ line: lineOf(xml, to), message }]);
      expect(result.objects).toEqual([]);
    }
  });

  it('collapses whitespace where the schema’s type does, and only there', async () => {
    const spaced = await parseExchangeXml(broken('<OBJECTLEVEL>Site<', '<OBJECTLEVEL>\n  Site\n<'));
    expect(spaced.problems).toEqual([]);
    expect(spaced.objects[0]?.objectLevel).toBe('Site');
    const country = await parseExchangeXml(broken('<COUNTRYID>DEU<', '<COUNTRYID> DEU<'));
    expect(country.problems.map((p) => p.message)).toEqual([
      '<COUNTRYID> " DEU" is not an ISO 3166 alpha-3 country code (USA, FRA).',
    ]);
  });

  it('reports the batch’s attributes: missing, malformed, unknown', async () => {
    const xml = broken('    TMFRMVERSION="3.3">', '    TMFRMVERSION="3.03" COLOUR="blue">').replace(
      '    TRANSFERID="20260314150926"\n',
      '',
    );
    const result = await parseExchangeXml(xml);
    const line = lineOf(xml, 'TMFRMVERSION');
    expect(result.problems).toEqual([
      {
        line,
        message: 'TMFRMVERSION "3.03" is not a Reference Model version such as 3.3 or 3.2.1.',
      },
      { line, message: '<BATCH> has an unknown attribute COLOUR.' },
      {
        line: lineOf(xml, '<BATCH'),
        message: '<BATCH> lacks the required attribute TRANSFERID.',
      },
    ]);
    expect(result.batch).toBeNull();
    expect(result.objects).toEqual([FULL_OBJECT]);
  });

  it('refuses a root in another namespace, or none, or another root', async () => {
    const other = broken(
      'xmlns="https://tmfrefmodel.com/ems"',
      'xmlns="https://tmfrefmodel.com/ems/v2"',
    );
    expect((await parseExchangeXml(other)).problems).toEqual([
      {
        line: lineOf(other, '<BATCH'),
        message:
          '<BATCH> must be in the namespace https://tmfrefmodel.com/ems; it is in https://tmfrefmodel.com/ems/v2.',
      },
    ]);
    const none = broken('xmlns="https://tmfrefmodel.com/ems"', '');
    expect((await parseExchangeXml(none)).problems.map((p) => p.message)).toEqual([
      '<BATCH> must be in the namespace https://tmfrefmodel.com/ems; it is in no namespace.',
    ]);
    const root = await parseExchangeXml('<batch xmlns="https://tmfrefmodel.com/ems"/>');
    expect(root.problems).toEqual([
      { line: 1, message: 'The root element must be <BATCH>, not <batch>.' },
    ]);
  });

  it('accepts the namespace under a prefix', async () => {
    const xml = `<ems:BATCH xmlns:ems="https://tmfrefmodel.com/ems" STUDYID="S" TRANSFERSOURCEID="T"
      TRANSFERID="X" SPECIFICATIONID="P" TMFRMVERSION="3.3">${(
        await text(exchangeXml(FULL_BATCH, [MINIMAL_OBJECT]))
      )
        .split('\n')
        .slice(2, -2)
        .join('\n')
        .replace(/<(\/?)([A-Z]+)/gu, '<$1ems:$2')}</ems:BATCH>`;
    const result = await parseExchangeXml(xml);
    expect(result.problems).toEqual([]);
    expect(result.objects).toEqual([MINIMAL_OBJECT]);
  });

  it('reports unknown elements, foreign ones, text where only elements go, elements in values', async () => {
    const xml = broken('<SITEID>DE-07</SITEID>', '<SITEID>DE-<B>07</B></SITEID><NOTE>x</NOTE>')
      .replace('<FILE>', '<FILE>stray text<x:EXTRA xmlns:x="urn:x"/>')
      .replace('<OBJECTLEVEL>', '<OBJECTLEVEL xml:lang="en">');
    const result = await parseExchangeXml(xml);
    expect(result.problems).toEqual([
      {
        line: lineOf(xml, '<OBJECTLEVEL'),
        message: '<OBJECTLEVEL> has an unknown attribute xml:lang.',
      },
      {
        line: lineOf(xml, '<SITEID>'),
        message: '<SITEID> holds a value, not elements; <B> is not allowed.',
      },
      { line: lineOf(xml, '<NOTE>'), message: '<NOTE> is not an element of <OBJECT>.' },
      { line: lineOf(xml, '<FILE>'), message: '<FILE> holds elements only, not text.' },
      {
        line: lineOf(xml, '<FILE>'),
        message: '<x:EXTRA> is not an element of the standard (namespace urn:x).',
      },
    ]);
  });

  it('reports a batch without objects and an object without files', async () => {
    const empty = await parseExchangeXml(
      '<BATCH xmlns="https://tmfrefmodel.com/ems" STUDYID="S" TRANSFERSOURCEID="T" TRANSFERID="X"\n' +
        ' SPECIFICATIONID="P" TMFRMVERSION="3.3">\n</BATCH>',
    );
    expect(empty.problems).toEqual([{ line: 3, message: '<BATCH> (from line 1) lacks <OBJECT>.' }]);
    const start = FIXTURE.indexOf('        <FILE>');
    const end = FIXTURE.indexOf('</FILE>') + '</FILE>\n'.length;
    const noFile = FIXTURE.slice(0, start) + FIXTURE.slice(end);
    expect((await parseExchangeXml(noFile)).problems).toEqual([
      {
        line: lineOf(noFile, '<METADATA'),
        message: '<OBJECT> lacks <FILE>, which must come before <METADATA>.',
      },
    ]);
  });

  it('goes on after a problem, handing on the objects that are right', async () => {
    const xml = await text(
      exchangeXml(FULL_BATCH, [
        MINIMAL_OBJECT,
        { ...MINIMAL_OBJECT, objectId: 'bad' },
        { ...MINIMAL_OBJECT, objectId: 'good' },
      ]),
    );
    const result = await parseExchangeXml(
      xml.replace(
        '<OBJECTID>bad</OBJECTID>\n    <OBJECTLEVEL>Trial',
        '<OBJECTID>bad</OBJECTID>\n    <OBJECTLEVEL>Everywhere',
      ),
    );
    expect(result.problems.map((p) => p.message)).toEqual([
      '<OBJECTLEVEL> "Everywhere" must be one of Trial, Country, Site.',
    ]);
    expect(result.objects.map((o) => o.objectId)).toEqual(['T-1', 'good']);
  });

  it('stops after the most problems it is told to report', async () => {
    const many = await text(
      exchangeXml(
        FULL_BATCH,
        Array.from({ length: 10 }, () => MINIMAL_OBJECT),
      ),
    );
    const result = await parseExchangeXml(many.replace(/>Trial</gu, '>Nowhere<'), {
      maxProblems: 3,
    });
    expect(result.problems.map((p) => p.message)).toEqual([
      ...Array.from(
        { length: 3 },
        () => '<OBJECTLEVEL> "Nowhere" must be one of Trial, Country, Site.',
      ),
      'Stopped after 3 problems.',
    ]);
  });

  it('stops at XML that is not well-formed, saying where', async () => {
    const mismatched = broken('</SITEID>', '</SITE>');
    expect((await parseExchangeXml(mismatched)).problems).toEqual([
      {
        line: lineOf(mismatched, '</SITE>'),
        message: `</SITE> where </SITEID> (opened on line ${lineOf(mismatched, '<SITEID>')}) was expected.`,
      },
    ]);
    const bomb =
      '<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol">]>\n<BATCH>&lol;</BATCH>';
    expect((await parseExchangeXml(bomb)).problems).toEqual([
      { line: 2, message: 'A document type declaration (DOCTYPE) is not accepted.' },
    ]);
    const latin1 = Buffer.from(FIXTURE.replace('Süd', 'S\u00fcd'), 'latin1');
    const problems = (await parseExchangeXml(latin1)).problems;
    expect(problems).toEqual([
      { line: expect.any(Number) as number, message: 'The file is not valid UTF-8.' },
    ]);
    expect(problems[0]?.line).toBeLessThanOrEqual(lineOf(FIXTURE, 'Süd'));
    const truncated = await parseExchangeXml(FIXTURE.slice(0, FIXTURE.indexOf('</OBJECT>')));
    expect(truncated.problems.at(-1)?.message).toMatch(/is never closed/u);
  });

  it('holds a value to the longest allowed', async () => {
    const xml = broken('<OBJECTTITLE>', `<OBJECTTITLE>${'x'.repeat(5000)}`);
    const result = await parseExchangeXml(
      (function* () {
        for (let at = 0; at < xml.length; at += 1000) yield xml.slice(at, at + 1000);
      })(),
      { maxValueLength: 4096 },
    );
    expect(result.problems.map((p) => p.message)).toEqual(['<OBJECTTITLE> is too long.']);
  });

  it('holds an attribute to the longest allowed too, even when it arrives whole', async () => {
    const xml = broken('TRANSFERSOURCEID="ACME-CRO"', `TRANSFERSOURCEID="${'x'.repeat(5000)}"`);
    const result = await parseExchangeXml(xml, { maxValueLength: 4096 });
    expect(result.problems.map((p) => p.message)).toEqual(['TRANSFERSOURCEID is too long.']);
    expect(result.batch).toBeNull();
  });
});

describe('readExchangeXml items', () => {
  it('are typed by kind', async () => {
    const items: ExchangeItem[] = [];
    for await (const item of readExchangeXml(FIXTURE)) items.push(item);
    expect(items.map((item) => item.kind)).toEqual(['batch', 'object']);
    expect(items[1]).toMatchObject({ kind: 'object', line: lineOf(FIXTURE, '<OBJECT>') });
  });
});
