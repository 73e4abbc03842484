import type {
  TOneOffCreate,
  TPackageCreate,
  TPricingSchemeCreate,
  TSettlementProfileCreate,
  TSettlementScheduleCreate,
} from '@kassa/domain';
import { badRequest, forbidden, HttpError, notFoundAt } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/actor.ts';
import type { Db, Queryable } from '../../plugins/db/index.ts';
import type { EntityDef } from '../../query/entity.ts';
import { resolveOwner } from '../../query/owner.ts';
import { createEntity, defineWrite, updateEntity, type WriteDef } from '../../query/write.ts';
import { merchantCollects, referenceExists, type RowCondition } from './finance-config.repository.ts';

/** Body field → column: references are stored as `<name>_id`. */
const REFERENCES: Record<string, string> = {
  revenue_scheme: 'revenue_scheme_id',
  cost_scheme: 'cost_scheme_id',
  reserve_scheme: 'reserve_scheme_id',
  partner_scheme: 'partner_scheme_id',
  package: 'package_id',
  settlement_schedule: 'settlement_schedule_id',
  bank_account: 'bank_account_id',
};

const columnsOf = (body: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(body)
      .filter(([key, value]) => value !== undefined && key !== 'organisation')
      .map(([key, value]) => [REFERENCES[key] ?? key, key === 'rules' ? JSON.stringify(value) : value]),
  );

/** Provider-owned finance objects (schemes, packages, schedules) are made by provider staff only. */
const providerOnly = (actor: Actor) => {
  if (actor.scope.kind !== 'all') throw forbidden('Only the provider manages pricing and packages');
};

/** Checks that a referenced row exists (and, for schemes, has the right type), naming the field otherwise. */
const checkReference = async (
  tx: Queryable,
  field: string,
  id: string | null | undefined,
  table: string,
  condition: RowCondition = {},
) => {
  if (!id) return;
  if (!(await referenceExists(tx, table, id, condition))) throw notFoundAt(`body.${field}`, field.replace(/_/g, ' '));
};

export type FinanceKind = 'pricing_scheme' | 'package' | 'settlement_schedule' | 'settlement_profile' | 'one_off';

const TABLES: Record<FinanceKind, string> = {
  pricing_scheme: 'pricing_scheme',
  package: 'finance_package',
  settlement_schedule: 'settlement_schedule',
  settlement_profile: 'settlement_profile',
  one_off: 'one_off',
};
const PREFIXES: Record<FinanceKind, string> = {
  pricing_scheme: 'psc',
  package: 'pkg',
  settlement_schedule: 'ssc',
  settlement_profile: 'spf',
  one_off: 'oof',
};
const MERCHANT_OWNED: readonly FinanceKind[] = ['settlement_profile', 'one_off'];

const checkReferences = async (
  tx: Queryable,
  kind: FinanceKind,
  body: Record<string, unknown>,
  merchantId: string | null,
) => {
  if (kind === 'package') {
    for (const type of ['revenue', 'cost', 'reserve', 'partner'] as const) {
      await checkReference(tx, `${type}_scheme`, body[`${type}_scheme`] as string | null, 'pricing_scheme', { type });
    }
  }
  if (kind === 'settlement_profile') {
    await checkReference(tx, 'package', body.package as string | undefined, 'finance_package');
    await checkReference(
      tx,
      'settlement_schedule',
      body.settlement_schedule as string | undefined,
      'settlement_schedule',
    );
    await checkReference(tx, 'bank_account', body.bank_account as string | undefined, 'bank_account', { merchantId });
  }
};

const conflictOf = (kind: FinanceKind) =>
  kind === 'settlement_profile'
    ? new HttpError(409, 'conflict', 'This merchant already has an active settlement profile in this currency', [
        {
          path: 'body.currency_code',
          code: 'profileExists',
          message: 'This merchant already has an active settlement profile in this currency',
        },
      ])
    : new HttpError(409, 'conflict', 'This already exists');

type SchemeRow = { type: string; valid_from: Date | null; valid_to: Date | null; reserve_bp: number | null };
const dayOf = (value: Date | null) => (value ? value.toISOString().slice(0, 10) : null);

