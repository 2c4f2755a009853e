import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { generateSlipFiles, writeSlipFiles } from '@srpf/test-kit/payslips/index';
import { pino } from 'pino';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logLines } from '../../../test/log-lines.js';
import { createBrowserPool, RenderTimeoutError, type BrowserPool } from './browser-pool.js';
import { browserProcessId } from './chromium-process.js';
import { renderSlipPdf, SlipNavigatedError } from './render-slip.js';
import { closeRenderer, configureRenderer, DEFAULT_RENDERER_SETTINGS } from './renderer-settings.js';
import { forgetRendererState, rendererState } from './renderer-state.js';
import { loadSlipFont } from './slip-font.js';

/**
 * The renderer against the real Chromium (at DEFAULT_CHROMIUM_PATH, which CI installs): PDFs of the test
 * kit's generated slips in both layouts, and the page's confinement — no script runs, nothing is fetched,
 * and a slip that never finishes is cut at its time limit.
 */

interface Expected {
  sevarth_id: string;
  name: string;
  layout: 'table' | 'bilingual';
}

let folder: string;
let expected: Expected[];
const slipOf = (layout: Expected['layout']) => {
  const entry = expected.find((slip) => slip.layout === layout)!;
  const file = readdirSync(folder).find((name) => name.includes(entry.sevarth_id) && name.endsWith('.html'))!;
  return { entry, html: readFileSync(path.join(folder, file), 'utf8') };
};

let pool: BrowserPool;

beforeAll(() => {
  folder = mkdtempSync(path.join(os.tmpdir(), 'srpf-render-'));
  writeSlipFiles(folder, generateSlipFiles({ count: 2, layouts: ['table', 'bilingual'], month: '2026-10' }));
  expected = JSON.parse(readFileSync(path.join(folder, 'expected.json'), 'utf8')) as Expected[];
  pool = createBrowserPool({ executablePath: DEFAULT_RENDERER_SETTINGS.chromiumPath, pages: 1 });
});

afterAll(async () => {
  await pool?.close();
  await closeRenderer();
  rmSync(folder, { recursive: true, force: true });
});

async function textOf(pdf: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text;
}

/** The fonts a PDF embeds (`/BaseFont /ABCDEF+Name`). */
const fontsOf = (pdf: Buffer) =>
  [...pdf.toString('latin1').matchAll(/\/BaseFont\s*\/(?:[A-Z]{6}\+)?([\w-]+)/g)].map((match) => match[1]);

