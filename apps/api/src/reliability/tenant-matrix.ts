import type { FastifyInstance } from 'fastify';
import { hasAccess, isPersonOnly, TRANSACTION_TRANSITIONS, type TransactionStatus } from '@kassa/domain';
import { DEMO_PASSWORD } from '../demo/accounts.ts';
import { createDemoRecurring } from '../demo/recurring.ts';
import { createDemoRouting } from '../demo/routing.ts';
import { generateDemoWorld } from '../demo/world.ts';
import { hashPassword } from '../modules/auth/password.ts';
import { insertUser } from '../modules/auth/user.repository.ts';
import { declaredRoutes, type DeclaredRoute } from '../plugins/auth-context.ts';
import { sql, type Db } from '../plugins/db/index.ts';
import { signIn } from '../test/app.ts';
import { CREATE_BODIES } from './tenant-matrix-creates.ts';

/**
 * The tenant matrix: every route of the app's route table (each declares its roles, or the app
 * refuses to build) called as people of their own organisation, its child, its parent, a sibling
 * and an unrelated merchant, as each role, signed out and with an API key. Expected per cell:
 * signed out 401, a role not held 403, an object outside the caller's subtree 404, nothing of
 * another tenant in any answer, and no change to another tenant's rows.
 */

const NOW = Date.UTC(2026, 10, 20, 12, 0);
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Org = { id: string; type: string; path: string; parent_id: string | null };
type Actor = {
  label: string;
  headers: Record<string, string>;
  roles: string[];
  org: Org | null;
  api: boolean;
  writes: boolean;
  /** Spreads the actor's calls over addresses: refused keys are rate-limited per address (plugins/refused-keys.ts), and the matrix asks about refusal, not the limit. */
  spreadAddresses?: boolean;
};

export type MatrixOptions = {
  /** The fast slice (normal API tests) reads only; the full matrix also tries every write on foreign objects. */
  writes: boolean;
  scale: number;
  /** Limit the routes (by URL pattern) for a fast slice. */
  routeFilter?: (route: DeclaredRoute) => boolean;
  /** Only these callers (by label prefix); all when absent. */
  actors?: string[];
  /** Also call every list filtered on each foreign organisation. */
  organisationFilters: boolean;
  /** Routes checked side by side for each caller (default one after another). */
  lanes?: number;
};

export type MatrixResult = {
  routes: number;
  cells: number;
  leaks: string[];
  failures: string[];
  tables: number;
  writesTried: number;
  /** Create routes called for each target organisation, and how many of those calls created something. */
  createRoutes: number;
  createsTried: number;
  createsMade: number;
  unmapped: string[];
  mapped: Record<string, string>;
  timing: Record<string, number>;
};

/** Routes that end the caller's own session or change the caller's own credentials: not part of a tenancy check. */
const OWN_SESSION = /^\/v1\/(auth|profile|dev)\b/;

/**
 * Routes that serve one kind of organisation only, so a visible object of another kind is 404 by
 * design: the provider's merchant screen shows merchants, the user screen merchant users (provider
 * staff are under /v1/psp/user).
 */
const ONLY_KIND: Record<string, (target: { type: string }) => boolean> = {
  '/v1/psp/merchant/:id': (org) => org.type === 'merchant',
  '/v1/psp/merchant/:id/activate': (org) => org.type === 'merchant',
  '/v1/psp/merchant/:id/deactivate': (org) => org.type === 'merchant',
  '/v1/psp/merchant/:id/configuration': (org) => org.type === 'merchant',
  '/v1/user/:id': (org) => org.type !== 'provider',
  '/v1/psp/user/:id': (org) => org.type === 'provider',
};

/** Routes whose found object answers other than 200 in the matrix: a report the worker (not run here) has not generated yet is 409; a foreign one is 404. */
const FOUND_STATUS: Record<string, number> = { '/v1/report/:id/download': 409 };

/**
 * Objects of an organisation above the caller that it reads by design: the provider's processors its
 * profiles route to, and its merchant's rulesets and tags, which apply to its payments (read only).
 */
const SHARED_FROM_PARENT = new Set(['processor', 'middleware', 'mcc', 'validation_ruleset', 'tag']);

