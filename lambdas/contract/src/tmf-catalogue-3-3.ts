/**
 * The TMF Reference Model, version 3.3 (release 3.3.1 of 11 August 2023), as reference data.
 * The model is published by CDISC as a public-domain work. This file holds only its structure:
 * zone, section and artifact numbers and names, the permanent unique IDs, core or recommended,
 * the filing levels and the sub-artifact examples; not the definitions or other columns.
 *
 * Sources. Every fact here was read from the CDISC-published 3.3.1 spreadsheet (its "Clean"
 * sheet), including the trial / country / site level columns, so no filing level is derived:
 * all 250 artifacts have their levels from that source. Cross-checks:
 * - an independent transcription of 3.3.1 (unique IDs, numbers, names, core/recommended, sections,
 *   zones, sub-artifacts; no levels): agrees on every artifact and sub-artifact;
 * - the CDISC-published 3.2.1 spreadsheet: the same 250 unique IDs, numbers, names and
 *   classifications; levels differ only where 3.3.1 changed them (05.01.01 Site Contact Details
 *   gained trial and country; 05.02.13 Indemnity gained country);
 * - a listing of numbers, names and core/recommended from other software: agrees on all 250
 *   (it spells 02.01.01 "Investigators Brochure");
 * - a number-to-name map from other software that carries older names 3.3.1 does not use:
 *   03.01.02 "Regulatory Approval Notification", 03.02.02 "Import or Export License", 03.03.01
 *   "Notification to Regulatory Authority of Safety or Trial Information", 04.01.02 "IRB or IEC
 *   Approval", 06.04.03 "Maintenance Logs (Device)", 10.03.01 "Database Specifications",
 *   10.03.10 "Data QC or QA Plan and Results", 10.04.03 "Validation Documents", zone 09 "Third
 *   Parties", and a zone 12 that is not in the model. The 3.3.1 source wins throughout.
 * A further number-to-name map seen during the checks renumbers parts of zones 03 and 05-10 and
 * was not used.
 *
 * Transcription choices (the spreadsheet's cells, tidied):
 * - spaces trimmed and runs of spaces collapsed (e.g. "Database  Requirements", "Protocol ");
 *   the typographic apostrophe in "GMP Manufacturer's License" made plain;
 * - sub-artifacts: one per line of the cell; lines the sheet had run together with long runs of
 *   spaces (03.02.02, 05.03.02, 06.01.02) are split there and trailing commas dropped; the
 *   duplicate "ICF Summary of Changes" under 02.02.03 is listed once;
 * - levels: a cell marked "X" or "x" counts; 06.02.02's site cell holds only a space, so it is
 *   trial and country only; the zone 09 name is kept as the artifact rows spell it, "Third
 *   parties".
 * Gaps in the numbering (02.01.08-09, 05.02.15-16, 10.02.03) and in the unique IDs (021-023,
 * 046, 098-099, 189, 203, 238) are the model's: those artifacts were retired before 3.3.
 *
 * personal: our judgement, not a column of the model. True where each document is about one
 * named person: 01.02.02, 01.03.04, 05.02.04, 05.02.05, 05.02.06, 08.01.07 and 09.01.02 (CVs);
 * 01.03.05 and 05.02.10 (an individual's financial disclosure); 01.03.06 and 01.03.07 (one
 * committee member's contract or confidentiality agreement); 05.02.07 (one person's licences,
 * qualifications and GCP training evidence); 05.02.20 (the documents of one coordinating
 * investigator: CV, licence, disclosure, agreements). False elsewhere, notably: 01.04.04 and
 * 05.03.03 (training evidence includes attendance sheets for many people), 05.02.18 Site
 * Signature Sheet and 01.02.01 Trial Team Details (lists of people), 05.02.08 Form FDA 1572 and
 * 05.02.09 Investigator Regulatory Agreement (one per site, identified by the site), and
 * subject-level records (subjects are not named).
 */
import type {
  FilingLevel,
  TmfArtifact,
  TmfCatalogue,
  TmfSection,
  TmfZone,
} from './tmf-catalogue-types';

const CORE = true;
const REC = false;
const PERSON = true;

/** The model's level columns as letters: T trial, C country, S site (in that order). */
type Levels = 'T' | 'C' | 'S' | 'TC' | 'TS' | 'CS' | 'TCS';
const FILING_LEVELS = [
  ['T', 'trial'],
  ['C', 'country'],
  ['S', 'site'],
] as const satisfies readonly (readonly [string, FilingLevel])[];

function a(
  number: string,
  uniqueId: string,
  name: string,
  core: boolean,
  levels: Levels,
  subArtifacts: readonly string[] = [],
  personal = false,
): TmfArtifact {
  return {
    number,
    uniqueId,
    name,
    core,
    levels: FILING_LEVELS.filter(([letter]) => levels.includes(letter)).map(([, level]) => level),
    subArtifacts,
    personal,
  };
}

function s(number: string, name: string, artifacts: readonly TmfArtifact[]): TmfSection {
  return { number, name, artifacts };
}

function z(number: string, name: string, sections: readonly TmfSection[]): TmfZone {
  return { number, name, sections };
}

