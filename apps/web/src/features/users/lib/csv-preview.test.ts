import { describe, expect, it } from 'vitest';
import { buildCsvPreview, csvFileProblem, parseCsv } from './csv-preview';

const HEADER = 'DESIGNATION,SEVARTH ID,FIRST NAME,MIDDLE NAME,LAST NAME,EMAIL ID,MOBILE NO';

describe('parseCsv', () => {
  it('reads plain records with CRLF, LF or CR line ends', () => {
    expect(parseCsv('a,b\r\nc,d\ne,f\rg,h')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
      ['g', 'h'],
    ]);
  });

  it('reads quoted fields with commas, doubled quotes and line breaks', () => {
    expect(parseCsv('"Patil, Sachin","say ""hi""","two\nlines"\n')).toEqual([
      ['Patil, Sachin', 'say "hi"', 'two\nlines'],
    ]);
  });

  it('drops a BOM and keeps empty fields and Devanagari', () => {
    expect(parseCsv('\uFEFFa,,c\nगणेश,मोरे,')).toEqual([
      ['a', '', 'c'],
      ['गणेश', 'मोरे', ''],
    ]);
  });

  it('stops after the records asked for', () => {
    expect(parseCsv('1\n2\n3\n4', 2)).toEqual([['1'], ['2']]);
  });

  it('gives nothing for an empty text', () => {
    expect(parseCsv('')).toEqual([]);
  });
});

describe('buildCsvPreview', () => {
  it('shows the header, the first ten rows and counts all rows, skipping blank lines', () => {
    const rows = Array.from(
      { length: 12 },
      (_, i) =>
        `Police Constable,SRPFPUN${String(1000 + i)},First${i},,Last${i},user${i}@srpf.test,98765432${String(i).padStart(2, '0')}`,
    );
    const preview = buildCsvPreview([HEADER, ...rows.slice(0, 6), '', ' , ', ...rows.slice(6)].join('\r\n'));
    expect(preview.headers).toEqual(HEADER.split(','));
    expect(preview.rows).toHaveLength(10);
    expect(preview.rows[0]).toEqual([
      'Police Constable',
      'SRPFPUN1000',
      'First0',
      '',
      'Last0',
      'user0@srpf.test',
      '9876543200',
    ]);
    expect(preview.totalRows).toBe(12);
    expect(preview.missingColumns).toEqual([]);
  });

  it('names the required columns the header lacks, in any case and spacing; MIDDLE NAME may be missing', () => {
    const preview = buildCsvPreview('designation, sevarth  id ,First Name,LAST NAME\nClerk,SRPFPUN1011,A,B');
    expect(preview.missingColumns).toEqual(['EMAIL ID', 'MOBILE NO']);
  });

  it('reports every column missing for an empty file', () => {
    const preview = buildCsvPreview('');
    expect(preview.totalRows).toBe(0);
    expect(preview.missingColumns).toHaveLength(6);
  });
});

describe('csvFileProblem', () => {
  it('accepts a CSV by name or by type', () => {
    expect(csvFileProblem({ name: 'users.CSV', type: '', size: 10 })).toBeNull();
    expect(csvFileProblem({ name: 'export', type: 'text/csv', size: 10 })).toBeNull();
  });

  it('refuses other files, files over 5 MB and empty files', () => {
    expect(
      csvFileProblem({
        name: 'users.xlsx',
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        size: 10,
      }),
    ).toBe('notCsv');
    expect(csvFileProblem({ name: 'users.csv', type: 'text/csv', size: 5 * 1024 * 1024 + 1 })).toBe('tooLarge');
    expect(csvFileProblem({ name: 'users.csv', type: 'text/csv', size: 0 })).toBe('empty');
  });
});
