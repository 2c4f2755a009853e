import type { AppContext } from '../../context.js';

/** The forms themselves (issue 18): to be built. */
export function createFormsService(context: AppContext) {
  void context;
  return {};
}
export type FormsService = ReturnType<typeof createFormsService>;
