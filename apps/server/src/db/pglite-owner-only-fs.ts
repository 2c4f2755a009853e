import type { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { ownerOnlyMode } from '../lib/owner-only.js';

type PostgresModule = Parameters<NodeFS['init']>[1];

/** What of Emscripten's NODEFS (the folder on disk behind PGlite's file system) the wrapper changes. */
interface NodeFsInternals {
  node_ops: { mknod(parent: unknown, name: string, mode: number, dev: number): unknown };
  setattr(target: unknown, node: unknown, attr: { mode?: number }, ...operations: unknown[]): void;
}

const wrapped = new WeakSet<object>();

/**
 * Every file and folder PGlite creates or chmods on disk without the group's and others' bits.
 * Emscripten's NODEFS ignores the process umask where it matters: it creates a file with the mode
 * PostgreSQL asked for, then chmods it to that mode, and the modes it is handed are 0666 (initdb's
 * files, loaded from its in-memory copy, and anything PostgreSQL opens with fopen, which masks with
 * Emscripten's own umask of 022). Both paths pass through `mknod` and `setattr`.
 */
function keepNodeFsToOwner(module: PostgresModule): void {
  const nodefs = (module.FS as unknown as { filesystems?: { NODEFS?: NodeFsInternals } }).filesystems?.NODEFS;
  if (typeof nodefs?.setattr !== 'function' || typeof nodefs.node_ops?.mknod !== 'function') {
    // A PGlite release that changed its file system: refuse to run rather than write the database world-readable.
    throw new Error(
      "PGlite's NODEFS has no mknod/setattr to keep the data folder owner-only; check db/pglite-owner-only-fs.ts against this PGlite release",
    );
  }
  if (wrapped.has(nodefs)) return;
  wrapped.add(nodefs);
  const mknod = nodefs.node_ops.mknod.bind(nodefs.node_ops);
  nodefs.node_ops.mknod = (parent, name, mode, dev) => mknod(parent, name, ownerOnlyMode(mode), dev);
  const setattr = nodefs.setattr.bind(nodefs);
  nodefs.setattr = (target, node, attr, ...operations) =>
    setattr(target, node, attr.mode === undefined ? attr : { ...attr, mode: ownerOnlyMode(attr.mode) }, ...operations);
}

/** PGlite's folder on disk (its NodeFS, which `dataDir` would pick), keeping what it writes to the server's user. */
export class OwnerOnlyNodeFS extends NodeFS {
  override async init(
    pg: PGlite,
    options: Partial<PostgresModule>,
  ): Promise<{ emscriptenOpts: Partial<PostgresModule> }> {
    const { emscriptenOpts } = await super.init(pg, options);
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), keepNodeFsToOwner] } };
  }
}
