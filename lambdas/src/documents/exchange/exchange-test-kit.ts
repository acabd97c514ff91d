import type { EmsBatch, EmsObject } from './exchange-xml';

/** What the exchange.xml tests share: a fixture in the standard's shape and the values it holds. */

/**
 * Our own exchange.xml in the shape of the standard's example: a schema location, attributes on
 * lines of their own, a comment, blank lines, one site-level object with every element.
 */
export const FIXTURE = `<?xml version="1.0" encoding="UTF-8"?>
<!-- a transfer from the console's test study -->
<BATCH
    xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
    xmlns="https://tmfrefmodel.com/ems"
    xsi:schemaLocation="https://tmfrefmodel.com/ems TmfReferenceModelExchange.xsd"
    STUDYSYSTEMID="c0ffee00-0000-4000-8000-000000000001"
    STUDYID="CCSC-042"
    EVENTID="INTERIM-2"
    TRANSFERSOURCEID="ACME-CRO"
    TRANSFERID="20260314150926"
    SPECIFICATIONID="TS-7"
    TMFRMVERSION="3.3">

    <OBJECT>
        <OBJECTID>CCSC-042-SITE-0007</OBJECTID>
        <OBJECTLEVEL>Site</OBJECTLEVEL>
        <COUNTRYID>DEU</COUNTRYID>
        <SITESYSTEMID>site-77</SITESYSTEMID>
        <SITEID>DE-07</SITEID>
        <UNIQUEID>084</UNIQUEID>
        <ARTIFACTNUMBER>05.02.01</ARTIFACTNUMBER>
        <PERSONNAME>Greta Lindqvist</PERSONNAME>
        <PERSONNAME>Omar Haddad</PERSONNAME>
        <ORGANIZATIONNAME>Klinikum Nord &amp; Süd</ORGANIZATIONNAME>
        <OBJECTLANGUAGE>de</OBJECTLANGUAGE>
        <TRANSLATION>No</TRANSLATION>
        <OBJECTVERSION>2.1</OBJECTVERSION>
        <OBJECTVERSIONSTATE>Current</OBJECTVERSIONSTATE>
        <OBJECTTITLE>Investigator Brochure receipt, site DE-07</OBJECTTITLE>
        <SUBARTIFACT>Acceptance of Investigator Brochure</SUBARTIFACT>
        <OBJECTCOPY>No</OBJECTCOPY>
        <OBJECTEXPIRYDATE>31-DEC-2027</OBJECTEXPIRYDATE>
        <RESTRICTED>No</RESTRICTED>
        <RENTENTIONDATE>31-DEC-2052</RENTENTIONDATE>
        <ARTIFACTDATE>02-FEB-2026</ARTIFACTDATE>
        <DATEDESCRIPTION>Signature</DATEDESCRIPTION>

        <FILE>
            <INTEGRITY>SHA256-9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08</INTEGRITY>
            <FILENAME>IB receipt DE-07.pdf</FILENAME>
            <CONTENTURL>05/05.02/05.02.01.Acceptance of Investigator Brochure/IB receipt DE-07.pdf</CONTENTURL>
            <FILEDESCRIPTION>Signed receipt</FILEDESCRIPTION>

            <SIGNATURE>
                <SIGNATUREMETHODOLOGY>Digital</SIGNATUREMETHODOLOGY>
                <USEROID>glindqvist</USEROID>
                <SIGNATURENAME>Greta Lindqvist</SIGNATURENAME>
                <SIGNATUREDATETIME>2026-02-02T09:30:00+01:00</SIGNATUREDATETIME>
                <SIGNATUREREASON>Receipt acknowledged</SIGNATUREREASON>
            </SIGNATURE>

            <AUDITRECORD>
                <AUDITID>A-1001</AUDITID>
                <DATETIMESTAMP>2026-02-02T08:31:12Z</DATETIMESTAMP>
                <USERREF>glindqvist</USERREF>
                <AUDITENTRYTYPE>New</AUDITENTRYTYPE>
                <AUDITEVENT>Uploaded</AUDITEVENT>
            </AUDITRECORD>
        </FILE>

        <METADATA NAME="BLINDING">Open label</METADATA>
        <METADATA NAME="PRODUCT">CCSC-042</METADATA>
    </OBJECT>
</BATCH>
`;

