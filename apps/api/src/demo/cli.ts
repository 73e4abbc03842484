import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { migrate, openDb, sql, type Db } from '../plugins/db/index.ts';
import { DataDirLockedError } from '../plugins/db/data-dir-lock.ts';
import { applySecretKeys } from '../lib/secret-key-file.ts';
import { formatDemoAccounts } from './accounts.ts';
import { generateDemoWorld } from './world.ts';

const USAGE =
  'Usage: npm run demo -- [--scale N] [--seed N] [--reset]   (DATABASE_URL or DATA_DIR, DEMO_SCALE, DEMO_SEED)';

/** Every table of the schema except the migration bookkeeping. */
const dataTables = async (db: Db): Promise<string[]> =>
  (
    await db.query<{ name: string }>(sql`select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name <> 'schema_migration' order by table_name`)
  ).map((r) => r.name);

const positiveInt = (name: string, value: string | undefined, fallback: number): number => {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new UsageError(`--${name} must be a whole number, got "${value}"`);
  return parsed;
};

class UsageError extends Error {}

const main = async () => {
  const { values } = parseArgs({
    options: {
      scale: { type: 'string' },
      seed: { type: 'string' },
      reset: { type: 'boolean', default: false },
      help: { type: 'boolean' },
    },
  });
  if (values.help) return console.log(USAGE);
  const config = loadConfig();
  const scale = positiveInt('scale', values.scale, config.demoScale);
  const seed = positiveInt('seed', values.seed, config.demoSeed);
  const db = await openDb(config);
  try {
    await migrate(db);
    // The world's processor credentials are sealed as they are written.
    applySecretKeys(config);
    const tables = await dataTables(db);
    if (values.reset) {
      // Truncate rather than drop: the schema and its migrations stay as they are.
      await db.exec(`truncate ${tables.map((t) => `"${t}"`).join(', ')} restart identity cascade`);
      console.log(`Emptied ${tables.length} tables.`);
    }
    const started = Date.now();
    let last = started;
    const result = await generateDemoWorld(db, {
      seed,
      scale,
      onlyIfEmpty: true,
      progress: (done) => {
        if (Date.now() - last < 5000) return;
        last = Date.now();
        console.log(
          `  ${done.toLocaleString('en')} of ${scale.toLocaleString('en')} transactions (${((last - started) / 1000).toFixed(0)} s)`,
        );
      },
    });
    if (!result.created) {
      console.error('The database already holds data; run again with --reset to replace it with a new demo world.');
      process.exitCode = 1;
      return;
    }
    console.log(
      `Demo world (seed ${seed}, scale ${scale}) generated on ${db.engine} in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
    for (const table of tables) {
      const [row] = await db.query<{ n: number }>(sql`select count(*)::int as n from ${sql.raw(`"${table}"`)}`);
      if (row.n > 0) console.log(`  ${table.padEnd(20)} ${row.n.toLocaleString('en').padStart(12)}`);
    }
    console.log(formatDemoAccounts());
  } finally {
    await db.close();
  }
};

main().catch((error: unknown) => {
  if (error instanceof UsageError) console.error(`${error.message}\n${USAGE}`);
  else if (error instanceof DataDirLockedError) console.error(error.message);
  else console.error(error);
  process.exitCode = error instanceof UsageError ? 64 : 1;
});
