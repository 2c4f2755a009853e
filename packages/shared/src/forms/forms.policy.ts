import { actorCan, type Actor } from '../access/actor.js';
import { isAdministrator } from '../common/permissions.js';
import { FORM_PERMISSIONS } from './forms.rules.js';

/**
 * Who may do what with forms and their folders (issue 18). The server applies these on the locked
 * row inside the transaction of the change (and in the SQL of its lists, for private forms); the web
 * reads them to hide what they refuse.
 */

/** What the policy reads of a form. */
export interface FormRecord {
  isPublic: boolean;
  /** The uploader's user id; null when their account is gone. */
  uploadedBy: number | null;
}

const isUploader = (actor: Actor, form: FormRecord) => form.uploadedBy !== null && form.uploadedBy === actor.userId;

/** Sees every form, private ones included (the SQL of the lists reads the same rule). */
export const maySeePrivateForms = (actor: Actor): boolean => actorCan(actor, FORM_PERMISSIONS.manage);

/** A public form: everyone signed in; a private one: its uploader and holders of manage_forms. */
export function maySeeForm(actor: Actor, form: FormRecord): boolean {
  return form.isPublic || isUploader(actor, form) || maySeePrivateForms(actor);
}

/** Uploading a form (Upload Here, New Form): upload_forms. */
export const mayUploadForm = (actor: Actor): boolean => actorCan(actor, FORM_PERMISSIONS.upload);

/** Bulk Upload: manage_forms. */
export const mayBulkUploadForms = (actor: Actor): boolean => actorCan(actor, FORM_PERMISSIONS.manage);

/** Editing a form's metadata: its uploader (holding upload_forms) or anyone holding manage_forms. */
export function mayEditForm(actor: Actor, form: FormRecord): boolean {
  if (actorCan(actor, FORM_PERMISSIONS.manage)) return true;
  return actorCan(actor, FORM_PERMISSIONS.upload) && isUploader(actor, form);
}

/** Deleting a form moves it to the trash: delete_documents (the spec's canDeleteForms). */
export const mayDeleteForm = (actor: Actor): boolean => actorCan(actor, FORM_PERMISSIONS.delete);

/** Creating and editing folders: manage_categories. */
export const mayManageFormFolders = (actor: Actor): boolean => actorCan(actor, FORM_PERMISSIONS.folders);

/**
 * Deleting a folder: manage_categories, and delete_documents too when forms go with it. `forms` counts
 * the forms the actor may see; a folder also holding forms they may not see (others' private ones) is
 * never theirs to delete, since those would go to the trash unseen.
 */
export function mayDeleteFormFolder(actor: Actor, forms: number, unseenForms = 0): boolean {
  return mayManageFormFolders(actor) && unseenForms === 0 && (forms === 0 || actorCan(actor, FORM_PERMISSIONS.delete));
}

/** A form's Stats (downloads): the admin roles (the spec's separate admin check). */
export const mayViewFormStats = (actor: Actor): boolean => isAdministrator(actor.role);
