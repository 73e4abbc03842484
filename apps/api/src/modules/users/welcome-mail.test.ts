import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../plugins/db/index.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { createTestWorld, TEST_PASSWORD } from '../../test/world.ts';
import { latestMail } from '../auth/identity-test-helpers.ts';

let t: TestApp;
let provider: { cookie: string };
let merchant: { cookie: string };
beforeAll(async () => {
  t = await createTestApp();
  await createTestWorld(t.db);
  provider = await signIn(t.app, 'admin@test.kassa', TEST_PASSWORD);
  merchant = await signIn(t.app, 'a@test.kassa', TEST_PASSWORD);
});
afterAll(() => t.close());

const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, who: { cookie: string }, payload?: unknown) => {
  const response = await t.app.inject({ method, url, headers: who, payload: payload as object });
  return { status: response.statusCode, body: response.json() };
};
const flags = async () =>
  (await call('GET', '/v1/psp/welcome-mail?_sort=name&_limit=100', provider)).body.map(
    (m: { name: string; default: boolean; psp_default: boolean }) => [m.name, m.default, m.psp_default],
  );

describe('welcome mails', () => {
  it('comes with a default and a psp_default template in Dutch and English saying the link expires in 24 hours', async () => {
    const { body } = await call('GET', '/v1/psp/welcome-mail', provider);
    expect(body).toHaveLength(2);
    for (const mail of body) {
      expect(mail.content).toContain('De link verloopt over 24 uur');
      expect(mail.content).toContain('The link expires in 24 hours');
    }
    expect(body.filter((m: { default: boolean }) => m.default)).toHaveLength(1);
    expect(body.filter((m: { psp_default: boolean }) => m.psp_default)).toHaveLength(1);
  });

  it('creates with sanitised content and keeps at most one default per kind', async () => {
    const created = await call('POST', '/v1/psp/welcome-mail', provider, {
      name: 'Zomer',
      content:
        '<p onclick="steal()">Hallo {{name}}</p><script>alert(1)</script><a href="javascript:alert(1)">x</a><a href="{{link}}">Start</a>',
      default: true,
    });
    expect(created.status).toBe(200);
    expect(created.body.content).toBe('<p>Hallo {{name}}</p><a>x</a><a href="{{link}}">Start</a>');
    expect(await flags()).toEqual([
      ['Standaard welkomstmail / Default welcome mail', false, false],
      ['Welkomstmail medewerkers / Staff welcome mail', false, true],
      ['Zomer', true, false],
    ]);
    // Toggling saves the row with the flag inverted (the spec's checkbox).
    const toggled = await call('POST', `/v1/psp/welcome-mail/${created.body.id}`, provider, {
      name: 'Zomer',
      content: created.body.content,
      psp_default: true,
    });
    expect(toggled.body).toMatchObject({ default: true, psp_default: true });
    expect((await flags()).filter((row: unknown[]) => row[2])).toEqual([['Zomer', true, true]]);
    // Upsert through the collection path with the id.
    const upserted = await call('POST', '/v1/psp/welcome-mail', provider, {
      id: created.body.id,
      name: 'Zomer 2',
      content: '<p>Hoi {{link}}</p>',
    });
    expect(upserted.body).toMatchObject({ id: created.body.id, name: 'Zomer 2', default: true });
  });

  it('sends a preview to the signed-in user', async () => {
    const [{ id }] = (await call('GET', '/v1/psp/welcome-mail?name=Zomer%202', provider)).body;
    expect((await call('POST', `/v1/psp/welcome-mail/${id}/preview`, provider)).status).toBe(200);
    const mail = await latestMail(t.db, 'admin@test.kassa');
    expect(mail?.subject).toBe('[Preview] Welkom bij Kassa');
    expect(mail?.html).toContain('<p>Hoi http://localhost:3000/updatePassword?new=true&amp;token=preview');
  });

  it('refuses bad input naming the field, unknown ids with 404 and merchant users with 403', async () => {
    const bad = await call('POST', '/v1/psp/welcome-mail', provider, { name: '', content: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((d: { path: string }) => d.path).sort()).toEqual(['body.content', 'body.name']);
    // A template without the password link would welcome someone who cannot get in.
    const noLink = await call('POST', '/v1/psp/welcome-mail', provider, {
      name: 'Zonder link',
      content: '<p>Hallo {{name}}</p>',
    });
    expect(noLink.status).toBe(400);
    expect(noLink.body.details).toMatchObject([
      { path: 'body.content', code: 'linkMissing', params: { link: '{{link}}' } },
    ]);
    expect(
      (await call('POST', '/v1/psp/welcome-mail/wm_nope', provider, { name: 'x', content: 'y {{link}}' })).status,
    ).toBe(404);
    expect(
      (await call('POST', '/v1/psp/welcome-mail', provider, { id: 'wm_nope', name: 'x', content: 'y {{link}}' }))
        .status,
    ).toBe(404);
    expect((await call('DELETE', '/v1/psp/welcome-mail/wm_nope', provider)).status).toBe(404);
    expect((await call('GET', '/v1/psp/welcome-mail', merchant)).status).toBe(403);
    expect((await call('POST', '/v1/psp/welcome-mail', merchant, { name: 'x', content: 'y {{link}}' })).status).toBe(
      403,
    );
    expect((await call('DELETE', '/v1/psp/welcome-mail/wm_default', merchant)).status).toBe(403);
  });

  it('deletes, and new users then get the built-in welcome mail', async () => {
    const [{ id }] = (await call('GET', '/v1/psp/welcome-mail?default=true', provider)).body;
    expect((await call('DELETE', `/v1/psp/welcome-mail/${id}`, provider)).status).toBe(200);
    expect(await t.db.query(sql`select 1 from welcome_mail where is_default`)).toHaveLength(0);
    const [shop] = await t.db.query<{ id: string }>(sql`select id from organisation where name = 'Shop B'`);
    expect(
      (await call('POST', '/v1/user', provider, { email: 'fallback@test.kassa', name: 'F', organisation: shop.id }))
        .status,
    ).toBe(200);
    expect((await latestMail(t.db, 'fallback@test.kassa'))?.text).toContain('De link verloopt over 24 uur');
  });
});
