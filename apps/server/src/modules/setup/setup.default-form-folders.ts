import { DEFAULT_FORM_TREE, defaultFolderIcon, FORM_FOLDER_DEFAULT_COLOR, type DefaultFolder } from '@srpf/shared';
import type { Database, Transaction } from '../../db/client.js';
import { formFolders } from '../../db/schema/index.js';
import { claimSettingOnce } from '../../lib/app-settings.js';
import { audit } from '../../lib/audit.js';
import { clock } from '../../lib/clock.js';

/** Set once the default tree was seeded: folders deleted later are never seeded again. */
export const DEFAULT_FORM_TREE_SETTING = 'forms_default_tree_seeded_at';

const AUDIT_KEYS = ['form_category', 'form_subcategory', 'form_sub_subcategory'] as const;

async function insertFolders(
  tx: Transaction,
  folders: readonly DefaultFolder[],
  parent: { id: number; level: number; color: string } | null,
): Promise<void> {
  for (const [index, folder] of folders.entries()) {
    const level = (parent?.level ?? 0) + 1;
    // Subfolders wear their category's colour unless the tree gives one.
    const color = folder.color ?? parent?.color ?? FORM_FOLDER_DEFAULT_COLOR;
    const [row] = await tx
      .insert(formFolders)
      .values({
        level,
        parent_id: parent?.id ?? null,
        name: folder.name,
        name_mr: folder.nameMr,
        slug: folder.slug,
        icon: defaultFolderIcon(folder.slug),
        color,
        sort_order: index,
      })
      .returning({ id: formFolders.id });
    const entity = AUDIT_KEYS[level - 1]!;
    await audit(tx, {
      actorId: null,
      action: `${entity}.create`,
      entityType: entity,
      entityId: row!.id,
      outcome: 'success',
      details: { name: folder.name, reason: 'default tree' },
    });
    if (folder.children) await insertFolders(tx, folder.children, { id: row!.id, level, color });
  }
}

/**
 * The forms library's default folder tree (DEFAULT_FORM_TREE, the one the auto-categorise rules point
 * at), seeded once per installation at first start: the claim of DEFAULT_FORM_TREE_SETTING commits
 * with the folders, so concurrent first starts seed it once, and deleting folders later never brings
 * them back.
 */
export async function ensureDefaultFormFolders(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await claimSettingOnce(tx, DEFAULT_FORM_TREE_SETTING, clock.now().toISOString()))) return;
    await insertFolders(tx, DEFAULT_FORM_TREE, null);
  });
}
