/**
 * The entry of a slip-reading worker thread (payslips.read-pool.ts): a batch of uploaded files'
 * bytes in, their readings out, in order. The bytes are decoded here, as the upload decoded them
 * before (UTF-8, a byte order mark dropped, bad sequences replaced), so the request thread does none
 * of the work. A fault of the reader on one file (a layout it trips on) is that file's outcome alone.
 */
import { parentPort } from 'node:worker_threads';
import { readSlip, type SlipReading } from './payslips.reader.js';

/** A batch of files' bytes, numbered by the pool so the thread can say when it begins on it. */
export interface SlipBatch {
  readonly id: number;
  readonly files: readonly Uint8Array[];
}

/** A file the reader failed on, with the fault's text for the request's log. */
export interface SlipReaderFault {
  readonly fault: string;
}

const decoder = new TextDecoder('utf-8');

export default function readSlipBatch({ id, files }: SlipBatch): (SlipReading | SlipReaderFault)[] {
  // The batch's time limit starts now, not while it waited for a thread (piscina passes this on as the pool's 'message').
  parentPort?.postMessage({ slipBatchStarted: id });
  return files.map((bytes) => {
    try {
      return readSlip(decoder.decode(bytes));
    } catch (error) {
      return { fault: error instanceof Error ? (error.stack ?? error.message) : String(error) };
    }
  });
}
