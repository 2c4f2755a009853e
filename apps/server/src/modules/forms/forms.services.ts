import type { AppContext } from '../../context.js';
import { createFormFoldersService } from './forms.folders.service.js';
import { createFormsService } from './forms.service.js';

/** The forms library's services (issue 18), built once by the registry. */
export function createFormsServices(context: AppContext) {
  return {
    folders: createFormFoldersService(context),
    forms: createFormsService(context),
  };
}
export type FormsServices = ReturnType<typeof createFormsServices>;
