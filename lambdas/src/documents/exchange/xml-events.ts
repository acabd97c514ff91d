/** What the XML scanner (xml-scanner.ts) reads a document into, and how it refuses one. */

export interface XmlAttribute {
  /** the name as written, e.g. xsi:schemaLocation */
  name: string;
  namespace: string | null;
  local: string;
  value: string;
  /** attributes may stand on lines of their own */
  line: number;
}

export type XmlEvent =
  | {
      type: 'start';
      name: string;
      namespace: string | null;
      local: string;
      /** namespace declarations (xmlns, xmlns:p) are not among them */
      attributes: XmlAttribute[];
      line: number;
    }
  | { type: 'end'; name: string; namespace: string | null; local: string; line: number }
  | { type: 'text'; text: string; line: number };

export class XmlSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
    this.name = 'XmlSyntaxError';
  }
}

/** Characters XML 1.0 does not allow anywhere, even escaped. */
export const NOT_XML_CHAR = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/u;
