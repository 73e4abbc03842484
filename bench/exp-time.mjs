import pg from 'pg';
import fs from 'node:fs';
const c = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/kassa_bench' });
await c.connect();
for (const f of process.argv.slice(2)) {
  const text = fs.readFileSync(f, 'utf8').replace(/;\s*$/, '');
  const name = 'x' + Math.random().toString(36).slice(2);
  for (let i = 0; i < 200; i++) await c.query({ name, text, rowMode: 'array', types: { getTypeParser: () => (v) => v } });
  const t = performance.now();
  for (let i = 0; i < 2000; i++) await c.query({ name, text, rowMode: 'array', types: { getTypeParser: () => (v) => v } });
  console.log(f, ((performance.now() - t) / 2000).toFixed(3), 'ms');
}
await c.end();
