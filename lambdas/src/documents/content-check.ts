import { fileTypeFromBuffer } from 'file-type';
import {
  DOCUMENT_CONTENT_KINDS,
  DOCUMENT_CONTENT_TYPES,
  type DocumentContentKind,
  type DocumentContentType,
  EXTENSIONS_OF,
  type QuarantineReason,
} from '@ccsc/contract/documents';
import type { DocumentFiles } from '../core/ports/documents';

/**
 * What a file really is (issue 34), checked on completion before any scan: its leading bytes
 * read by `file-type` (a maintained detector of several hundred formats by their signatures,
 * OOXML included — it reads a zip's `[Content_Types].xml` to tell a docx from a docm), compared
 * with the type the sender declared and the file name's extension, and held against the
 * environment's allow-list (`DOCUMENT_CONTENT_POLICY`, env.ts). Refused, whatever the file is
 * called: programs, scripts, archives, macro-enabled or legacy (OLE2) Office files, and anything
 * that is not what it is declared as. Allowed: the document types of DOCUMENT_CONTENT_TYPES the
 * policy names, each only as itself.
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

/** Whether the bytes are text (UTF-8, no NUL; a character cut at the end of the range is fine). */
const isText = (bytes: Uint8Array): boolean => {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
};

const textOf = (bytes: Uint8Array): string =>
  new TextDecoder('utf-8').decode(bytes.subarray(0, 4096));

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
 * content types say), null when the file is no longer than the head.
 */
export const checkContent = async (
  head: Uint8Array,
  tail: Uint8Array | null,
  declared: { contentType: string; fileName: string },
  policy: readonly ContentKind[],
): Promise<ContentVerdict> => {
  const named = `declared ${declared.contentType} and named ${declared.fileName}`;
  const declaredType = DOCUMENT_CONTENT_TYPES.find((t) => t === declared.contentType) ?? null;
  const expected = declaredType === null ? null : KIND_OF[declaredType];
  const found = await fileTypeFromBuffer(head);
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
  if (found === undefined && SCRIPT_START.test(textOf(head))) {
    return {
      ok: false,
      reason: 'script-content',
      detail: `The file is a script (it starts “${textOf(head).trimStart().slice(0, 20)}”), ${named}. Scripts are refused whatever their name.`,
    };
  }
  // What it really is, as one of the kinds a document may be (an XML file may have no signature:
  // it is XML when it is text that starts with a tag).
  const kind =
    ext !== null
      ? kindOfDetected(ext)
      : isText(head) && /^(?:\uFEFF)?\s*</.test(textOf(head))
        ? 'xml'
        : null;
  if (kind === null || expected === null || kind !== expected) {
    return {
      ok: false,
      reason: 'type-mismatch',
      detail: `The file is not what it is declared as: its content is ${kind ?? what}, ${named}.`,
    };
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
  return {
    ok: true,
    kind,
    detail: `Content checked: ${found === undefined ? 'text XML' : what}, as declared.`,
  };
};

/** Reads what the check needs of a kept file (`size` bytes) and checks it. */
export const checkKeptFile = async (
  files: Pick<DocumentFiles, 'readRange'>,
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
  return checkContent(head, tail, declared, policy);
};
