// `npm run rollups:sql -- NNNN_name`: writes the rollup trigger functions generated from
// rollups.ts as a new migration (after a change to the declaration; see rollup-sql.ts).
import { writeFileSync } from 'node:fs';
import { rollupMigration } from './rollup-sql.ts';

const name = process.argv[2];
if (!name || !/^\d{4}_[a-z0-9_]+$/.test(name)) {
  console.error('usage: npm run rollups:sql -- NNNN_name');
  process.exit(1);
}
const file = new URL(`./migrations/${name}.sql`, import.meta.url);
writeFileSync(file, rollupMigration());
console.log(`wrote ${file.pathname}`);
