import { FORM_SLUGS as s } from './forms.default-tree.js';

/**
 * Auto-categorise by file name (spec document 2, section 5; issue 18), used by Bulk Upload.
 *
 * - Keywords match whole words of the name, case-insensitive, in English and Marathi ('na' does not
 *   match inside 'final'); a keyword of several words matches those words in a row. Words are runs of
 *   letters, combining marks and digits, so 'non-refundable', 'non_refundable' and 'non refundable'
 *   are the same two words, and Devanagari words keep their vowel signs.
 * - A rule names a category; its subfolder rules refine it. A subfolder keyword on its own files under
 *   its category only where the word cannot mean anything else (`standalone`: 'eklavya', 'दुचाकी');
 *   'home' alone files nothing.
 * - When several rules match, the most specific wins: a match down to a subfolder beats a category
 *   alone; between equals, the order below (GPF, Medical bills, LTC, Government agrim, Paripatrak,
 *   Welfare schemes). Within a category the first matching subfolder rule wins, so 'non refundable'
 *   is non-refundable, not refundable.
 * - The answer is a path of slugs; `resolveFolderPath` finds it in the tree as it is now.
 */

interface SubfolderRule {
  /** The slugs below the category: one, or two for a sub-subcategory. */
  path: readonly string[];
  keywords: readonly string[];
  /** The keyword alone is enough to file under the category. */
  standalone?: boolean;
}

interface CategoryRule {
  slug: string;
  keywords: readonly string[];
  subfolders: readonly SubfolderRule[];
  /** Where every match of this category goes when no subfolder rule matched. */
  defaultPath?: readonly string[];
}

export const AUTO_CATEGORISE_RULES: readonly CategoryRule[] = [
  {
    slug: s.gpf,
    keywords: ['gpf', 'provident', 'जीपीएफ', 'भविष्य निर्वाह'],
    subfolders: [
      { path: [s.nonRefundable], keywords: ['non', 'na', 'nonrefundable', 'ना परतावा', 'नापरतावा'] },
      { path: [s.refundable], keywords: ['refund', 'refundable', 'परतावा'] },
    ],
  },
  {
    slug: s.medical,
    keywords: ['medical', 'a form', 'cd form', 'aform', 'cdform', 'वैद्यकीय', 'मेडिकल'],
    subfolders: [
      { path: [s.cdForm], keywords: ['cd form', 'cdform', 'क ड नमुना', 'कड नमुना'], standalone: true },
      { path: [s.aForm], keywords: ['a form', 'aform', 'अ नमुना'], standalone: true },
    ],
  },
  {
    slug: s.ltc,
    keywords: ['ltc', 'travel', 'एलटीसी', 'प्रवास'],
    subfolders: [
      { path: [s.maharashtraDarshan], keywords: ['maharashtra', 'darshan', 'महाराष्ट्र', 'दर्शन'] },
      { path: [s.swagram], keywords: ['swagram', 'स्वग्राम'], standalone: true },
    ],
  },
  {
    slug: s.agrim,
    keywords: ['agrim', 'advance', 'अग्रिम', 'अग्रीम'],
    subfolders: [
      { path: [s.computer], keywords: ['computer', 'laptop', 'संगणक'], standalone: true },
      {
        path: [s.motorcycle],
        keywords: ['motorcycle', 'motor cycle', 'bike', 'two wheeler', 'मोटारसायकल', 'मोटरसायकल', 'दुचाकी'],
        standalone: true,
      },
      { path: [s.home], keywords: ['home', 'house', 'housing', 'गृह', 'घर'] },
    ],
  },
  {
    slug: s.paripatrak,
    keywords: ['circular', 'paripatrak', 'परिपत्रक'],
    subfolders: [],
    defaultPath: [s.old, s.year2025],
  },
  {
    slug: s.welfare,
    keywords: ['welfare', 'anudan', 'yojana', 'कल्याण', 'अनुदान', 'योजना'],
    subfolders: [
      { path: [s.daptar], keywords: ['daptar', 'दप्तर'], standalone: true },
      { path: [s.eklavya], keywords: ['eklavya', 'एकलव्य'], standalone: true },
      { path: [s.pustak], keywords: ['pustak', 'पुस्तक'], standalone: true },
      { path: [s.shishvrutti], keywords: ['shishvrutti', 'scholarship', 'शिष्यवृत्ती', 'शिष्यवृत्ति'], standalone: true },
    ],
  },
];

/** The words of a file name, lower-cased, without its `.pdf`. */
export function fileNameWords(fileName: string): string[] {
  return fileName
    .normalize('NFC')
    .toLowerCase()
    .replace(/\.pdf$/i, '')
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((word) => word !== '');
}

function containsPhrase(words: readonly string[], keyword: string): boolean {
  const phrase = fileNameWords(keyword);
  if (phrase.length === 0) return false;
  for (let start = 0; start + phrase.length <= words.length; start += 1) {
    if (phrase.every((word, offset) => words[start + offset] === word)) return true;
  }
  return false;
}

const matchesAny = (words: readonly string[], keywords: readonly string[]) =>
  keywords.some((keyword) => containsPhrase(words, keyword));

export interface AutoCategory {
  /** Category slug first, then the subfolders' (one to three slugs). */
  path: string[];
}

/** The folder a file name points at, or null when no rule matches. */
export function autoCategorise(fileName: string): AutoCategory | null {
  const words = fileNameWords(fileName);
  let best: { path: string[]; specificity: number } | null = null;
  for (const rule of AUTO_CATEGORISE_RULES) {
    const categoryMatched = matchesAny(words, rule.keywords);
    const subfolder = rule.subfolders.find(
      (candidate) => (categoryMatched || candidate.standalone === true) && matchesAny(words, candidate.keywords),
    );
    if (!categoryMatched && !subfolder) continue;
    const path = [rule.slug, ...(subfolder?.path ?? rule.defaultPath ?? [])];
    const specificity = subfolder ? 2 : 1;
    // Strictly more specific only: between equals the earlier rule stays.
    if (!best || specificity > best.specificity) best = { path, specificity };
  }
  return best ? { path: best.path } : null;
}

/** What resolving needs of a folder tree. */
export interface FolderPathNode {
  id: number;
  slug: string;
  name: string;
  children?: readonly FolderPathNode[];
}

export interface ResolvedFolderPath {
  categoryId: number | null;
  subcategoryId: number | null;
  subSubcategoryId: number | null;
  /** The names of the folders found, top down. */
  names: string[];
  /** The first slug not found (renamed or deleted): the file is filed as deep as the path exists. */
  missing: string | null;
}

/**
 * The ids of a slug path in the tree as it is now. A folder that is gone leaves the file in the
 * deepest folder above it that exists, or uncategorised when even the category is gone, with
 * `missing` saying which one, so the screen can note it; it is never an error.
 */
export function resolveFolderPath(tree: readonly FolderPathNode[], path: readonly string[]): ResolvedFolderPath {
  const ids: (number | null)[] = [null, null, null];
  const names: string[] = [];
  let level: readonly FolderPathNode[] = tree;
  for (const [depth, slug] of path.entries()) {
    const folder = level.find((candidate) => candidate.slug === slug);
    if (!folder)
      return { categoryId: ids[0]!, subcategoryId: ids[1]!, subSubcategoryId: ids[2]!, names, missing: slug };
    ids[depth] = folder.id;
    names.push(folder.name);
    level = folder.children ?? [];
  }
  return { categoryId: ids[0]!, subcategoryId: ids[1]!, subSubcategoryId: ids[2]!, names, missing: null };
}
