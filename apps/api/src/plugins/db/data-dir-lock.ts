import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * PGlite does not lock its data directory, and two processes writing it corrupt it. A lock file
 * with the owner's pid stops a second Kassa; a lock left by a dead process is taken over.
 */
export const acquireDataDirLock = (dataDir: string): (() => void) => {
  const lockFile = join(dataDir, 'kassa.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(lockFile, 'utf8'));
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
        throw new DataDirLockedError(dataDir, owner);
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new DataDirLockedError(dataDir, NaN);
};

export class DataDirLockedError extends Error {
  constructor(dataDir: string, owner: number) {
    super(
      `The data directory ${dataDir} is in use by another Kassa process (pid ${owner}). ` +
        'The embedded database allows one process at a time: stop the other one, or set ' +
        'DATABASE_URL to a PostgreSQL server to run several processes.',
    );
    this.name = 'DataDirLockedError';
  }
}
