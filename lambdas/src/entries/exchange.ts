/** The eTMF-EMS package format (src/exchange/), for the tests that read what the console exports and build what it imports. */
export { openZip } from '../documents/exchange/zip-reader';
export { parseExchangeXml } from '../documents/exchange/exchange-parse';
export { EXCHANGE_XML } from '../documents/exchange/layout';
export { parseIntegrity, readIntegrity } from '../documents/exchange/integrity-forms';
export { exchangeXml, type EmsBatch, type EmsObject } from '../documents/exchange/exchange-xml';
export { integrityOf } from '../documents/exchange/layout';
export { utf8, zipEntries, type ZipEntrySource } from '../documents/exchange/zip-writer';
