// Runs on both engines: issue 31 asks for its proof on PGlite and PostgreSQL (vitest.config.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../plugins/db/index.ts';
import { writeDefinitions, type WriteDef } from '../query/write.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { callAs, type Caller, signInTestUsers } from '../test/call.ts';
import { createTestWorld, TEST_PASSWORD, type TestWorld } from '../test/world.ts';
import { insertTestCustomer } from './payments/payments-test-helpers.ts';
import { insertOrganisation } from './settings/organisation.repository.ts';

/**
 * The reference sweep (issue 31 "Done when", issue 30 item 9): every reference field that a
 * create or update body of an entity on the write path declares (query/write.ts), filled with an
 * id the row's owner does not own, answers the 404 of an unknown id at that field and changes
 * nothing — as provider staff with another merchant's ids, and as a sub-organisation's user with
 * its parent's and a sibling's. A guard walks the OpenAPI document, so a body field that names
 * another entity cannot be added without being declared (or listed below with the reason why not).
 */

type Owner = 'A' | 'ASub' | 'ASib' | 'B';
type Body = Record<string, unknown>;

let t: TestApp;
let world: TestWorld;
let admin: Caller;
let aSub: Caller;
const orgs = {} as Record<Owner, string>;
/** Ids of the rows each owner has, per entity name (the targets references name). */
const owned = {} as Record<Owner, Record<string, string>>;

const rule = [{ name: 'amount', operator: '>', value: '1' }];
const ibans: Record<Owner, string> = {
  A: 'NL91ABNA0417164300',
  ASub: 'NL20INGB0001234567',
  ASib: 'NL39RABO0300065264',
  B: 'DE89370400440532013000',
};

/**
 * How a row of each entity that a reference can name is made for an owner (created in this order,
 * `own` holds the owner's rows made before): through the API, or inserted where no call makes one.
 */
const TARGETS: Record<
  string,
  | { path: string; body: (owner: Owner, own: Record<string, string>) => Body }
  | { insert: (owner: Owner) => Promise<string> }
> = {
  tag: { path: 'tag', body: (o) => ({ text: `tag ${o}`, colour: '#123456' }) },
  bank_account: { path: 'bankaccount', body: (o) => ({ holder_name: `Holder ${o}`, iban: ibans[o] }) },
  checkout_design: { path: 'checkoutdesign', body: (o) => ({ name: `Design ${o}` }) },
  routing: {
    path: 'routing',
    body: (o) => ({
      name: `Routing ${o}`,
      payment_product: 'card',
      details: { if: rule, then: world.processorId, else: world.processorId },
    }),
  },
  payment_profile: {
    path: 'paymentprofile',
    body: (o) => ({ name: `Profile ${o}`, display_name: `Profile ${o}`, processors: [world.processorId] }),
  },
  plan: {
    path: 'plan',
    body: (o, own) => ({ name: `Plan ${o}`, payment_profile: own.payment_profile, amount: 1000, interval: 'month' }),
  },
  // Customers are made by payments and imports, not by a call of their own.
  customer: { insert: (o) => insertTestCustomer(t.db, { id: orgs[o], merchantId: o === 'B' ? orgs.B : orgs.A }) },
};

/**
 * A valid body of each entity with references, naming only rows of its owner (`own`), and the
 * update body made from it. The sweep swaps one reference at a time for a foreign id.
 */
let serial = 0;
const SUBJECTS: Record<
  string,
  {
    create: (own: Record<string, string>) => Body;
    /** The update body made from the create's; `false`: no update call names the references. */
    update?: ((body: Body) => Body) | false;
    /** False where the owner follows from a row the body names (a link is its profile's), not from `organisation`. */
    organisation?: false;
  }
