import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvCell } from '../../../lib/csv';
import { buildPasswordCsv, passwordCsvFileName } from './password-csv';

describe('csvCell', () => {
  it('leaves plain text alone and quotes commas, quotes and line breaks', () => {
    expect(csvCell('Sachin Patil')).toBe('Sachin Patil');
    expect(csvCell('Patil, Sachin')).toBe('"Patil, Sachin"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('a\nb')).toBe('"a\nb"');
  });

  it('neutralises text a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x","click")')).toBe('"\'=HYPERLINK(""http://x"",""click"")"');
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('\rcmd')).toBe('"\'\rcmd"');
  });

  it('keeps Devanagari as it is', () => {
    expect(csvCell('गणेश मोरे')).toBe('गणेश मोरे');
  });
});

describe('buildPasswordCsv', () => {
  it('starts with a BOM and the header, then one row per person', () => {
    const csv = buildPasswordCsv([
      { name: 'Sachin Patil', email: 'sachin@srpf.test', password: 'q3Vw_x9ZkP1aB2cD3eF4gA' },
      { name: 'गणेश मोरे', email: 'ganesh@srpf.test', password: 'Zz0-abcdefghijklmnopqr' },
    ]);
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'name,email,password',
      'Sachin Patil,sachin@srpf.test,q3Vw_x9ZkP1aB2cD3eF4gA',
      'गणेश मोरे,ganesh@srpf.test,Zz0-abcdefghijklmnopqr',
      '',
    ]);
  });

  it('cannot be turned into a formula by a hostile name or email from the uploaded file', () => {
    const csv = buildPasswordCsv([{ name: '=cmd|"/c calc"!A1', email: '@evil', password: 'abc' }]);
    expect(csv).toContain('\r\n"\'=cmd|""/c calc""!A1",\'@evil,abc\r\n');
  });

  it('writes only the header when nobody was created', () => {
    expect(buildPasswordCsv([])).toBe(`${CSV_BOM}name,email,password\r\n`);
  });
});

describe('passwordCsvFileName', () => {
  it('names the file by the date and time in Asia/Kolkata', () => {
    expect(passwordCsvFileName(new Date('2026-04-23T10:00:00Z'))).toBe('srpf-one-time-passwords-2026-04-23-1530.csv');
  });
});
