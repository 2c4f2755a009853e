/** The body of one case as it goes on the wire, with a short description for failure messages. */
export interface Payload {
  /** The Content-Type header; none when undefined. */
  contentType?: string;
  /** The bytes; no body when undefined. */
  bytes?: Buffer;
  /** What the body is, in a few words and its first bytes (a failure message cannot hold a megabyte). */
  summary: string;
}

const PREVIEW = 160;

/** A payload of these bytes, summarised as its kind, its size and how it starts. */
export function payloadOf(kind: string, bytes: Buffer | undefined, contentType?: string): Payload {
  if (bytes === undefined) return { contentType, summary: `${kind}, no body` };
  const preview = bytes
    .subarray(0, PREVIEW)
    .toString('latin1')
    .replace(/[^\x20-\x7e]/g, (char) => `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`);
  return {
    contentType,
    bytes,
    summary: `${kind}, ${bytes.length} bytes: ${preview}${bytes.length > PREVIEW ? '…' : ''}`,
  };
}

/** Bytes that are not UTF-8: a lone continuation, overlong forms, a surrogate, past U+10FFFF, a cut sequence. */
export const INVALID_UTF8: readonly Buffer[] = [
  Buffer.from([0xff]),
  Buffer.from([0xfe, 0xff]),
  Buffer.from([0x80]),
  Buffer.from([0xc3, 0x28]),
  Buffer.from([0xc0, 0xaf]),
  Buffer.from([0xe0, 0x80, 0xaf]),
  Buffer.from([0xed, 0xa0, 0x80]),
  Buffer.from([0xf4, 0x90, 0x80, 0x80]),
  Buffer.from([0xe0, 0xa4]),
  Buffer.from([0xf0, 0x9f, 0x98]),
];
