import { describe, expect, it } from 'vitest';
import { parseExchangeXml } from './exchange-parse';
import {
  FIXTURE,
  FULL_BATCH,
  FULL_OBJECT,
  MINIMAL_OBJECT,
  broken,
  lineOf,
  text,
} from './exchange-test-kit';
import { exchangeXml } from './exchange-xml';

describe('parseExchangeXml against the schema’s rules', () => {
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
});
