import type { AppContext } from '../../context.js';
import { createFormFoldersService } from './forms.folders.service.js';
import { createFormsService, type FormsDependencies } from './forms.service.js';

/** The forms library's services (issue 18), built once by the registry. */
export function createFormsServices(context: AppContext, dependencies: FormsDependencies) {
  return {
    folders: createFormFoldersService(context),
    forms: createFormsService(context, dependencies),
    /** Where uploads are streamed before their row commits. */
    storage: context.storage,
  };
}
export type FormsServices = ReturnType<typeof createFormsServices>;
