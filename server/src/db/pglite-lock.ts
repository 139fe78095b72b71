import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';

export class DatabaseInUseError extends Error {}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Only one process may open a PGlite data directory: a second one would corrupt it. The lock
 * file holds the owner's pid; a lock left by a dead process is taken over. Returns the release.
 */
export function lockDataDir(lockFile: string): () => void {
  for (;;) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockFile, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number(readFileSync(lockFile, 'utf8'));
      if (owner && owner !== process.pid && alive(owner)) {
        throw new DatabaseInUseError(
          `The database in ${lockFile.replace(/\.lock$/, '')} is in use by process ${owner}.`,
        );
      }
      rmSync(lockFile, { force: true });
    }
  }
}
