import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root: this file sits in packages/test-kit/src or, built, packages/test-kit/dist. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The built server, as `npm start` runs it (`npm run build` first). */
export const BUILT_SERVER_MAIN = path.join(REPO_ROOT, 'apps/server/dist/main.js');
/** The server's sources, run through tsx with the `source` condition (nothing built needed). */
export const SOURCE_SERVER_MAIN = path.join(REPO_ROOT, 'apps/server/src/main.ts');
/** `npm run seed:demo`, built. */
export const BUILT_DEMO_SEED = path.join(REPO_ROOT, 'apps/server/dist/seed/demo.js');

/** The node options `npm start` gives the server (apps/server/node-args.json); every start here passes them too. */
export const SERVER_NODE_ARGS: readonly string[] = (
  JSON.parse(readFileSync(path.join(REPO_ROOT, 'apps/server/node-args.json'), 'utf8')) as { args: string[] }
).args;