/** Builds the world the matrix runs in: the demo world (provider, merchants, a sub-organisation) plus a user without roles and API keys. */
export const buildMatrixWorld = async (
  app: FastifyInstance,
  db: Db,
  scale: number,
  wanted: (label: string) => boolean = () => true,
) => {
  await generateDemoWorld(db, { seed: 17, scale, now: NOW });
  await createDemoRecurring(db, { seed: 17, now: NOW });
  // Every organisation collects, so the finance routes answer on tenancy alone (their feature gate
  // is proven in the finance tests).
  await db.query(
    sql`update organisation set features = array_append(features, 'collecting') where not ('collecting' = any(features))`,
  );
  await createDemoRouting(db);
  const orgOf = async (email: string) =>
    (
      await db.query<Org>(
        sql`select o.id, o.type, o.path, o.parent_id from app_user u join organisation o on o.id = u.organisation_id where u.email = ${email}`,
      )
    )[0];
  const own = await orgOf('merchant@kassa.test');
  const child = await orgOf('winkel@kassa.test');
  const parent = await orgOf('admin@kassa.test');
  const sibling = await orgOf('mode@kassa.test');
  const [unrelated] = await db.query<Org>(
    sql`select id, type, path, parent_id from organisation where type = 'merchant' and id <> all(${[own.id, sibling.id]}) order by id limit 1`,
  );
  await insertUser(db, {
    organisationId: own.id,
    email: 'norole@kassa.test',
    name: 'No roles',
    passwordHash: await hashPassword(DEMO_PASSWORD),
    roles: [],
  });
  await insertUser(db, {
    organisationId: unrelated.id,
    email: 'unrelated@kassa.test',
    name: 'Unrelated',
    passwordHash: await hashPassword(DEMO_PASSWORD),
    roles: ['USER_ALL'],
  });
  const session = async (email: string) => (await signIn(app, email, DEMO_PASSWORD)).cookie;
  const rolesOf = async (email: string) =>
    (
      await db.query<{ role: string }>(
        sql`select r.role from user_role r join app_user u on u.id = r.user_id where u.email = ${email}`,
      )
    ).map((r) => r.role);
  const person = async (label: string, email: string, org: Org): Promise<Actor> => ({
    label,
    headers: wanted(label) ? { cookie: await session(email) } : {},
    roles: await rolesOf(email),
    org,
    api: false,
    writes: true,
  });
  const merchant = await person('merchant (USER_ALL)', 'merchant@kassa.test', own);
  const key = await app.inject({
    method: 'POST',
    url: '/v1/apikey',
    headers: merchant.headers,
    payload: { name: 'Matrix', roles: ['USER_ALL'] },
  });
  if (key.statusCode !== 201) throw new Error(`API key: ${key.statusCode} ${key.body}`);
  await seedThroughApi(
    app,
    db,
    [
      merchant.headers,
      { cookie: await session('winkel@kassa.test') },
      { cookie: await session('mode@kassa.test') },
      { cookie: await session('unrelated@kassa.test') },
    ],
    { cookie: await session('admin@kassa.test') },
  );
  const actors: Actor[] = [
    { label: 'signed out', headers: {}, roles: [], org: null, api: false, writes: true },
    {
      label: 'invalid API key',
      headers: { authorization: 'Bearer ksk_0000000000_nonsense' },
      roles: [],
      org: null,
      api: true,
      writes: true,
      spreadAddresses: true,
    },
    merchant,
    await person('analyst (read-only roles)', 'analyst@kassa.test', own),
    await person('no roles', 'norole@kassa.test', own),
    await person('sub-organisation (USER_ALL)', 'winkel@kassa.test', child),
    await person('sibling merchant (USER_ALL)', 'mode@kassa.test', sibling),
    await person('unrelated merchant (USER_ALL)', 'unrelated@kassa.test', unrelated),
    await person('provider support (PSP_ALL)', 'support@kassa.test', parent),
    await person('provider super user', 'admin@kassa.test', parent),
    {
      label: 'API key of the merchant (USER_ALL)',
      headers: { authorization: `Bearer ${key.json().key}` },
      roles: ['USER_ALL'],
      org: own,
      api: true,
      writes: true,
    },
  ];
  return { orgs: { own, child, parent, sibling, unrelated }, actors };
};

