/**
 * What a delete confirmation says (the documents issue): the spec's question, then that the item
 * goes to the trash (a folder with how many documents), then for how long an administrator can
 * restore it, when the server's retention is known. Each part is a key of the libraries namespace:
 * `library` parts under the library's own texts (`orders.…`), `shared` parts at the top.
 */
export interface DeleteTextPart {
  scope: 'library' | 'shared';
  key: string;
  count?: number;
}

export type DeleteSubject = { kind: 'document' } | { kind: 'category' | 'subcategory'; documents: number };

export function deleteMessageParts(subject: DeleteSubject, retentionDays: number | undefined): DeleteTextPart[] {
  const known = retentionDays !== undefined;
  if (subject.kind === 'document') {
    return [
      { scope: 'library', key: 'deleteConfirm' },
      known
        ? { scope: 'shared', key: 'delete.toTrash', count: retentionDays }
        : { scope: 'shared', key: 'delete.toTrashNoDays' },
    ];
  }
  const question: DeleteTextPart = {
    scope: 'library',
    key: subject.kind === 'category' ? 'deleteCategoryConfirm' : 'deleteSubcategoryConfirm',
  };
  const withDocuments: DeleteTextPart =
    subject.documents > 0
      ? { scope: 'library', key: `${subject.kind}ToTrash`, count: subject.documents }
      : { scope: 'shared', key: `delete.${subject.kind}ToTrash` };
  const restorable: DeleteTextPart = known
    ? { scope: 'shared', key: 'delete.restorableFor', count: retentionDays }
    : { scope: 'shared', key: 'delete.restorable' };
  return [question, withDocuments, restorable];
}
