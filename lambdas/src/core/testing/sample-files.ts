import { crc32, deflateSync } from 'node:zlib';

/**
 * Real files of each kind a document may be, and of kinds the content check refuses, built in
 * code (no binary in the repository) and small: what the tests send, so a completion's content
 * check (documents/content-check.ts) sees a file of its declared type. `note` makes each file's
 * bytes (and so its SHA-256) its own. Shared with tests/ (tests/support/sample-files.ts).
 */

const ascii = (text: string): Buffer => Buffer.from(text, 'latin1');

/** A one-page PDF 1.7 with a correct cross-reference table; `note` goes in its Info title. */
export const samplePdf = (note = 'sample'): Buffer => {
  const title = note.replace(/[()\\]/g, '_');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << >> >>',
    `<< /Title (${title}) /Producer (ccsc tests) >>`,
  ];
  let body = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${String(i + 1)} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${String(objects.length + 1)}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${String(objects.length + 1)} /Root 1 0 R /Info 4 0 R >>\nstartxref\n${String(xref)}\n%%EOF\n`;
  return ascii(body);
};

const pngChunk = (type: string, data: Buffer): Buffer => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([ascii(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
};

/** A 1×1 grey PNG; `note` in a tEXt chunk. */
export const samplePng = (note = 'sample'): Buffer => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('tEXt', ascii(`Comment\0${note}`)),
    pngChunk('IDAT', deflateSync(Buffer.from([0, 0x80]))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
};

/** A JPEG's frame markers (SOI, a JFIF APP0, a comment with `note`, EOI). */
export const sampleJpeg = (note = 'sample'): Buffer => {
  const comment = ascii(note);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(comment.length + 2);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    ascii('JFIF\0'),
    Buffer.from([0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]),
    Buffer.from([0xff, 0xfe]),
    length,
    comment,
    Buffer.from([0xff, 0xd9]),
  ]);
};

/** A little-endian TIFF with one empty image directory; `note` after it. */
export const sampleTiff = (note = 'sample'): Buffer => {
  const head = Buffer.alloc(14);
  head.write('II', 0, 'latin1');
  head.writeUInt16LE(42, 2);
  head.writeUInt32LE(8, 4); // the first directory
  head.writeUInt16LE(0, 8); // no entries
  head.writeUInt32LE(0, 10); // no next directory
  return Buffer.concat([head, ascii(note)]);
};

/**
 * A zip of `entries`, stored (not compressed), the test's own minimal writer: the fixtures must
 * be synchronous and tiny; production zips are yazl's (docs/libraries.md).
 */
export const sampleZip = (entries: readonly { name: string; data: Buffer | string }[]): Buffer => {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const data = typeof entry.data === 'string' ? Buffer.from(entry.data, 'utf8') : entry.data;
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
};

const RELS = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="PART"/></Relationships>`;

const contentTypes = (part: string, mainType: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/${part}" ContentType="${mainType}"/></Types>`;

const WORD_MAIN =
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';

/** A Word document (OOXML): content types, relationships, one paragraph with `note`. */
export const sampleDocx = (note = 'sample'): Buffer =>
  sampleZip([
    { name: '[Content_Types].xml', data: contentTypes('word/document.xml', WORD_MAIN) },
    { name: '_rels/.rels', data: RELS.replace('PART', 'word/document.xml') },
    {
      name: 'word/document.xml',
      data: `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>${note}</w:t></w:r></w:p></w:body></w:document>`,
    },
  ]);

/** An Excel workbook (OOXML), one empty sheet. */
export const sampleXlsx = (note = 'sample'): Buffer =>
  sampleZip([
    {
      name: '[Content_Types].xml',
      data: contentTypes(
        'xl/workbook.xml',
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
      ),
    },
    { name: '_rels/.rels', data: RELS.replace('PART', 'xl/workbook.xml') },
    {
      name: 'xl/workbook.xml',
      data: `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><!-- ${note} --><sheets/></workbook>`,
    },
  ]);

/** A macro-enabled Word document: its main part declared macro-enabled, a VBA project inside. */
export const sampleDocm = (note = 'sample'): Buffer =>
  sampleZip([
    {
      name: '[Content_Types].xml',
      data: contentTypes(
        'word/document.xml',
        'application/vnd.ms-word.document.macroEnabled.main+xml',
      ),
    },
    { name: '_rels/.rels', data: RELS.replace('PART', 'word/document.xml') },
    { name: 'word/document.xml', data: `<w:document><!-- ${note} --></w:document>` },
    { name: 'word/vbaProject.bin', data: Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0, 0, 0, 0]) },
  ]);

/** An XML file (with its declaration, or plain text starting with a tag). */
export const sampleXml = (note = 'sample', declaration = true): Buffer =>
  Buffer.from(
    `${declaration ? '<?xml version="1.0" encoding="UTF-8"?>\n' : ''}<document><note>${note}</note></document>\n`,
    'utf8',
  );

/** A Windows program's header (MZ, then a PE signature): harmless bytes that look like one. */
export const sampleExe = (note = 'sample'): Buffer => {
  const bytes = Buffer.alloc(256);
  bytes.write('MZ', 0, 'latin1');
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.write('PE\0\0', 0x80, 'latin1');
  bytes.write(note.slice(0, 60), 0x90, 'latin1');
  return bytes;
};

/** A Linux program's header (ELF, 64-bit). */
export const sampleElf = (note = 'sample'): Buffer => {
  const bytes = Buffer.alloc(128);
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]).copy(bytes);
  bytes.write(note.slice(0, 60), 64, 'latin1');
  return bytes;
};

/** A shell script. */
export const sampleShebang = (note = 'sample'): Buffer =>
  Buffer.from(`#!/bin/sh\necho "${note.replace(/"/g, '')}"\n`, 'utf8');

/**
 * The EICAR anti-malware test file (not a virus: the standard string every scanner reports),
 * assembled here so this source is not itself reported.
 */
export const eicar = (): Buffer =>
  Buffer.from(
    ['X5O!P%@AP[4\\PZX54(P^)7CC)7}$', 'EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*'].join(''),
    'latin1',
  );

/** A file of `contentType` (one a document may have) with its bytes its own. */
export const sampleFileOf = (contentType: string, note = 'sample'): Buffer => {
  switch (contentType) {
    case 'application/pdf':
      return samplePdf(note);
    case 'image/png':
      return samplePng(note);
    case 'image/jpeg':
      return sampleJpeg(note);
    case 'image/tiff':
      return sampleTiff(note);
    case 'application/vnd.openxmlformats-officedocument.wordprocessingml.document':
      return sampleDocx(note);
    case 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet':
      return sampleXlsx(note);
    case 'application/xml':
    case 'text/xml':
      return sampleXml(note);
    default:
      throw new Error(`No sample file of ${contentType}.`);
  }
};