/** The line of the first occurrence of `needle`. */
export const lineOf = (text: string, needle: string): number => {
  const at = text.indexOf(needle);
  if (at < 0) throw new Error(`${needle} not in the text`);
  return text.slice(0, at).split('\n').length;
};

/** The fixture with one replacement (the first occurrence). */
export const broken = (from: string, to: string) => {
  if (!FIXTURE.includes(from)) throw new Error(`${from} not in the fixture`);
  return FIXTURE.replace(from, to);
};

export const FULL_BATCH: EmsBatch = {
  studySystemId: 'c0ffee00-0000-4000-8000-000000000001',
  studyId: 'CCSC-042',
  eventId: 'INTERIM-2',
  transferSourceId: 'ACME-CRO',
  transferId: '20260314150926',
  specificationId: 'TS-7',
  tmfRmVersion: '3.3',
};

export const FULL_OBJECT: EmsObject = {
  objectId: 'CCSC-042-SITE-0007',
  objectLevel: 'Site',
  countryId: 'DEU',
  siteSystemId: 'site-77',
  siteId: 'DE-07',
  uniqueId: 84,
  artifactNumber: '05.02.01',
  personNames: ['Greta Lindqvist', 'Omar Haddad'],
  organizationName: 'Klinikum Nord & Süd',
  objectLanguage: 'de',
  translation: false,
  objectVersion: '2.1',
  objectVersionState: 'Current',
  objectTitle: 'Investigator Brochure receipt, site DE-07',
  subArtifact: 'Acceptance of Investigator Brochure',
  objectCopy: false,
  objectExpiryDate: '31-DEC-2027',
  restricted: false,
  retentionDate: '31-DEC-2052',
  artifactDate: '02-FEB-2026',
  dateDescription: 'Signature',
  files: [
    {
      integrity: 'SHA256-9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
      fileName: 'IB receipt DE-07.pdf',
      contentUrl: '05/05.02/05.02.01.Acceptance of Investigator Brochure/IB receipt DE-07.pdf',
      fileDescription: 'Signed receipt',
      signatures: [
        {
          methodology: 'Digital',
          userOid: 'glindqvist',
          name: 'Greta Lindqvist',
          dateTime: '2026-02-02T09:30:00+01:00',
          reason: 'Receipt acknowledged',
        },
      ],
      auditRecords: [
        {
          auditId: 'A-1001',
          dateTime: '2026-02-02T08:31:12Z',
          userRef: 'glindqvist',
          entryType: 'New',
          event: 'Uploaded',
        },
      ],
    },
  ],
  metadata: [
    { name: 'BLINDING', value: 'Open label' },
    { name: 'PRODUCT', value: 'CCSC-042' },
  ],
};

export const MINIMAL_OBJECT: EmsObject = {
  objectId: 'T-1',
  objectLevel: 'Trial',
  uniqueId: 1,
  artifactNumber: '01.01.01',
  personNames: [],
  objectVersion: '1',
  objectVersionState: 'Obsolete',
  objectCopy: true,
  files: [
    {
      integrity: 'SHA256-00',
      fileName: 'plan.pdf',
      contentUrl: '01/01.01/01.01.01.Trial Master File Plan/plan.pdf',
      signatures: [],
      auditRecords: [],
    },
  ],
  metadata: [],
};

export async function text(chunks: AsyncIterable<string>): Promise<string> {
  let out = '';
  for await (const chunk of chunks) out += chunk;
  return out;
}
