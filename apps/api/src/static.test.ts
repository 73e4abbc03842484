import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app.ts';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'kassa-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Kassa</title>');
  writeFileSync(join(dist, 'assets/index-AbCd12_-.js'), 'console.log(1)');
  writeFileSync(`${dist}-secret.txt`, 'not for the web');
  t = await createTestApp({ webDist: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
  rmSync(`${dist}-secret.txt`, { force: true });
});

describe('serving the web app', () => {
  it('serves the SPA for client routes (history fallback) without caching it', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/transactions?status=DECLINED' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Kassa</title>');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed bundles as immutable, and files added after start-up', async () => {
    writeFileSync(join(dist, 'assets/late-Zz99Yy88.js'), 'console.log(2)');
    const response = await t.app.inject({ method: 'GET', url: '/assets/late-Zz99Yy88.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('answers 404 for a missing asset and for unknown API paths, never the SPA', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/assets/gone-12345678.js' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/v1/unknown' })).json().code).toBe('not_found');
  });

  it('never serves a file outside the web root', async () => {
    for (const url of [
      '/../' + dist.split('/').pop() + '-secret.txt',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/..%2f..%2fetc%2fpasswd',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.body).not.toContain('not for the web');
      expect(response.body).not.toContain('root:');
    }
  });
});
