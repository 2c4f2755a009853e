import { spawn } from 'node:child_process';
import { BUILT_DEMO_SEED } from './repo-paths.js';

/** Adds the demo data (`npm run seed:demo`, built) to a data folder or database no server has open. */
export function seedDemoData(dataDir: string, databaseUrl: string | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BUILT_DEMO_SEED], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`seed:demo exited with ${code}`))));
  });
}
