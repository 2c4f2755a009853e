import fc from 'fast-check';
import { badValue, PROTOTYPE_KEYS } from './bad-values.js';
import type { JsonSchema } from './json-schema.js';
import { fieldText } from './json-text.js';
import type { Operation } from './operations.js';
import { INVALID_UTF8, payloadOf, type Payload } from './payload.js';
import { nearValid } from './schema-values.js';

/**
 * multipart/form-data bodies written byte by byte: well-formed forms of the route's fields with
 * near-valid and bad values and files of every kind (a PDF, a CSV, a picture, random or non-UTF-8
 * bytes, past the size limits), and broken ones (no boundary, the wrong one, cut short, no closing
 * delimiter, bare LF line ends, parts without a disposition or a name, too many parts).
 */

interface Part {
  name: string;
  value: Buffer;
  /** A file part when set. */
  filename?: string;
  contentType?: string;
}

const IMPORT_LIMIT = 5 * 1024 * 1024;
const LIBRARY_LIMIT = 10 * 1024 * 1024;

/** A PDF signature and then anything. */
const pdfLike = fc
  .tuple(fc.uint8Array({ maxLength: 200 }), fc.constantFrom('%PDF-1.4\n', '%PDF-', '%PDF', ' %PDF-1.7\n'))
  .map(([tail, head]) => Buffer.concat([Buffer.from(head, 'latin1'), Buffer.from(tail)]));

/** A CSV whose header names fields the API knows and whose rows are near-valid or bad. */
const csvLike = (columns: readonly string[]) =>
  fc
    .tuple(
      fc.shuffledSubarray(columns.length ? [...columns] : ['first_name', 'email'], { minLength: 1, maxLength: 8 }),
      fc.array(
        fc.array(fc.oneof(fc.string({ maxLength: 12 }), badValue.map(fieldText)), { minLength: 1, maxLength: 8 }),
        { maxLength: 4 },
      ),
      fc.constantFrom('\n', '\r\n', '\r'),
    )
    .map(([header, rows, newline]) =>
      Buffer.from(
        [
          header.join(','),
          ...rows.map((row) =>
            row.map((cell) => (/[",\n\r]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(','),
          ),
        ].join(newline),
      ),
    );

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

const fileContent = (columns: readonly string[]) =>
  fc.oneof(
    { arbitrary: pdfLike, weight: 5 },
    { arbitrary: csvLike(columns), weight: 4 },
    {
      arbitrary: fc.constantFrom(Buffer.alloc(0), PNG, Buffer.from('%PDF'), Buffer.from('not a pdf'), ...INVALID_UTF8),
      weight: 2,
    },
    { arbitrary: fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)), weight: 1 },
    // Just past the import's and the library's size limits.
    {
      arbitrary: fc
        .constantFrom(IMPORT_LIMIT + 1, LIBRARY_LIMIT + 1)
        .map((size) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(size, 0x41)])),
      weight: 1,
    },
  );

