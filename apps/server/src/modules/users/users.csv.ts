import { pipeline, type Readable } from 'node:stream';
import { parse, CsvError } from 'csv-parse';
import {
  IMPORT_COLUMNS,
  IMPORT_MAX_ROWS,
  OPTIONAL_IMPORT_COLUMNS,
  type ErrorReasonOf,
  type ErrorReasonParams,
  type ImportColumn,
} from '@srpf/shared';
import { AppError } from '../../lib/errors.js';
import { invalidField } from '../../lib/validation.js';

/** One data row of the import file, by column, with its line in the file (the header is line 1). */
export interface CsvUserRecord {
  line: number;
  values: Record<ImportColumn, string>;
}

const COLUMN_KEYS = Object.keys(IMPORT_COLUMNS) as ImportColumn[];
const normaliseHeader = (header: string) => header.replace(/\s+/g, ' ').trim().toUpperCase();

const invalidFile = <R extends ErrorReasonOf<'VALIDATION_FAILED'>>(
  reason: R,
  params: ErrorReasonParams<R>,
  message: string,
) => invalidField('file', reason, params, message);

/** Where each expected column sits in the header row; a missing required column is a 400 naming it. */
function columnPositions(header: string[]): Record<ImportColumn, number> {
  const names = header.map(normaliseHeader);
  const positions = Object.fromEntries(COLUMN_KEYS.map((key) => [key, names.indexOf(IMPORT_COLUMNS[key])])) as Record<
    ImportColumn,
    number
  >;
  const missing = COLUMN_KEYS.filter((key) => positions[key] === -1 && !OPTIONAL_IMPORT_COLUMNS.includes(key)).map(
    (key) => IMPORT_COLUMNS[key],
  );
  if (missing.length > 0) {
    throw invalidFile(
      'users.import_csv_missing_columns',
      { columns: missing.join(', ') },
      `The CSV file is missing the column${missing.length === 1 ? '' : 's'} ${missing.join(', ')}. Expected: ${Object.values(IMPORT_COLUMNS).join(', ')}.`,
    );
  }
  return positions;
}

/**
 * Reads the import file as it streams in: the header row names the columns (any case, any order,
 * extra columns ignored); blank lines are skipped. Throws 400 for an unreadable file, missing
 * columns, no rows or too many rows.
 */
export async function readUserCsv(file: Readable): Promise<CsvUserRecord[]> {
  const parser = parse({
    bom: true,
    trim: true,
    skip_empty_lines: true,
    skip_records_with_empty_values: true,
    relax_column_count: true,
    max_record_size: 64 * 1024,
    info: true,
  });
  // pipeline, not pipe: a file stream closed before its end (a body cut short) must fail the parser, not leave it waiting.
  pipeline(file, parser, () => {});

  const records: CsvUserRecord[] = [];
  let positions: Record<ImportColumn, number> | null = null;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (!positions) {
        positions = columnPositions(record);
        continue;
      }
      if (records.length >= IMPORT_MAX_ROWS)
        throw invalidFile(
          'users.import_csv_too_many_rows',
          { maximum: IMPORT_MAX_ROWS },
          `At most ${IMPORT_MAX_ROWS.toLocaleString('en-IN')} rows can be imported at once`,
        );
      const at = positions;
      const values = Object.fromEntries(
        COLUMN_KEYS.map((key) => [key, at[key] === -1 ? '' : (record[at[key]] ?? '')]),
      ) as Record<ImportColumn, string>;
      records.push({ line: info.lines, values });
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof CsvError)
      throw invalidFile('users.import_csv_unreadable', {}, `The CSV file could not be read: ${error.message}`);
    // Anything else broke the upload stream itself: a body cut short, a malformed multipart part.
    throw invalidFile('upload.cut_short', {}, 'The upload ended before the file was complete');
  }
  if (!positions)
    throw invalidFile('users.import_csv_empty', {}, 'The CSV file is empty. Please select a CSV file first.');
  if (records.length === 0)
    throw invalidFile('users.import_csv_no_rows', {}, 'The CSV file has a header but no user rows');
  return records;
}
