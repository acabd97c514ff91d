import { describe, expect, it } from 'vitest';
import { samplePdf, sampleExe } from '../core/testing/sample-files';
import { MemoryDocumentFiles } from '../core/testing/memory-document-imports';
import { FIXTURE } from './exchange/exchange-test-kit';
import { checkContent, checkKeptFile, CHECK_BYTES, DEFAULT_CONTENT_POLICY } from './content-check';

/** What the content check leaves to itself: XML's encodings and script, a PDF after other bytes. */

const XML = 'application/xml';
const PDF = 'application/pdf';

const check = (bytes: Buffer, contentType = XML, fileName = 'data.xml') =>
  checkContent(bytes, null, { contentType, fileName }, DEFAULT_CONTENT_POLICY);

const utf16le = (text: string) =>
  Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
const utf16be = (text: string) =>
  Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()]);
const utf8bom = (text: string) =>
  Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]);

/** A CDISC ODM 1.3 clinical data file, Define-XML's links (xlink:href) and all. */
const ODM = `<?xml version="1.0" encoding="UTF-8"?>
<ODM xmlns="http://www.cdisc.org/ns/odm/v1.3" xmlns:def="http://www.cdisc.org/ns/def/v2.1"
     xmlns:xlink="http://www.w3.org/1999/xlink" FileType="Snapshot" FileOID="ODM.CCSC.42"
     CreationDateTime="2026-03-14T15:09:26" ODMVersion="1.3.2">
  <Study OID="CCSC-042"><MetaDataVersion OID="MDV.1" Name="v1">
    <ItemDef OID="IT.AE.AEONGO" Name="AEONGO" DataType="text" onset-note="kept as sent">
      <Description><TranslatedText xml:lang="en">Ongoing? (see &lt;script&gt; notes)</TranslatedText></Description>
    </ItemDef>
    <def:leaf ID="LF.AE" xlink:href="ae.xpt"><def:title>ae.xpt</def:title></def:leaf>
  </MetaDataVersion></Study>
  <!-- <svg onload="not a tag: a comment"> -->
  <ClinicalData StudyOID="CCSC-042" MetaDataVersionOID="MDV.1"><![CDATA[<html onload="x">]]></ClinicalData>
</ODM>
`;

const SVG_NS = 'xmlns="http://www.w3.org/2000/svg"';
const XHTML_NS = 'xmlns="http://www.w3.org/1999/xhtml"';

describe('XML: plain XML passes, SVG and (X)HTML carrying script do not', () => {
  it.each([
    ['an eTMF-EMS exchange.xml', Buffer.from(FIXTURE)],
    [
      'a CDISC ODM file (xlink, event-like names, script in text, a comment, CDATA)',
      Buffer.from(ODM),
    ],
    ['an SVG drawing without script', Buffer.from(`<svg ${SVG_NS}><circle r="4"/></svg>`)],
    [
      'an XHTML page without script (its DOCTYPE names an external DTD)',
      Buffer.from(
        `<?xml version="1.0"?><!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd"><html ${XHTML_NS}><body><a href="https://example.com/">x</a></body></html>`,
      ),
    ],
  ])('accepts %s', async (_, bytes) => {
    expect(await check(bytes)).toMatchObject({ ok: true, kind: 'xml' });
  });

  it.each([
    [
      'an SVG <script>',
      `<?xml version="1.0"?><svg ${SVG_NS}><script>alert(1)</script></svg>`,
      'SVG',
      'a <script> element',
    ],
    [
      'an SVG event attribute',
      `<svg ${SVG_NS} onload="alert(1)"/>`,
      'SVG',
      'an event attribute onload= on <svg>',
    ],
    [
      'a javascript: link in XHTML',
      `<?xml version="1.0"?>\n<html ${XHTML_NS}><body><a href="javascript:alert(1)">x</a></body></html>`,
      'XHTML',
      'a javascript: URL in href= on <a>',
    ],
    [
      'a javascript: URL hidden by references and case',
      `<svg ${SVG_NS} xmlns:xlink="http://www.w3.org/1999/xlink"><a xlink:href="&#32;Java&#x09;Script&#58;alert(1)"><text>x</text></a></svg>`,
      'SVG',
      'a javascript: URL in xlink:href= on <a>',
    ],
    [
      'an XHTML script under a prefix inside plain XML',
      `<report xmlns:h="http://www.w3.org/1999/xhtml"><h:div><h:script>alert(1)</h:script></h:div></report>`,
      'XHTML',
      'a <h:script> element',
    ],
    [
      'an SVG animation setting a javascript: link',
      `<svg ${SVG_NS}><a><animate attributeName="href" values="https://a.example;javascript:alert(1)"/></a></svg>`,
      'SVG',
      'a javascript: URL in values= on <animate>',
    ],
    [
      'an HTML page of no namespace',
      `<?xml version="1.0"?><html><body onclick="x()"></body></html>`,
      'HTML',
      'an event attribute onclick= on <body>',
    ],
    [
      'a javascript: link in plain XML',
      `<links><link href="javascript:alert(1)"/></links>`,
      'XML',
      'a javascript: URL in href= on <link>',
    ],
    [
      'an internal DTD subset',
      `<!DOCTYPE x [<!ENTITY e "y">]><x>&e;</x>`,
      'XML',
      'an internal DTD subset',
    ],
  ])('refuses %s as script-content', async (_, xml, markup, what) => {
    const verdict = await check(Buffer.from(xml), 'text/xml', 'drawing.xml');
    expect(verdict).toMatchObject({ ok: false, reason: 'script-content' });
    expect(verdict.detail).toContain(`The file is ${markup} carrying script (${what}`);
    expect(verdict.detail).toContain('declared text/xml and named drawing.xml');
    expect(verdict.detail).toContain('Scripts are refused whatever their name.');
  });

  it('reads a kept XML file whole: script past the first 64 KiB is found', async () => {
    const files = new MemoryDocumentFiles();
    const padding = `<p>${'x'.repeat(CHECK_BYTES * 2)}</p>`;
    const late = Buffer.from(`<svg ${SVG_NS}>${padding}<script>alert(1)</script></svg>`);
    files.put('records/s/d/1', late);
    const declared = { contentType: XML, fileName: 'a.xml' };
    const verdict = await checkKeptFile(
      files,
      'records/s/d/1',
      late.length,
      declared,
      DEFAULT_CONTENT_POLICY,
    );
    expect(verdict).toMatchObject({ ok: false, reason: 'script-content' });
    expect(files.calls.read).toBe(1);
    // A large plain XML file is read whole too, and passes.
    const plain = Buffer.from(`<data>${padding}</data>`);
    files.put('records/s/d/2', plain);
    const passed = await checkKeptFile(
      files,
      'records/s/d/2',
      plain.length,
      declared,
      DEFAULT_CONTENT_POLICY,
    );
    expect(passed).toMatchObject({ ok: true, kind: 'xml' });
  });
});