const fileName = fc.oneof(
  fc.constantFrom(
    'order.pdf',
    'users.csv',
    'scan.PDF',
    'report.pdf.exe',
    '',
    '.pdf',
    '../../etc/passwd',
    '..\\..\\boot.ini',
    'CON.pdf',
    'naïve ह.pdf',
    'a;b.pdf',
    'x%00.pdf',
  ),
  fc.constantFrom(255, 300, 5000).map((length) => `${'n'.repeat(length)}.pdf`),
  fc.string({ maxLength: 30 }).map((name) => name.replace(/["\r\n]/g, '_')),
);

const fileType = fc.constantFrom(
  'application/pdf',
  'text/csv',
  'image/png',
  'application/octet-stream',
  'text/plain; charset=utf-8',
  'application/vnd.ms-excel',
  'pdf',
  '',
);

/** The value of a field: near-valid for its declared schema, bad, or bytes that are not UTF-8. */
const fieldValue = (schema: JsonSchema | undefined) =>
  fc.oneof(
    { arbitrary: nearValid(schema).map((value) => Buffer.from(fieldText(value))), weight: 4 },
    { arbitrary: badValue.map((value) => Buffer.from(fieldText(value))), weight: 3 },
    { arbitrary: fc.constantFrom(...INVALID_UTF8), weight: 1 },
  );

function fieldPart(operation: Operation): fc.Arbitrary<Part> {
  const properties = operation.body?.properties ?? {};
  const name = fc.oneof(
    {
      arbitrary: operation.formFields.length ? fc.constantFrom(...operation.formFields) : fc.constant('title'),
      weight: 6,
    },
    {
      arbitrary: operation.knownFields.length ? fc.constantFrom(...operation.knownFields) : fc.constant('name'),
      weight: 2,
    },
    { arbitrary: fc.constantFrom(...PROTOTYPE_KEYS, '', 'a[b]', 'a.b'), weight: 1 },
  );
  return name.chain((field) => fieldValue(properties[field]).map((value) => ({ name: field, value })));
}

function filePart(operation: Operation): fc.Arbitrary<Part> {
  const name = fc.oneof(
    { arbitrary: fc.constantFrom(...operation.fileFields, 'file', 'pdf_file'), weight: 8 },
    { arbitrary: fc.constantFrom('upload', '', '__proto__'), weight: 1 },
  );
  return fc.record({ name, value: fileContent(operation.knownFields), filename: fileName, contentType: fileType });
}

/** Ways to break a form on the wire. */
const BREAKAGES = [
  'none',
  'no boundary in the header',
  'another boundary in the header',
  'cut short',
  'no closing delimiter',
  'bare LF line ends',
  'a part without Content-Disposition',
  'a part without a name',
  'a header line without a colon',
  'a boundary of 200 characters',
  'a preamble and an epilogue',
  'forty parts',
] as const;
type Breakage = (typeof BREAKAGES)[number];

const breakage = fc.oneof(
  { arbitrary: fc.constant<Breakage>('none'), weight: 10 },
  {
    arbitrary: fc.constantFrom<Breakage>(
      ...BREAKAGES.filter((kind) => kind !== 'none' && kind !== 'cut short' && kind !== 'no closing delimiter'),
    ),
    weight: 5,
  },
  // A file cut short is waited for (a second without bytes) before the 400: rarer, to keep the run short.
  { arbitrary: fc.constantFrom<Breakage>('cut short', 'no closing delimiter'), weight: 1 },
);

function headerOf(part: Part, kind: Breakage): string {
  if (kind === 'a part without Content-Disposition')
    return part.filename !== undefined ? `Content-Type: ${part.contentType}\r\n` : '';
  const name = kind === 'a part without a name' ? '' : `; name="${part.name}"`;
  const file = part.filename !== undefined ? `; filename="${part.filename}"` : '';
  const type = part.filename !== undefined && part.contentType ? `Content-Type: ${part.contentType}\r\n` : '';
  const extra = kind === 'a header line without a colon' ? 'X-Broken header line\r\n' : '';
  return `Content-Disposition: form-data${name}${file}\r\n${type}${extra}`;
}

/** The bytes and the Content-Type of a form broken in one way. */
function render(parts: Part[], kind: Breakage, cutAt: number): { bytes: Buffer; contentType: string } {
  const boundary = kind === 'a boundary of 200 characters' ? 'b'.repeat(200) : `----srpf-fuzz-${parts.length}-boundary`;
  const all =
    kind === 'forty parts'
      ? Array.from(
          { length: 40 },
          (_, index) => parts[index % Math.max(parts.length, 1)] ?? { name: `f${index}`, value: Buffer.from('x') },
        )
      : parts;
  const chunks: Buffer[] = [];
  if (kind === 'a preamble and an epilogue') chunks.push(Buffer.from('This is the preamble.\r\n'));
  for (const part of all) {
    chunks.push(Buffer.from(`--${boundary}\r\n${headerOf(part, kind)}\r\n`, 'utf8'), part.value, Buffer.from('\r\n'));
  }
  if (kind !== 'no closing delimiter') chunks.push(Buffer.from(`--${boundary}--\r\n`));
  if (kind === 'a preamble and an epilogue') chunks.push(Buffer.from('And an epilogue.\r\n'));
  let bytes = Buffer.concat(chunks);
  if (kind === 'bare LF line ends') bytes = Buffer.from(bytes.toString('latin1').replace(/\r\n/g, '\n'), 'latin1');
  if (kind === 'cut short') bytes = bytes.subarray(0, Math.floor(bytes.length * cutAt));
  const contentType =
    kind === 'no boundary in the header'
      ? 'multipart/form-data'
      : kind === 'another boundary in the header'
        ? 'multipart/form-data; boundary=not-the-one'
        : `multipart/form-data; boundary=${boundary}`;
  return { bytes, contentType };
}

/** A multipart body for the operation: its fields and files, well-formed or broken. */
export function multipartPayload(operation: Operation): fc.Arbitrary<Payload> {
  const parts = fc
    .tuple(
      fc.array(fieldPart(operation), { maxLength: 8 }),
      fc.array(filePart(operation), { maxLength: 2 }),
      fc.boolean(),
    )
    .map(([fields, files, filesFirst]) => (filesFirst ? [...files, ...fields] : [...fields, ...files]));
  return fc.tuple(parts, breakage, fc.double({ min: 0, max: 1, noNaN: true })).map(([list, kind, cutAt]) => {
    const { bytes, contentType } = render(list, kind, cutAt);
    return payloadOf(
      `multipart (${kind}; ${list.map((part) => (part.filename !== undefined ? `file ${part.name}` : part.name)).join(', ') || 'no parts'})`,
      bytes,
      contentType,
    );
  });
}