describe('renderSlipPdf', () => {
  it("prints an English slip to an A4 PDF holding the employee's name", async () => {
    const { entry, html } = slipOf('table');
    const pdf = await renderSlipPdf(html, { pool });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await textOf(pdf);
    expect(text).toContain(entry.name);
    expect(text).toContain(entry.sevarth_id);
    // A4: 595 × 842 points.
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.\d+ 842\.\d+\]/);
  });

  it('prints a Marathi slip with the inlined Noto Devanagari', async () => {
    const { entry, html } = slipOf('bilingual');
    const pdf = await renderSlipPdf(html, { pool });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(10_000);
    const text = await textOf(pdf);
    // Words whose letters Chromium maps back one to one (conjuncts and the reph may come out as other code points).
    expect(text).toContain('वेतन पावती');
    expect(text).toContain('नाव / Name');
    expect(text).toContain(entry.sevarth_id);
    expect(fontsOf(pdf)).toContain('NotoSansDevanagari-Regular');
    expect(fontsOf(pdf)).not.toContain('Lohit-Devanagari');
  });

  it("uses the inlined font for Devanagari whatever family the slip names, and the slip's own for Latin", async () => {
    // The slip names a font without Devanagari: left alone, Chromium would take the system's (Lohit here).
    // (No space between Devanagari words: a space is not Devanagari, so it comes from the slip's own fonts.)
    const html =
      '<html><head><style>body { font-family: "DejaVu Serif", serif }</style></head><body><p>सेवार्थ</p><p>Sevarth ID</p></body></html>';
    const fonts = fontsOf(await renderSlipPdf(html, { pool }));
    expect(fonts).toContain('NotoSansDevanagari-Regular');
    expect(fonts).not.toContain('Lohit-Devanagari');
    expect(fonts).toContain('DejaVuSerif');
  });

  it('runs no script of the slip', async () => {
    const html = `<!DOCTYPE html><html><head><script>document.title = 'x';</script></head>
      <body onload="document.getElementById('name').textContent = 'Changed on load'">
      <p id="name">Printed by the slip</p>
      <img src="data:," onerror="document.body.textContent = 'Changed by onerror'">
      <script>document.getElementById('name').textContent = 'Changed by a script';</script>
      <noscript><p>Shown without scripts</p></noscript>
      </body></html>`;
    const text = await textOf(await renderSlipPdf(html, { pool }));
    expect(text).toContain('Printed by the slip');
    expect(text).toContain('Shown without scripts');
    expect(text).not.toContain('Changed');
  });

  it('fetches nothing: images, CSS url(), fonts, style sheets, frames, preconnects and prefetches are refused', async () => {
    let requests = 0;
    let connections = 0;
    const server = http.createServer((_request, response) => {
      requests += 1;
      response.end('x');
    });
    server.on('connection', () => {
      connections += 1;
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const html = `<!DOCTYPE html><html><head>
        <meta http-equiv="refresh" content="0; url=${origin}/refresh">
        <link rel="preconnect" href="${origin}"><link rel="dns-prefetch" href="${origin}">
        <link rel="prefetch" href="${origin}/prefetch"><link rel="preload" as="image" href="${origin}/preload.png">
        <link rel="stylesheet" href="${origin}/sheet.css"><link rel="icon" href="${origin}/favicon.ico">
        <style>
          @import url(${origin}/import.css);
          @font-face { font-family: Far; src: url(${origin}/far.woff2) format('woff2'); }
          body { background: url(${origin}/background.png); font-family: Far, sans-serif; }
        </style></head>
        <body><p>Ganesh Patil</p><img src="${origin}/x.png"><img srcset="${origin}/y.png 2x">
        <iframe src="${origin}/frame"></iframe><object data="${origin}/object"></object>
        <video poster="${origin}/poster.png"></video><audio src="${origin}/a.mp3" autoplay></audio>
        <svg><image href="${origin}/svg.png" width="10" height="10"/></svg>
        <form action="${origin}/form"><input type="image" src="${origin}/input.png"></form>
        </body></html>`;
      const pdf = await renderSlipPdf(html, { pool });
      expect(await textOf(pdf)).toContain('Ganesh Patil');
      // Anything sent late (a prefetch after load) would have arrived by now.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect({ requests, connections }).toEqual({ requests: 0, connections: 0 });
    } finally {
      server.close();
    }
  });

  it('never prints a page that a meta refresh replaced', async () => {
    // To a URL: the navigation is answered 204 without network, and the slip stays.
    const away = await renderSlipPdf(
      '<html><head><meta http-equiv="refresh" content="0; url=http://127.0.0.1:9/elsewhere"></head><body><p>Kavita Jadhav</p></body></html>',
      { pool },
    );
    expect(await textOf(away)).toContain('Kavita Jadhav');
    // Of itself (about:blank, no request): printed before the refresh, or refused, never blank.
    const itself = '<html><head><meta http-equiv="refresh" content="0"></head><body><p>Anita Chavan</p></body></html>';
    const outcome = await renderSlipPdf(itself, { pool }).then(textOf, (error: unknown) => error);
    if (typeof outcome === 'string') expect(outcome).toContain('Anita Chavan');
    else expect(outcome).toBeInstanceOf(SlipNavigatedError);
  });

  it('stops a slip at its time limit, and the next slip renders', async () => {
    // ~40,000 table rows: several hundred pages of layout and printing, far beyond 200 ms.
    const rows = Array.from(
      { length: 40_000 },
      (_row, index) => `<tr><td>${index}</td><td>Basic Pay</td><td>21,700</td></tr>`,
    ).join('');
    const started = performance.now();
    await expect(renderSlipPdf(`<table>${rows}</table>`, { pool, timeoutMs: 200 })).rejects.toBeInstanceOf(
      RenderTimeoutError,
    );
    expect(performance.now() - started).toBeLessThan(10_000);

    const pdf = await renderSlipPdf('<p>Sunita Kale</p>', { pool });
    expect(await textOf(pdf)).toContain('Sunita Kale');
  });
});

/** A process's state and parent, from /proc; null once it is gone or a zombie (dead, waiting to be reaped). */
function procStat(pid: number): { ppid: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid …": the command may hold spaces and parentheses, so read from its last ')'.
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return state === 'Z' || state === 'X' ? null : { ppid: Number(ppid) };
  } catch {
    return null;
  }
}