export const TMF_RM_3_3: TmfCatalogue = {
  model: 'TMF Reference Model',
  version: '3.3',
  release: '3.3.1',
  // prettier-ignore
  zones: [
    z('01', 'Trial Management', [
      s('01.01', 'Trial Oversight', [
        a('01.01.01', '001', 'Trial Master File Plan', REC, 'T', ['Document Transfer Documentation', 'Evidence of Quality Review', 'Request to Lock TMF', 'Trial Master File Plan', 'Trial Master File Index', 'Trial Master File Report']),
        a('01.01.02', '002', 'Trial Management Plan', REC, 'TC', ['Clinical Development Plan', 'Project Management Plan', 'Trial Management Plan']),
        a('01.01.03', '003', 'Quality Plan', REC, 'TC', ['Quality Documentation', 'Quality Plan', 'Quality Report']),
        a('01.01.04', '004', 'List of SOPs Current During Trial', CORE, 'TC', ['List of SOPs Current During Trial', 'SOP Waivers', 'SOP Deviations']),
        a('01.01.05', '005', 'Operational Procedure Manual', REC, 'TC', ['Operational Procedure Manual']),
        a('01.01.06', '006', 'Recruitment Plan', REC, 'TCS', ['Recruitment Plan', 'Recruitment Progress']),
        a('01.01.07', '007', 'Communication Plan', REC, 'TC', ['Communication Plan']),
        a('01.01.08', '008', 'Monitoring Plan', CORE, 'TCS', ['Monitoring Plan', 'Risk Based Monitoring Plan', 'Risk Based Monitoring Evidence']),
        a('01.01.09', '009', 'Medical Monitoring Plan', CORE, 'T', ['Medical Monitoring Plan', 'Medical Contact Report', 'Medical Monitoring Decisions']),
        a('01.01.10', '010', 'Publication Policy', REC, 'T', ['Publication Policy']),
        a('01.01.11', '011', 'Debarment Statement', REC, 'TS', ['Debarment Statement', 'Restricted Party Lists']),
        a('01.01.12', '012', 'Trial Status Report', REC, 'TC', ['Trial Status Report']),
        a('01.01.13', '013', 'Investigator Newsletter', REC, 'TC', ['Investigator Newsletter']),
        a('01.01.14', '014', 'Audit Certificate', CORE, 'TCS', ['Audit Certificate', 'List of Audits']),
        a('01.01.15', '015', 'Filenote Master List', REC, 'TCS', ['Filenote Master List']),
        a('01.01.16', '236', 'Risk Management Plan', REC, 'T', ['Risk Management Plan', 'Risk Assessment', 'Risk Log']),
        a('01.01.17', '237', 'Vendor Management Plan', REC, 'T', ['Vendor Management Plan']),
        a('01.01.18', '181', 'Roles and Responsibility Matrix', CORE, 'TC', ['Roles and Responsibility Matrix']),
        a('01.01.19', '247', 'Transfer of Regulatory Obligations', CORE, 'TC', ['Transfer of Regulatory Obligations']),
        a('01.01.20', '248', 'Operational Oversight', CORE, 'T', ['Operational Oversight Plan', 'Operational Oversight Evidence']),
      ]),
      s('01.02', 'Trial Team', [
        a('01.02.01', '016', 'Trial Team Details', CORE, 'TC', ['Trial Team Details', 'Transition Evidence']),
        a('01.02.02', '017', 'Trial Team Curriculum Vitae', CORE, 'TC', ['Trial Team Curriculum Vitae'], PERSON),
      ]),
      s('01.03', 'Trial Committee', [
        a('01.03.01', '018', 'Committee Process', CORE, 'T', ['Committee Charter', 'Committee Process']),
        a('01.03.02', '019', 'Committee Member List', CORE, 'T', ['Committee Member List']),
        a('01.03.03', '020', 'Committee Output', CORE, 'T', ['Committee Correspondence', 'Committee Data Package', 'Committee Minutes', 'Committee Report']),
        a('01.03.04', '249', 'Committee Member Curriculum Vitae', CORE, 'T', ['Committee Member Curriculum Vitae', 'Committee Member Medical License', 'Committee Member Training Evidence'], PERSON),
        a('01.03.05', '250', 'Committee Member Financial Disclosure Form', CORE, 'T', ['Committee Member Financial Disclosure Form'], PERSON),
        a('01.03.06', '251', 'Committee Member Contract', CORE, 'T', ['Committee Member Contract'], PERSON),
        a('01.03.07', '252', 'Committee Member Confidentiality Disclosure Agreement', CORE, 'T', ['Committee Member Confidentiality Disclosure Agreement'], PERSON),
      ]),
      s('01.04', 'Meetings', [
        a('01.04.01', '024', 'Kick-off Meeting Material', CORE, 'TC', ['Kick-off Meeting Agenda', 'Kick-off Meeting Attendance Sheet', 'Kick-off Meeting Presentation Materials', 'Kick-off Meeting Minutes']),
        a('01.04.02', '025', 'Trial Team Training Material', CORE, 'TC', ['Trial Team Training Material']),
        a('01.04.03', '026', 'Investigators Meeting Material', CORE, 'TC', ['Investigators Meeting Agenda', 'Investigators Meeting Attendance Sheet', 'Investigators Meeting Minutes', 'Investigators Meeting Presentation Materials']),
        a('01.04.04', '253', 'Trial Team Evidence of Training', CORE, 'TC', ['Trial Team Training Attendance Sheet', 'Trial Team Training Certificate']),
      ]),
      s('01.05', 'General', [
        a('01.05.01', '027', 'Relevant Communications', CORE, 'TC', ['Relevant Communications']),
        a('01.05.02', '028', 'Tracking Information', REC, 'TCS', ['Tracking Information']),
        a('01.05.03', '029', 'Other Meeting Material', CORE, 'TC', ['Other Meeting Agenda', 'Other Meeting Attendance Sheet', 'Other Meeting Minutes', 'Other Meeting Presentation Materials']),
        a('01.05.04', '030', 'Filenote', CORE, 'TCS', ['Filenote']),
      ]),
    ]),
    z('02', 'Central Trial Documents', [
      s('02.01', 'Product and Trial Documentation', [
        a('02.01.01', '031', 'Investigator\'s Brochure', CORE, 'TC', ['Investigator\'s Brochure', 'Investigator\'s Brochure Addendum', 'Investigator\'s Brochure Extension', 'Investigator\'s Brochure Review and Approval', 'Investigator\'s Brochure Summary of Changes', 'Investigational Medicinal Product Documentation']),
        a('02.01.02', '032', 'Protocol', CORE, 'TCS', ['Protocol', 'Protocol Review and Approval', 'Clinical Investigation Plan (Devices)']),
        a('02.01.03', '033', 'Protocol Synopsis', CORE, 'TC', ['Protocol Summary', 'Protocol Synopsis']),
        a('02.01.04', '034', 'Protocol Amendment', CORE, 'TCS', ['Protocol Amendment', 'Protocol Amendment Summary of Changes', 'Protocol Amendment Review and Approval', 'Protocol Amendment Synopsis', 'Protocol Amendment Administrative Changes', 'Justification For a Non-Substantial Amendment']),
        a('02.01.05', '035', 'Financial Disclosure Summary', REC, 'TCS', ['Financial Disclosure Summary']),
        a('02.01.06', '036', 'Insurance', CORE, 'TC', ['Insurance Policy', 'Insurance Certificate']),
        a('02.01.07', '037', 'Sample Case Report Form', CORE, 'T', ['Sample Case Report Form', 'CRF Summary of Changes', 'CRF Review and Approval']),
        a('02.01.10', '239', 'Report of Prior Investigations', CORE, 'TC', ['Report of Prior Investigations', 'RPI Addendum', 'RPI Summary of Changes', 'RPI Review and Approval']),
        a('02.01.11', '254', 'Marketed Product Material', CORE, 'TC', ['Package Insert', 'Summary of Product Characteristics']),
      ]),
      s('02.02', 'Subject Documentation', [
        a('02.02.01', '038', 'Subject Diary', CORE, 'TC', ['Subject Diary', 'Subject Diary Review and Approval', 'Subject Diary Summary of Changes']),
        a('02.02.02', '039', 'Subject Questionnaire', CORE, 'TC', ['Subject Questionnaire', 'Subject Questionnaire Review and Approval', 'Subject Questionnaire Summary of Changes']),
        a('02.02.03', '040', 'Informed Consent Form', CORE, 'TCS', ['Consent to Release Information or HIPAA / Privacy', 'Informed Consent Form', 'ICF Addendum', 'ICF QC Checklist', 'ICF Summary of Changes', 'ICF Review and Approval']),
        a('02.02.04', '041', 'Subject Information Sheet', CORE, 'TCS', ['Subject Information Sheet', 'Subject Information Sheet Addendum', 'Subject Information Sheet Summary of Changes', 'Subject Information Sheet Review and Approval']),
        a('02.02.05', '042', 'Subject Participation Card', CORE, 'TC', ['Subject Participation Card', 'Subject Participation Card Summary of Changes', 'Subject Participation Card Review and Approval']),
        a('02.02.06', '043', 'Advertisements for Subject Recruitment', CORE, 'TCS', ['Advertisements for Subject Recruitment', 'Advertisements for Subject Recruitment Review and Approval']),
        a('02.02.07', '044', 'Other Information Given to Subjects', CORE, 'TCS', ['Other Information Given to Subjects']),
      ]),
      s('02.03', 'Reports', [
        a('02.03.01', '045', 'Clinical Study Report', CORE, 'T', ['Clinical Investigation Report', 'Clinical Study Report', 'Clinical Study Report Synopsis', 'Integrated Clinical and Statistical Report', 'Interim Clinical Study Report', 'Interim Clinical Study Report Synopsis', 'Form FDA 3654 (devices)']),
        a('02.03.02', '047', 'Bioanalytical Report', REC, 'T', ['Bioanalytical Report', 'Pharmacokinetic Report']),
      ]),
      s('02.04', 'General', [
        a('02.04.01', '048', 'Relevant Communications', CORE, 'TCS', ['Relevant Communications']),
        a('02.04.02', '049', 'Tracking Information', REC, 'TC', ['Tracking Information']),
        a('02.04.03', '050', 'Meeting Material', CORE, 'TC', ['Agenda', 'Attendance Sheet', 'Minutes', 'Presentation Materials']),
        a('02.04.04', '051', 'Filenote', CORE, 'TCS', ['Filenote']),
      ]),
    ]),
    z('03', 'Regulatory', [
      s('03.01', 'Trial Approval', [
        a('03.01.01', '052', 'Regulatory Submission', REC, 'TC', ['Cover Letter', 'List of Content Submitted', 'Receipt of Acknowledgement', 'Regulatory Submission', 'Review and Approval of Regulatory Submission']),
        a('03.01.02', '053', 'Regulatory Authority Decision', CORE, 'TC', ['Condition Approval', 'List of Content Approved', 'Regulatory Authority Decision']),
        a('03.01.03', '054', 'Notification of Regulatory Identification Number', CORE, 'C', ['Notification of Regulatory Identification Number']),
        a('03.01.04', '055', 'Public Registration', CORE, 'TC', ['Public Registration', 'Receipt of Acknowledgement']),
      ]),
      s('03.02', 'Investigational Medicinal Product', [
        a('03.02.01', '056', 'Import or Export License Application', CORE, 'C', ['Import License Application', 'Export License Application']),
        a('03.02.02', '057', 'Import or Export Documentation', CORE, 'C', ['Import License', 'Export License', 'Device Material Transfer Agreement', 'Device Material Transfer Application', 'Device Material Transfer Justification']),
      ]),
      s('03.03', 'Trial Status Reporting', [
        a('03.03.01', '058', 'Notification of Safety or Trial Information', CORE, 'C', ['Evidence of Distribution of Safety Information', 'Evidence of Distribution of Trial Information', 'Notification of Safety Information', 'Notification of Trial Information']),
        a('03.03.02', '059', 'Regulatory Progress Report', CORE, 'C', ['Regulatory Progress Report']),
        a('03.03.03', '060', 'Regulatory Notification of Trial Termination', CORE, 'C', ['Regulatory Notification of Trial Termination']),
      ]),
      s('03.04', 'General', [
        a('03.04.01', '061', 'Relevant Communications', CORE, 'TC', ['Relevant Communications']),
        a('03.04.02', '062', 'Tracking Information', REC, 'TCS', ['Tracking Information']),
        a('03.04.03', '063', 'Meeting Material', CORE, 'TC', ['Agenda', 'Attendance Sheet', 'Minutes', 'Presentation Materials']),
        a('03.04.04', '064', 'Filenote', CORE, 'TC', ['Filenote']),
      ]),
    ]),
    z('04', 'IRB or IEC and other Approvals', [
      s('04.01', 'IRB or IEC Trial Approval', [
        a('04.01.01', '065', 'IRB or IEC Submission', CORE, 'CS', ['Acknowledgement of Submission Receipt', 'IRB or IEC Submission', 'Request for Additional Information', 'Responses']),
        a('04.01.02', '066', 'IRB or IEC Decision', CORE, 'CS', ['IRB or IEC Approval', 'IRB or IEC Conditional Approval', 'IRB or IEC Decision', 'IRB or IEC Rejection']),
        a('04.01.03', '067', 'IRB or IEC Composition', CORE, 'CS', ['IRB or IEC Composition']),
        a('04.01.04', '068', 'IRB or IEC Documentation of Non-Voting Status', CORE, 'CS', ['IRB or IEC Documentation of Non-Voting Status']),
        a('04.01.05', '069', 'IRB or IEC Compliance Documentation', CORE, 'CS', ['IRB or IEC Compliance Documentation']),
      ]),
      s('04.02', 'Other Committees', [
        a('04.02.01', '070', 'Other Submissions', REC, 'CS', ['Other Approval Committee Submissions']),
        a('04.02.02', '071', 'Other Approvals', CORE, 'CS', ['Other Approval Committee Decisions']),
      ]),
      s('04.03', 'Trial Status Reporting', [
        a('04.03.01', '072', 'Notification to IRB or IEC of Safety Information', CORE, 'CS', ['Acknowledgement of Receipt of Safety Information', 'Evidence of Distribution of Safety Information', 'Notification to IRB or IEC of Safety Information']),
        a('04.03.02', '073', 'IRB or IEC Progress Report', CORE, 'CS', ['Evidence of Distribution of Progress Report', 'IRB or IEC Progress Report']),
        a('04.03.03', '074', 'IRB or IEC Notification of Trial Termination', CORE, 'CS', ['IRB or IEC Notification of Site Closure', 'IRB or IEC Notification of Trial Termination']),
      ]),
      s('04.04', 'General', [
        a('04.04.01', '075', 'Relevant Communications', CORE, 'TCS', ['Relevant Communications']),
        a('04.04.02', '076', 'Tracking Information', REC, 'TCS', ['Tracking Information']),
        a('04.04.03', '077', 'Meeting Material', CORE, 'TCS', ['Agenda', 'Attendance Sheet', 'Minutes', 'Presentation Materials']),
        a('04.04.04', '078', 'Filenote', CORE, 'TCS', ['Filenote']),
      ]),
    ]),
    z('05', 'Site Management', [
      s('05.01', 'Site Selection', [
        a('05.01.01', '079', 'Site Contact Details', REC, 'TCS', ['Site Contact Details']),
        a('05.01.02', '080', 'Confidentiality Agreement', CORE, 'S', ['Confidentiality Agreement']),
        a('05.01.03', '081', 'Feasibility Documentation', REC, 'TCS', ['Feasibility Documentation', 'Feasibility Questionnaire', 'Site Selection Documentation', 'Technical Capabilities Questionnaire']),
        a('05.01.04', '082', 'Pre Trial Monitoring Report', CORE, 'S', ['Pre Trial Monitoring Report', 'Pre Trial Visit Confirmation Letter', 'Pre Trial Visit Follow Up Letter', 'Pre Trial Visit Waiver', 'Site Selection Letter']),
        a('05.01.05', '083', 'Sites Evaluated but not Selected', REC, 'TC', ['Sites Evaluated but not Selected']),
      ]),
      s('05.02', 'Site Set-up', [
        a('05.02.01', '084', 'Acceptance of Investigator Brochure', REC, 'S', ['Acceptance of Investigator Brochure', 'Evidence of Investigator Brochure Distribution', 'Evidence of Reference Safety Information Distribution']),
        a('05.02.02', '085', 'Protocol Signature Page', CORE, 'S', ['Protocol Signature Page']),
        a('05.02.03', '086', 'Protocol Amendment Signature Page', CORE, 'S', ['Protocol Amendment Signature Page']),
        a('05.02.04', '087', 'Principal Investigator Curriculum Vitae', CORE, 'S', ['Principal Investigator Affiliation Form', 'Principal Investigator Biographical Sketch', 'Principal Investigator Curriculum Vitae'], PERSON),
        a('05.02.05', '088', 'Sub-Investigator Curriculum Vitae', CORE, 'S', ['Sub-Investigator Affiliation Form', 'Sub-Investigator Biographical Sketch', 'Sub-Investigator Curriculum Vitae'], PERSON),
        a('05.02.06', '089', 'Other Curriculum Vitae', CORE, 'S', ['Other Affiliation Form', 'Other Biographical Sketch', 'Other Curriculum Vitae'], PERSON),
        a('05.02.07', '090', 'Site Staff Qualification Supporting Information', REC, 'S', ['DEA License', 'Evidence of Registration', 'ICH-GCP Evidence of Training', 'IATA Certification', 'Medical License', 'Medical Qualification', 'Professional License', 'Site Staff Qualification Supporting Information'], PERSON),
        a('05.02.08', '091', 'Form FDA 1572', CORE, 'S', ['Form FDA 1572']),
        a('05.02.09', '092', 'Investigator Regulatory Agreement', CORE, 'S', ['Clinical Trial Site Information Form', 'Investigator Regulatory Agreement', 'Qualified Investigator Undertaking Form']),
        a('05.02.10', '093', 'Financial Disclosure Form', CORE, 'S', ['Financial Disclosure Form'], PERSON),
        a('05.02.11', '094', 'Data Privacy Agreement', REC, 'S', ['Data Privacy Agreement']),
        a('05.02.12', '095', 'Clinical Trial Agreement', CORE, 'S', ['Clinical Trial Agreement', 'Clinical Trial Agreement with Investigator', 'Clinical Trial Agreement with Investigator and Site', 'Clinical Trial Agreement with Site', 'Termination Agreement']),
        a('05.02.13', '096', 'Indemnity', CORE, 'CS', ['Indemnity']),
        a('05.02.14', '097', 'Other Financial Agreement', CORE, 'S', ['Laboratory Agreement', 'Other Financial Agreement', 'Pharmacy Agreement']),
        a('05.02.17', '100', 'IP Site Release Documentation', REC, 'S', ['IP Site Release Checklist', 'IP Site Release Documentation', 'IP Site Release Notification']),
        a('05.02.18', '101', 'Site Signature Sheet', CORE, 'S', ['Delegation of Authority Log', 'Site Signature Sheet']),
        a('05.02.19', '240', 'Investigators Agreement (Device)', CORE, 'S', ['Investigators Agreement (Device)']),
        a('05.02.20', '255', 'Coordinating Investigator Documentation', REC, 'C', ['Coordinating Investigator Clinical Trial Agreement', 'Coordinating Investigator Confidentiality Agreement', 'Coordinating Investigator Curriculum Vitae', 'Coordinating Investigator Documentation', 'Coordinating Investigator Financial Disclosure Form', 'Coordinating Investigator GCP Training', 'Coordinating Investigator Indemnity', 'Coordinating Investigator Medical License', 'Coordinating Investigator Personal Data Consent'], PERSON),
      ]),
      s('05.03', 'Site Initiation', [
        a('05.03.01', '102', 'Trial Initiation Monitoring Report', CORE, 'S', ['Trial Initiation Monitoring Report', 'Trial Initiation Visit Confirmation Letter', 'Trial Initiation Visit Follow Up Letter', 'Trial Initiation Visit Waiver']),
        a('05.03.02', '103', 'Site Training Material', CORE, 'TCS', ['Site Training Material', 'Quick Reference Guide', 'Device Maintenance Documents', 'Device Training Protocol']),
        a('05.03.03', '104', 'Site Evidence of Training', CORE, 'TCS', ['Site Evidence of Training', 'Site Training Attendance Sheet', 'Site Training Certificate']),
      ]),
      s('05.04', 'Site Management', [
        a('05.04.01', '105', 'Subject Log', CORE, 'S', ['Subject Consenting Tracker', 'Subject Enrollment Log', 'Subject Log', 'Subject Screening Log', 'Subject Visit Log']),
        a('05.04.02', '106', 'Source Data Verification', REC, 'TS', ['Source Data Specification and Agreement', 'Source Data Verification', 'Device Extracts', 'Source Document Maps']),
        a('05.04.03', '107', 'Monitoring Visit Report', CORE, 'S', ['Monitoring Visit Confirmation Letter', 'Monitoring Visit Follow Up Letter', 'Monitoring Visit Report', 'Monitoring Visit Waiver']),
        a('05.04.04', '108', 'Visit Log', CORE, 'S', ['Site Visit Log']),
        a('05.04.05', '109', 'Additional Monitoring Activity', CORE, 'S', ['Additional Monitoring Activity', 'Non-Routine Visit Report', 'Non-Routine Visit Report Confirmation Letter', 'Non-Routine Visit Report Follow Up Letter', 'Oversight Monitoring Visit Report', 'Oversight Monitoring Visit Report Confirmation Letter', 'Oversight Monitoring Visit Report Follow Up Letter', 'Site Improvement Plan', 'Co-Monitoring Visit Report']),
        a('05.04.06', '110', 'Protocol Deviations', CORE, 'TS', ['Protocol Deviations', 'Protocol Deviation Logs', 'Protocol Deviation Report']),
        a('05.04.07', '111', 'Financial Documentation', REC, 'S', ['Financial Documentation', 'Financial Summary Tracker', 'Invoices', 'Payments', 'Receipts']),
        a('05.04.08', '112', 'Final Trial Close Out Monitoring Report', CORE, 'S', ['Close Out Visit Confirmation Letter', 'Close Out Visit Follow-Up Letter', 'Close Out Visit Waiver', 'Final Trial Close Out Monitoring Report']),
        a('05.04.09', '113', 'Notification to Investigators of Safety Information', CORE, 'TS', ['Evidence of Safety Information Distribution', 'Notification to Investigators of Safety Information']),
        a('05.04.10', '234', 'Subject Identification Log', CORE, 'S', ['Subject Identification Log']),
        a('05.04.11', '235', 'Source Data', CORE, 'S', ['Source Data', 'Site Level Source Data Worksheets']),
        a('05.04.12', '241', 'Monitoring Visit Follow-up Documentation', CORE, 'S', ['Monitoring Visit Follow-up Documentation']),
        a('05.04.13', '256', 'Subject Eligibility Verification Forms and Worksheets', REC, 'S', ['Subject Eligibility Verification Forms and Worksheets']),
      ]),
      s('05.05', 'General', [
        a('05.05.01', '114', 'Relevant Communications', CORE, 'TCS', ['Relevant Communications']),
        a('05.05.02', '115', 'Tracking Information', REC, 'TCS', ['Tracking Information']),
        a('05.05.03', '116', 'Meeting Material', CORE, 'TCS', ['Agenda', 'Attendance Sheet', 'Minutes', 'Presentation Materials']),
        a('05.05.04', '117', 'Filenote', CORE, 'TCS', ['Filenote']),
      ]),
    ]),
    z('06', 'IP and Trial Supplies', [
      s('06.01', 'IP Documentation', [
        a('06.01.01', '118', 'IP Supply Plan', REC, 'TC', ['IP Supply Plan', 'Placebo Justification Statement']),
        a('06.01.02', '119', 'IP Instructions for Handling', CORE, 'TC', ['Device User Manual', 'IP Directions for Use', 'IP Instructions for Handling', 'IP Manual', 'Pharmacy Manual', 'Device Packing Insert', 'Instruction For Use']),
        a('06.01.03', '120', 'IP Sample Label', CORE, 'TC', ['IP Master Label', 'IP Sample Label']),
        a('06.01.04', '121', 'IP Shipment Documentation', CORE, 'TCS', ['Acknowledgement of Receipt', 'Approval to Ship', 'Invoice', 'IP Shipment Documentation', 'Packaging Order', 'Shipment Request Form', 'Temperature (TempTale) Monitoring']),
        a('06.01.05', '122', 'IP Accountability Documentation', CORE, 'TCS', ['Drug Accountability Log', 'IP Accountability Documentation']),
        a('06.01.06', '123', 'IP Transfer Documentation', CORE, 'TCS', ['Evidence of IP Transfer', 'IP Transfer Documentation', 'IP Transfer Plan', 'Notification of IP Transfer']),
        a('06.01.07', '124', 'IP Re-labeling Documentation', CORE, 'TCS', ['Evidence of IP Relabeling', 'IP Relabeling Documentation', 'IP Relabeling Plan', 'Notification of IP Relabeling']),
        a('06.01.08', '125', 'IP Recall Documentation', CORE, 'TCS', ['Evidence of Recall', 'IP Recall Documentation', 'IP Recall Plan', 'Notification of IP Recall']),
        a('06.01.09', '126', 'IP Quality Complaint Form', CORE, 'TCS', ['IP Quality Complaint Form', 'Device Deficiency Report']),
        a('06.01.10', '127', 'IP Return Documentation', CORE, 'TCS', ['Acknowledgement of Return', 'IP Return Documentation', 'IP Return Form']),
        a('06.01.11', '128', 'IP Certificate of Destruction', CORE, 'TCS', ['IP Certificate of Destruction', 'IP Destruction Documentation']),
        a('06.01.12', '242', 'IP Retest and Expiry Documentation', CORE, 'TCS', ['Expiry Extension', 'IP Retest and Expiry Documentation', 'Stability Confirmation', 'Device Expiration Certificate']),
      ]),
      s('06.02', 'IP Release Process Documentation', [
        a('06.02.01', '129', 'QP (Qualified Person) Certification', CORE, 'TC', ['QP (Qualified Person) Certification']),
        a('06.02.02', '130', 'IP Regulatory Release Documentation', CORE, 'TC', ['IP Regulatory Release Documentation']),
        a('06.02.03', '131', 'IP Verification Statements', CORE, 'TCS', ['Controlled IP Storage', 'DEA 223', 'GMP Certificate', 'GMP Manufacturer\'s License', 'GMP Statement', 'IP Verification Statements', 'Manufacturing Authorization', 'Manufacturer\'s Certificate of Compliance', 'TSE Certificate']),
        a('06.02.04', '132', 'Certificate of Analysis', CORE, 'T', ['Batch Records', 'Certificate of Analysis', 'Certificate of Conformance', 'Device Quality Certification']),
      ]),
      s('06.03', 'IP Allocation Documentation', [
        a('06.03.01', '133', 'IP Treatment Allocation Documentation', CORE, 'TS', ['IP Treatment Allocation Documentation', 'Kit List', 'Randomization Envelopes', 'Randomization List']),
        a('06.03.02', '134', 'IP Unblinding Plan', CORE, 'TS', ['IP Unblinding Plan', 'Unblinding Procedure']),
        a('06.03.03', '135', 'IP Treatment Decoding Documentation', CORE, 'TS', ['Emergency Decoding Authorization Document', 'IP Treatment Decoding Documentation', 'Treatment Decoding Form']),
      ]),
      s('06.04', 'Storage', [
        a('06.04.01', '136', 'IP Storage Condition Documentation', CORE, 'TCS', ['IP Storage Condition Documentation', 'Temperature Logs']),
        a('06.04.02', '137', 'IP Storage Condition Excursion Documentation', CORE, 'TCS', ['Approval For Use (following temp excursion)', 'IP Storage Condition Excursion Documentation', 'TempTale Documentation', 'Temperature Excursion Form']),
        a('06.04.03', '243', 'Maintenance Logs', CORE, 'TS', ['Calibration Certificate', 'Calibration Log', 'Maintenance Logs']),
      ]),
      s('06.05', 'Non-IP Documentation', [
        a('06.05.01', '138', 'Non-IP Supply Plan', REC, 'T', ['Non-IP Supply Plan']),
        a('06.05.02', '139', 'Non-IP Shipment Documentation', REC, 'TS', ['Acknowledgement of Receipt', 'Approval to Ship', 'Invoice', 'Non-IP Shipment Documentation', 'Packaging Order', 'Shipment Request Form']),
        a('06.05.03', '140', 'Non-IP Return Documentation', REC, 'TS', ['Acknowledgement of Return', 'Non-IP Return Documentation', 'Non-IP Return Form']),
        a('06.05.04', '259', 'Non-IP Storage Documentation', REC, 'TS', ['Non-IP Storage Documentation', 'Non-IP Storage Condition Excursion Documentation']),
      ]),
      s('06.06', 'Interactive Response Technology', [
        a('06.06.01', '141', 'IRT User Requirement Specification', CORE, 'T', ['IRT User Requirement Specification']),
        a('06.06.02', '142', 'IRT Validation Certification', CORE, 'T', ['IRT Validation Certification']),
        a('06.06.03', '143', 'IRT User Acceptance Testing (UAT) Certification', CORE, 'T', ['IRT UAT Certification', 'IRT UAT Executed Scripts', 'IRT UAT Sign Off', 'IRT User Acceptance Testing (UAT) Certification']),
        a('06.06.04', '144', 'IRT User Manual', CORE, 'T', ['IRT Quick Reference Card', 'IRT User Manual']),
        a('06.06.05', '145', 'IRT User Account Management', CORE, 'TCS', ['IRT User Account Management', 'Summary of IRT Access Report']),
      ]),
      s('06.07', 'General', [
        a('06.07.01', '146', 'Relevant Communications', CORE, 'TCS', ['Relevant Communications']),
        a('06.07.02', '147', 'Tracking Information', REC, 'TCS', ['Tracking Information']),
        a('06.07.03', '148', 'Meeting Material', CORE, 'T', ['Agenda', 'Attendance Sheet', 'Minutes', 'Presentation Materials']),
        a('06.07.04', '149', 'Filenote', CORE, 'TCS', ['Filenote']),
      ]),
    ]),
    z('07', 'Safety Reporting', [
      s('07.01', 'Safety Documentation', [
        a('07.01.01', '150', 'Safety Management Plan', CORE, 'T', ['Reference Safety Information Approval Form', 'Safety Management Plan', 'Safety Reporting Plan', 'Safety Reporting Templates']),
        a('07.01.02', '151', 'Pharmacovigilance Database Line Listing', CORE, 'T', ['Annual Safety Report (ASR)', 'Development Safety Update Report (DSUR)', 'Pharmacovigilance Database Line Listing']),
      ]),
      s('07.02', 'Trial Status Reporting', [
        a('07.02.01', '152', 'Expedited Safety Report', CORE, 'TS', ['Expedited Safety Report']),
        a('07.02.02', '153', 'SAE Report', CORE, 'TS', ['SAE Report']),
        a('07.02.03', '154', 'Pregnancy Report', CORE, 'TS', ['Pregnancy Report']),
        a('07.02.04', '155', 'Special Events of Interest', CORE, 'TS', ['Special Events of Interest']),
      ]),
      s('07.03', 'General', [
        a('07.03.01', '156', 'Relevant Communications', CORE, 'TS', ['Relevant Communications']),
        a('07.03.02', '157', 'Tracking Information', REC, 'TCS', ['Tracking Information']),
        a('07.03.03', '158', 'Meeting Material', CORE, 'T', ['Agenda', 'Attendance Sheet', 'Minutes', 'Presentation Materials']),
        a('07.03.04', '159', 'Filenote', CORE, 'TS', ['Filenote']),
      ]),
    ]),
    z('08', 'Central and Local Testing', [
      s('08.01', 'Facility Documentation', [
        a('08.01.01', '160', 'Certification or Accreditation', CORE, 'TCS', ['Certification or Accreditation', 'CAP Certificate', 'CLIA Certificate', 'ISO Certification', 'Other Certification or Accreditation']),
        a('08.01.02', '161', 'Laboratory Validation Documentation', CORE, 'TCS', ['Laboratory Validation Documentation', 'Laboratory System Specifications', 'Laboratory Kit Assembly Specifications']),
        a('08.01.03', '162', 'Laboratory Results Documentation', CORE, 'TCS', ['Biochemical Testing', 'Imaging Uploads', 'Independent Rater Data', 'Laboratory Results Documentation']),
        a('08.01.04', '163', 'Normal Ranges', CORE, 'TCS', ['Normal Ranges']),
        a('08.01.05', '164', 'Manual', REC, 'TCS', ['Imaging Manual', 'Laboratory Manual', 'Manual', 'Other Manual']),
        a('08.01.06', '165', 'Supply Import Documentation', CORE, 'TCS', ['Biologic Supply Import', 'Biosafety Statements', 'Customs Statements', 'Proforma Invoices', 'Secure Handling of Material and Data', 'Supply Import Documentation', 'Supply Import Licenses']),
        a('08.01.07', '166', 'Head of Facility Curriculum Vitae', REC, 'TCS', ['Head of Facility Curriculum Vitae'], PERSON),
        a('08.01.08', '167', 'Standardization Methods', CORE, 'TCS', ['Analytical Method Report', 'Interlaboratory Comparison Testing', 'Standardization Methods']),
      ]),
      s('08.02', 'Sample Documentation', [
        a('08.02.01', '168', 'Specimen Label', REC, 'TCS', ['Specimen Label']),
        a('08.02.02', '169', 'Shipment Records', REC, 'TCS', ['Specimen Shipment Records']),
        a('08.02.03', '170', 'Sample Storage Condition Log', REC, 'TCS', ['Sample Storage Condition Log']),
        a('08.02.04', '171', 'Sample Import or Export Documentation', CORE, 'TCS', ['Sample Import or Export Documentation', 'Specimen Export Documentation', 'Specimen Import Documentation']),
        a('08.02.05', '172', 'Record of Retained Samples', CORE, 'TCS', ['Biorepository', 'Destruction Records', 'Dispatch Form', 'Inventory From Lab', 'Record of Retained Samples']),
      ]),
      s('08.03', 'General', [
        a('08.03.01', '173', 'Relevant Communications', CORE, 'TCS', ['Relevant Communications']),
        a('08.03.02', '174', 'Tracking Information', REC, 'TCS', ['Tracking Information']),
        a('08.03.03', '175', 'Meeting Material', CORE, 'TCS', ['Agenda', 'Attendance Sheet', 'Minutes', 'Presentation Materials']),
        a('08.03.04', '176', 'Filenote', CORE, 'TCS', ['Filenote']),
      ]),
    ]),
    z('09', 'Third parties', [
      s('09.01', 'Third Party Oversight', [
        a('09.01.01', '177', 'Qualification and Compliance', CORE, 'TC', ['Evidence of Third Party Qualification', 'Third Party Audit Certificate']),
        a('09.01.02', '257', 'Third Party Curriculum Vitae', CORE, 'TC', ['Third Party Curriculum Vitae'], PERSON),
        a('09.01.03', '258', 'Ongoing Third Party Oversight', REC, 'TC', ['Ongoing Third Party Oversight']),
      ]),
      s('09.02', 'Third Party Set-up', [
        a('09.02.01', '178', 'Confidentiality Agreement', CORE, 'TC', ['Third Party Confidentiality Agreement']),
        a('09.02.02', '179', 'Vendor Selection', REC, 'TC', ['Vendor Evaluation', 'Vendor Decision']),
        a('09.02.03', '180', 'Contractual Agreement', CORE, 'TC', ['Authorization To Proceed', 'Budget', 'Contract', 'Change Order', 'Data Privacy Agreements', 'Indemnification']),
      ]),
      s('09.03', 'General', [
        a('09.03.01', '182', 'Relevant Communications', CORE, 'TC', ['Relevant Communications']),
        a('09.03.02', '183', 'Tracking Information', REC, 'TC', ['Tracking Information']),
        a('09.03.03', '184', 'Meeting Material', CORE, 'TC', ['Agenda', 'Attendance Sheet', 'Minutes', 'Presentation Materials']),
        a('09.03.04', '185', 'Filenote', CORE, 'TC', ['Filenote']),
      ]),
    ]),
    z('10', 'Data Management', [
      s('10.01', 'Data Management Oversight', [
        a('10.01.01', '186', 'Data Management Plan', REC, 'T', ['Data Management Plan']),
      ]),
      s('10.02', 'Data Capture', [
        a('10.02.01', '187', 'CRF Completion Requirements', CORE, 'TC', ['CRF Completion Requirements']),
        a('10.02.02', '188', 'Annotated CRF', REC, 'T', ['Annotated CRF', 'Annotated CRF Electronic Data Capture', 'Annotated CRF Study Data Tabulation Model (SDTM)']),
        a('10.02.04', '190', 'Documentation of Corrections to Entered Data', CORE, 'S', ['Data Clarification Forms', 'Data Query Forms', 'Documentation of Corrections to Entered Data']),
        a('10.02.05', '191', 'Final Subject Data', CORE, 'S', ['Final Subject Data', 'Site Receipt of Final Subject Data']),
      ]),
      s('10.03', 'Database', [
        a('10.03.01', '192', 'Database Requirements', CORE, 'T', ['Database Requirements']),
        a('10.03.02', '193', 'Edit Check Plan', CORE, 'T', ['Edit Check Plan', 'Edit Check Specifications']),
        a('10.03.03', '194', 'Edit Check Programming', CORE, 'T', ['Edit Check Programming']),
        a('10.03.04', '195', 'Edit Check Testing', CORE, 'T', ['Edit Check Testing']),
        a('10.03.05', '196', 'Approval for Database Activation', CORE, 'T', ['Approval for Database Activation']),
        a('10.03.06', '197', 'External Data Transfer Specifications', CORE, 'T', ['External Data Transfer Authorization', 'External Data Transfer Specifications', 'External Data Transfer Testing Documentation']),
        a('10.03.07', '198', 'Data Entry Guidelines (Paper)', CORE, 'T', ['Data Entry Guidelines (Paper)']),
        a('10.03.08', '199', 'SAE Reconciliation', CORE, 'T', ['SAE Reconciliation', 'SAE Reconciliation Approval', 'SAE Reconciliation Report']),
        a('10.03.09', '200', 'Dictionary Coding', CORE, 'T', ['Dictionary Coding', 'Medical Coding Approval', 'Medical Coding Consistency Report', 'Medical Coding Guidelines']),
        a('10.03.10', '201', 'Data Review Documentation', CORE, 'T', ['Data Review Documentation', 'Data Review Plan', 'Data Validation Plan', 'DB Audit Specification', 'Third Party Vendor Reconciliation Report']),
        a('10.03.11', '202', 'Database Lock and Unlock Approval', CORE, 'T', ['Database Interim Lock Approval', 'Database Lock and Approval', 'Database Lock and Unlock Approval', 'Database Unlock Approval']),
        a('10.03.12', '244', 'Database Change Control', CORE, 'T', ['Database Change Control', 'Data Model Difference Report', 'Database Modification Approval']),
      ]),
      s('10.04', 'EDC Management', [
        a('10.04.01', '204', 'System Account Management', CORE, 'TS', ['EDC User Authorization Documentation', 'EDC User Report', 'Electronic Signature Authorization Form', 'System Account Management']),
        a('10.04.02', '245', 'Technical Design Document', CORE, 'T', ['Technical Design Document']),
        a('10.04.03', '246', 'Validation Documentation', CORE, 'T', ['Validation Certificate', 'Validation Executed Scripts', 'Validation Plan', 'Validation Report', 'Other Validation Documents']),
      ]),
      s('10.05', 'General', [
        a('10.05.01', '205', 'Relevant Communications', CORE, 'TCS', ['Relevant Communications']),
        a('10.05.02', '206', 'Tracking Information', REC, 'TCS', ['Tracking Information']),
        a('10.05.03', '207', 'Meeting Material', CORE, 'T', ['Agenda', 'Attendance Sheet', 'Minutes', 'Presentation Materials']),
        a('10.05.04', '208', 'Filenote', CORE, 'TCS', ['Filenote']),
      ]),
    ]),
    z('11', 'Statistics', [
      s('11.01', 'Statistics Oversight', [
        a('11.01.01', '209', 'Statistical Analysis Plan', CORE, 'T', ['Analysis Convention Document', 'Interim Analysis SAP', 'SAP Approval', 'SPP Approval', 'Statistical Analysis Plan (SAP)', 'Statistical Programming Plan (SPP)']),
        a('11.01.02', '210', 'Sample Size Calculation', CORE, 'T', ['Sample Size Calculation', 'Sample Size Validation']),
      ]),
      s('11.02', 'Randomization', [
        a('11.02.01', '211', 'Randomization Plan', CORE, 'T', ['Randomization Plan']),
        a('11.02.02', '212', 'Randomization Procedure', CORE, 'T', ['Randomization Procedure', 'Randomization Specification']),
        a('11.02.03', '213', 'Master Randomization List', CORE, 'TC', ['Master Randomization List']),
        a('11.02.04', '214', 'Randomization Programming', CORE, 'T', ['Randomization Programming']),
        a('11.02.05', '215', 'Randomization Sign Off', CORE, 'T', ['Randomization Sign Off']),
        a('11.02.06', '216', 'End of Trial or Interim Unblinding', CORE, 'T', ['Administrative Interim Unblinding Request Form', 'End of Trial or Interim Unblinding', 'Results Release Authorization Memorandum']),
      ]),
      s('11.03', 'Analysis', [
        a('11.03.01', '217', 'Data Definitions for Analysis Datasets', CORE, 'T', ['Data Definitions for Analysis Datasets']),
        a('11.03.02', '218', 'Analysis QC Documentation', CORE, 'T', ['Analysis QC Documentation', 'Validation Documentation Approval', 'Validation Plan', 'Validation Report']),
        a('11.03.03', '219', 'Interim Analysis Raw Datasets', CORE, 'T', ['Interim Analysis Raw Datasets']),
        a('11.03.04', '220', 'Interim Analysis Programs', CORE, 'T', ['Interim Analysis Programs', 'Interim Analysis Datasets Programs', 'Interim Analysis Macros']),
        a('11.03.05', '221', 'Interim Analysis Datasets', CORE, 'T', ['Interim Analysis Datasets']),
        a('11.03.06', '222', 'Interim Analysis Output', CORE, 'T', ['Interim Analysis Graphs', 'Interim Analysis Figures', 'Interim Analysis Listings', 'Interim Analysis Statistics Approval', 'Interim Analysis Tables']),
        a('11.03.07', '223', 'Final Analysis Raw Datasets', CORE, 'T', ['Final Analysis Raw Datasets']),
        a('11.03.08', '224', 'Final Analysis Programs', CORE, 'T', ['Final Analysis Datasets Programs', 'Final Analysis Macros', 'Final Analysis Programs']),
        a('11.03.09', '225', 'Final Analysis Datasets', CORE, 'T', ['Final Analysis Datasets']),
        a('11.03.10', '226', 'Final Analysis Output', CORE, 'T', ['Final Analysis Graphs', 'Final Analysis Figures', 'Final Analysis Listings', 'Final Analysis Statistics Approval', 'Final Analysis Tables']),
        a('11.03.11', '227', 'Subject Evaluability Criteria and Subject Classification', CORE, 'T', ['Final Protocol Deviation Report', 'Population Definition Criteria', 'Protocol Deviation Listing', 'Subject Evaluability Criteria and Subject Classification']),
      ]),
      s('11.04', 'Report', [
        a('11.04.01', '228', 'Interim Statistical Report(s)', CORE, 'T', ['Interim Statistical Report(s)']),
        a('11.04.02', '229', 'Statistical Report', CORE, 'T', ['Statistical Report']),
      ]),
      s('11.05', 'General', [
        a('11.05.01', '230', 'Relevant Communications', CORE, 'T', ['Relevant Communications']),
        a('11.05.02', '231', 'Tracking Information', REC, 'T', ['Tracking Information']),
        a('11.05.03', '232', 'Meeting Material', CORE, 'T', ['Agenda', 'Attendance Sheet', 'Minutes', 'Presentation Materials']),
        a('11.05.04', '233', 'Filenote', CORE, 'T', ['Filenote']),
      ]),
    ]),
  ],
};
