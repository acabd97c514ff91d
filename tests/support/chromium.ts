/**
 * Debian's Chromium, as every browser in the tests is launched (no browser is downloaded):
 * Playwright's journeys, the bench's start-up measure and Lighthouse. Without the
 * background-networking flags Chromium keeps dialling out, and this machine's closed network
 * refuses it many times over.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