/** The living processes under `root` (its children, theirs, …), each with its command line. */
function processesUnder(root: number): Map<number, string> {
  const parents = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    const stat = /^\d+$/.test(name) ? procStat(Number(name)) : null;
    if (stat) parents.set(Number(name), stat.ppid);
  }
  const under = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, ppid] of parents) {
      if (under.has(ppid) && !under.has(pid)) {
        under.add(pid);
        grew = true;
      }
    }
  }
  under.delete(root);
  const commands = new Map<number, string>();
  for (const pid of under) {
    try {
      commands.set(pid, readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' '));
    } catch {
      // gone meanwhile
    }
  }
  return commands;
}

/** The process id of the pool's Chromium, as the pool itself finds it when it must end the browser. */
async function browserPidOf(pool: BrowserPool): Promise<number> {
  const pid = await pool.withPage(async (page) => browserProcessId(page.context().browser()!), { timeoutMs: 10_000 });
  expect(pid).toBeTypeOf('number');
  return pid!;
}

describe('the browser pool', () => {
  it('leaves no Chromium process of a slip that ran out of time alive 5 s later, and the next slip renders', async () => {
    // The time limit of the renderer's settings (PAYSLIP_RENDER_TIMEOUT_SECONDS), shortened.
    configureRenderer({ ...DEFAULT_RENDERER_SETTINGS, timeoutMs: 5_000 });
    const own = createBrowserPool({ executablePath: DEFAULT_RENDERER_SETTINGS.chromiumPath, pages: 1 });
    try {
      expect(await textOf(await renderSlipPdf('<p>Rekha Gaikwad</p>', { pool: own }))).toContain('Rekha Gaikwad');
      const browserPid = await browserPidOf(own);
      const before = new Set(processesUnder(browserPid).keys());
      // What Chromium runs while the slip renders, sampled until it fails: all of it (a print compositor
      // may be one an earlier slip started), and apart what it started for this slip.
      const seen = new Map<number, string>();
      const started = new Map<number, string>();
      const sampler = setInterval(() => {
        for (const [pid, command] of processesUnder(browserPid)) {
          seen.set(pid, command);
          if (!before.has(pid)) started.set(pid, command);
        }
      }, 100);
      try {
        // One line of 300,000 characters: laid out within a second, then Chromium's print compositor
        // (a process of its own) works on it for minutes, long after the page was closed.
        await expect(renderSlipPdf(`<pre>${'x'.repeat(300_000)}</pre>`, { pool: own })).rejects.toBeInstanceOf(
          RenderTimeoutError,
        );
      } finally {
        clearInterval(sampler);
      }
      expect([...seen.values()].some((command) => command.includes('PrintCompositor'))).toBe(true);

      await new Promise((resolve) => setTimeout(resolve, 5_000));
      const survivors = [...started]
        .filter(([pid]) => procStat(pid) !== null)
        .map(([pid, command]) => `${pid} ${command.slice(0, 120)}`);
      expect(survivors).toEqual([]);

      expect(await textOf(await renderSlipPdf('<p>Sunita Kale</p>', { pool: own }))).toContain('Sunita Kale');
    } finally {
      configureRenderer(DEFAULT_RENDERER_SETTINGS);
      await own.close();
    }
  }, 90_000);

  it('kills Chromium when, after a slip ran out of time, it will not even close', async () => {
    const own = createBrowserPool({ executablePath: DEFAULT_RENDERER_SETTINGS.chromiumPath, pages: 1 });
    let browserPid: number | undefined;
    try {
      await renderSlipPdf('<p>Rekha Gaikwad</p>', { pool: own });
      browserPid = await browserPidOf(own);
      const processes = [browserPid, ...processesUnder(browserPid).keys()];
      // A browser process that answers nothing (stopped here) neither prints nor closes when asked.
      const stopped = browserPid;
      const rendering = own.withPage(
        async (page) => {
          process.kill(stopped, 'SIGSTOP');
          return page.pdf();
        },
        { timeoutMs: 1_000 },
      );
      const outcome = await Promise.race([
        rendering.then(
          () => 'printed',
          (error: unknown) => error,
        ),
        new Promise((resolve) => setTimeout(resolve, 20_000, 'still waiting')),
      ]);
      expect(outcome).toBeInstanceOf(RenderTimeoutError);

      // Killed (SIGKILL reaches a stopped process), with every process it had started.
      const deadline = Date.now() + 5_000;
      let alive = processes.filter((pid) => procStat(pid) !== null);
      while (alive.length > 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        alive = processes.filter((pid) => procStat(pid) !== null);
      }
      expect(alive).toEqual([]);
      expect(await textOf(await renderSlipPdf('<p>Sunita Kale</p>', { pool: own }))).toContain('Sunita Kale');
    } finally {
      if (browserPid !== undefined && procStat(browserPid)) process.kill(browserPid, 'SIGCONT');
      await own.close();
    }
  }, 90_000);

  it('renders on two pages at once, and starts Chromium again after it went away', async () => {
    const two = createBrowserPool({ executablePath: DEFAULT_RENDERER_SETTINGS.chromiumPath, pages: 2 });
    try {
      const names = ['Amol Pawar', 'Priya More', 'Vijay Kale'];
      const pdfs = await Promise.all(names.map((name) => renderSlipPdf(`<p>${name}</p>`, { pool: two })));
      for (const [index, pdf] of pdfs.entries()) expect(await textOf(pdf)).toContain(names[index]);

      // The browser closes under a render (as in a crash): that render fails, the next one starts Chromium again.
      await expect(
        two.withPage(async (page) => page.context().browser()!.close(), { timeoutMs: 5_000 }),
      ).resolves.toBeUndefined();
      expect(two.running()).toBe(false);
      expect(await textOf(await renderSlipPdf('<p>Nitin Shinde</p>', { pool: two }))).toContain('Nitin Shinde');
      expect(two.running()).toBe(true);
    } finally {
      await two.close();
    }
    expect(two.running()).toBe(false);
  });

  it('reuses a page from slip to slip, and replaces it after rendersPerPage renders', async () => {
    const recycled = createBrowserPool({
      executablePath: DEFAULT_RENDERER_SETTINGS.chromiumPath,
      pages: 1,
      rendersPerPage: 2,
    });
    try {
      const pages = [];
      for (let index = 0; index < 3; index += 1)
        pages.push(await recycled.withPage(async (page) => page, { timeoutMs: 5_000 }));
      expect(pages[1]).toBe(pages[0]);
      expect(pages[2]).not.toBe(pages[0]);
      expect(pages[0]!.isClosed()).toBe(true);
    } finally {
      await recycled.close();
    }
  });
});

