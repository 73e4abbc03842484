import { statfsSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';

// Fastify's instance type can only be extended by interface merging.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare module 'fastify' {
  interface FastifyInstance {
    writeOutage: WriteOutage;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

/** Seconds a client is told to wait, and the least time the process stays not ready after the last refusal. */
export const WRITE_OUTAGE_RETRY_AFTER_S = 10;

/** Free space the embedded engine's disk needs again before it counts as writable (a WAL segment and some). */
const MIN_FREE_BYTES = 32 * 1024 * 1024;

const RESOURCE_NAMES: Record<string, string> = {
  '53100': 'disk full',
  '53200': 'out of memory',
  '53300': 'too many connections',
  ENOSPC: 'disk full',
};

/**
 * What the database lacks when it refuses work for want of resources: SQLSTATE class 53
 * (insufficient resources, on both engines: PGlite raises PostgreSQL's own 53100 for a full data
 * directory) or the file system's ENOSPC where a write fails outside a statement. Undefined otherwise.
 */
export const missingResource = (error: unknown): string | undefined => {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && /^53[0-9A-Z]{3}$/.test(code)) return RESOURCE_NAMES[code] ?? 'insufficient resources';
  if (code === 'ENOSPC' || /No space left on device/i.test(String(message ?? ''))) return 'disk full';
  return undefined;
};

export type WriteOutage = {
  /** Records a refusal; the first one of an outage is logged, the others are not. */
  report(error: unknown): void;
  /** Whether the database still cannot be counted on to write; logs the recovery once when it can again. */
  active(): boolean;
};

/** Free bytes on the embedded data directory's disk, or undefined where it cannot be known (a server, in memory). */
const dataDirFreeBytes = (app: FastifyInstance) => (): number | undefined => {
  if (app.db.engine !== 'pglite' || app.config.databaseUrl || !app.config.dataDir) return undefined;
  try {
    const stats = statfsSync(app.config.dataDir);
    return stats.bavail * stats.bsize;
  } catch {
    return undefined;
  }
};

/**
 * A database that cannot write (disk full, out of memory, no connection slot) is an outage the
 * load balancer must see: `/v1/ready` answers 503 while it lasts. It lasts until no refusal came
 * for a Retry-After period and, on the embedded engine, its disk has room again; then it ends by
 * itself. One log line when it begins and one when it ends, not one per request.
 */
export const registerWriteOutage = (app: FastifyInstance) => {
  const now = () => Date.now();
  const freeBytes = dataDirFreeBytes(app);
  let outage: { since: number; last: number; what: string } | undefined;
  const writeOutage: WriteOutage = {
    report(error) {
      const what = missingResource(error) ?? 'insufficient resources';
      const at = now();
      if (outage) {
        outage.last = at;
        return;
      }
      outage = { since: at, last: at, what };
      const code = (error as { code?: string }).code;
      app.log.error(
        { code, reason: String((error as Error).message ?? '') },
        `The database cannot write (${what}): answering 503 and not ready until it can again`,
      );
    },
    active() {
      if (!outage) return false;
      if (now() - outage.last < WRITE_OUTAGE_RETRY_AFTER_S * 1000) return true;
      const free = freeBytes();
      if (free !== undefined && free < MIN_FREE_BYTES) return true;
      const seconds = Math.round((now() - outage.since) / 1000);
      app.log.info(`The database writes again (${outage.what} for ${seconds} s): ready`);
      outage = undefined;
      return false;
    },
  };
  app.decorate('writeOutage', writeOutage);
};
