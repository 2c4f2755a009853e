import { describe, expect, it } from 'vitest';
import type { FolderPathNode } from '@srpf/shared/forms/forms.auto-categorise';
import { LIBRARY_FILE_NOT_PDF_MESSAGE, LIBRARY_FILE_TOO_LARGE_MESSAGE } from '@srpf/shared/libraries/libraries.rules';
import editorTexts from '../../../locales/en/form-editor.json';
import {
  autoFolder,
  bulkErrorOf,
  checkBulkFile,
  missingFolderName,
  newBulkFile,
  overallProgress,
  refile,
  runBulkUpload,
  type BulkError,
  type BulkFile,
  type FileLike,
} from './bulk-upload';
import { ROOT_PATH, type FolderPath } from './forms-browse';
import {
  fileProblem,
  formatFileSize,
  isPdfFile,
  serverFileProblem,
  splitPdfFiles,
  titleFromFileName,
} from './pdf-files';

const TREE: FolderPathNode[] = [
  {
    id: 1,
    slug: 'gpf',
    name: 'GPF',
    children: [
      { id: 11, slug: 'refundable', name: 'Refundable' },
      { id: 12, slug: 'non-refundable', name: 'Non-refundable' },
    ],
  },
  { id: 2, slug: 'government-agrim', name: 'शासकीय अग्रिम', children: [{ id: 21, slug: 'computer', name: 'संगणक' }] },
  // Paripatrak lost its 'old' subfolder: a circular is filed in the category with a note.
  { id: 3, slug: 'paripatrak', name: 'Paripatrak', children: [] },
];
const HERE: FolderPath = { categoryId: 9, subcategoryId: null, subSubcategoryId: null };
const file = (name: string, size = 1000): FileLike => ({ name, size });
const context = (autoCategorise: boolean) => ({ autoCategorise, tree: TREE, current: HERE });

describe('bulk files', () => {
  it('start pending, titled by the file name without .pdf, Marathi names in Marathi', () => {
    const item = newBulkFile(file('GPF refund form.PDF'), 'a', context(false));
    expect(item).toMatchObject({
      title: 'GPF refund form',
      language: 'en',
      isPublic: true,
      status: 'pending',
      folder: HERE,
      auto: null,
    });
    expect(newBulkFile(file('संगणक अग्रिम अर्ज.pdf'), 'b', context(false)).language).toBe('mr');
  });

  it('auto-categorise files by the rules into the tree as it is', () => {
    expect(newBulkFile(file('GPF refund form.pdf'), 'a', context(true))).toMatchObject({
      folder: { categoryId: 1, subcategoryId: 11, subSubcategoryId: null },
      auto: { names: ['GPF', 'Refundable'], missing: null },
    });
    expect(newBulkFile(file('संगणक अग्रिम अर्ज.pdf'), 'b', context(true))).toMatchObject({
      folder: { categoryId: 2, subcategoryId: 21, subSubcategoryId: null },
      auto: { names: ['शासकीय अग्रिम', 'संगणक'], missing: null },
    });
  });

  it('a folder that is gone files as deep as the path exists, or uncategorised, and says so', () => {
    expect(autoFolder('परिपत्रक 2025.pdf', TREE)).toEqual({
      folder: { categoryId: 3, subcategoryId: null, subSubcategoryId: null },
      filing: { names: ['Paripatrak'], missing: 'old' },
    });
    expect(autoFolder('LTC travel claim.pdf', TREE)).toEqual({
      folder: ROOT_PATH,
      filing: { names: [], missing: 'ltc' },
    });
  });

  it('a name no rule matches stays in the current folder', () => {
    expect(newBulkFile(file('duty roster.pdf'), 'a', context(true))).toMatchObject({ folder: HERE, auto: null });
  });

  it('refiling leaves files placed by hand and files already sent', () => {
    const items = [
      newBulkFile(file('GPF refund form.pdf'), 'a', context(false)),
      { ...newBulkFile(file('GPF non refundable.pdf'), 'b', context(false)), folderChosen: true },
      { ...newBulkFile(file('संगणक अग्रिम.pdf'), 'c', context(false)), status: 'done' as const },
    ];
    const refiled = refile(items, context(true));
    expect(refiled[0]!.folder).toEqual({ categoryId: 1, subcategoryId: 11, subSubcategoryId: null });
    expect(refiled[1]!.folder).toEqual(HERE);
    expect(refiled[2]!.folder).toEqual(HERE);
    expect(refile(refiled, context(false))[0]).toMatchObject({ folder: HERE, auto: null });
  });

  it('checks the title and the size before sending', () => {
    const item = newBulkFile(file('a.pdf'), 'a', context(false));
    expect(checkBulkFile({ ...item, title: '  ' })).toEqual({ key: 'bulk.errors.titleRequired' });
    expect(checkBulkFile({ ...item, title: 'x'.repeat(301) })).toMatchObject({ key: 'bulk.errors.titleTooLong' });
    expect(checkBulkFile({ ...item, file: file('a.pdf', 10_485_761) })).toEqual({
      key: 'form-editor:metadata.errors.fileTooLarge',
    });
    expect(checkBulkFile({ ...item, file: file('a.pdf', 10_485_760) })).toBeNull();
  });
});