> = {
  terminal: {
    create: (own) => ({
      name: 'Sweep',
      serial_number: `SWEEP-${++serial}`,
      model: 'PAX A77',
      payment_profile: own.payment_profile,
    }),
  },
  validationruleset: {
    create: (own) => ({
      name: 'Sweep',
      action: 'tag',
      tag: own.tag,
      payment_profile: own.payment_profile,
      rules: rule,
    }),
    update: ({ action: _action, organisation: _organisation, ...rest }) => rest,
  },
  paymentprofile: {
    create: (own) => ({
      name: 'Sweep',
      display_name: 'Sweep',
      processors: [world.processorId],
      intelligent_routing: true,
      routing: { card: own.routing },
      bank_account: own.bank_account,
    }),
  },
  'payment-link': {
    create: (own) => ({ payment_profile: own.payment_profile, customer: own.customer, amount: 1000 }),
    update: false,
    organisation: false,
  },
  'card-add-link': {
    create: (own) => ({ payment_profile: own.payment_profile, customer: own.customer }),
    update: false,
    organisation: false,
  },
  subscription: {
    create: (own) => ({ plan: own.plan, customer: own.customer, payment_product: 'card' }),
    update: false,
    organisation: false,
  },
  plan: {
    create: (own) => ({
      name: 'Sweep',
      payment_profile: own.payment_profile,
      checkout: own.checkout_design,
      amount: 1000,
      interval: 'month',
    }),
  },
};

const withoutOrganisation = ({ organisation: _organisation, ...rest }: Body) => rest;

/** The body with the reference at `path` (`a`, `a[]`, `a.*`) naming `id`, and the error path that names it. */
const naming = (body: Body, path: string, id: string): [Body, string] => {
  if (path.endsWith('.*')) {
    const key = path.slice(0, -2);
    return [{ ...body, [key]: { card: id } }, `body.${key}.card`];
  }
  if (path.endsWith('[]')) {
    const key = path.slice(0, -2);
    return [{ ...body, [key]: [id] }, `body.${key}.0`];
  }
  return [{ ...body, [path]: id }, `body.${path}`];
};

const referring = () => writeDefinitions().filter((def) => Object.keys(def.references ?? {}).length > 0);
const tableOf = (def: WriteDef) => def.table ?? def.entity.table;
const countRows = async (def: WriteDef) =>
  (await t.db.query<{ n: number }>(sql`select count(*)::int as n from ${sql.raw(tableOf(def))}`))[0].n;

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  const sibling = await insertOrganisation(t.db, { parentId: world.shopA.id, name: 'Shop A Station' });
  Object.assign(orgs, { A: world.shopA.id, ASub: world.shopASub.id, ASib: sibling.id, B: world.shopB.id });
  // Bank accounts need the collecting feature of the caller's organisation, the provider's too.
  await t.db.query(sql`update organisation set features = '{collecting}'`);
  const users = await signInTestUsers(t.app, TEST_PASSWORD);
  admin = users.provider;
  aSub = users.aSub;
  for (const owner of Object.keys(orgs) as Owner[]) {
    owned[owner] = {};
    for (const [name, target] of Object.entries(TARGETS)) {
      if ('insert' in target) {
        owned[owner][name] = await target.insert(owner);
        continue;
      }
      const made = await callAs(t.app, admin, 'POST', `/v1/${target.path}`, {
        ...target.body(owner, owned[owner]),
        organisation: orgs[owner],
      });
      if (made.status !== 201)
        throw new Error(`fixture ${name} of ${owner}: ${made.status} ${JSON.stringify(made.body)}`);
      owned[owner][name] = made.body.id;
    }
  }
  // Five owners' fixtures through the API: more than the default minute on a loaded machine.
}, 240_000);
afterAll(() => t.close());

