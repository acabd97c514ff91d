/**
 * Real files of each kind a document may be, and of kinds the hub quarantines, built in code (no
 * binary in the repository): what the tests send, so the content check on completion sees a file
 * of its declared type. One set for every suite: @ccsc/lambdas/testing (its unit tests use it).
 */
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
} from '@ccsc/lambdas/testing';
