import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock.ts';
import { openPglite } from './pglite.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'kassa-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe.skipIf(process.env.KASSA_TEST_ENGINE === 'postgresql')('the embedded data directory lock', () => {
  it('stops a second process on the same data directory with a clear message', async () => {
    const dir = tempDir();
    const db = await openPglite(dir);
    try {
      const child = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          '-e',
          `import('${new URL('./pglite.ts', import.meta.url).pathname}').then(m => m.openPglite('${dir}')).then(() => process.exit(0), (e) => { console.error(e.message); process.exit(3); })`,
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let stderr = '';
      child.stderr.on('data', (chunk) => (stderr += chunk));
      const code = await new Promise((resolve) => child.on('exit', resolve));
      expect(code).toBe(3);
      expect(stderr).toMatch(/in use by another Kassa process .*DATABASE_URL/s);
    } finally {
      await db.close();
    }
  });

  it('takes over a lock left by a process that is gone, and releases it on close', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'kassa.lock'), '999999');
    const release = acquireDataDirLock(dir);
    expect(() => {
      // Same process again counts as taken over; a live foreign pid is refused.
      writeFileSync(join(dir, 'kassa.lock'), String(process.ppid));
      acquireDataDirLock(dir);
    }).toThrow(DataDirLockedError);
    release();
  });
});