/** Writes `def`'s row for `owner` as `caller`, then every reference once with each foreign owner's id: 404, nothing changed. */
const sweep = async (def: WriteDef, caller: Caller, owner: Owner, foreign: Owner[]) => {
  const subject = SUBJECTS[def.path];
  const base = {
    ...subject.create(owned[owner]),
    ...(subject.organisation === false ? {} : { organisation: orgs[owner] }),
  };
  const made = await callAs(t.app, caller, 'POST', `/v1/${def.path}`, base);
  // The control: the same body with the owner's own references is accepted, so each 404 below is the reference's.
  expect(made.status, `${def.path} with own references: ${JSON.stringify(made.body)}`).toBe(201);
  const id = made.body.id as string;
  const updateOf = subject.update === false ? undefined : (subject.update ?? withoutOrganisation);
  const refused: string[] = [];
  for (const path of Object.keys(def.references ?? {})) {
    const target = def.references![path].entity().name;
    for (const other of foreign) {
      const foreignId = owned[other][target];
      expect(foreignId, `a ${target} of ${other} to reference`).toBeTruthy();
      const before = {
        rows: await countRows(def),
        row: (await callAs(t.app, admin, 'GET', `/v1/${def.path}/${id}`)).body,
      };
      const [created, at] = naming(base, path, foreignId);
      const answers: [string, Awaited<ReturnType<typeof callAs>>][] = [
        ['create', await callAs(t.app, caller, 'POST', `/v1/${def.path}`, created)],
      ];
      if (updateOf) {
        const [updated] = naming(updateOf(base), path, foreignId);
        answers.push(['update', await callAs(t.app, caller, 'POST', `/v1/${def.path}/${id}`, updated)]);
      }
      for (const [what, answer] of answers) {
        const paths = ((answer.body?.details ?? []) as { path: string }[]).map((d) => d.path);
        if (answer.status !== 404 || !paths.includes(at))
          refused.push(`${what} ${def.path} ${at} = ${other}'s ${target}: ${answer.status} ${paths.join(',')}`);
      }
      expect(await countRows(def)).toBe(before.rows);
      expect((await callAs(t.app, admin, 'GET', `/v1/${def.path}/${id}`)).body).toEqual(before.row);
    }
  }
  expect(refused).toEqual([]);
};

describe('references in every create and update body are checked in the scope of the row’s owner', () => {
  it('has a fixture for every entity with references and every entity they name', () => {
    expect(referring().length).toBeGreaterThan(0);
    for (const def of referring()) {
      expect(SUBJECTS[def.path], `a valid ${def.path} body in SUBJECTS`).toBeDefined();
      for (const reference of Object.values(def.references ?? {}))
        expect(TARGETS[reference.entity().name], `a way to make a ${reference.entity().name} in TARGETS`).toBeDefined();
    }
  });

  it('refuses provider staff another merchant’s ids as unknown ones (404), changing nothing', async () => {
    for (const def of referring()) await sweep(def, admin, 'A', ['B']);
  });

  it('refuses a sub-organisation its parent’s and a sibling’s ids as unknown ones (404), changing nothing', async () => {
    for (const def of referring()) await sweep(def, aSub, 'ASub', ['A', 'ASib']);
  });
});

/**
 * Where a row is made is a reference too: the organisation a key, user or webhook endpoint belongs
 * to, and an organisation's parent. A sub-organisation naming its parent or a sibling there gets the
 * 404 of an unknown id at that field, and nothing is made (issue 31 item 2: these writes are on the
 * write path, with the owner resolved in the caller's subtree).
 */
const OWNED_IN: { path: string; field: string; table: string; body: (org: string) => Body }[] = [
  {
    path: 'organisation',
    field: 'parent',
    table: 'organisation',
    body: (org) => ({ name: 'Sweep', country_code: 'NL', parent: org }),
  },
  {
    path: 'apikey',
    field: 'organisation',
    table: 'api_key',
    body: (org) => ({ name: 'Sweep', roles: ['TRANSACTION_LIST'], organisation: org }),
  },
  {
    path: 'user',
    field: 'organisation',
    table: 'app_user',
    body: (org) => ({ name: 'Sweep', email: `sweep-${++serial}@test.kassa`, roles: [], organisation: org }),
  },
  {
    path: 'webhook/secret',
    field: 'organisation',
    table: 'webhook_endpoint',
    body: (org) => ({ organisation: org, url: `https://example.com/sweep-${++serial}` }),
  },
];

