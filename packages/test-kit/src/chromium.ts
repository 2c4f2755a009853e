import { existsSync } from 'node:fs';
import { CHROMIUM_SWITCHES, DEFAULT_CHROMIUM_PATH } from '@srpf/server/chromium';

/**
 * Chromium for the browser tests and the benches: the server's path and switches
 * (apps/server/src/modules/payslips/render/chromium-command.ts), extended, never copied. Not the
 * renderer's no-address switch: these browsers must reach the server on 127.0.0.1.
 */

/** CHROMIUM_PATH when set, else the server's default (Debian's Chromium). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? DEFAULT_CHROMIUM_PATH;

/** The server's switches, and headless and root-safe (CI runs as root), which Lighthouse's chrome-launcher does not add itself. */
export const BROWSER_CHROMIUM_SWITCHES: readonly string[] = [...CHROMIUM_SWITCHES, '--headless', '--no-sandbox'];

/** CHROMIUM_PATH, once it is known to be there; a browser is never downloaded. */
export function requireChromium(): string {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium was not found at ${CHROMIUM_PATH}: apt-get install -y chromium (or set CHROMIUM_PATH). Never download a browser ("npx playwright install").`,
    );
  }
  return CHROMIUM_PATH;
}
