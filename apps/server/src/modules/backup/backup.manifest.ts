import { z } from 'zod';

/** The archive's layout version: a restore refuses a layout it does not know. */
export const ARCHIVE_FORMAT = 'srpf-backup/1';
export const MANIFEST_ENTRY = 'manifest.json';
/** The SHA-256 of manifest.json, so a damaged manifest is refused like any other entry. */
export const MANIFEST_CHECKSUM_ENTRY = 'manifest.sha256';
/** The embedded database: its data folder as a gzipped tar (pglite-snapshot.ts), which PGlite's loadDataDir reads. */
export const PGLITE_ENTRY = 'database/pglite-datadir.tar.gz';
/** A PostgreSQL server's database: pg_dump's plain SQL, gzipped. */
export const POSTGRES_ENTRY = 'database/postgres.sql.gz';
/** Stored files keep their path under DATA_DIR/files below this folder. */
export const FILES_FOLDER = 'files';

const ZEntry = z.object({
  name: z.string(),
  size: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type ManifestEntry = z.infer<typeof ZEntry>;

export const ZManifest = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  created_at: z.string(),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    /** `SHOW server_version` of the database that was dumped (PGlite 0.5 is PostgreSQL 18). */
    server_version: z.string(),
    /** Migrations applied when it was dumped, and the stamp (`when` in the journal) of the latest. */
    migrations: z.object({ applied: z.number().int().min(0), latest: z.number().nullable() }),
  }),
  /** Every entry but the manifest and its checksum, in archive order. */
  entries: z.array(ZEntry),
});
export type Manifest = z.infer<typeof ZManifest>;

export const databaseEntryOf = (kind: Manifest['database']['kind']) =>
  kind === 'pglite' ? PGLITE_ENTRY : POSTGRES_ENTRY;
