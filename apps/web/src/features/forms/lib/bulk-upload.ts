import { autoCategorise, resolveFolderPath, type FolderPathNode } from '@srpf/shared/forms/forms.auto-categorise';
import { DEFAULT_FORM_TREE, type DefaultFolder } from '@srpf/shared/forms/forms.default-tree';
import { FORM_TITLE_MAX, type FormLanguage } from '@srpf/shared/forms/forms.rules';
import type { FolderPath } from './forms-browse';
import { FILE_PROBLEM_KEYS, isTooLarge, serverFileProblem, titleFromFileName, type FileProblem } from './pdf-files';

/**
 * Bulk Upload (spec document 2, sections 2.11 and 5): each file with its own title, language,
 * visibility and folder, sent one at a time; every file's outcome is kept, and one failure never
 * stops the others.
 */
export type BulkStatus = 'pending' | 'uploading' | 'done' | 'failed';

/** Why a file failed: a check made here (a key of the forms namespace, or of another as 'form-editor:…') or the server's reason. */
export type BulkError = { key: string; values?: Record<string, string | number> } | { message: string };

/** A failure's text: a key translated with its values, or the server's words as they are. */
export function bulkErrorText(
  error: BulkError,
  translate: (key: string, values: Record<string, string | number>) => string,
): string {
  return 'key' in error ? translate(error.key, error.values ?? {}) : error.message;
}

/** How auto-categorise filed a file: the rule's folder, found whole, in part, or not at all. */
export interface AutoFiling {
  /** The names of the folders found, top down (empty: uncategorised). */
  names: string[];
  /** The first slug of the rule's path the tree no longer holds (renamed or deleted); null when found whole. */
  missing: string | null;
}

export interface BulkFile<F extends FileLike = File> {
  key: string;
  file: F;
  title: string;
  language: FormLanguage;
  isPublic: boolean;
  folder: FolderPath;
  /** The folder auto-categorise chose; null when it was off, matched nothing, or the user chose another. */
  auto: AutoFiling | null;
  /** The user picked the folder by hand: auto-categorise leaves it alone. */
  folderChosen: boolean;
  status: BulkStatus;
  error: BulkError | null;
  /** 0…1 of the file's bytes sent, while it uploads. */
  progress: number;
}

export interface FileLike {
  name: string;
  size: number;
}

const DEVANAGARI = /[\u0900-\u097F]/;

/** A Marathi file name is most likely a Marathi form. */
export function languageFromFileName(name: string): FormLanguage {
  return DEVANAGARI.test(name) ? 'mr' : 'en';
}

/** Where auto-categorise files a name in the tree as it is now; null when no rule matches. */
export function autoFolder(
  fileName: string,
  tree: readonly FolderPathNode[],
): { folder: FolderPath; filing: AutoFiling } | null {
  const match = autoCategorise(fileName);
  if (!match) return null;
  const resolved = resolveFolderPath(tree, match.path);
  return {
    folder: {
      categoryId: resolved.categoryId,
      subcategoryId: resolved.subcategoryId,
      subSubcategoryId: resolved.subSubcategoryId,
    },
    filing: { names: resolved.names, missing: resolved.missing },
  };
}

/**
 * The name of a folder the rules point at but the tree no longer holds, for the note: its default
 * name (Marathi for a Marathi or Hindi screen), or the slug when it is not a default folder.
 */
export function missingFolderName(slug: string, marathi: boolean): string {
  const walk = (folders: readonly DefaultFolder[]): DefaultFolder | undefined => {
    for (const folder of folders) {
      if (folder.slug === slug) return folder;
      const below = walk(folder.children ?? []);
      if (below) return below;
    }
    return undefined;
  };
  const found = walk(DEFAULT_FORM_TREE);
  if (!found) return slug;
  return marathi ? found.nameMr : found.name;
}

export interface FilingContext {
  autoCategorise: boolean;
  tree: readonly FolderPathNode[];
  /** The folder the page is in: where a file goes when auto-categorise is off or matches nothing. */
  current: FolderPath;
}

/** Where a file goes: its auto-categorised folder when on and a rule matches, else the current folder. */
export function fileFolder(fileName: string, context: FilingContext): { folder: FolderPath; auto: AutoFiling | null } {
  if (context.autoCategorise) {
    const found = autoFolder(fileName, context.tree);
    if (found) return { folder: found.folder, auto: found.filing };
  }
  return { folder: context.current, auto: null };
}

