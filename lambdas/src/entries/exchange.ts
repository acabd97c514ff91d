/** The eTMF-EMS package format (src/exchange/), for the tests that read what the console exports and build what it imports. */
export { openZip } from '../exchange/zip-reader';
export { parseExchangeXml } from '../exchange/exchange-parse';
export { EXCHANGE_XML, parseIntegrity } from '../exchange/layout';
export { exchangeXml, type EmsBatch, type EmsObject } from '../exchange/exchange-xml';
export { integrityOf } from '../exchange/layout';
export { utf8, zipEntries, type ZipEntrySource } from '../exchange/zip-writer';
