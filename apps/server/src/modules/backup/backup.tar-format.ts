import { OWNER_ONLY_FILE, OWNER_ONLY_FOLDER } from '../../lib/owner-only.js';

/**
 * The few parts of the POSIX tar (ustar) format an archive of `npm run backup` uses: regular files
 * only, named by a path of safe segments. Any tar tool lists and extracts such an archive
 * (`tar -tf`); `npm run restore` reads only what this module writes, so it can insist on every byte.
 */

export const BLOCK = 512;

/** What a stored path may hold: no `..`, no absolute path, nothing a shell or a file system reads specially. */
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;
const NAME_FIELD = 100;
const PREFIX_FIELD = 155;
/** The largest size eleven octal digits hold (8 GiB - 1); larger sizes use the base-256 form GNU tar reads. */
const OCTAL_SIZE_MAX = 0o77777777777;

export function isSafeEntryName(name: string): boolean {
  return (
    name.split('/').every((segment) => SEGMENT.test(segment)) &&
    Buffer.byteLength(name) <= NAME_FIELD + 1 + PREFIX_FIELD
  );
}

/** The padding that fills an entry's content up to a whole block. */
export function paddingAfter(size: number): number {
  return (BLOCK - (size % BLOCK)) % BLOCK;
}

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

function writeSize(header: Buffer, size: number): void {
  if (size <= OCTAL_SIZE_MAX) {
    header.write(octal(size, 12), 124, 'ascii');
    return;
  }
  header[124] = 0x80;
  let rest = BigInt(size);
  for (let index = 135; index > 124; index -= 1) {
    header[index] = Number(rest & 0xffn);
    rest >>= 8n;
  }
}

function readSize(header: Buffer): number {
  if ((header[124]! & 0x80) !== 0) {
    let value = 0n;
    for (let index = 125; index < 136; index += 1) value = (value << 8n) | BigInt(header[index]!);
    return Number(value);
  }
  return Number.parseInt(header.toString('ascii', 124, 135), 8);
}

/** Splits a long name into ustar's prefix and name fields at a slash. */
function splitName(name: string): { prefix: string; base: string } {
  if (Buffer.byteLength(name) <= NAME_FIELD) return { prefix: '', base: name };
  const cut = name.lastIndexOf('/', PREFIX_FIELD);
  if (cut <= 0 || Buffer.byteLength(name.slice(cut + 1)) > NAME_FIELD)
    throw new Error(`Name too long for the archive: ${name}`);
  return { prefix: name.slice(0, cut), base: name.slice(cut + 1) };
}

function checksumOf(header: Buffer): number {
  let sum = 0;
  for (let index = 0; index < BLOCK; index += 1) sum += index >= 148 && index < 156 ? 0x20 : header[index]!;
  return sum;
}

/**
 * The header block of a regular file (mode 0600, owner 0, modified at `modifiedAt`), or of a folder
 * (mode 0700, no content, its name ending in `/`): folders appear only in the embedded database's
 * own tar inside the archive, whose empty folders PostgreSQL needs.
 */
export function encodeHeader(name: string, size: number, modifiedAt: Date, type: 'file' | 'folder' = 'file'): Buffer {
  if (!isSafeEntryName(name)) throw new Error(`Not a safe archive entry name: ${name}`);
  const header = Buffer.alloc(BLOCK);
  const { prefix, base } = splitName(type === 'folder' ? `${name}/` : name);
  header.write(base, 0, 'utf8');
  header.write(octal(type === 'folder' ? OWNER_ONLY_FOLDER : OWNER_ONLY_FILE, 8), 100, 'ascii');
  header.write(octal(0, 8), 108, 'ascii');
  header.write(octal(0, 8), 116, 'ascii');
  writeSize(header, size);
  header.write(octal(Math.floor(modifiedAt.getTime() / 1000), 12), 136, 'ascii');
  header.write(type === 'folder' ? '5' : '0', 156, 'ascii');
  header.write('ustar\0', 257, 'ascii');
  header.write('00', 263, 'ascii');
  header.write(prefix, 345, 'utf8');
  header.write(`${checksumOf(header).toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return header;
}

export type DecodedHeader = { end: true } | { end: false; name: string; size: number };

/**
 * Reads a header block this module wrote, or the end marker (a block of zeros). Anything else (a
 * changed byte, another tar tool's entry) is refused: the header is re-encoded and must match.
 */
export function decodeHeader(header: Buffer): DecodedHeader {
  if (header.every((byte) => byte === 0)) return { end: true };
  const field = (start: number, length: number) => {
    const raw = header.subarray(start, start + length);
    const zero = raw.indexOf(0);
    return raw.subarray(0, zero === -1 ? length : zero).toString('utf8');
  };
  const base = field(0, NAME_FIELD);
  const prefix = field(345, PREFIX_FIELD);
  const name = prefix ? `${prefix}/${base}` : base;
  const size = readSize(header);
  const modifiedAt = new Date(Number.parseInt(header.toString('ascii', 136, 147), 8) * 1000);
  if (!isSafeEntryName(name) || !Number.isSafeInteger(size) || Number.isNaN(modifiedAt.getTime())) {
    throw new Error('an entry header is damaged');
  }
  if (!encodeHeader(name, size, modifiedAt).equals(header)) throw new Error(`the header of ${name} is damaged`);
  return { end: false, name, size };
}