describe('rendererState', () => {
  it('says whether Chromium is there and starts, and why not', async () => {
    forgetRendererState();
    expect(await rendererState()).toEqual({ available: true });

    configureRenderer({ ...DEFAULT_RENDERER_SETTINGS, chromiumPath: '/nonexistent/chromium' });
    try {
      const state = await rendererState();
      expect(state.available).toBe(false);
      expect(state.reason).toContain('Chromium is not installed at /nonexistent/chromium');
      await expect(renderSlipPdf('<p>x</p>')).rejects.toThrow(
        /Chromium could not be started from \/nonexistent\/chromium/,
      );
    } finally {
      configureRenderer(DEFAULT_RENDERER_SETTINGS);
    }
    expect(await rendererState()).toEqual({ available: true });
  });
});

describe('the Devanagari font', () => {
  it('is the bundled Noto Sans Devanagari, inlined as data: URLs', async () => {
    const font = await loadSlipFont(undefined);
    expect(font.files.map((file) => path.basename(file))).toEqual([
      'noto-sans-devanagari-devanagari-400-normal.woff2',
      'noto-sans-devanagari-devanagari-700-normal.woff2',
    ]);
    const sources = [...font.css.matchAll(/src:url\(([a-z]+):/g)].map((match) => match[1]);
    expect(sources).toEqual(['data', 'data']);
  });

  it('falls back to the system fonts when the file is missing, says so, and slips still render', async () => {
    const { stream, lines } = logLines();
    const font = await loadSlipFont('/nonexistent/NotoSansDevanagari-Regular.ttf', pino(stream));
    expect(font).toEqual({ css: '', files: [] });
    expect(lines.join('')).toContain('payslip PDFs use the system fonts for Devanagari');

    configureRenderer({ ...DEFAULT_RENDERER_SETTINGS, fontPath: '/nonexistent/NotoSansDevanagari-Regular.ttf' });
    try {
      const pdf = await renderSlipPdf('<p>वेतन पावती Salary Slip</p>', { pool });
      expect(await textOf(pdf)).toContain('Salary Slip');
      expect(fontsOf(pdf)).not.toContain('NotoSansDevanagari-Regular');
    } finally {
      configureRenderer(DEFAULT_RENDERER_SETTINGS);
    }
  });
});
