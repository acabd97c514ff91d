import { describe, expect, it } from 'vitest';
import {
  eicar,
  sampleDocm,
  sampleDocx,
  sampleElf,
  sampleExe,
  sampleJpeg,
  samplePdf,
  samplePng,
  sampleShebang,
  sampleTiff,
  sampleXlsx,
  sampleXml,
  sampleZip,
} from '../core/testing/sample-files';
import { checkContent, checkKeptFile, CHECK_BYTES, DEFAULT_CONTENT_POLICY } from './content-check';
import { parseLambdaEnv } from '../env';
import { MemoryDocumentFiles } from '../core/testing/memory-document-imports';

const PDF = 'application/pdf';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The variables every function has (env.ts), the policy's aside. */
const ENV = {
  AWS_REGION: 'eu-central-1',
  ENVIRONMENT_NAME: 'test',
  USER_POOL_ID: 'eu-central-1_abc123',
  USER_POOL_CLIENT_ID: 'client',
  MAIN_TABLE: 'main',
  AUDIT_TABLE: 'audit',
  DOCUMENTS_TABLE: 'documents',
  DOCUMENTS_BUCKET: 'documents',
  ARTIFACTS_BUCKET: 'artifacts',
  EXPORTS_BUCKET: 'exports',
  MAIL_FROM: 'hub@example.com',
  ALLOWED_ORIGINS: 'https://console.example.com',
  OAUTH_TOKEN_URL: 'https://auth.example.com/oauth2/token',
  PARTNER_API_BASE_URL: 'https://console.example.com',
};

const check = (
  bytes: Buffer,
  contentType: string,
  fileName: string,
  policy = DEFAULT_CONTENT_POLICY,
) => checkContent(bytes, null, { contentType, fileName }, policy);

describe('the content check (what a file really is)', () => {
  it.each([
    ['a PDF', samplePdf('cv'), PDF, 'cv.pdf', 'pdf'],
    ['a PNG', samplePng(), 'image/png', 'scan.png', 'png'],
    ['a JPEG', sampleJpeg(), 'image/jpeg', 'photo.jpeg', 'jpg'],
    ['a TIFF', sampleTiff(), 'image/tiff', 'scan.tif', 'tif'],
    ['a DOCX', sampleDocx(), DOCX, 'protocol.docx', 'docx'],
    ['an XLSX', sampleXlsx(), XLSX, 'log.xlsx', 'xlsx'],
    ['XML with its declaration', sampleXml(), 'application/xml', 'data.xml', 'xml'],
    [
      'XML without a declaration, as text/xml',
      sampleXml('x', false),
      'text/xml',
      'data.xml',
      'xml',
    ],
  ])('accepts %s of its declared type', async (_, bytes, contentType, fileName, kind) => {
    expect(await check(bytes, contentType, fileName)).toMatchObject({ ok: true, kind });
  });

  it('quarantines a Windows executable named cv.pdf and declared application/pdf', async () => {
    const verdict = await check(sampleExe(), PDF, 'cv.pdf');
    expect(verdict).toMatchObject({ ok: false, reason: 'executable-content' });
    expect(verdict.detail).toContain('exe');
    expect(verdict.detail).toContain('cv.pdf');
  });

  it.each([
    ['an ELF program', sampleElf(), 'executable-content'],
    ['a shebang script', sampleShebang(), 'script-content'],
    ['a batch script', Buffer.from('@echo off\r\ndel *.*\r\n'), 'script-content'],
    ['a zip archive', sampleZip([{ name: 'a.txt', data: 'hello' }]), 'archive-content'],
    ['a macro-enabled Word file', sampleDocm(), 'macro-enabled'],
    ['an EICAR file (text, not a PDF)', eicar(), 'type-mismatch'],
    ['a PNG', samplePng(), 'type-mismatch'],
  ])('quarantines %s declared as a PDF', async (_, bytes, reason) => {
    expect(await check(bytes, PDF, 'cv.pdf')).toMatchObject({ ok: false, reason });
  });

  it('refuses a docm declared as a docx, and a zip declared as a docx', async () => {
    expect(await check(sampleDocm(), DOCX, 'a.docx')).toMatchObject({ reason: 'macro-enabled' });
    const zip = sampleZip([{ name: 'word/x.txt', data: 'x' }]);
    expect((await check(zip, DOCX, 'a.docx')).ok).toBe(false);
  });

  it('refuses XML that is not text, and text that is no XML', async () => {
    expect(await check(samplePng(), 'application/xml', 'a.xml')).toMatchObject({
      reason: 'type-mismatch',
    });
    expect(await check(Buffer.from('just words'), 'text/xml', 'a.xml')).toMatchObject({
      reason: 'type-mismatch',
    });
    expect(await check(Buffer.from('<html><script>x</script>'), 'text/xml', 'a.xml')).toMatchObject(
      { reason: 'script-content' },
    );
  });

  it('refuses a name that does not fit its type', async () => {
    expect(await check(samplePdf(), PDF, 'cv.exe')).toMatchObject({ reason: 'type-mismatch' });
  });

  it('applies the environment’s policy: a kind it leaves out is not allowed', async () => {
    const policyOf = (value?: string) =>
      parseLambdaEnv({ ...ENV, ...(value === undefined ? {} : { DOCUMENT_CONTENT_POLICY: value }) })
        .DOCUMENT_CONTENT_POLICY;
    const policy = policyOf('pdf, DOCX');
    expect(policy).toEqual(['pdf', 'docx']);
    expect(await check(samplePng(), 'image/png', 'a.png', policy)).toMatchObject({
      reason: 'type-not-allowed',
    });
    expect((await check(samplePdf(), PDF, 'a.pdf', policy)).ok).toBe(true);
    expect(policyOf()).toEqual(DEFAULT_CONTENT_POLICY);
    expect(() => policyOf('pdf,exe')).toThrow(/DOCUMENT_CONTENT_POLICY: names exe/);
  });

  it('reads the leading bytes, and an Office file’s directory at its end', async () => {
    const files = new MemoryDocumentFiles();
    // A docx whose macro project lies beyond the leading bytes read.
    const padding = Buffer.alloc(CHECK_BYTES * 2, 0x20);
    const late = sampleZipWith(padding);
    files.put('records/s/d/1', late);
    const verdict = await checkKeptFile(
      files,
      'records/s/d/1',
      late.length,
      { contentType: DOCX, fileName: 'a.docx' },
      DEFAULT_CONTENT_POLICY,
    );
    expect(verdict).toMatchObject({ ok: false, reason: 'macro-enabled' });
    expect(files.calls.readRange).toBe(2);
  });
});

/** A docx with a large part first and a VBA project last (its name only in the directory's end). */
const sampleZipWith = (padding: Buffer) =>
  sampleZip([
    {
      name: '[Content_Types].xml',
      data: '<?xml version="1.0"?><Types><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    },
    { name: 'word/document.xml', data: padding },
    { name: 'word/vbaProject.bin', data: 'x' },
  ]);
