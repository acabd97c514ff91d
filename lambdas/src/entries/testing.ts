/** What the test suites outside this workspace share with its own tests. */
export { PROTOTYPE_KEYS } from '../core/testing/hostile-input';
export {
  CODE_REFUSED_MESSAGE,
  CONFIRM_FORGET_PASSWORD_MIN_RESPONSE_MS,
} from '../session/confirm-forget-password.core';
/** The behaviour every store of the registry port shows (the DynamoDB adapter's test on dynalite). */
export {
  registryBehaviour,
  registryWritesBehaviour,
  uniqueId,
  anOrganisation,
  aSystem,
  aStudy,
  aConnection,
} from '../core/testing/registry-suite';
export { FakeAuditTrail } from '../core/testing/fakes';
/** A site-level row of a mapping standard, for the standards' tests here and in tests/. */
export { row as mappingRow } from '../standards/standards-test-kit';
/** An eTMF-EMS package's batch and object as the import's tests build them, here and in tests/. */
export { BATCH as emsBatch, object as emsObject } from '../documents/import-etmf-test-kit';
/** Real files of each kind (and of kinds the content check refuses), built in code (issue 34). */
export {
  eicar,
  sampleDocm,
  sampleDocx,
  sampleElf,
  sampleExe,
  sampleFileOf,
  sampleJpeg,
  samplePdf,
  samplePng,
  sampleShebang,
  sampleTiff,
  sampleXlsx,
  sampleXml,
  sampleZip,
} from '../core/testing/sample-files';
/** GuardDuty's scan result event, as the tests hand it to the scan result's entry. */
export { guardDutyScanEvent } from '../documents/scan-test-kit';
