import { fileTypeFromBuffer } from 'file-type';
import * as z from 'zod';
import {
  DOCUMENT_CONTENT_KINDS,
  DOCUMENT_CONTENT_TYPES,
  type DocumentContentKind,
  type DocumentContentType,
  EXTENSIONS_OF,
  QUARANTINE_REASONS,
  type QuarantineReason,
} from '@ccsc/contract/documents';
import type { DocumentFiles } from '../core/ports/documents';
import { scanMarkup, type ScriptFinding } from './content-check-markup';
import { decodedStream, encodingOf, textIn } from './content-check-text';

/**
 * What a file really is (issue 34), checked on completion before any scan: its leading bytes
 * read by `file-type` (a maintained detector of several hundred formats by their signatures,
 * OOXML included — it reads a zip's `[Content_Types].xml` to tell a docx from a docm), compared
 * with the type the sender declared and the file name's extension, and held against the
 * environment's allow-list (`DOCUMENT_CONTENT_POLICY`, env.ts). Refused, whatever the file is
 * called: programs, scripts, archives, macro-enabled or legacy (OLE2) Office files, and anything
 * that is not what it is declared as. Allowed: the document types of DOCUMENT_CONTENT_TYPES the
 * policy names, each only as itself. Two things file-type leaves to us: a PDF's header may follow
 * other bytes (PDF readers look for it in the first 1024, as Acrobat does: PDF 1.7 annex H), and
 * XML is text, in UTF-8 or in UTF-16 with its byte order mark (content-check-text.ts), read whole
 * as it streams for SVG or (X)HTML script (content-check-markup.ts): script hidden past the first
 * 64 KiB is still script.
 */

/** The kinds of document a policy may allow (the contract's DOCUMENT_CONTENT_KINDS). */
export const CONTENT_KINDS = DOCUMENT_CONTENT_KINDS;
export type ContentKind = DocumentContentKind;

/** The policy when DOCUMENT_CONTENT_POLICY is not set: every kind a document may be. */
export const DEFAULT_CONTENT_POLICY: readonly ContentKind[] = CONTENT_KINDS;

/** The kind each declared content type must really be. */
const KIND_OF: Readonly<Record<DocumentContentType, ContentKind>> = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/tiff': 'tif',
  'application/xml': 'xml',
  'text/xml': 'xml',
};

/** How many leading bytes are read (and, for an Office file, trailing: its zip directory). */
export const CHECK_BYTES = 64 * 1024;

