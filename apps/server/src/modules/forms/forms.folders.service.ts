import type { AppContext } from '../../context.js';

/** The folder tree of the forms library (issue 18): to be built. */
export function createFormFoldersService(context: AppContext) {
  void context;
  return {};
}
export type FormFoldersService = ReturnType<typeof createFormFoldersService>;
