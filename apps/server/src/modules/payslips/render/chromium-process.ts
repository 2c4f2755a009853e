import type { Browser } from 'playwright-core';

/**
 * The processes of one launched Chromium (issue 27). Playwright starts the browser as the leader of
 * a process group of its own (`detached`), and every process Chromium starts for it — its zygotes,
 * the renderers, the GPU and network processes, the print compositor of a PDF — stays in that group.
 * Killing the group ends them all, whatever state the browser is in.
 */

/** The browser process's id, as Chromium reports it (DevTools' SystemInfo); undefined when it does not answer. */
export async function browserProcessId(browser: Browser): Promise<number | undefined> {
  try {
    const session = await browser.newBrowserCDPSession();
    try {
      const { processInfo } = await session.send('SystemInfo.getProcessInfo');
      return processInfo.find((info) => info.type === 'browser')?.id;
    } finally {
      await session.detach().catch(() => undefined);
    }
  } catch {
    return undefined;
  }
}

/**
 * SIGKILLs every process left in the browser's group. Called just as (or after) the browser closed:
 * while any process of the group lives, the kernel gives its id to no other process, so the signal
 * reaches Chromium's processes only. Nothing left: nothing happens.
 */
export function killProcessGroup(browserPid: number): void {
  try {
    process.kill(-browserPid, 'SIGKILL');
  } catch {
    // ESRCH: the group is gone already.
  }
}