describe('the upload queue', () => {
  const items = (names: string[]) => names.map((name, index) => newBulkFile(file(name), String(index), context(false)));
  const reasonOf = (error: unknown): BulkError => ({ message: (error as Error).message });

  it('sends one file at a time, in order, and a failure does not stop the others', async () => {
    const files = items(['one.pdf', 'two.pdf', 'three.pdf']);
    const events: string[] = [];
    let inFlight = 0;
    const outcome = await runBulkUpload(
      files,
      async (item, onProgress) => {
        inFlight += 1;
        expect(inFlight).toBe(1);
        events.push(`send ${item.title}`);
        onProgress(0.5);
        await new Promise((resolve) => setTimeout(resolve, 5));
        inFlight -= 1;
        if (item.title === 'two') throw new Error('Only PDF files are allowed');
      },
      (key, change) => events.push(`${key} ${change.status ?? `progress ${change.progress}`}`),
      reasonOf,
    );
    expect(outcome).toEqual({ done: 2, failed: 1, firstError: { message: 'Only PDF files are allowed' } });
    expect(events).toEqual([
      '0 uploading',
      'send one',
      '0 progress 0.5',
      '0 done',
      '1 uploading',
      'send two',
      '1 progress 0.5',
      '1 failed',
      '2 uploading',
      'send three',
      '2 progress 0.5',
      '2 done',
    ]);
  });

  it('records a file refused here without sending it, and sends the rest', async () => {
    const files = items(['one.pdf', 'two.pdf']);
    files[0] = { ...files[0]!, title: '' };
    const sent: string[] = [];
    const changes = new Map<string, Partial<BulkFile<FileLike>>>();
    const outcome = await runBulkUpload(
      files,
      async (item) => {
        sent.push(item.title);
        await Promise.resolve();
      },
      (key, change) => changes.set(key, { ...changes.get(key), ...change }),
      reasonOf,
    );
    expect(sent).toEqual(['two']);
    expect(outcome).toMatchObject({ done: 1, failed: 1, firstError: { key: 'bulk.errors.titleRequired' } });
    expect(changes.get('0')).toMatchObject({ status: 'failed', error: { key: 'bulk.errors.titleRequired' } });
  });

  it('a second run sends the failed files again, never the done ones', async () => {
    const files: BulkFile<FileLike>[] = items(['one.pdf', 'two.pdf', 'three.pdf']).map((item, index) => ({
      ...item,
      status: index === 1 ? 'failed' : 'done',
    }));
    const sent: string[] = [];
    const outcome = await runBulkUpload(
      files,
      async (item) => {
        sent.push(item.title);
        await Promise.resolve();
      },
      () => undefined,
      reasonOf,
    );
    expect(sent).toEqual(['two']);
    expect(outcome).toEqual({ done: 1, failed: 0, firstError: null });
  });

  it("words a refusal: the server's file texts translated, other reasons as sent, no answer as the network", () => {
    expect(bulkErrorOf({ status: 400, message: 'Only PDF files are allowed' })).toEqual({
      key: 'form-editor:metadata.errors.pdfOnly',
    });
    expect(bulkErrorOf({ status: 413, message: 'File size must be less than 10MB' })).toEqual({
      key: 'form-editor:metadata.errors.fileTooLarge',
    });
    expect(bulkErrorOf({ status: 400, message: ' Category not found ' })).toEqual({ message: 'Category not found' });
    expect(bulkErrorOf({ status: 0, message: 'Network error' })).toEqual({ key: 'bulk.errors.network' });
    expect(bulkErrorOf(undefined)).toEqual({ key: 'bulk.errors.network' });
  });

  it('overall progress counts finished files and the share of the current one', () => {
    const files: BulkFile<FileLike>[] = items(['a.pdf', 'b.pdf', 'c.pdf', 'd.pdf']);
    files[0] = { ...files[0]!, status: 'done' };
    files[1] = { ...files[1]!, status: 'failed' };
    files[2] = { ...files[2]!, status: 'uploading', progress: 0.5 };
    expect(overallProgress(files)).toEqual({ finished: 2, total: 4, fraction: 2.5 / 4 });
    expect(overallProgress([])).toEqual({ finished: 0, total: 0, fraction: 0 });
  });
});

