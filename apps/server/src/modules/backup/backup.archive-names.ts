/** `srpf-backup-20260115-023000Z.tar` (UTC), `-2`, `-3` … when two are made within a second. */
export const ARCHIVE_NAME = /^srpf-backup-(\d{8}-\d{6}Z)(?:-(\d+))?\.tar$/;

export function archiveNameFor(moment: Date, sequence = 1): string {
  const stamp = moment
    .toISOString()
    .replace(/[-:]/g, '')
    .replace('T', '-')
    .replace(/\.\d+Z$/, 'Z');
  return `srpf-backup-${stamp}${sequence > 1 ? `-${sequence}` : ''}.tar`;
}

/** Archive names, newest first: by their stamp, then by their sequence number. */
export function newestFirst(names: string[]): string[] {
  const key = (name: string) => {
    const match = ARCHIVE_NAME.exec(name)!;
    return { stamp: match[1]!, sequence: Number(match[2] ?? 1) };
  };
  return names
    .filter((name) => ARCHIVE_NAME.test(name))
    .sort((a, b) => {
      const left = key(a);
      const right = key(b);
      return left.stamp === right.stamp ? right.sequence - left.sequence : left.stamp < right.stamp ? 1 : -1;
    });
}