/** What file-type's extensions mean for the policy: never allowed, whatever the name. */
const EXECUTABLE = new Set(['exe', 'elf', 'macho', 'class', 'wasm', 'dex', 'lnk', 'swf', 'crx']);
const EXECUTABLE_PACKAGES = new Set(['jar', 'apk', 'xpi', 'deb', 'rpm', 'dmg', 'msi', 'asar']);
const ARCHIVES = new Set([
  'zip',
  'rar',
  '7z',
  'gz',
  'tar.gz',
  'bz2',
  'xz',
  'zst',
  'lz',
  'lz4',
  'lzh',
  'Z',
  'tar',
  'cab',
  'arj',
  'ace',
  'ar',
  'cpio',
  'iso',
]);
const MACRO_ENABLED = new Set(['docm', 'xlsm', 'pptm', 'dotm', 'xltm', 'potm', 'ppsm', 'cfb']);
/** Names a signature-less file may still be refused by (a script is text). */
const SCRIPT_START = /^(?:\uFEFF)?\s*(?:#!|@echo\s+off|<script|<html|<!doctype\s+html|<\?php)/i;

export type ContentVerdict =
  | { ok: true; kind: ContentKind; detail: string }
  | { ok: false; reason: Exclude<QuarantineReason, 'malware-found'>; detail: string };

const kindOfDetected = (ext: string): ContentKind | null => {
  if (ext === 'ai') return 'pdf'; // an Adobe Illustrator file is a PDF with private data
  return CONTENT_KINDS.find((k) => k === ext) ?? null;
};

/** Where a PDF reader finds the header: within the first 1024 bytes (PDF 1.7 annex H, note 13). */
const PDF_HEADER = Buffer.from('%PDF-', 'latin1');
const PDF_HEADER_WITHIN = 1024;
const pdfHeaderAt = (head: Uint8Array): number =>
  Buffer.from(head.buffer, head.byteOffset, Math.min(head.byteLength, PDF_HEADER_WITHIN)).indexOf(
    PDF_HEADER,
  );

/** A script's refusal: what it is and what was found in it. */
const scriptDetail = (finding: ScriptFinding, named: string): string =>
  `The file is ${finding.markup} carrying script (${finding.what}), ${named}. Scripts are refused whatever their name.`;

const VBA_PROJECT = Buffer.from('vbaProject.bin', 'latin1');
const containsBytes = (haystack: Uint8Array, needle: Buffer): boolean =>
  Buffer.from(haystack.buffer, haystack.byteOffset, haystack.byteLength).includes(needle);

/** The file name's extension, lower case ('' when it has none). */
const extensionOf = (fileName: string): string => {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
};

/**
 * The check of one file: `head` its first bytes (at most CHECK_BYTES), `tail` its last (an Office
 * file's zip directory, which names every part: a `vbaProject.bin` there is a macro, whatever the
 * content types say), null when the file is no longer than the head; `whole` the whole file as it
 * streams, read only for XML (script may be anywhere in it; the head when absent).
 */
export const checkContent = async (
  head: Uint8Array,
  tail: Uint8Array | null,
  declared: { contentType: string; fileName: string },
  policy: readonly ContentKind[],
  whole?: () => AsyncIterable<Uint8Array>,
): Promise<ContentVerdict> => {
  const named = `declared ${declared.contentType} and named ${declared.fileName}`;
  const declaredType = DOCUMENT_CONTENT_TYPES.find((t) => t === declared.contentType) ?? null;
  const expected = declaredType === null ? null : KIND_OF[declaredType];
  const found = await fileTypeFromBuffer(head);
  const encoding = encodingOf(head);
  const ext = found?.ext ?? null;
  const what = found === undefined ? 'unrecognised' : `${found.ext}, ${found.mime}`;
  // Executables first, by their own magic as well as file-type's: MZ (Windows), ELF, Mach-O.
  if (ext !== null && (EXECUTABLE.has(ext) || EXECUTABLE_PACKAGES.has(ext))) {
    return {
      ok: false,
      reason: 'executable-content',
      detail: `The file is a program (${what}), ${named}. Programs are refused whatever their name.`,
    };
  }
  if (ext !== null && MACRO_ENABLED.has(ext)) {
    return {
      ok: false,
      reason: 'macro-enabled',
      detail: `The file is ${ext === 'cfb' ? 'a legacy (OLE2) Office or installer file, which may carry macros' : 'a macro-enabled Office file'} (${what}), ${named}. Send it as a PDF or a macro-free docx/xlsx.`,
    };
  }
  const office = ext === 'docx' || ext === 'xlsx' || ext === 'pptx';
  if (
    office &&
    (containsBytes(head, VBA_PROJECT) || (tail !== null && containsBytes(tail, VBA_PROJECT)))
  ) {
    return {
      ok: false,
      reason: 'macro-enabled',
      detail: `The file is an Office file carrying a macro project (vbaProject.bin; ${what}), ${named}. Send it as a PDF or a macro-free docx/xlsx.`,
    };
  }
  if (ext !== null && ARCHIVES.has(ext)) {
    return {
      ok: false,
      reason: 'archive-content',
      detail: `The file is an archive (${what}), ${named}. Archives may carry anything and are refused; send each document on its own.`,
    };
  }
  const leading = new TextDecoder(encoding).decode(head.subarray(0, 4096), { stream: true });
  if (found === undefined && SCRIPT_START.test(leading)) {
    return {
      ok: false,
      reason: 'script-content',
      detail: `The file is a script (it starts “${leading.trimStart().slice(0, 20)}”), ${named}. Scripts are refused whatever their name.`,
    };
  }
  // What it really is, as one of the kinds a document may be: a PDF whose header follows other
  // bytes (file-type looks only at the start), or XML, which may have no signature: text (in its
  // encoding) that starts with a tag.
  const pdfAt = found === undefined ? pdfHeaderAt(head) : -1;
  const text = ext === null && pdfAt < 0 ? textIn(head, encoding) : null;
  const kind =
    ext !== null
      ? kindOfDetected(ext)
      : pdfAt >= 0
        ? 'pdf'
        : text !== null && /^\s*</.test(text)
          ? 'xml'
          : null;
  if (kind === null || expected === null || kind !== expected) {
    const missing =
      expected === 'pdf' && kind === null
        ? ` (no %PDF- header within its first ${String(PDF_HEADER_WITHIN)} bytes)`
        : '';
    return {
      ok: false,
      reason: 'type-mismatch',
      detail: `The file is not what it is declared as: its content is ${kind ?? what}${missing}, ${named}.`,
    };
  }
  // What comes before a PDF's header is read by no PDF reader, but it must not be a script either.
  const before =
    pdfAt > 0 ? await scanMarkup(once(new TextDecoder().decode(head.subarray(0, pdfAt)))) : null;
  if (before !== null) {
    return { ok: false, reason: 'script-content', detail: scriptDetail(before, named) };
  }
  if (
    declaredType !== null &&
    !EXTENSIONS_OF[declaredType].includes(extensionOf(declared.fileName))
  ) {
    return {
      ok: false,
      reason: 'type-mismatch',
      detail: `The file’s name does not fit what it is: its content is ${kind}, ${named}.`,
    };
  }
  if (!policy.includes(kind)) {
    return {
      ok: false,
      reason: 'type-not-allowed',
      detail: `The file is ${kind} (${what}), which this environment does not accept (allowed: ${policy.join(', ')}).`,
    };
  }
  if (kind === 'xml') {
    const finding = await scanMarkup(decodedStream(whole?.() ?? once(head), encoding));
    if (finding !== null) {
      return { ok: false, reason: 'script-content', detail: scriptDetail(finding, named) };
    }
    return {
      ok: true,
      kind,
      detail: `Content checked: XML${encoding === 'utf-8' ? '' : ` in ${encoding.toUpperCase()}`}, no script, as declared.`,
    };
  }
  return {
    ok: true,
    kind,
    detail:
      pdfAt > 0
        ? `Content checked: pdf, application/pdf (its header at byte ${String(pdfAt)}, after bytes PDF readers skip), as declared.`
        : `Content checked: ${what}, as declared.`,
  };
};

/** One value as a stream. */
async function* once<T>(value: T): AsyncIterable<T> {
  yield await Promise.resolve(value);
}

/** Reads what the check needs of a kept file (`size` bytes) and checks it. */
export const checkKeptFile = async (
  files: Pick<DocumentFiles, 'readRange' | 'read'>,
  key: string,
  size: number,
  declared: { contentType: string; fileName: string },
  policy: readonly ContentKind[],
): Promise<ContentVerdict> => {
  const head = await files.readRange(key, 0, Math.min(size, CHECK_BYTES) - 1);
  const tail =
    size > CHECK_BYTES && declared.contentType.includes('openxmlformats')
      ? await files.readRange(key, Math.max(CHECK_BYTES, size - CHECK_BYTES), size - 1)
      : null;
  const whole = size > CHECK_BYTES ? () => files.read(key) : undefined;
  return checkContent(head, tail, declared, policy, whole);
};

/**
 * A verdict as a journaled write keeps it in its state (document-sends.ts' completion,
 * import-join.ts): passed with what the file is, or refused with the reason and what was found.
 */
export const keptVerdictSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), detail: z.string() }),
  z.object({
    ok: z.literal(false),
    reason: z.enum(QUARANTINE_REASONS),
    detail: z.string(),
  }),
]);
