import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';

/**
 * Every row written to a public table, as the test database records it: a trigger on each table
 * (found in pg_class when the world is built) notes the table and the operation of each inserted,
 * updated or deleted row, and of each truncate, in `fuzz_watch.changes`. The note is part of the
 * writing transaction, so a rolled-back write leaves none, and reading the notes after a case costs
 * one indexed query however large the tables grow.
 *
 * The two ledgers that record refusals by design are watched without those records: failure rows
 * of the audit log (401/403 answers, failed sign-ins) and failed attempts of the password throttle.
 */

/** Inserts a refusal writes on purpose: a condition on the new row under which it is not noted. */
const REFUSAL_RECORDS: Record<string, string> = {
  audit_log: "new.outcome <> 'failure'",
  login_attempts: 'new.succeeded',
};

export interface TableChange {
  table: string;
  operation: string;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Installs the triggers and answers a reader of the changes since the last read. */
export async function watchTables(db: Database): Promise<() => Promise<TableChange[]>> {
  for (const statement of [
    'create schema if not exists fuzz_watch',
    'create table if not exists fuzz_watch.changes (id bigserial primary key, table_name text not null, operation text not null)',
    `create or replace function fuzz_watch.note() returns trigger language plpgsql as $$
     begin
       insert into fuzz_watch.changes (table_name, operation) values (tg_table_name, tg_op);
       return null;
     end $$`,
  ]) {
    await db.execute(sql.raw(statement));
  }
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`
      select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`),
  ).map((row) => row.name);
  for (const table of tables) {
    const quoted = `public."${table.replace(/"/g, '""')}"`;
    const refusal = REFUSAL_RECORDS[table];
    const statements = refusal
      ? [
          `create trigger fuzz_watch_insert after insert on ${quoted} for each row when (${refusal}) execute function fuzz_watch.note()`,
          `create trigger fuzz_watch_rows after update or delete on ${quoted} for each row execute function fuzz_watch.note()`,
        ]
      : [
          `create trigger fuzz_watch_rows after insert or update or delete on ${quoted} for each row execute function fuzz_watch.note()`,
        ];
    statements.push(
      `create trigger fuzz_watch_truncate after truncate on ${quoted} for each statement execute function fuzz_watch.note()`,
    );
    for (const statement of statements) await db.execute(sql.raw(statement));
  }

  let seen = 0;
  return async () => {
    const rows = rowsOf<{ id: string | number; table_name: string; operation: string }>(
      await db.execute(sql`select id, table_name, operation from fuzz_watch.changes where id > ${seen} order by id`),
    );
    if (rows.length > 0) seen = Number(rows[rows.length - 1]!.id);
    return rows.map((row) => ({ table: row.table_name, operation: row.operation }));
  };
}

/** `users: 1 UPDATE; audit_log: 2 INSERT`. */
export function describeTableChanges(changes: readonly TableChange[]): string[] {
  const counts = new Map<string, number>();
  for (const change of changes)
    counts.set(`${change.table} ${change.operation}`, (counts.get(`${change.table} ${change.operation}`) ?? 0) + 1);
  return [...counts].map(([what, count]) => `table ${what.replace(' ', ': ')} ×${count}`);
}