/** Objects the demo world does not make, created through the API by each organisation's own user. */
const seedThroughApi = async (
  app: FastifyInstance,
  db: Db,
  people: Record<string, string>[],
  admin: Record<string, string>,
) => {
  const post = async (headers: Record<string, string>, url: string, payload: object) => {
    const response = await app.inject({ method: 'POST', url, headers, payload });
    if (response.statusCode >= 300) throw new Error(`seeding ${url}: ${response.statusCode} ${response.body}`);
    return response.json() as { id: string };
  };
  const ibans = ['NL91ABNA0417164300', 'NL20INGB0001234567', 'NL02ABNA0123456789', 'NL39RABO0300065264'];
  for (const [index, headers] of people.entries()) {
    const me = (await app.inject({ method: 'GET', url: '/v1/auth/me', headers })).json() as {
      organisation: { id: string };
    };
    const org = me.organisation.id;
    const [profile] = await db.query<{ id: string }>(
      sql`select id from payment_profile where organisation_id = ${org} order by id limit 1`,
    );
    const [customer] = await db.query<{ id: string }>(
      sql`select id from customer where organisation_id = ${org} order by id limit 1`,
    );
    if (profile)
      await post(headers, '/v1/payment-link', { payment_profile: profile.id, amount: 1250, description: 'Matrix' });
    if (profile && customer)
      await post(headers, '/v1/card-add-link', { payment_profile: profile.id, customer: customer.id });
    await post(headers, '/v1/bankaccount', { holder_name: 'Matrix', iban: ibans[index] });
    await post(headers, '/v1/checkoutdesign', { name: `Matrix ${org}` });
    await post(headers, '/v1/validationruleset', {
      name: 'Matrix',
      action: 'block',
      rules: [{ name: 'amount', operator: '>', value: '1' }],
    });
    await post(headers, '/v1/report', { name: 'Matrix', fields: ['id', 'amount'] });
    await post(headers, '/v1/report-schedule', {
      name: 'Matrix',
      fields: ['id'],
      frequency: 'weekly',
      email: 'matrix@example.test',
    });
    if (profile)
      await post(headers, '/v1/terminal', {
        name: 'Matrix',
        serial_number: `MTXSEED-${index}`,
        model: 'PAX A77',
        payment_profile: profile.id,
      });
    await post(admin, '/v1/sharerequest', { organisation: org, provider: 'Matrix', fields: [{ name: 'api_key' }] });
    await post(admin, '/v1/import', {
      organisation: org,
      kind: 'customers',
      file_name: 'matrix.csv',
      content: `email_address,last_name\r\nmatrix${index}@example.test,Matrix\r\n`,
    });
    // A transaction moved by the provider (a status update), a chargeback and a webhook of each organisation.
    const [movable] = await db.query<{ id: string; status: TransactionStatus }>(
      sql`select id, status from transaction where organisation_id = ${org} and status = any(${MOVABLE}) order by id limit 1`,
    );
    if (movable)
      await post(admin, '/v1/statusupdate', {
        type: 'transaction',
        transaction: movable.id,
        status: TRANSACTION_TRANSITIONS[movable.status]?.[0],
        status_reason: 'matrix',
      });
    const [payment] = await db.query<{
      id: string;
      merchant_id: string;
      payment_profile_id: string;
      amount: number;
      currency_code: string;
    }>(
      sql`select id, merchant_id, payment_profile_id, amount, currency_code from transaction where organisation_id = ${org} order by id limit 1`,
    );
    if (payment) {
      await db.query(sql`insert into chargeback (id, organisation_id, merchant_id, transaction_id, payment_profile_id, amount, currency_code, status)
        values (${`cb_matrix${index}0000000000`}, ${org}, ${payment.merchant_id}, ${payment.id}, ${payment.payment_profile_id}, ${payment.amount}, ${payment.currency_code}, 'OPEN')`);
      await db.query(sql`insert into webhook (id, organisation_id, merchant_id, url, type, event, item_id, status, payload)
        values (${`wh_matrix${index}0000000000`}, ${org}, ${payment.merchant_id}, 'https://hooks.example.test/matrix', 'transaction', 'transaction.updated', ${payment.id}, 'AUTHORIZED', '{}'::jsonb)`);
      // A reconciliation exception about the organisation's payment (issue 34: a merchant reads its own), as the importer reports one no file confirmed.
      await db.query(sql`insert into reconciliation_exception (id, organisation_id, merchant_id, processor_settlement_id, kind, item_type, item_id,
          merchant_reference, currency_code, expected_amount, actual_amount, amount_difference)
        select ${`rex_matrix${index}0000000000`}, t.organisation_id, t.merchant_id, s.id, 'missing_payment', 'transaction', t.id, t.merchant_reference,
          t.currency_code, t.amount, 0, -t.amount
        from transaction t, processor s where t.id = ${payment.id} and s.type = 'processorsettlement' order by s.id limit 1`);
    }
    // A change request of the organisation (four eyes, issue 35), asked by its own user.
    await db.query(sql`insert into change_request (id, organisation_id, merchant_id, kind, action, note, expires_at, requested_by)
      select ${`chr_matrix${index}0000000000`}, o.id, coalesce(o.merchant_id, o.id), 'bankaccount', 'create', 'Matrix', now() + interval '7 days', u.id
      from organisation o join app_user u on u.organisation_id = o.id where o.id = ${org} order by u.id limit 1`);
  }
  // The provider's own objects: a welcome mail, pricing schemes of each kind, a settlement update.
  await post(admin, '/v1/psp/welcome-mail', { name: 'Matrix', content: '<p>Hello {{name}}, {{link}}</p>' });
  for (const type of ['cost', 'reserve', 'partner']) {
    await post(admin, `/v1/pricing/${type}`, {
      name: `Matrix ${type}`,
      rules: [{ fixed: 10, percentage_bp: 100 }],
      ...(type === 'reserve' ? { reserve_bp: 500, reserve_days: 90 } : {}),
    });
  }
  const [settlementProcessor] = await db.query<{ id: string }>(
    sql`select id from processor where type = 'processorsettlement' order by id limit 1`,
  );
  if (settlementProcessor) {
    await post(admin, '/v1/settlementupdate', {
      processor_settlement: settlementProcessor.id,
      last: new Date(NOW).toISOString(),
      update_last_run: false,
    });
    // An acquirer's settlement file uploaded by provider finance (the provider's own), with a line for a payment no one knows.
    const [sandboxLayout] = await db.query<{ id: string }>(
      sql`select id from processor where type = 'processorsettlement' and processor_settlement_type = 'sandbox' order by id limit 1`,
    );
    await post(admin, '/v1/psp/settlementfile', {
      processor_settlement: sandboxLayout.id,
      file_name: 'matrix.csv',
      content: [
        'record_type,batch_number,settlement_date,acquirer_reference,merchant_reference,transaction_date,currency,gross_amount,interchange,scheme_fee,markup,net_amount',
        'PAYMENT,1,2026-11-19,matrix_unknown,MATRIX-UNKNOWN,,EUR,10.00,0.02,0.01,0.10,9.87',
      ].join('\n'),
    });
  }
};

