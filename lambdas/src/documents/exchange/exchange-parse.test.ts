import { describe, expect, it } from 'vitest';
import { parseExchangeXml, readExchangeXml, type ExchangeItem } from './exchange-parse';
import {
  FIXTURE,
  FULL_BATCH,
  FULL_OBJECT,
  MINIMAL_OBJECT,
  broken,
  lineOf,
  text,
} from './exchange-test-kit';
import { exchangeXml, type EmsBatch, type EmsObject } from './exchange-xml';

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
    const ampersand = broken('Nord &amp; Süd', 'Nord & Süd');
    expect((await parseExchangeXml(ampersand)).problems).toEqual([
      { line: lineOf(ampersand, 'Süd'), message: "A bare '&' (write &amp;)." },
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
