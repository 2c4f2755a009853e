/**
 * Chromium's executable and switches, in one place: the renderer starts it with them, config.ts takes
 * the path as CHROMIUM_PATH's default, and the test kit (@srpf/test-kit, through this package's
 * `./chromium` export) builds the browser tests' and benches' switches on top of them.
 */

/** Debian's Chromium (apt-get install chromium); a browser is never downloaded. */
export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

/** The switches every Chromium run here starts with: nothing in the background, no GPU, no QUIC. */
export const CHROMIUM_SWITCHES: readonly string[] = [
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-default-apps',
  '--disable-extensions',
];

/** No host name or address resolves (`~NOTFOUND`), 127.0.0.1 included: only for pages that need no network. */
export const NO_ADDRESS_RESOLVES_SWITCH = '--host-resolver-rules=MAP * ~NOTFOUND';

/** The slip renderer's switches: the common ones, and no address resolves. */
export const RENDERER_CHROMIUM_SWITCHES: readonly string[] = [...CHROMIUM_SWITCHES, NO_ADDRESS_RESOLVES_SWITCH];
