import type { FileStorage } from '../../lib/storage.js';

/**
 * Removes files whose rows are gone, after the delete has committed (never before: a rolled-back
 * delete must keep its files). A failure leaves an unreferenced file behind, never a row without
 * its file, so it is reported and not thrown.
 */
export async function removeFilesAfterCommit(storage: FileStorage, keys: readonly string[], log: (message: string) => void = () => {}): Promise<void> {
  const results = await Promise.allSettled(keys.map((key) => storage.delete(key)));
  results.forEach((result, index) => {
    if (result.status === 'rejected') log(`could not remove stored file ${keys[index]}: ${String(result.reason)}`);
  });
}
