import { afterAll, beforeAll, expect, it } from 'vitest';
import { declaredRoutes } from './plugins/auth-context.ts';
import { runTenantMatrix } from './reliability/tenant-matrix.ts';
import { createTestApp, type TestApp } from './test/app.ts';

/**
 * The fast slice of the tenant matrix (reads of every list and by-id route, every caller); the
 * full matrix with foreign writes runs in `npm run test:reliability`.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('every /v1/ route is in the route table with its declared access', () => {
  const routes = declaredRoutes(t.app);
  expect(routes.length).toBeGreaterThan(200);
  for (const route of routes)
    expect('public' in route.access || Array.isArray(route.access.roles), `${route.method} ${route.url}`).toBe(true);
});

it("no caller reads another tenant's data through any GET route (fast slice of the tenant matrix)", async () => {
  const result = await runTenantMatrix(t.app, t.db, {
    writes: false,
    scale: 60,
    organisationFilters: false,
    actors: ['signed out', 'merchant', 'analyst', 'sibling', 'sub-organisation', 'API key'],
  });
  console.log(
    `tenant matrix (reads): ${result.routes} routes, ${result.cells} cells, ${result.leaks.length} leaks`,
    result.timing,
  );
  expect(result.leaks).toEqual([]);
  expect(result.failures).toEqual([]);
  // Change requests, settlement files and reconciliation exceptions are in the world, so their by-id routes are checked too.
  expect(result.unmapped.filter((route) => /changerequest|settlementfile|reconciliationexception/.test(route))).toEqual(
    [],
  );
  expect(result.mapped).toMatchObject({
    '/v1/changerequest': 'change_request',
    '/v1/psp/settlementfile': 'settlement_file',
    '/v1/psp/reconciliationexception': 'reconciliation_exception',
    '/v1/reconciliationexception': 'reconciliation_exception',
  });
  expect(result.cells).toBeGreaterThan(1000);
}, 240_000);