/** Transaction statuses a provider's status update can move on (the lifecycle has a next status). */
const MOVABLE = Object.keys(TRANSACTION_TRANSITIONS);

/** Tables of the provider's own configuration, with no organisation column. */
const PROVIDER_TABLES = ['welcome_mail', 'settlement_update'];

/** Route parameters that are words, not ids. */
const FIXED_PARAMS: Record<string, string> = {
  '/v1/psp/report/:category': 'daily',
  '/v1/cache/:name/clear': 'translations',
};

/** Routes whose second parameter names a child row of the first (`/v1/chargeback/:id/evidence/:file`). */
const CHILD_ROUTE = /\/:\w+\/\w+\/:(?!version\b)\w+$/;

/** Tables of routes not named like their table. */
const TABLE_HINTS: Record<string, string> = {
  '/v1/pricing/revenue': 'pricing_scheme',
  '/v1/pricing/cost': 'pricing_scheme',
  '/v1/pricing/reserve': 'pricing_scheme',
  '/v1/pricing/partner': 'pricing_scheme',
};

/**
 * A create inside the caller's subtree refused because the object belongs to another kind of
 * organisation (a provider user in a merchant, a tag in the provider): 400 naming the organisation.
 */
const refusedForKind = (status: number, body: string) =>
  status === 400 &&
  ((jsonObject(body).details as { path?: string }[] | undefined) ?? []).some(
    (d) => d.path === 'body.organisation' || d.path === 'body.parent',
  );