describe('the organisation a row is made in is checked like a reference', () => {
  const count = async (table: string) =>
    (await t.db.query<{ n: number }>(sql`select count(*)::int as n from ${sql.raw(table)}`))[0].n;

  it('refuses a sub-organisation its parent and a sibling as the owner or parent (404), making nothing', async () => {
    const refused: string[] = [];
    for (const { path, field, table, body } of OWNED_IN) {
      // The control: its own organisation is accepted, so each 404 below is the field's.
      const own = await callAs(t.app, aSub, 'POST', `/v1/${path}`, body(orgs.ASub));
      expect(own.status, `${path} in its own organisation: ${JSON.stringify(own.body)}`).toBeLessThan(300);
      for (const other of ['A', 'ASib'] as const) {
        const before = await count(table);
        const answer = await callAs(t.app, aSub, 'POST', `/v1/${path}`, body(orgs[other]));
        const paths = ((answer.body?.details ?? []) as { path: string }[]).map((d) => d.path);
        if (answer.status !== 404 || !paths.includes(`body.${field}`))
          refused.push(`${path} ${field} = ${other}: ${answer.status} ${paths.join(',')}`);
        expect(await count(table)).toBe(before);
      }
    }
    expect(refused).toEqual([]);
  });

  it('refuses a sub-organisation a move of its own organisation below its parent or a sibling (404), moving nothing', async () => {
    const made = await callAs(t.app, aSub, 'POST', '/v1/organisation', {
      name: 'Sweep move',
      country_code: 'NL',
      parent: orgs.ASub,
    });
    expect(made.status).toBe(201);
    for (const other of ['A', 'ASib'] as const) {
      const moved = await callAs(t.app, aSub, 'POST', `/v1/organisation/${made.body.id}`, { parent: orgs[other] });
      expect(moved.status).toBe(404);
      expect(moved.body.details.map((d: { path: string }) => d.path)).toEqual(['body.parent']);
      expect((await callAs(t.app, admin, 'GET', `/v1/organisation/${made.body.id}`)).body.parent).toBe(orgs.ASub);
    }
  });
});

type Schema = {
  $ref?: string;
  properties?: Record<string, Schema>;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  items?: Schema;
};
type Operation = { requestBody?: { content: Record<string, { schema?: Schema }> }; tags?: string[] };
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};

/** Top-level property names of a body schema, through `$ref` and unions. */
const fieldsOf = (doc: Document, schema: Schema | undefined, seen = new Set<string>()): string[] => {
  if (!schema) return [];
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    if (seen.has(name)) return [];
    seen.add(name);
    return fieldsOf(doc, doc.components.schemas[name], seen);
  }
  const branches = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  return [...Object.keys(schema.properties ?? {}), ...branches.flatMap((branch) => fieldsOf(doc, branch, seen))];
};

/**
 * Body fields that name another entity but are not on the write path's declared references, each
 * with where it is checked instead. A new one makes the guard fail until it is declared or listed.
 */
const callerScope = 'read in the caller’s scope (getOwnedRow / lock in scope) and required to be of the same merchant';
const sharedCatalogue =
  'the provider’s shared catalogue (tenancy shared): no tenant owns one; the service checks it exists';
