import type { FormFolderLevel } from '@srpf/shared/forms/forms.rules';
import type { FolderNode } from './folder-tree';

/** A folder about to be deleted, as its confirmation names it. */
export interface FolderToDelete {
  level: FormFolderLevel;
  id: number;
  /** The name shown (in the screen's language). */
  name: string;
  /** Live forms in it and below it: they go to the trash with it. */
  formCount: number;
  /** Folders below it. */
  children: number;
}

export const folderToDelete = (folder: FolderNode): FolderToDelete => ({
  level: folder.level,
  id: folder.id,
  name: folder.label,
  formCount: folder.formCount,
  children: folder.children.length,
});

/** One sentence of a folder's delete confirmation: a key of the form-editor namespace and its count. */
export interface DeleteTextPart {
  key: string;
  count?: number;
}

/**
 * How the confirmation asks (section 8): by the folder's name on /forms ('Are you sure you want to
 * delete "{name}"?'), by its level on the category management page ('… delete this {type}?').
 */
export type DeleteQuestion = 'name' | 'type';

/**
 * What a folder's delete confirmation says: the spec's question, then what goes to the trash with it
 * (its folders, how many forms), then for how long an administrator can restore it when the
 * server's retention is known.
 */
export function folderDeleteMessage(
  folder: { formCount: number; children: number },
  retentionDays: number | undefined,
  question: DeleteQuestion,
): DeleteTextPart[] {
  const withFolders = folder.children > 0;
  const withForms = folder.formCount > 0;
  const goes: DeleteTextPart = withForms
    ? { key: withFolders ? 'delete.folderWithFoldersAndForms' : 'delete.folderWithForms', count: folder.formCount }
    : { key: withFolders ? 'delete.folderWithFolders' : 'delete.folderAlone' };
  const restorable: DeleteTextPart =
    retentionDays === undefined ? { key: 'delete.restorable' } : { key: 'delete.restorableFor', count: retentionDays };
  return [{ key: question === 'name' ? 'delete.folderConfirmNamed' : 'delete.folderConfirm' }, goes, restorable];
}