describe('XML in its encoding', () => {
  it.each([
    [
      'UTF-16LE with its declaration',
      utf16le('<?xml version="1.0" encoding="UTF-16"?><a/>'),
      'UTF-16LE',
    ],
    ['UTF-16LE without a declaration', utf16le('<ODM FileOID="x"/>'), 'UTF-16LE'],
    ['UTF-16BE without a declaration', utf16be('\n<ODM FileOID="ä"/>'), 'UTF-16BE'],
    ['UTF-8 with a byte order mark and a declaration', utf8bom('<?xml version="1.0"?><a/>'), ''],
    ['UTF-8 with a byte order mark, no declaration', utf8bom('<a>é</a>'), ''],
    [
      'ISO-8859-1 as its declaration says (file-type knows the declaration)',
      Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><a>Müller</a>', 'latin1'),
      '',
    ],
  ])('accepts %s', async (_, bytes, encoding) => {
    const verdict = await check(bytes);
    expect(verdict).toMatchObject({ ok: true, kind: 'xml' });
    const named = encoding === '' ? '' : ` in ${encoding}`;
    expect(verdict.detail).toBe(`Content checked: XML${named}, no script, as declared.`);
  });

  it('finds script in UTF-16', async () => {
    const verdict = await check(utf16le(`<svg ${SVG_NS} onload="alert(1)"/>`));
    expect(verdict).toMatchObject({ ok: false, reason: 'script-content' });
  });

  it('refuses UTF-16 without a byte order mark, bytes no encoding allows, and a wrong name', async () => {
    expect(await check(Buffer.from('<a/>', 'utf16le'))).toMatchObject({ reason: 'type-mismatch' });
    expect(await check(Buffer.from([0x3c, 0x61, 0x3e, 0xff, 0x3c]))).toMatchObject({
      reason: 'type-mismatch',
    });
    expect(await check(utf16le('<a/>'), XML, 'a.pdf')).toMatchObject({ reason: 'type-mismatch' });
  });
});

describe('a PDF whose header follows other bytes', () => {
  const after = (prefix: Buffer | string) => Buffer.concat([Buffer.from(prefix), samplePdf('cv')]);

  it('accepts the header within the first 1024 bytes, as PDF readers do', async () => {
    const verdict = await check(after(Buffer.alloc(37, 0x0a)), PDF, 'cv.pdf');
    expect(verdict).toMatchObject({ ok: true, kind: 'pdf' });
    expect(verdict.detail).toBe(
      'Content checked: pdf, application/pdf (its header at byte 37, after bytes PDF readers skip), as declared.',
    );
    const mailHeader = after('Content-Type: application/pdf\r\n\r\n' + ' '.repeat(985));
    expect(await check(mailHeader, PDF, 'cv.pdf')).toMatchObject({ ok: true, kind: 'pdf' });
  });

  it('refuses a header past the first 1024 bytes, saying so', async () => {
    const verdict = await check(after(' '.repeat(1020)), PDF, 'cv.pdf');
    expect(verdict).toMatchObject({ ok: false, reason: 'type-mismatch' });
    expect(verdict.detail).toBe(
      'The file is not what it is declared as: its content is unrecognised (no %PDF- header within its first 1024 bytes), declared application/pdf and named cv.pdf.',
    );
  });

  it('refuses what is really something else, a PDF after it or not', async () => {
    expect(await check(after(sampleExe()), PDF, 'cv.pdf')).toMatchObject({
      reason: 'executable-content',
    });
    expect(await check(after('#!/bin/sh\nrm -rf /\n'), PDF, 'cv.pdf')).toMatchObject({
      reason: 'script-content',
    });
    const svg = await check(after('<svg onload="alert(1)">'), PDF, 'cv.pdf');
    expect(svg).toMatchObject({ reason: 'script-content' });
    expect(svg.detail).toContain('an event attribute onload= on <svg>');
    expect(await check(after(' '), 'image/png', 'cv.png')).toMatchObject({
      reason: 'type-mismatch',
      detail: expect.stringContaining('its content is pdf') as unknown,
    });
  });
});