const CHECKED_ELSEWHERE: Record<string, string> = {
  // Payments and their links, subscriptions: rows made from the caller's own objects, not configuration.
  'POST /v1/transaction payment_profile': 'transaction.service.ts: the profile must be in the caller’s merchant scope',
  'POST /v1/transaction customer': `transaction.service.ts: ${callerScope}`,
  'POST /v1/refund transaction': 'refund.service.ts: the transaction is locked in the caller’s scope',
  'POST /v1/payment-link payment_profile': `link.service.ts: the link's owner, ${callerScope}`,
  'POST /v1/card-add-link payment_profile': `link.service.ts: the link's owner, ${callerScope}`,
  'POST /v1/subscription plan': `subscription.service.ts: the subscription's owner, ${callerScope}`,
  'POST /v1/subscription subscription_discount': `subscription.service.ts: ${callerScope}`,
  'POST /v1/webhook item_id': 'webhook.service.ts: the item in the webhook owner’s scope (webhook.test.ts)',
  // The tree itself: a parent inside the caller's subtree, a move only within the merchant.
  'POST /v1/organisation parent': 'organisation.service.ts: the parent is locked in the caller’s subtree',
  'POST /v1/organisation/{id} parent': 'organisation.service.ts: the parent is locked in the caller’s subtree',
  'PUT /v1/organisation/{id} parent': 'organisation.service.ts: the parent is locked in the caller’s subtree',
  // Not references at all.
  'POST /v1/processor user': 'the user name of the acquirer account, not a Kassa id',
  'POST /v1/processor/{id} user': 'the user name of the acquirer account, not a Kassa id',
  'PUT /v1/processor/{id} user': 'the user name of the acquirer account, not a Kassa id',
  'POST /v1/paymentprofile processors': sharedCatalogue,
  'POST /v1/paymentprofile middleware': sharedCatalogue,
  'POST /v1/paymentprofile/{id} processors': sharedCatalogue,
  'POST /v1/paymentprofile/{id} middleware': sharedCatalogue,
  'PUT /v1/paymentprofile/{id} processors': sharedCatalogue,
  'PUT /v1/paymentprofile/{id} middleware': sharedCatalogue,
  'POST /v1/sharerequest processor': sharedCatalogue,
  // Replays that write nothing.
  'POST /v1/routing/backtest routing': 'backtest.service.ts: the saved routing is locked in the caller’s scope',
  'POST /v1/validationruleset/backtest tag': 'backtest.service.ts: only compared with what transactions were tagged',
  // Provider staff only (PSP roles): the provider's finance configuration and admin corrections.
  'POST /v1/settlement-profile package': 'finance-config.service.ts: provider catalogue, checked to exist',
  'POST /v1/settlement-profile settlement_schedule': 'finance-config.service.ts: provider catalogue, checked to exist',
  'POST /v1/settlement-profile bank_account': 'finance-config.service.ts: must be the settlement profile’s merchant’s',
  'POST /v1/settlement-profile/{id} package': 'finance-config.service.ts: provider catalogue, checked to exist',
  'POST /v1/settlement-profile/{id} settlement_schedule':
    'finance-config.service.ts: provider catalogue, checked to exist',
  'POST /v1/settlement-profile/{id} bank_account':
    'finance-config.service.ts: must be the settlement profile’s merchant’s',
  'PUT /v1/settlement-profile/{id} package': 'finance-config.service.ts: provider catalogue, checked to exist',
  'PUT /v1/settlement-profile/{id} settlement_schedule':
    'finance-config.service.ts: provider catalogue, checked to exist',
  'PUT /v1/settlement-profile/{id} bank_account':
    'finance-config.service.ts: must be the settlement profile’s merchant’s',
  'POST /v1/statusupdate transaction': 'provider staff only (PSP roles); every merchant is in their scope',
  'POST /v1/statusupdate refund': 'provider staff only (PSP roles); every merchant is in their scope',
};

describe('the reference guard', () => {
  it('finds every body field named like another entity declared as a reference of its write', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json() as Document;
    const entities = new Set(
      Object.values(doc.paths).flatMap((item) => Object.values(item).flatMap((op) => op.tags ?? [])),
    );
    // The owner is resolved in the caller's subtree by the write path itself (query/owner.ts).
    const isReference = (field: string) =>
      field !== 'organisation' &&
      (field.endsWith('_id') ||
        entities.has(field) ||
        entities.has(field.replace(/s$/, '')) ||
        ['checkout', 'parent'].includes(field));
    const declared = new Map(
      writeDefinitions().map((def) => [
        def.path,
        Object.keys(def.references ?? {}).map((p) => p.replace(/(\[\]|\.\*)$/, '')),
      ]),
    );
    const undeclared: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        if (!['post', 'put', 'patch'].includes(method)) continue;
        const body = operation.requestBody?.content['application/json']?.schema;
        const writePath = /^\/v1\/([^/{]+)(\/\{id\})?$/.exec(path)?.[1];
        for (const field of new Set(fieldsOf(doc, body))) {
          if (!isReference(field)) continue;
          const key = `${method.toUpperCase()} ${path} ${field}`;
          if (writePath && declared.get(writePath)?.includes(field)) continue;
          if (!CHECKED_ELSEWHERE[key]) undeclared.push(key);
        }
      }
    }
    expect(undeclared).toEqual([]);
  });
});
