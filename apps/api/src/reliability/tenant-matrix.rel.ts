import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { recordFigures } from './figures.ts';
import { runTenantMatrix } from './tenant-matrix.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('the full tenant matrix: every route × every caller × own, child, parent, sibling and unrelated objects', async () => {
  const started = Date.now();
  const result = await runTenantMatrix(t.app, t.db, { writes: true, scale: 400, organisationFilters: true, lanes: 4 });
  console.log(
    `tenant matrix: ${result.routes} routes, ${result.cells} cells, ${result.writesTried} foreign writes, ${result.createsTried} creates (${result.createsMade} made), ${result.leaks.length} leaks, ${result.failures.length} failures`,
    result.timing,
    result.unmapped,
  );
  if (result.failures.length) console.log(result.failures.slice(0, 80).join('\n'));
  recordFigures('tenant-matrix', {
    routes: result.routes,
    cells: result.cells,
    foreignWrites: result.writesTried,
    createRoutes: result.createRoutes,
    createsTried: result.createsTried,
    createsMade: result.createsMade,
    tables: result.tables,
    leaks: result.leaks.length,
    failures: result.failures.length,
    fiveXx: result.failures.filter((f) => /: 5\d\d\b/.test(f)).length,
    unmapped: result.unmapped,
    seconds: Math.round((Date.now() - started) / 1000),
  });
  expect(result.leaks).toEqual([]);
  expect(result.failures).toEqual([]);
}, 900_000);
