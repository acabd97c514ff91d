import * as z from 'zod';

/** A document's text and id rules, shared by the document schemas (no imports of theirs: no cycle). */

/** A UTF-16 surrogate without its pair: text no file system, header or XML can carry. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/u;

/**
 * A document's text as it travels on (a file name, a title, a name): trimmed, no control or
 * format characters (no bidi overrides hiding an extension), no lone surrogate — so every
 * header, inventory (exchange.xml) and file system that receives it can carry it.
 */
export const documentTextSchema = (field: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `${field} is required.`)
    .max(max, `${field} has at most ${String(max)} characters.`)
    .refine(
      (v) => !/[\p{Cc}\p{Cf}]/u.test(v) && !LONE_SURROGATE.test(v),
      `${field} may not contain control or format characters.`,
    );

export const documentIdSchema = z.lazy(() =>
  z
    .string()
    .regex(/^doc-[0-9a-z]{26}$/, 'documentId is not a document id (doc-…).')
    .describe('A document id, as the hub gave it.'),
);
