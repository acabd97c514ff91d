/**
 * Who the simulated partner systems are in the demo data (seed-network.ts) and what the site
 * sends: IRC's Patientenakte (site 101 of NLP-ONC-301, its study documents mapped by the standard
 * std-muenchenisarehr) to Nordlicht's eTMF (std-nordlichtetmf), over the active connection
 * between them. The documents go round a cycle of type codes of the site's published standard:
 * most map to exactly one type of the eTMF (delivered), one to an artifact the eTMF's standard
 * does not map (held, `receiver-artifact-unmapped`: the held queue, and a `document.held` event
 * to the sponsor's organisation, which its webhook hears of).
 */

export const SIMULATED_SITE = {
  systemId: 'muenchen-isar-ehr',
  contactEmail: 'integration@isar-rc.example',
} as const;
export const SIMULATED_SPONSOR = {
  systemId: 'nordlicht-etmf',
  contactEmail: 'integration@nordlicht-pharma.example',
} as const;
export const SIMULATED_STUDY_ID = 'study-nlp-onc-301';

/** One document of the cycle: its type in the site's standard, and what the hub will do. */
export interface PlannedDocument {
  typeCode: string;
  title: string;
  fileName: string;
  /** The person it is about is the connection's principal investigator (a CV, a licence…). */
  aboutInvestigator: boolean;
  expected: 'delivered' | 'held';
}

export const DOCUMENT_CYCLE: readonly PlannedDocument[] = [
  {
    typeCode: 'STAFF.CV.PI',
    title: 'CV of the principal investigator',
    fileName: 'cv-principal-investigator.pdf',
    aboutInvestigator: true,
    expected: 'delivered',
  },
  {
    typeCode: 'PROT.SIGPAGE',
    title: 'Protocol signature page',
    fileName: 'protocol-signature-page.pdf',
    aboutInvestigator: false,
    expected: 'held',
  },
  {
    typeCode: 'STAFF.DELEGATION',
    title: 'Delegation log',
    fileName: 'delegation-log.pdf',
    aboutInvestigator: false,
    expected: 'delivered',
  },
  {
    typeCode: 'STAFF.GCP',
    title: 'GCP training certificate of the principal investigator',
    fileName: 'gcp-certificate.pdf',
    aboutInvestigator: true,
    expected: 'delivered',
  },
  {
    typeCode: 'AGR.CDA',
    title: 'Confidentiality agreement',
    fileName: 'confidentiality-agreement.pdf',
    aboutInvestigator: false,
    expected: 'delivered',
  },
  {
    typeCode: 'STAFF.FINDISC',
    title: 'Financial disclosure of the principal investigator',
    fileName: 'financial-disclosure.pdf',
    aboutInvestigator: true,
    expected: 'delivered',
  },
];

/** The n-th document sent (0-based), round the cycle. */
export const plannedDocument = (n: number): PlannedDocument => {
  const planned = DOCUMENT_CYCLE[n % DOCUMENT_CYCLE.length];
  if (planned === undefined) throw new Error('The document cycle is empty');
  return planned;
};

/** PDF strings: only printable ASCII, with the delimiters escaped. */
const pdfText = (text: string): string =>
  text.replace(/[^\x20-\x7e]/gu, '?').replace(/[\\()]/gu, (c) => `\\${c}`);

/**
 * A one-page PDF that says what it is (a real file: the hub checks its content and scans it),
 * different for every document sent, so each has its own SHA-256.
 */
export const simulatedPdf = (title: string, lines: readonly string[]): Uint8Array<ArrayBuffer> => {
  const text = [title, ...lines]
    .map(
      (line, i) =>
        `BT /F1 ${i === 0 ? '16' : '11'} Tf 72 ${String(720 - i * 22)} Td (${pdfText(line)}) Tj ET`,
    )
    .join('\n');
  const objects = [
    '<</Type/Catalog/Pages 2 0 R>>',
    '<</Type/Pages/Kids[3 0 R]/Count 1>>',
    '<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>',
    `<</Length ${String(Buffer.byteLength(text, 'latin1'))}>>stream\n${text}\nendstream`,
    '<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>',
  ];
  let body = '%PDF-1.7\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${String(i + 1)} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${String(objects.length + 1)}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<</Size ${String(objects.length + 1)}/Root 1 0 R>>\nstartxref\n${String(xrefAt)}\n%%EOF\n`;
  const bytes = Buffer.from(body, 'latin1');
  return new Uint8Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
};