/** An answer's JSON object, or an empty one (a list, a file, no JSON). */
const jsonObject = (text: string): Record<string, unknown> => {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

/** Runs `work` for every item, `lanes` at a time. */
const inLanes = async <T>(items: readonly T[], lanes: number, work: (item: T) => Promise<void>) => {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.max(1, lanes) }, lane));
};

const fill = (url: string, id: string) => url.replace(/:(\w+)/g, (_m, name: string) => (name === 'version' ? '1' : id));

/** Runs the matrix; the caller asserts on the figures. */
export const runTenantMatrix = async (app: FastifyInstance, db: Db, options: MatrixOptions): Promise<MatrixResult> => {
  const started = Date.now();
  const wanted = (label: string) => !options.actors || options.actors.some((prefix) => label.startsWith(prefix));
  const { orgs, actors } = await buildMatrixWorld(
    app,
    db,
    options.scale,
    (label) => wanted(label) || label === 'provider super user',
  );
  const built = Date.now();
  const allOrgs = await db.query<Org>(sql`select id, type, path, parent_id from organisation`);
  let orgById = new Map(allOrgs.map((o) => [o.id, o]));
  /** Organisations whose objects a caller may see: its subtree (the provider: everything). */
  const visible = (actor: Actor, orgId: string) => {
    if (!actor.org) return false;
    const target = orgById.get(orgId);
    return actor.org.type === 'provider' || (target !== undefined && target.path.startsWith(actor.org.path));
  };
  const ancestorOf = (actor: Actor, orgId: string) => {
    const target = orgById.get(orgId);
    return !!actor.org && !!target && actor.org.path.startsWith(target.path) && target.id !== actor.org.id;
  };

  // Every object of every tenant-owned table, by id: the answers are scanned for ids of objects the caller may not see.
  const tables = (
    await db.query<{ table_name: string }>(sql`select c.table_name from information_schema.columns c
      join information_schema.columns i on i.table_schema = c.table_schema and i.table_name = c.table_name and i.column_name = 'id'
      where c.table_schema = current_schema() and c.column_name = 'organisation_id' order by 1`)
  ).map((r) => r.table_name);
  const owner = new Map<string, { table: string; org: string }>(
    allOrgs.map((o) => [o.id, { table: 'organisation', org: o.id }]),
  );
  const sample = new Map<string, Map<string, string>>(); // table → org → one id
  const candidates = new Map<string, Map<string, string[]>>(); // table → org → the first ids (a route may serve only some rows of its table)
  sample.set('organisation', new Map(allOrgs.map((o) => [o.id, o.id])));
  for (const table of tables) {
    const rows = await db.query<{ id: string; organisation_id: string }>(
      sql`select id::text as id, organisation_id from ${sql.raw(`"${table}"`)} order by id`,
    );
    const byOrg = new Map<string, string>();
    const many = new Map<string, string[]>();
    for (const row of rows) {
      owner.set(row.id, { table, org: row.organisation_id });
      if (!byOrg.has(row.organisation_id)) byOrg.set(row.organisation_id, row.id);
      const list = many.get(row.organisation_id) ?? [];
      if (list.length < 40) many.set(row.organisation_id, [...list, row.id]);
    }
    sample.set(table, byOrg);
    candidates.set(table, many);
  }
  // The provider's own objects without an organisation column (welcome mails, settlement updates) belong to the provider.
  for (const table of PROVIDER_TABLES) {
    const ids = (
      await db.query<{ id: string }>(sql`select id::text as id from ${sql.raw(`"${table}"`)} order by id limit 40`)
    ).map((r) => r.id);
    if (!ids.length) continue;
    sample.set(table, new Map([[orgs.parent.id, ids[0]]]));
    candidates.set(table, new Map([[orgs.parent.id, ids]]));
  }
  const leaksIn = (actor: Actor, text: string): string[] => {
    if (!actor.org || actor.org.type === 'provider') return [];
    const found = new Set<string>();
    for (const token of text.match(/[A-Za-z0-9][A-Za-z0-9_-]{7,}/g) ?? []) {
      const hit = owner.get(token);
      if (hit && !visible(actor, hit.org) && !ancestorOf(actor, hit.org)) found.add(`${hit.table} ${token}`);
    }
    return [...found];
  };

  const routes = declaredRoutes(app).filter(
    (r) => !('public' in r.access) && !OWN_SESSION.test(r.url) && (options.routeFilter?.(r) ?? true),
  );
  const admin = actors.find((a) => a.label === 'provider super user') as Actor;
  let spread = 0;
  // 20 calls an address, within the limit of 30 refused keys a minute; documentation addresses (RFC 5737).
  const addressOf = (actor: Actor) => {
    if (!actor.spreadAddresses) return undefined;
    const n = Math.floor(spread++ / 20);
    return `${n < 254 ? '198.51.100' : '203.0.113'}.${(n % 254) + 1}`;
  };
  const call = (actor: Actor, method: string, url: string, payload?: object) =>
    app.inject({
      method: method as Method,
      url,
      headers: actor.headers,
      remoteAddress: addressOf(actor),
      ...(method === 'GET' || method === 'DELETE' ? {} : { payload: payload ?? {} }),
    });

  // Which table a route's :id belongs to: the table whose object the provider can read through the GET route of the same prefix.
  const tableOf = new Map<string, string>();
  const chosen = new Map<string, Map<string, string>>(); // route prefix → org → an id the route serves
  const prefixOf = (url: string) => url.replace(/\/:.*$/, '');
  const unmapped: string[] = [];
  for (const route of routes.filter((r) => r.method === 'GET' && /^\/v1\/[\w/-]+\/:\w+$/.test(r.url))) {
    // Tables named like the route first: most routes are found on the first try.
    const name = (text: string) => text.replace(/[^a-z]/g, '');
    const segment = name(prefixOf(route.url).split('/').pop() as string);
    const likely = ([table]: [string, unknown]) =>
      name(table) === segment ? 0 : name(table).includes(segment) || segment.includes(name(table)) ? 1 : 2;
    probe: for (const [table, byOrg] of [...sample].sort((x, y) => likely(x) - likely(y))) {
      for (const id of [orgs.own, orgs.child, orgs.parent, orgs.sibling]
        .map((o) => byOrg.get(o.id))
        .filter((v) => v !== undefined)) {
        if ((await call(admin, 'GET', fill(route.url, id))).statusCode === 200) {
          tableOf.set(prefixOf(route.url), table);
          break probe;
        }
      }
    }
    if (tableOf.has(prefixOf(route.url))) continue;
    // A route that serves only some rows of its table (a type, engine-made settlements): look further into likely tables, per organisation.
    for (const table of [...candidates.keys()].filter(
      (t) => likely([t, null]) <= 1 || TABLE_HINTS[prefixOf(route.url)] === t,
    )) {
      const picks = new Map<string, string>();
      for (const org of Object.values(orgs)) {
        for (const id of candidates.get(table)?.get(org.id) ?? []) {
          if ((await call(admin, 'GET', fill(route.url, id))).statusCode === 200) {
            picks.set(org.id, id);
            break;
          }
        }
      }
      if (picks.size) {
        tableOf.set(prefixOf(route.url), table);
        chosen.set(prefixOf(route.url), picks);
        break;
      }
    }
  }
  const targets = Object.entries(orgs) as [string, Org][];
  const mapped = Date.now();
  let cells = 0;
  let writesTried = 0;
  let createsTried = 0;
  let createsMade = 0;
  let unique = 0;
  const leaks: string[] = [];
  const failures: string[] = [];
  const expectStatus = (cell: string, status: number, expected: number[]) => {
    cells++;
    if (!expected.includes(status)) failures.push(`${cell}: ${status}, expected ${expected.join(' or ')}`);
  };

  /** Where a created object landed, by its answer: the organisation it names (for a new organisation: its parent). */
  const landedIn = (url: string, json: Record<string, unknown>): string | undefined => {
    const ref = (value: unknown) =>
      typeof value === 'string'
        ? value
        : value && typeof value === 'object' && 'id' in value
          ? String(value.id)
          : undefined;
    return url === '/v1/organisation'
      ? ref(json.parent ?? json.parent_id)
      : ref(json.organisation ?? json.organisation_id);
  };
  /**
   * A create route, called by an allowed caller once for each target organisation: inside the
   * caller's subtree it creates (201), for another tenant it is refused (403 or 404) or the object
   * lands in the caller's own organisation. The snapshots around each caller catch anything created
   * in another tenant's tables that the answer does not name.
   */
  const createCells = async (actor: Actor, route: DeclaredRoute, cell: string) => {
    const bodyFor = CREATE_BODIES[route.url];
    for (const [name, org] of targets) {
      const body = bodyFor
        ? bodyFor({ org, objectOf: (table) => sample.get(table)?.get(org.id), unique: ++unique })
        : { organisation: org.id };
      if (body === undefined) continue; // the target has no object to create it with
      const label = ` [create for ${name}]`;
      const response = await call(actor, 'POST', route.url, body);
      cells++;
      createsTried++;
      const found = leaksIn(actor, response.body);
      if (found.length) leaks.push(`${cell}${label}: ${response.statusCode} shows ${found.slice(0, 3).join(', ')}`);
      if (response.statusCode >= 500) {
        failures.push(`${cell}${label}: ${response.statusCode}`);
        continue;
      }
      const inside = visible(actor, org.id);
      if (response.statusCode < 300) {
        createsMade++;
        const landed = landedIn(route.url, jsonObject(response.body));
        if (landed && !visible(actor, landed))
          leaks.push(`${cell}${label}: ${response.statusCode}, created in ${landed} (another tenant)`);
      } else if (bodyFor && !refusedForKind(response.statusCode, response.body)) {
        if (inside)
          failures.push(`${cell}${label}: ${response.statusCode}, expected 201: ${response.body.slice(0, 200)}`);
        else if (![403, 404].includes(response.statusCode))
          failures.push(`${cell}${label}: ${response.statusCode}, expected 404: ${response.body.slice(0, 200)}`);
      }
    }
  };

  const snapshot = async () => {
    const state = new Map<string, string>();
    for (const table of tables) {
      const rows = await db.query<{
        org: string;
        digest: string;
      }>(sql`select organisation_id as org, md5(string_agg(x::text, '|' order by x.id)) as digest
        from ${sql.raw(`"${table}"`)} x group by organisation_id`);
      for (const row of rows) state.set(`${table} ${row.org}`, row.digest);
    }
    return state;
  };

  for (const actor of actors.filter((a) => wanted(a.label))) {
    const before = options.writes ? await snapshot() : undefined;
    const checkRoute = async (route: DeclaredRoute) => {
      const cell = `${actor.label} ${route.method} ${route.url}`;
      const access = route.access as { roles: readonly string[] };
      const mutating = route.method !== 'GET';
      if (mutating && !options.writes) return;
      const isCreate = route.method === 'POST' && !route.url.includes(':');
      const hasParams = route.url.includes(':');
      const table = tableOf.get(prefixOf(route.url));
      // A route with parameters but no known table is called with an id that exists nowhere.
      const urlsFor = (): { url: string; org?: string; label: string }[] => {
        if (!hasParams) return [{ url: route.url, label: '' }];
        if (FIXED_PARAMS[route.url]) return [{ url: route.url.replace(/:\w+/, FIXED_PARAMS[route.url]), label: '' }];
        if (!table) return [{ url: fill(route.url, 'x0000000000'), label: ' (no such id)' }];
        return targets.flatMap(([name, org]) => {
          const picks = chosen.get(prefixOf(route.url));
          const id = picks ? picks.get(org.id) : sample.get(table)?.get(org.id);
          return id ? [{ url: fill(route.url, id), org: org.id, label: ` [${name} ${table}]` }] : [];
        });
      };
      if (!actor.org) {
        // Signed out, or a key that is not valid: refused before anything is looked at or changed.
        for (const { url, label } of urlsFor().slice(0, 1))
          expectStatus(cell + label, (await call(actor, route.method, url)).statusCode, [401]);
        return;
      }
      const allowed = hasAccess(actor.roles, access.roles) && !(actor.api && isPersonOnly(access.roles));
      if (!allowed) {
        for (const { url, label } of urlsFor().slice(0, 1))
          expectStatus(cell + label, (await call(actor, route.method, url)).statusCode, [403]);
        return;
      }
      if (isCreate) {
        await createCells(actor, route, cell);
        return;
      }
      for (const { url, org, label } of urlsFor()) {
        if (mutating && (!org || visible(actor, org))) continue; // own writes are the feature tests' business; here only foreign ones
        // A route naming a child row too (a dispute's evidence file) is called with the parent's id in
        // both places: no such child exists, so only foreign parents are checked here (the same 404);
        // reading own children is dispute.test.ts's business.
        if (CHILD_ROUTE.test(route.url) && (!org || visible(actor, org))) continue;
        const response = await call(actor, route.method, url);
        const found = leaksIn(actor, response.body);
        cells++;
        if (found.length) leaks.push(`${cell}${label}: ${response.statusCode} shows ${found.slice(0, 3).join(', ')}`);
        if (response.statusCode >= 500) failures.push(`${cell}${label}: ${response.statusCode}`);
        if (!org) continue;
        if (mutating) {
          writesTried++;
          if (response.statusCode < 300)
            leaks.push(`${cell}${label}: ${response.statusCode} (a write on another tenant's object succeeded)`);
          else if (![400, 404].includes(response.statusCode))
            failures.push(`${cell}${label}: ${response.statusCode}, expected 404`);
        } else if (visible(actor, org)) {
          const expected =
            (ONLY_KIND[route.url]?.(orgById.get(org) as Org) ?? true) ? (FOUND_STATUS[route.url] ?? 200) : 404;
          if (response.statusCode !== expected)
            failures.push(`${cell}${label}: ${response.statusCode}, expected ${expected}`);
        } else if (
          response.statusCode === 200 &&
          !(ancestorOf(actor, org) && SHARED_FROM_PARENT.has(table as string))
        ) {
          leaks.push(`${cell}${label}: 200 (another tenant's object was read)`);
        } else if (![403, 404].includes(response.statusCode) && response.statusCode !== 200) {
          failures.push(`${cell}${label}: ${response.statusCode}, expected 404`);
        }
      }
      // Lists filtered on another tenant's organisation show nothing of it.
      if (options.organisationFilters && route.method === 'GET' && !hasParams) {
        for (const [name, org] of targets) {
          if (visible(actor, org.id)) continue;
          const response = await call(actor, 'GET', `${route.url}?organisation=${org.id}`);
          cells++;
          const found = leaksIn(actor, response.body);
          if (found.length)
            leaks.push(`${cell}?organisation=<${name}>: ${response.statusCode} shows ${found.slice(0, 3).join(', ')}`);
          if (response.statusCode >= 500) failures.push(`${cell}?organisation=<${name}>: ${response.statusCode}`);
        }
      }
    };
    // Routes side by side (the snapshots are per caller, so callers stay one after another).
    await inLanes(routes, options.lanes ?? 1, checkRoute);
    if (before) {
      const after = await snapshot();
      // Organisations the caller created belong to its subtree.
      orgById = new Map(
        (await db.query<Org>(sql`select id, type, path, parent_id from organisation`)).map((o) => [o.id, o]),
      );
      for (const key of new Set([...before.keys(), ...after.keys()])) {
        const org = key.split(' ')[1];
        // Rows of no organisation (the audit entry of a refused sign-in) are nobody's tenancy.
        if (org === 'null') continue;
        if (!visible(actor, org) && after.get(key) !== before.get(key))
          leaks.push(`${actor.label} ${before.has(key) ? 'changed' : 'created'} ${key}`);
      }
    }
  }
  for (const route of routes)
    if (route.url.includes(':') && !tableOf.has(prefixOf(route.url)) && !FIXED_PARAMS[route.url])
      unmapped.push(`${route.method} ${route.url}`);
  const timing = { worldMs: built - started, mappingMs: mapped - built, cellsMs: Date.now() - mapped };
  const createRoutes = routes.filter((r) => r.method === 'POST' && !r.url.includes(':')).length;
  return {
    timing,
    routes: routes.length,
    cells,
    leaks,
    failures,
    tables: sample.size,
    writesTried,
    createRoutes,
    createsTried,
    createsMade,
    unmapped,
    mapped: Object.fromEntries(tableOf),
  };
};
