import { statfs } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FileStorage } from '../../../lib/storage.js';
import { HEALTH_THRESHOLDS } from '../system-health.thresholds.js';
import { elapsedMs, figure, type ProbeResult } from './probe.js';

const { freeWarningPercent, freeCriticalPercent } = HEALTH_THRESHOLDS.storage;
const PROBE_CONTENT = 'srpf system health probe\n';

async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** A small file written, read back and deleted through the configured store. Throws what failed. */
async function writeReadDelete(storage: FileStorage): Promise<void> {
  const stored = await storage.put(Readable.from([Buffer.from(PROBE_CONTENT)]));
  try {
    await storage.commit(stored.key);
    const read = await storage.get(stored.key);
    if (!read || (await readAll(read.stream)) !== PROBE_CONTENT) throw new Error('the probe file read back differs');
  } finally {
    await storage.discard(stored.key).catch(() => undefined);
    await storage.delete(stored.key);
  }
}

/** The filesystem of the folder, or of its nearest existing parent (the store makes its folder on first use). */
async function statfsNearest(folder: string) {
  for (let at = folder; ; at = path.dirname(at)) {
    try {
      return await statfs(at);
    } catch (error) {
      if (path.dirname(at) === at || (error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

/**
 * File storage (the configured store; its folder's filesystem for the free space): a write-read-delete
 * that fails is critical, as is free space under 5 %; under 10 % a warning.
 */
export async function probeStorage(storage: FileStorage, folder: string): Promise<ProbeResult> {
  const started = performance.now();
  let free: { bytes: number; percent: number } | null = null;
  try {
    const stats = await statfsNearest(folder);
    const freeBlocks = stats.bavail;
    const usable = stats.blocks - stats.bfree + stats.bavail;
    free = { bytes: freeBlocks * stats.bsize, percent: usable > 0 ? Math.round((1000 * freeBlocks) / usable) / 10 : 0 };
  } catch {
    // not readable: the write below says whether the store works
  }
  let writeError: unknown = null;
  await writeReadDelete(storage).catch((error: unknown) => {
    writeError = error;
  });
  const responseTimeMs = elapsedMs(started);
  const figures = [
    figure('free_bytes', free?.bytes ?? null, 'bytes'),
    figure('free_percent', free?.percent ?? null, 'percent'),
    figure('write_read_delete', writeError === null, 'flag'),
  ];
  if (writeError !== null) {
    const code = (writeError as NodeJS.ErrnoException).code;
    const readOnly = code === 'EROFS' || code === 'EACCES' || code === 'EPERM' || code === 'ENOENT';
    return {
      status: 'critical',
      reason: {
        code: readOnly ? 'storage_read_only' : 'storage_probe_failed',
        ...(code ? { params: { error: code } } : {}),
      },
      responseTimeMs,
      figures,
    };
  }
  if (free && free.percent < freeCriticalPercent)
    return {
      status: 'critical',
      reason: { code: 'storage_low_space', params: { percent: free.percent } },
      responseTimeMs,
      figures,
    };
  if (free && free.percent < freeWarningPercent)
    return {
      status: 'warning',
      reason: { code: 'storage_low_space', params: { percent: free.percent } },
      responseTimeMs,
      figures,
    };
  return { status: 'healthy', reason: null, responseTimeMs, figures };
}
