import type { Frame, Page } from 'playwright-core';
import { BrowserLaunchError, RenderTimeoutError, type BrowserPool } from './browser-pool.js';
import { rendererLogger, rendererSettings, sharedBrowserPool } from './renderer-settings.js';
import { forgetRendererState } from './renderer-state.js';
import { SLIP_FONT_FAMILY, slipFont } from './slip-font.js';

export { BrowserLaunchError, RenderTimeoutError } from './browser-pool.js';

/**
 * A salary slip's HTML printed to an A4 PDF by headless Chromium (issue 19). The HTML is the
 * uploader's and may hold anything: nothing is stripped from it. What protects is where it is shown:
 * a page whose scripts are disabled and which reaches nothing (browser-pool.ts), given the HTML
 * itself (`setContent`: no URL is loaded), with a time limit. The Devanagari font is put into the
 * page as a `data:` URL (slip-font.ts).
 */

export interface RenderOptions {
  /** This slip's time limit, from the moment it has a page. Default PAYSLIP_RENDER_TIMEOUT_SECONDS (15 s). */
  timeoutMs?: number;
  /** Another browser pool than the process's shared one (tests, the bench). */
  pool?: BrowserPool;
}

/** The page's margins: the slip's own CSS cannot move them (Chromium's print settings win over `@page`, except its size). */
const MARGIN = { top: '10mm', right: '10mm', bottom: '10mm', left: '10mm' };

/**
 * Puts the font into the page and first on every element's list of families, so each Devanagari
 * letter (and ₹) is drawn with it whatever the slip's CSS names, and every other letter with the
 * slip's own fonts as before (the face covers Devanagari only). Then waits until the face is decoded.
 *
 * It runs inside the page through DevTools (the page's own scripts stay disabled). It reaches the
 * DOM only through the prototypes' own functions, since the slip's markup can shadow a document's or
 * a form's properties by naming elements (`<img name="head">`, `<input name="style">`).
 * Returns the number of elements given the font. Kept as source text: what a compiler adds to a
 * function (esbuild's `__name`) does not exist in the page.
 */
const APPLY_SLIP_FONT = `async ({ css, family }) => {
  const getter = (prototype, name) => Object.getOwnPropertyDescriptor(prototype, name).get;
  const doc = document;
  const head = getter(Document.prototype, 'head').call(doc) ?? getter(Document.prototype, 'documentElement').call(doc);
  const style = Document.prototype.createElement.call(doc, 'style');
  Node.prototype.appendChild.call(style, Document.prototype.createTextNode.call(doc, css));
  Node.prototype.appendChild.call(head, style);

  const elements = Array.from(Document.prototype.querySelectorAll.call(doc, 'body, body *'));
  // Every family list is read before any is written, so the style is worked out once.
  const families = elements.map((element) => window.getComputedStyle(element).fontFamily);
  const htmlStyle = getter(HTMLElement.prototype, 'style');
  const svgStyle = getter(SVGElement.prototype, 'style');
  let given = 0;
  elements.forEach((element, index) => {
    const declarations = element instanceof HTMLElement ? htmlStyle.call(element) : element instanceof SVGElement ? svgStyle.call(element) : null;
    if (!declarations) return;
    CSSStyleDeclaration.prototype.setProperty.call(declarations, 'font-family', '"' + family + '", ' + (families[index] || 'sans-serif'), 'important');
    given += 1;
  });
  const fonts = getter(Document.prototype, 'fonts').call(doc);
  await FontFaceSet.prototype.load.call(fonts, '16px "' + family + '"', '\\u0915\\u20B9');
  await getter(FontFaceSet.prototype, 'ready').call(fonts);
  return given;
}`;

/** The slip replaced itself before it was printed (`<meta http-equiv="refresh" content="0">`): its PDF would be blank. */
export class SlipNavigatedError extends Error {
  constructor() {
    super('the slip reloads or leaves its own page (a <meta http-equiv="refresh">), so it cannot be printed');
    this.name = 'SlipNavigatedError';
  }
}

async function print(page: Page, html: string, fontCss: string): Promise<Buffer> {
  // A navigation to a URL is answered 204 and goes nowhere (browser-pool.ts); one to about:blank
  // (a refresh of the page itself) needs no request and would empty the page: seen here, it fails the slip.
  let navigated = false;
  const onNavigated = (frame: Frame) => {
    if (frame === page.mainFrame()) navigated = true;
  };
  page.on('framenavigated', onNavigated);
  try {
    // A navigation during the printing makes Chromium's print fail: the same reason, said plainly.
    const pdf = await printOnce(page, html, fontCss).catch((error: unknown) => {
      throw navigated ? new SlipNavigatedError() : error;
    });
    if (navigated) throw new SlipNavigatedError();
    return pdf;
  } finally {
    page.off('framenavigated', onNavigated);
  }
}

async function printOnce(page: Page, html: string, fontCss: string): Promise<Buffer> {
  // The HTML goes straight into the page's document: no URL is loaded, and `load` comes once
  // everything the page asked for has been refused.
  await page.setContent(html, { waitUntil: 'load', timeout: 0 });
  if (fontCss !== '') {
    try {
      await page.evaluate(`(${APPLY_SLIP_FONT})(${JSON.stringify({ css: fontCss, family: SLIP_FONT_FAMILY })})`);
    } catch (error) {
      if (page.isClosed()) throw error;
      // The slip still renders, with the system's fonts for Devanagari.
      rendererLogger()?.warn(
        { err: error },
        'the Devanagari font could not be applied to a payslip; it renders with the system fonts',
      );
    }
  }
  return page.pdf({ format: 'A4', printBackground: true, margin: MARGIN, preferCSSPageSize: false });
}

/**
 * Renders one slip's HTML to an A4 PDF (its bytes start with `%PDF-`). Fails with
 * RenderTimeoutError past the time limit, BrowserLaunchError when Chromium cannot start (the
 * renderer's state is checked again then), or Playwright's error when the page or browser broke.
 */
export async function renderSlipPdf(html: string, options: RenderOptions = {}): Promise<Buffer> {
  const settings = rendererSettings();
  const timeoutMs = options.timeoutMs ?? settings.timeoutMs;
  const pool = options.pool ?? sharedBrowserPool();
  const font = await slipFont(settings.fontPath, rendererLogger());
  try {
    return await pool.withPage((page) => print(page, html, font.css), { timeoutMs });
  } catch (error) {
    if (error instanceof BrowserLaunchError) forgetRendererState();
    throw error;
  }
}

/** Whether an error means the slip itself took too long (rather than Chromium failing). */
export const isRenderTimeout = (error: unknown): error is RenderTimeoutError => error instanceof RenderTimeoutError;
