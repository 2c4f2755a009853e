/**
 * `npm run seed:demo`: realistic demo data for trying the product (demo-data.ts), and the one
 * password the demo users share (generated, never fixed). A database holding people other than the
 * first administrator is refused unless `--force` is given (`npm run seed:demo -- --force`).
 */
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { keepNewFilesToOwner } from '../lib/owner-only.js';
import { createPasswordHasher } from '../lib/passwords.js';
import { DemoSeedRefusedError, seedDemoData } from './demo-data.js';

async function main(): Promise<void> {
  keepNewFilesToOwner();
  const config = loadConfig();
  const database = await openDatabase(config);
  await database.migrate();
  const force = process.argv.slice(2).includes('--force');
  const result = await seedDemoData(database.db, createPasswordHasher(config.passwordHash), { force });
  if (!result.added) {
    process.stdout.write('Demo data is already present; nothing was added.\n');
  } else {
    process.stdout.write(
      `Demo data added: ${result.companies} companies, ${result.designations} designations, ${result.users} users, ${result.appointments} appointments.\n` +
        `Demo users demo1@srpf.test … demo${result.users}@srpf.test share the password: ${result.password}\n` +
        '(demo1@srpf.test is an admin.)\n',
    );
  }
  await database.close();
}

main().catch((error: unknown) => {
  if (error instanceof DemoSeedRefusedError) {
    process.stderr.write(`seed:demo refused. ${error.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`Seeding failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
