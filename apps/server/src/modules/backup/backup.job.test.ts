import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createContext } from '../../context.js';
import type { JobRunner } from '../../lib/jobs/job-runner.js';
import { testConfig } from '../../test/test-app.js';
import { openTestDatabase } from '../../test/test-database.js';
import { archiveNameFor } from './backup.archive-names.js';
import { BACKUP_JOB, createScheduledBackup, registerBackupJob } from './backup.job.js';
import { pruneArchives } from './backup.retention.js';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'srpf-backup-job-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** What a job runner was told: the definitions and schedules, nothing run. */
function recordingRunner() {
  const defined: string[] = [];
  const scheduled: { name: string; cron: string }[] = [];
  const runner = {
    define: (name: string) => void defined.push(name),
    schedule: (name: string, cron: string) => void scheduled.push({ name, cron }),
  } as unknown as JobRunner;
  return { runner, defined, scheduled };
}

describe('the backup settings', () => {
  it('default to a daily backup at 02:30 keeping 7 archives in ./backups, outside DATA_DIR', () => {
    const config = loadConfig({});
    expect(config.backup).toEqual({ dir: path.resolve('backups'), schedule: '30 2 * * *', keep: 7 });
  });

  it('read a cron expression, off, and a number to keep; refuse what the runner could not use', () => {
    expect(loadConfig({ BACKUP_SCHEDULE: ' 0  */6 * * * ', BACKUP_KEEP: '30' }).backup).toMatchObject({
      schedule: '0 */6 * * *',
      keep: 30,
    });
    expect(loadConfig({ BACKUP_SCHEDULE: 'off' }).backup.schedule).toBeNull();
    expect(() => loadConfig({ BACKUP_SCHEDULE: 'daily' })).toThrow(
      /BACKUP_SCHEDULE: use a cron expression of five fields/,
    );
    expect(() => loadConfig({ BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP/);
  });

  it('refuse a BACKUP_DIR inside DATA_DIR', () => {
    expect(() => loadConfig({ DATA_DIR: '/srv/srpf/data', BACKUP_DIR: '/srv/srpf/data/backups' })).toThrow(
      /BACKUP_DIR: \/srv\/srpf\/data\/backups is inside DATA_DIR/,
    );
    expect(loadConfig({ DATA_DIR: '/srv/srpf/data', BACKUP_DIR: '/srv/srpf/backups' }).backup.dir).toBe(
      '/srv/srpf/backups',
    );
  });
});

describe('the scheduled backup', () => {
  it('is declared on BACKUP_SCHEDULE, and not at all when it is off', async () => {
    const database = await openTestDatabase();
    try {
      const on = recordingRunner();
      registerBackupJob({
        ...createContext(testConfig({ backup: { dir: scratch, schedule: '15 1 * * *', keep: 7 } }), database),
        jobs: on.runner,
      });
      expect(on.defined).toEqual([BACKUP_JOB]);
      expect(on.scheduled).toEqual([{ name: BACKUP_JOB, cron: '15 1 * * *' }]);

      const off = recordingRunner();
      registerBackupJob({
        ...createContext(testConfig({ backup: { dir: scratch, schedule: null, keep: 7 } }), database),
        jobs: off.runner,
      });
      expect(off.defined).toEqual([]);
      expect(off.scheduled).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('writes an archive and keeps only the newest BACKUP_KEEP of them', async () => {
    const backupDir = path.join(scratch, 'kept');
    const dataDir = path.join(scratch, 'data');
    mkdirSync(backupDir, { recursive: true });
    const older = [1, 2, 3].map((day) => archiveNameFor(new Date(`2026-01-0${day}T02:30:00Z`)));
    for (const name of older) writeFileSync(path.join(backupDir, name), 'an older archive');
    writeFileSync(path.join(backupDir, 'notes.txt'), "the operator's own file");

    const database = await openTestDatabase();
    try {
      const run = createScheduledBackup(
        createContext(testConfig({ dataDir, backup: { dir: backupDir, schedule: '30 2 * * *', keep: 2 } }), database),
      );
      const outcome = await run();
      expect(outcome.removed.sort()).toEqual(older.slice(0, 2).sort());
      expect(readdirSync(backupDir).sort()).toEqual([older[2], path.basename(outcome.archive), 'notes.txt'].sort());
    } finally {
      await database.close();
    }
  });
});

describe('retention', () => {
  it('orders archives by their stamp, removes partial files of dead backups a day old, and leaves other files alone', async () => {
    const backupDir = mkdtempSync(path.join(scratch, 'retention-'));
    const moment = new Date('2026-03-01T02:30:00Z');
    const names = [archiveNameFor(moment), archiveNameFor(moment, 2), archiveNameFor(new Date('2026-02-28T02:30:00Z'))];
    for (const name of [...names, 'srpf-backup-copy.tar', '.partial-aaaaaaaaaaaa.tar', '.partial-bbbbbbbbbbbb.tar'])
      writeFileSync(path.join(backupDir, name), '');
    const dayOld = new Date(Date.now() - 25 * 3600 * 1000);
    utimesSync(path.join(backupDir, '.partial-aaaaaaaaaaaa.tar'), dayOld, dayOld);

    const removed = await pruneArchives(backupDir, 1);
    expect(removed.sort()).toEqual([names[0], names[2], '.partial-aaaaaaaaaaaa.tar'].sort());
    expect(readdirSync(backupDir).sort()).toEqual(
      ['.partial-bbbbbbbbbbbb.tar', names[1], 'srpf-backup-copy.tar'].sort(),
    );
  });
});
