import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormTree } from '../api/get-form-tree';
import { buildFolderTree, type FolderNode } from '../lib/folder-tree';

/**
 * The folder tree in the screen's language (Marathi names in Marathi and Hindi), as nodes. Folder
 * managers (and the pages that name a form's folders or edit its metadata) also get inactive
 * folders; everyone else only active ones.
 */
export function useFolderTree(includeInactive: boolean) {
  const { i18n } = useTranslation();
  const query = useFormTree(i18n.language);
  const tree = useMemo<FolderNode[] | undefined>(
    () => (query.data ? buildFolderTree(query.data, { includeInactive }) : undefined),
    [query.data, includeInactive],
  );
  return { tree, query };
}
