import { existsSync } from 'node:fs';

/** Debian's Chromium (apt-get install chromium); no browser is ever downloaded. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The flags every browser run here uses: headless, root-safe, and no calls to Google's hosts. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function requireChromium(): string {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium was not found at ${CHROMIUM_PATH}: apt-get install -y chromium (or set CHROMIUM_PATH). Never download a browser.`);
  }
  return CHROMIUM_PATH;
}
