/**
 * A backup or restore that cannot go on, for a reason the operator can act on (a damaged archive, a
 * target that is not empty, a server still running): the commands print the message alone, no stack.
 */
export class BackupRefusal extends Error {}

/** The archive is not as `npm run backup` wrote it: nothing was changed. */
export class DamagedArchive extends BackupRefusal {
  constructor(archive: string, problem: string) {
    super(`The archive ${archive} is damaged (${problem}); nothing was changed.`);
  }
}
