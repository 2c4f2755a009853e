import type { Actor } from '@srpf/shared/access/actor';
import {
  mayBulkUploadForms,
  mayDeleteForm,
  mayDeleteFormFolder,
  mayEditForm,
  mayManageFormFolders,
  maySeePrivateForms,
  mayUploadForm,
  mayViewFormStats,
  type FormRecord,
} from '@srpf/shared/forms/forms.policy';
import type { TForm } from '@srpf/shared';

/** What the policy reads of a form the web holds (a list row or a detail). */
export type PolicyForm = Pick<TForm, 'isPublic' | 'uploaded_by'>;

const recordOf = (form: PolicyForm): FormRecord => ({ isPublic: form.isPublic, uploadedBy: form.uploaded_by });

export interface FormRights {
  /** Upload Here, New Form, Upload Form, a PDF dropped on a folder card (canUploadForms). */
  upload: boolean;
  /** Bulk Upload (canManageForms). */
  bulkUpload: boolean;
  /** Edit Metadata / Edit on this form: its uploader with upload_forms, or manage_forms. */
  edit: (form: PolicyForm) => boolean;
  /** Delete a form (canDeleteForms): it goes to the trash. */
  remove: boolean;
  /** New Folder, folder edit and create, the category management page (canManageCategories). */
  manageFolders: boolean;
  /** Delete on a folder holding this many forms. */
  removeFolder: (forms: number) => boolean;
  /** Stats (the admin check). */
  stats: boolean;
  /** Private forms are listed for this user beyond their own (manage_forms). */
  seePrivate: boolean;
}

/**
 * The forms policy (packages/shared/src/forms/forms.policy.ts) for the signed-in person, on every
 * forms page: the web hides what it refuses, and the server refuses it anyway.
 */
export function formRights(actor: Actor): FormRights {
  return {
    upload: mayUploadForm(actor),
    bulkUpload: mayBulkUploadForms(actor),
    edit: (form) => mayEditForm(actor, recordOf(form)),
    remove: mayDeleteForm(actor),
    manageFolders: mayManageFormFolders(actor),
    removeFolder: (forms) => mayDeleteFormFolder(actor, forms),
    stats: mayViewFormStats(actor),
    seePrivate: maySeePrivateForms(actor),
  };
}