export function newBulkFile<F extends FileLike>(file: F, key: string, context: FilingContext): BulkFile<F> {
  return {
    key,
    file,
    title: titleFromFileName(file.name),
    language: languageFromFileName(file.name),
    isPublic: true,
    ...fileFolder(file.name, context),
    folderChosen: false,
    status: 'pending',
    error: null,
    progress: 0,
  };
}

/** The checkbox changed (or the tree arrived): files not yet sent and not placed by hand are filed again. */
export function refile<F extends FileLike>(files: readonly BulkFile<F>[], context: FilingContext): BulkFile<F>[] {
  return files.map((item) =>
    item.status === 'done' || item.status === 'uploading' || item.folderChosen
      ? item
      : { ...item, ...fileFolder(item.file.name, context) },
  );
}

/** What is wrong with a file before it is sent (the server checks the same): title and size. */
export function checkBulkFile(item: BulkFile<FileLike>): BulkError | null {
  const title = item.title.trim();
  if (!title) return { key: 'bulk.errors.titleRequired' };
  if (title.length > FORM_TITLE_MAX) return { key: 'bulk.errors.titleTooLong', values: { max: FORM_TITLE_MAX } };
  if (isTooLarge(item.file)) return fileProblemError('tooLarge');
  return null;
}

/** A file problem in the words the upload form uses for it (section 5's texts). */
export const fileProblemError = (problem: FileProblem): BulkError => ({
  key: `form-editor:${FILE_PROBLEM_KEYS[problem]}`,
});

/**
 * Why the server refused a file: its file texts (not a PDF, over 10 MB) in the reader's language,
 * any other reason as the server words it, and no answer at all as the network message.
 */
export function bulkErrorOf(error: unknown): BulkError {
  const { status, message } = (error ?? {}) as { status?: unknown; message?: unknown };
  if (status === 0 || typeof message !== 'string' || !message.trim()) return { key: 'bulk.errors.network' };
  const problem = serverFileProblem(message);
  return problem ? fileProblemError(problem) : { message: message.trim() };
}

/** Files still to send: pending ones, and failed ones again (a second Upload retries them). */
export const isToSend = (item: BulkFile<FileLike>) => item.status === 'pending' || item.status === 'failed';

export interface BulkOutcome {
  done: number;
  failed: number;
  /** The first failure's reason (for 'Bulk upload failed: {message}'). */
  firstError: BulkError | null;
}

/**
 * Sends the files one at a time, in order (section 5), reporting each change of a file: uploading
 * (with its progress), then done or failed with the reason. A failure is recorded and the next file
 * goes; nothing thrown escapes. Files already done are not sent again.
 */
export async function runBulkUpload<F extends FileLike>(
  files: readonly BulkFile<F>[],
  send: (item: BulkFile<F>, onProgress: (fraction: number) => void) => Promise<void>,
  report: (key: string, change: Partial<BulkFile<F>>) => void,
  reasonOf: (error: unknown) => BulkError,
): Promise<BulkOutcome> {
  const outcome: BulkOutcome = { done: 0, failed: 0, firstError: null };
  const fail = (item: BulkFile<F>, error: BulkError) => {
    outcome.failed += 1;
    outcome.firstError ??= error;
    report(item.key, { status: 'failed', error, progress: 0 });
  };
  for (const item of files) {
    if (!isToSend(item)) continue;
    const problem = checkBulkFile(item);
    if (problem) {
      fail(item, problem);
      continue;
    }
    report(item.key, { status: 'uploading', error: null, progress: 0 });
    try {
      await send(item, (fraction) => report(item.key, { progress: Math.min(1, Math.max(0, fraction)) }));
      outcome.done += 1;
      report(item.key, { status: 'done', error: null, progress: 1 });
    } catch (error) {
      fail(item, reasonOf(error));
    }
  }
  return outcome;
}

/**
 * The overall progress bar: files finished (done or failed) of those in this run, plus the share of
 * the one on its way, as 0…1.
 */
export function overallProgress(files: readonly BulkFile<FileLike>[]): {
  finished: number;
  total: number;
  fraction: number;
} {
  const total = files.length;
  const finished = files.filter((item) => item.status === 'done' || item.status === 'failed').length;
  const current = files.find((item) => item.status === 'uploading');
  const fraction = total === 0 ? 0 : Math.min(1, (finished + (current?.progress ?? 0)) / total);
  return { finished, total, fraction };
}
