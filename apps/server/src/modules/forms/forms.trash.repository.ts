import { and, eq, isNotNull, not, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { formFolders, forms } from '../../db/schema/index.js';

/**
 * The forms library's trash in SQL. An item is what someone deleted: a folder of one of the three
 * levels or a form on its own; what went with a folder (`trashed_with_folder`) comes back and goes
 * with it.
 */

export type FormTrashKind = 'form' | 'category' | 'subcategory' | 'sub_subcategory';
export type FormFolderTrashKind = Exclude<FormTrashKind, 'form'>;

export interface FormTrashRow {
  kind: FormTrashKind;
  id: number;
  label: string;
  location: string | null;
  deleted_at: Date;
  deleted_by: number | null;
  deleted_by_first: string | null;
  deleted_by_last: string | null;
  forms: number;
  restorable: boolean;
  folder_present: boolean;
}

/** A folder's trash kind by its level (the kinds are the level names of FORM_FOLDER_LEVELS). */
const kindOfLevel = (level: SQL) => sql`(array['category', 'subcategory', 'sub_subcategory'])[${level}]`;

/**
 * What went to the trash with a folder, in one place: the trash's count, the restore and the purge all
 * read these, so what a confirmation counts is what comes back or goes. With a folder: its subfolders
 * trashed with a folder, and theirs when they went too (not a subfolder deleted on its own before,
 * which is its own item, nor what is below it); and the forms trashed with a folder that are in it or
 * in one of those subfolders.
 */
function wentFolders(folderId: SQL | number): SQL {
  return sql`(
    select c.id from form_folders c where c.parent_id = ${folderId} and c.deleted_at is not null and c.trashed_with_folder
    union all
    select g.id from form_folders g join form_folders c on c.id = g.parent_id
    where c.parent_id = ${folderId} and c.deleted_at is not null and c.trashed_with_folder and g.deleted_at is not null and g.trashed_with_folder)`;
}

function wentForms(folderId: SQL | number): SQL {
  return and(
    isNotNull(forms.deleted_at),
    eq(forms.trashed_with_folder, true),
    sql`(${forms.folder_id} = ${folderId} or ${forms.folder_id} in ${wentFolders(folderId)})`,
  )!;
}

/** The folder and every folder below it, live or in the trash. */
function folderAndBelow(folderId: number): SQL {
  return sql`(
    select d.id from form_folders d
    where d.id = ${folderId} or d.parent_id = ${folderId} or d.parent_id in (select m.id from form_folders m where m.parent_id = ${folderId}))`;
}

// Written with aliases throughout: the count's subquery reads the outer folder as x.
const trashItems = sql`
  select ${kindOfLevel(sql`x.level`)} as kind, x.id, x.name as label, nullif(concat_ws(' / ', g.name, p.name), '') as location,
    x.deleted_at, x.deleted_by,
    (select count(*)::int from forms where ${wentForms(sql`x.id`)}) as forms,
    (p.id is null or p.deleted_at is null) as restorable, (p.id is null or p.deleted_at is null) as folder_present
  from form_folders x
    left join form_folders p on p.id = x.parent_id
    left join form_folders g on g.id = p.parent_id
  where x.deleted_at is not null and not x.trashed_with_folder
  union all
  select 'form', f.id, f.title, nullif(concat_ws(' / ', g.name, p.name, x.name), ''), f.deleted_at, f.deleted_by, 1, true,
    (f.folder_id is null and not f.folder_purged) or (x.id is not null and x.deleted_at is null)
  from forms f
    left join form_folders x on x.id = f.folder_id
    left join form_folders p on p.id = x.parent_id
    left join form_folders g on g.id = p.parent_id
  where f.deleted_at is not null and not f.trashed_with_folder`;

/** One page of the forms library's trash, newest deletion first, with the total. */
export async function listTrash(
  executor: Executor,
  offset: number,
  limit: number,
): Promise<{ rows: FormTrashRow[]; total: number }> {
  const [page, count] = await Promise.all([
    executor.execute(sql`
      select t.*, u.first_name as deleted_by_first, u.last_name as deleted_by_last
      from (${trashItems}) t left join users u on u.id = t.deleted_by
      order by t.deleted_at desc, t.kind, t.id desc
      limit ${limit} offset ${offset}`),
    executor.execute(sql`select count(*)::int as total from (${trashItems}) t`),
  ]);
  const rows = (page as { rows: (Omit<FormTrashRow, 'deleted_at'> & { deleted_at: Date | string })[] }).rows.map(
    (row) => ({ ...row, deleted_at: new Date(row.deleted_at) }),
  );
  return { rows, total: (count as { rows: { total: number }[] }).rows[0]?.total ?? 0 };
}

// ---------------------------------------------------------------------------------------------
// One item, locked for a restore or a purge

/** The folder of a form deleted on its own, read without a lock: a restore holds its folders first. */
export async function folderOfTrashedForm(
  executor: Executor,
  id: number,
): Promise<{ folder_id: number | null } | undefined> {
  const [row] = await executor
    .select({ folder_id: forms.folder_id })
    .from(forms)
    .where(and(eq(forms.id, id), isNotNull(forms.deleted_at), eq(forms.trashed_with_folder, false)));
  return row;
}

export async function lockTrashedForm(executor: Executor, id: number) {
  const [row] = await executor
    .select()
    .from(forms)
    .where(and(eq(forms.id, id), isNotNull(forms.deleted_at), eq(forms.trashed_with_folder, false)))
    .for('update');
  return row;
}

/** The parent of a folder deleted on its own (of this level), read without a lock; undefined when there is none such. */
export async function parentOfTrashedFolder(
  executor: Executor,
  level: number,
  id: number,
): Promise<{ parent_id: number | null } | undefined> {
  const [row] = await executor
    .select({ parent_id: formFolders.parent_id })
    .from(formFolders)
    .where(
      and(
        eq(formFolders.id, id),
        eq(formFolders.level, level),
        isNotNull(formFolders.deleted_at),
        eq(formFolders.trashed_with_folder, false),
      ),
    );
  return row;
}

export async function lockTrashedFolder(executor: Executor, level: number, id: number) {
  const [row] = await executor
    .select()
    .from(formFolders)
    .where(
      and(
        eq(formFolders.id, id),
        eq(formFolders.level, level),
        isNotNull(formFolders.deleted_at),
        eq(formFolders.trashed_with_folder, false),
      ),
    )
    .for('update');
  return row;
}

/** Locks the folders below a locked folder (live or in the trash), top down, before its forms are touched. */
export async function lockFoldersBelow(executor: Executor, id: number): Promise<void> {
  await executor.execute(sql`
    select d.id from form_folders d
    where d.parent_id = ${id} or d.parent_id in (select m.id from form_folders m where m.parent_id = ${id})
    order by d.level, d.id
    for update of d`);
}

// ---------------------------------------------------------------------------------------------
// Restore

const restored = { deleted_at: null, deleted_by: null, trashed_with_folder: false };

export async function restoreForm(executor: Executor, id: number, folderId: number | null): Promise<void> {
  await executor
    .update(forms)
    .set({ ...restored, folder_purged: false, folder_id: folderId })
    .where(eq(forms.id, id));
}

/** The folder, the subfolders that went with it and the forms that went with it; answers how many forms came back. */
export async function restoreFolder(executor: Executor, id: number): Promise<number> {
  // The forms first: the rule reads which subfolders went with the folder.
  const went = await executor.update(forms).set(restored).where(wentForms(id)).returning({ id: forms.id });
  await executor
    .update(formFolders)
    .set(restored)
    .where(sql`${formFolders.id} in ${wentFolders(id)}`);
  await executor.update(formFolders).set({ deleted_at: null, deleted_by: null }).where(eq(formFolders.id, id));
  return went.length;
}

// ---------------------------------------------------------------------------------------------
// Purge: rows deleted (downloads go by cascade, subfolders with their folder), file keys answered

export async function purgeForm(executor: Executor, id: number): Promise<string[]> {
  const [row] = await executor.delete(forms).where(eq(forms.id, id)).returning({ key: forms.file_key });
  return row ? [row.key] : [];
}

/**
 * The folder, every folder below it, and the forms that went to the trash with it. Every other form
 * in them outlives the purge: one deleted on its own (or with a subfolder deleted on its own, which
 * the purge takes along, since it cannot outlive its folder) stays in the trash on its own, restorable
 * at the library's root (`folder_purged` makes its restore say so); a live one found there (put there
 * by a request racing the folder's delete) stays live, uncategorised.
 */
export async function purgeFolder(executor: Executor, id: number): Promise<{ keys: string[]; forms: number }> {
  const went = wentForms(id);
  await executor
    .update(forms)
    .set({ folder_id: null, trashed_with_folder: false, folder_purged: sql`${forms.deleted_at} is not null` })
    .where(and(sql`${forms.folder_id} in ${folderAndBelow(id)}`, not(went)));
  const deleted = await executor.delete(forms).where(went).returning({ key: forms.file_key });
  await executor.delete(formFolders).where(eq(formFolders.id, id));
  return { keys: deleted.map((row) => row.key), forms: deleted.length };
}

/** Items deleted before `before`, oldest first, at most `limit`: what the retention job purges. */
export async function listExpired(
  executor: Executor,
  before: Date,
  limit: number,
): Promise<{ kind: FormTrashKind; id: number }[]> {
  const at = before.toISOString();
  const result = await executor.execute(sql`
    select kind, id from (
      select ${kindOfLevel(sql`level`)} as kind, id, deleted_at from form_folders where deleted_at < ${at}::timestamptz and not trashed_with_folder
      union all
      select 'form', id, deleted_at from forms where deleted_at < ${at}::timestamptz and not trashed_with_folder
    ) t order by deleted_at, id limit ${limit}`);
  return (result as { rows: { kind: FormTrashKind; id: number }[] }).rows;
}
