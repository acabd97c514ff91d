/** The eTMF-EMS package format (src/exchange/), for the tests that read what the console exports. */
export { openZip } from '../exchange/zip-reader';
export { parseExchangeXml } from '../exchange/exchange-parse';
export { EXCHANGE_XML, parseIntegrity } from '../exchange/layout';
