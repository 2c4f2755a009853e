import { PassThrough } from 'node:stream';

/** A stream to give a logger (`logStream`, `pino(stream)`) and the lines written to it so far. */
export function logLines(): { stream: PassThrough; lines: string[] } {
  const lines: string[] = [];
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
  return { stream, lines };
}
