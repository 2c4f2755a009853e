import type { AppContext } from '../../context.js';
import type { FileRemovals } from '../../lib/file-removals.js';
import type { TrashSource } from '../trash/trash.source.js';

/** The forms library's trash (kinds form, category, subcategory, sub_subcategory with library=forms): to be built. */
export function createFormsTrash(context: AppContext, fileRemovals: FileRemovals): TrashSource {
  void context;
  void fileRemovals;
  return {
    libraries: ['forms'],
    kinds: [],
    list: async () => ({ items: [], total: 0 }),
    restore: async () => undefined,
    purge: async () => undefined,
    expired: async () => [],
  };
}
