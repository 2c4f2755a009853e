import { defineConfig } from '@playwright/test';
import { BROWSER_CHROMIUM_SWITCHES, requireChromium } from '@srpf/test-kit/chromium';

const chromiumPath = requireChromium();

/** Browser tests drive the built product in Debian's Chromium; no browser is ever downloaded. */
export default defineConfig({
  testDir: 'tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 2,
  // One retry absorbs a stall of the shared 2-core CI machine; a test that passes only on its retry
  // is still printed as flaky, so it is seen and mended rather than hidden.
  retries: 1,
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: 'artifacts',
  use: {
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
    viewport: { width: 1366, height: 900 },
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [...BROWSER_CHROMIUM_SWITCHES],
    },
  },
});
