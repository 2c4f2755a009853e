import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { cleanUploadName, contentDisposition, downloadName } from './file-names.js';
import { pdfGuard } from './pdf-guard.js';

describe('upload names', () => {
  it('keeps the last segment, without control characters, ending in .pdf', () => {
    expect(cleanUploadName('../../etc/passwd.pdf')).toBe('passwd.pdf');
    expect(cleanUploadName('C:\\Users\\clerk\\order 12.PDF')).toBe('order 12.pdf');
    expect(cleanUploadName('a\u0000b\u202ec.pdf')).toBe('abc.pdf');
    expect(cleanUploadName('  .hidden.pdf ')).toBe('hidden.pdf');
    expect(cleanUploadName('report.docx')).toBe('report.docx.pdf');
    expect(cleanUploadName('आदेश.pdf')).toBe('आदेश.pdf');
    expect(cleanUploadName('....')).toBeNull();
    expect(cleanUploadName('')).toBeNull();
    expect(cleanUploadName(undefined)).toBeNull();
    expect(cleanUploadName(`${'x'.repeat(300)}.pdf`)).toHaveLength(150);
  });

  it('names a download by file name, title, then the library default', () => {
    expect(downloadName('a.pdf', 'Title', 'order')).toBe('a.pdf');
    expect(downloadName(null, 'Weekly / Report 2026/11', 'order')).toBe('Weekly - Report 2026-11.pdf');
    expect(downloadName(null, '***', 'government_decision')).toBe('government_decision.pdf');
  });

  it('writes an ASCII filename and the exact UTF-8 name', () => {
    expect(contentDisposition('report.pdf', 'order')).toBe(
      `attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`,
    );
    expect(contentDisposition('a"b;c\\d%.pdf', 'order')).toBe(
      `attachment; filename="a_b_c_d_.pdf"; filename*=UTF-8''a%22b%3Bc%5Cd%25.pdf`,
    );
    expect(contentDisposition('Résumé.pdf', 'order')).toBe(
      `attachment; filename="Resume.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9.pdf`,
    );
    expect(contentDisposition('आदेश.pdf', 'circular')).toBe(
      `attachment; filename="circular.pdf"; filename*=UTF-8''${encodeURIComponent('आदेश.pdf')}`,
    );
    expect(contentDisposition("it's (1).pdf", 'order')).toBe(
      `attachment; filename="it's (1).pdf"; filename*=UTF-8''it%27s%20%281%29.pdf`,
    );
  });
});

describe('the PDF guard', () => {
  const run = async (chunks: Buffer[], max = 100) => {
    const out: Buffer[] = [];
    await pipeline(
      Readable.from(chunks),
      pdfGuard(max),
      new Writable({
        write(chunk, _e, done) {
          out.push(chunk);
          done();
        },
      }),
    );
    return Buffer.concat(out);
  };

  it('passes a PDF through unchanged, even when the signature arrives split', async () => {
    expect(await run([Buffer.from('%P'), Buffer.from('DF-1.4 rest')])).toEqual(Buffer.from('%PDF-1.4 rest'));
  });

  it('refuses other bytes, short files and files past the limit', async () => {
    await expect(run([Buffer.from('GIF89a')])).rejects.toMatchObject({ code: 'INVALID_FILE' });
    await expect(run([Buffer.from('%PD')])).rejects.toMatchObject({ code: 'INVALID_FILE' });
    await expect(run([])).rejects.toMatchObject({ code: 'INVALID_FILE' });
    await expect(run([Buffer.from('%PDF-'), Buffer.alloc(96)], 100)).rejects.toMatchObject({ code: 'FILE_TOO_LARGE' });
    expect((await run([Buffer.from('%PDF-'), Buffer.alloc(95)], 100)).length).toBe(100);
  });
});
