import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Logger } from 'pino';

/**
 * The Devanagari font inlined into every slip (issue 19): a page may fetch nothing, so the font
 * travels inside it as a `data:` URL. Noto Sans Devanagari is bundled with the server
 * (@fontsource/noto-sans-devanagari, OFL; its Devanagari subset, regular and bold); PAYSLIP_FONT_PATH
 * names another file. Without a readable file the slips render with the system's fonts, and the log
 * says so once.
 */

/** The family the renderer puts first on every element; its faces cover Devanagari (and ₹) only, so Latin text keeps the slip's own fonts. */
export const SLIP_FONT_FAMILY = 'SRPF Noto Devanagari';

/** The code points of the bundled Devanagari subset (its CSS's unicode-range): Devanagari, Vedic extensions, ZWNJ/ZWJ, ₨, ₹, the dotted circle. */
const DEVANAGARI_RANGE =
  'U+0900-097F, U+1CD0-1CF9, U+200C-200D, U+20A8, U+20B9, U+20F0, U+25CC, U+A830-A839, U+A8E0-A8FF, U+11B00-11B09';

const BUNDLED = {
  400: '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2',
  700: '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-700-normal.woff2',
} as const;

const FORMATS: Record<string, { format: string; mime: string }> = {
  '.woff2': { format: 'woff2', mime: 'font/woff2' },
  '.woff': { format: 'woff', mime: 'font/woff' },
  '.ttf': { format: 'truetype', mime: 'font/ttf' },
  '.otf': { format: 'opentype', mime: 'font/otf' },
};

export interface SlipFont {
  /** The `@font-face` rules with the font inlined; empty when no font file could be read. */
  css: string;
  /** The files inlined, for the log and the bench. */
  files: string[];
}

function bundledFiles(): { weight: 400 | 700; file: string }[] | null {
  const require = createRequire(import.meta.url);
  try {
    return ([400, 700] as const).map((weight) => ({ weight, file: require.resolve(BUNDLED[weight]) }));
  } catch {
    return null;
  }
}

async function faceOf(file: string, weight: 400 | 700): Promise<string> {
  const kind = FORMATS[path.extname(file).toLowerCase()];
  if (!kind) throw new Error(`${file} is not a woff2, woff, ttf or otf font`);
  const data = (await readFile(file)).toString('base64');
  // `block`: the face is used as soon as it is decoded, which the renderer waits for before printing.
  return `@font-face{font-family:"${SLIP_FONT_FAMILY}";font-style:normal;font-weight:${weight};font-display:block;src:url(data:${kind.mime};base64,${data}) format("${kind.format}");unicode-range:${DEVANAGARI_RANGE}}`;
}

/** Reads the font files: the configured one (as the regular weight; Chromium makes bold from it), else the bundled regular and bold. */
export async function loadSlipFont(fontPath: string | undefined, logger?: Logger): Promise<SlipFont> {
  const files = fontPath ? [{ weight: 400 as const, file: path.resolve(fontPath) }] : bundledFiles();
  if (!files) {
    logger?.warn(
      "the bundled Noto Sans Devanagari (@fontsource/noto-sans-devanagari) is missing: payslip PDFs use the system fonts for Devanagari, which may show empty boxes; reinstall the server's dependencies or set PAYSLIP_FONT_PATH",
    );
    return { css: '', files: [] };
  }
  try {
    const faces = await Promise.all(files.map(({ weight, file }) => faceOf(file, weight)));
    logger?.info({ files: files.map(({ file }) => file) }, 'Noto Devanagari font inlined into payslip PDFs');
    return { css: faces.join('\n'), files: files.map(({ file }) => file) };
  } catch (error) {
    logger?.warn(
      { err: error, files: files.map(({ file }) => file) },
      'the Devanagari font file cannot be read: payslip PDFs use the system fonts for Devanagari, which may show empty boxes; check PAYSLIP_FONT_PATH',
    );
    return { css: '', files: [] };
  }
}

const loaded = new Map<string, Promise<SlipFont>>();

/** loadSlipFont once per font path in this process. */
export function slipFont(fontPath: string | undefined, logger?: Logger): Promise<SlipFont> {
  const key = fontPath ?? '';
  let font = loaded.get(key);
  if (!font) {
    font = loadSlipFont(fontPath, logger);
    loaded.set(key, font);
  }
  return font;
}
