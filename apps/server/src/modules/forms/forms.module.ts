import { serverModule } from '../../lib/contracts/server-module.js';
import type { KeyRing } from '../../lib/keys.js';
import { formsRoutes } from './forms.routes.js';
import type { FormsDependencies } from './forms.service.js';
import { createFormsServices } from './forms.services.js';
import { formStoredFiles } from './forms.stored-files.js';
import { createFormsTrash } from './forms.trash.service.js';

/** The forms library (/api/forms): folders, forms, their files and their part of the trash. */
export const formsModule = serverModule<{ keys: KeyRing; users: { actorOf: FormsDependencies['loadActor'] } }>()({
  name: 'forms',
  needs: { keys: true, users: true },
  // Signed form downloads: an HMAC under their own key, opened only for someone who may still see the form.
  build: (context, { keys, users }) => ({
    forms: createFormsServices(context, { downloadKeys: keys.keysFor('form-download'), loadActor: users.actorOf }),
  }),
  routes: ({ forms }) => [{ plugin: formsRoutes(forms), prefix: '/forms' }],
  storedFiles: [formStoredFiles],
  trashSources: (context, { fileRemovals }) => [createFormsTrash(context, fileRemovals)],
});