describe('PDF files', () => {
  it('only PDFs pass; a name in .pdf is believed when the browser knows no type', () => {
    expect(isPdfFile({ name: 'a.pdf', type: 'application/pdf' })).toBe(true);
    expect(isPdfFile({ name: 'a.PDF', type: '' })).toBe(true);
    expect(isPdfFile({ name: 'a.pdf', type: 'text/plain' })).toBe(false);
    expect(isPdfFile({ name: 'a.docx', type: '' })).toBe(false);
    expect(
      splitPdfFiles([
        { name: 'a.pdf', type: 'application/pdf' },
        { name: 'b.png', type: 'image/png' },
      ]),
    ).toEqual({ pdfs: [{ name: 'a.pdf', type: 'application/pdf' }], rejected: 1 });
  });

  it('one check for a form file: a PDF of at most 10 MB; the server says the same, in words the page translates', () => {
    expect(fileProblem({ name: 'a.pdf', type: 'application/pdf', size: 10_485_760 })).toBeNull();
    expect(fileProblem({ name: 'a.pdf', type: 'application/pdf', size: 10_485_761 })).toBe('tooLarge');
    expect(fileProblem({ name: 'a.png', type: 'image/png', size: 10 })).toBe('notPdf');
    expect(serverFileProblem('Only PDF files are allowed')).toBe('notPdf');
    expect(serverFileProblem('File size must be less than 10MB')).toBe('tooLarge');
    expect(serverFileProblem('Title is required')).toBeNull();
    expect(serverFileProblem(null)).toBeNull();
    // The English texts are the server's own.
    expect(editorTexts.metadata.errors.pdfOnly).toBe(LIBRARY_FILE_NOT_PDF_MESSAGE);
    expect(editorTexts.metadata.errors.fileTooLarge).toBe(LIBRARY_FILE_TOO_LARGE_MESSAGE);
  });

  it('sizes read as KB or MB', () => {
    expect(formatFileSize(100)).toBe('1 KB');
    expect(formatFileSize(524_288)).toBe('512 KB');
    expect(formatFileSize(2_516_582)).toBe('2.4 MB');
  });

  it('the default title is the name without .pdf', () => {
    expect(titleFromFileName('परिपत्रक 2025.pdf')).toBe('परिपत्रक 2025');
    expect(titleFromFileName('report.final.pdf')).toBe('report.final');
    expect(titleFromFileName('.pdf')).toBe('.pdf');
  });
});

describe('the note of a folder that is gone', () => {
  it('names a default folder in the screen language, anything else by its slug', () => {
    expect(missingFolderName('old', false)).toBe('Old');
    expect(missingFolderName('old', true)).toBe('जुने');
    expect(missingFolderName('ltc', false)).toBe('LTC');
    expect(missingFolderName('my-folder', true)).toBe('my-folder');
  });
});