/** The rules a scheme must keep after an edit, checked on the scheme as it would be. */
const checkMergedScheme = (current: SchemeRow, input: Record<string, unknown>) => {
  const from =
    'valid_from' in input && input.valid_from !== undefined
      ? (input.valid_from as string | null)
      : dayOf(current.valid_from);
  const to =
    'valid_to' in input && input.valid_to !== undefined ? (input.valid_to as string | null) : dayOf(current.valid_to);
  if (from && to && to < from)
    throw badRequest('body.valid_to', 'The end is before the start', 'validation_error', 'endBeforeStart');
  const reserve = input.reserve_bp !== undefined ? input.reserve_bp : current.reserve_bp;
  if (current.type === 'reserve' && reserve === null)
    throw badRequest(
      'body.reserve_bp',
      'A reserve needs a percentage and a release period',
      'validation_error',
      'reserveRequired',
    );
};

type Body =
  | TPricingSchemeCreate
  | TPackageCreate
  | TSettlementScheduleCreate
  | TSettlementProfileCreate
  | TOneOffCreate
  | Record<string, unknown>;

const writes = new Map<EntityDef, WriteDef>();

/**
 * How a finance object is written: merchant-owned rows (settlement profiles, one-offs) belong to the
 * merchant of the organisation named, provider-owned ones (schemes, packages, schedules) to the
 * provider, made by provider staff only.
 */
const financeWrite = <E extends EntityDef>(kind: FinanceKind, entity: E, path: string): WriteDef<E> => {
  const known = writes.get(entity);
  if (known) return known as unknown as WriteDef<E>;
  const def = defineWrite({
    entity,
    path,
    table: TABLES[kind],
    idPrefix: PREFIXES[kind],
    label: kind.replace(/_/g, ' '),
    audit: { entity: kind, type: kind },
    conflict: () => conflictOf(kind),
    owner: async (tx, actor, body) => {
      if (!MERCHANT_OWNED.includes(kind)) {
        providerOnly(actor);
        return { organisationId: actor.organisation.id, merchantId: null };
      }
      const { merchantId } = await resolveOwner(tx, actor, (body.organisation as string | null | undefined) ?? null);
      return { organisationId: merchantId, merchantId };
    },
  });
  writes.set(entity, def as unknown as WriteDef);
  return def;
};

/** Creates a finance object (`path`: where its calls are served). */
export const createFinanceObject = <E extends EntityDef>(
  db: Db,
  actor: Actor,
  kind: FinanceKind,
  entity: E,
  path: string,
  input: Body,
) =>
  createEntity(
    db,
    actor,
    financeWrite(kind, entity, path),
    input as Record<string, unknown> & { organisation?: string | null },
    async ({ tx, owner, body }) => {
      if (kind === 'pricing_scheme' && body.type === 'reserve' && (body.reserve_bp ?? null) === null)
        throw badRequest(
          'body.reserve_bp',
          'A reserve needs a percentage and a release period',
          'validation_error',
          'reserveRequired',
        );
      await checkReferences(tx, kind, body, owner.merchantId);
      return { values: columnsOf(body) };
    },
  );

/** Edits a finance object under a row lock; a one-off that was settled no longer changes. */
export const updateFinanceObject = <E extends EntityDef>(
  db: Db,
  actor: Actor,
  kind: FinanceKind,
  entity: E,
  path: string,
  id: string,
  input: Record<string, unknown>,
) =>
  updateEntity(db, actor, financeWrite(kind, entity, path), id, input, async ({ tx, row: current }) => {
    if (!MERCHANT_OWNED.includes(kind)) providerOnly(actor);
    // A row made before its merchant stopped collecting (or before this was checked) stays as it is.
    if (current.merchant_id && !(await merchantCollects(tx, String(current.merchant_id))))
      throw badRequest(
        'params.id',
        'This merchant does not have the collecting feature',
        'validation_error',
        'notCollecting',
      );
    if (kind === 'one_off' && current.status === 'SETTLED')
      throw badRequest('params.id', 'This one-off is already settled', 'validation_error', 'oneOffSettled');
    await checkReferences(tx, kind, input, (current.merchant_id as string | undefined) ?? null);
    if (kind === 'pricing_scheme') checkMergedScheme(current as unknown as SchemeRow, input);
    return { values: columnsOf(input), detail: { fields: Object.keys(input) } };
  });
