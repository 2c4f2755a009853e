import {
  IMPORT_COLUMNS,
  IMPORT_FILE_MAX_BYTES,
  IMPORT_PREVIEW_ROWS,
  OPTIONAL_IMPORT_COLUMNS,
  type ImportColumn,
} from '@srpf/shared/users/users.import.schemas';

/**
 * Reads CSV text into records (RFC 4180): quoted fields may hold commas, line breaks and doubled
 * quotes; CRLF, LF and CR all end a record; a leading BOM is dropped. Stops after `maxRecords`.
 * Only for the preview: the server parses the file again with a CSV library and its own checks.
 */
export function parseCsv(text: string, maxRecords = Number.POSITIVE_INFINITY): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;

  const endRecord = () => {
    record.push(field);
    field = '';
    records.push(record);
    record = [];
  };

  while (i < text.length && records.length < maxRecords) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        field += char;
      }
      i += 1;
      continue;
    }
    if (char === '"' && field === '') quoted = true;
    else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\r' || char === '\n') {
      endRecord();
      if (char === '\r' && text[i + 1] === '\n') i += 1;
    } else field += char;
    i += 1;
  }
  if (records.length < maxRecords && (field !== '' || record.length > 0)) endRecord();
  return records;
}

const isBlank = (record: string[]) => record.every((cell) => cell.trim() === '');
const normaliseHeader = (header: string) => header.replace(/\s+/g, ' ').trim().toUpperCase();

export interface CsvPreview {
  headers: string[];
  /** The first rows of data (blank lines skipped), cells trimmed. */
  rows: string[][];
  /** How many rows of data the file has in all. */
  totalRows: number;
  /** Expected columns the header lacks (MIDDLE NAME may be left out). */
  missingColumns: string[];
}

/** The header, the first ten rows and the row count of an import file, as the preview shows them. */
export function buildCsvPreview(text: string, previewRows = IMPORT_PREVIEW_ROWS): CsvPreview {
  const records = parseCsv(text).filter((record) => !isBlank(record));
  const [header = [], ...data] = records;
  const headers = header.map((cell) => cell.trim());
  const present = new Set(headers.map(normaliseHeader));
  const missingColumns = (Object.keys(IMPORT_COLUMNS) as ImportColumn[])
    .filter((key) => !OPTIONAL_IMPORT_COLUMNS.includes(key) && !present.has(IMPORT_COLUMNS[key]))
    .map((key) => IMPORT_COLUMNS[key]);
  return {
    headers,
    rows: data.slice(0, previewRows).map((record) => record.map((cell) => cell.trim())),
    totalRows: data.length,
    missingColumns,
  };
}

export type CsvFileProblem = 'notCsv' | 'tooLarge' | 'empty';

const CSV_TYPES = new Set([
  'text/csv',
  'application/csv',
  'text/x-csv',
  'application/vnd.ms-excel',
  'text/comma-separated-values',
]);

/** Why a picked file cannot be imported, or null: it must be a CSV of at most 5 MB and not empty. */
export function csvFileProblem(file: { name: string; type: string; size: number }): CsvFileProblem | null {
  const named = file.name.toLowerCase().endsWith('.csv');
  if (!named && !CSV_TYPES.has(file.type.toLowerCase())) return 'notCsv';
  if (file.size > IMPORT_FILE_MAX_BYTES) return 'tooLarge';
  if (file.size === 0) return 'empty';
  return null;
}

export const EXPECTED_COLUMNS: readonly string[] = Object.values(IMPORT_COLUMNS);
