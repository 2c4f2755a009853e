/**
 * The slip reader off the request thread: uploaded files are read (parsed, their text laid out,
 * their fields found) in a small pool of worker threads (piscina), so a large or hostile file keeps
 * a reader thread busy, never the thread that answers every other request. The pool starts no
 * thread until an upload needs one and lets its threads go after a few idle seconds: a server that
 * reads no slips keeps none. Each app has its own pool (built by payslips.module.ts), so closing one app (a test's
 * second instance) never ends the reads of another in the same process.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import type { SlipBatch, SlipReaderFault } from './payslips.read-worker.js';
import type { SlipReading } from './payslips.reader.js';

/** A batch's time limit, counted from when a thread starts on it: the heaviest slip under the limits reads in about 3 s. */
export const SLIP_BATCH_READ_MS = 30_000;

export interface SlipReaderSettings {
  /** How many threads read slips at once, at most (config.ts: PAYSLIP_READ_THREADS). */
  threads: number;
  /** A batch's time limit; SLIP_BATCH_READ_MS unless a test shortens it. */
  readTimeoutMs?: number;
}

/** A thread idle this long ends; the next upload starts another. */
const IDLE_THREAD_MS = 5_000;

/**
 * Each thread's heap, in MB. Unbounded, V8 lets a worker's heap grow far past what reading needs
 * before collecting (two threads reading 6,000 generated slips: 216 MB more resident memory, about
 * 110 MB with these). Reading the heaviest slip under the limits (2 MB of long tables, 60,000
 * elements) needs under 64 MB; a thread past its limit ends, and its batch is read again file by file.
 */
const THREAD_HEAP_LIMITS = { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 128 };

/**
 * The worker's module and how Node must load it. Built, this module is `.js` in `dist/` and so is the
 * worker beside it. Run from the TypeScript sources (vitest, `npm run dev`), this module is `.ts`: a
 * worker thread gets neither vite-node's transform nor tsx's hooks of the parent, so it is started
 * with tsx's loader (`--import`; a devDependency, present wherever the sources run) and the `source`
 * condition the sources are run under. Tests thus read slips in the same worker threads as the server.
 */
function workerModule(): { filename: string; execArgv?: string[] } {
  const fromSources = import.meta.url.endsWith('.ts');
  const filename = new URL(`./payslips.read-worker.${fromSources ? 'ts' : 'js'}`, import.meta.url).href;
  if (!fromSources) return { filename };
  const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { filename, execArgv: ['--conditions=source', '--import', tsxLoader] };
}

/** Why a batch's read was ended: it ran past its time limit (the reason of the AbortError's `cause`). */
export class SlipReadTimeout extends Error {
  constructor(readonly limitMs: number) {
    super(`The slip batch was still being read after ${limitMs} ms`);
    this.name = 'SlipReadTimeout';
  }
}

type Readings = (SlipReading | SlipReaderFault)[];

export interface SlipReaders {
  /** Batches an upload may have being read at once: each thread busy, one more waiting for each. */
  readonly batchesInFlight: number;
  /** A batch's time limit, in ms. */
  readonly readTimeoutMs: number;
  /**
   * A batch of files' bytes read by a worker thread (one message each way for many small slips),
   * each file's reading or the reader's fault on it in order. Rejects when the thread died (past its
   * heap), and with an AbortError when the read ran past its time limit (`cause`: SlipReadTimeout)
   * or `cancel` was aborted (its thread is then ended, so nobody waits for it).
   */
  read(files: readonly Uint8Array[], cancel: AbortSignal): Promise<Readings>;
  /** Ends the pool's threads (when the app closes); a later read starts a new pool. */
  close(): Promise<void>;
}

const isBatchStart = (message: unknown): message is { slipBatchStarted: number } =>
  typeof message === 'object' && message !== null && 'slipBatchStarted' in message;

export function createSlipReaders(settings: SlipReaderSettings): SlipReaders {
  const readTimeoutMs = settings.readTimeoutMs ?? SLIP_BATCH_READ_MS;
  let pool: Piscina<SlipBatch, Readings> | null = null;
  // The batches sent and not yet begun: the time limit starts when a thread says it began
  // (payslips.read-worker.ts), so a batch waiting behind other uploads' batches is not cut short.
  const waiting = new Map<number, () => void>();
  let batches = 0;

  function openPool(): Piscina<SlipBatch, Readings> {
    if (pool) return pool;
    pool = new Piscina<SlipBatch, Readings>({
      ...workerModule(),
      minThreads: 0,
      maxThreads: settings.threads,
      idleTimeout: IDLE_THREAD_MS,
      resourceLimits: THREAD_HEAP_LIMITS,
    });
    pool.on('message', (message: unknown) => {
      if (isBatchStart(message)) waiting.get(message.slipBatchStarted)?.();
    });
    return pool;
  }

  return {
    batchesInFlight: settings.threads * 2,
    readTimeoutMs,
    async read(files, cancel) {
      const id = (batches += 1);
      const timeLimit = new AbortController();
      let timer: NodeJS.Timeout | undefined;
      waiting.set(id, () => {
        waiting.delete(id);
        timer = setTimeout(() => timeLimit.abort(new SlipReadTimeout(readTimeoutMs)), readTimeoutMs);
      });
      try {
        return await openPool().run({ id, files }, { signal: AbortSignal.any([timeLimit.signal, cancel]) });
      } finally {
        waiting.delete(id);
        clearTimeout(timer);
      }
    },
    async close() {
      const closing = pool;
      pool = null;
      await closing?.destroy();
    },
  };
}
