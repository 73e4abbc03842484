import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  access,
  type TBankAccountCreate,
  type TBankAccountUpdate,
  ZBankAccountCreate,
  ZBankAccountRow,
  ZBankAccountUpdate,
} from '@kassa/domain';
import { HttpError, notFoundAt } from '../../lib/http-error.ts';
import { newId } from '../../lib/ids.ts';
import { actorOf, type Actor } from '../../plugins/actor.ts';
import { recordAudit } from '../../plugins/audit.ts';
import { type Db, isUniqueViolation } from '../../plugins/db/index.ts';
import { defineEntity } from '../../query/entity.ts';
import { getEntity } from '../../query/repository.ts';
import { registerReadRoutes } from '../../query/routes.ts';
import { insertRow, updateRow } from '../../query/write.repository.ts';
import { lockOwnBankAccount } from './bank-account.repository.ts';
import { resolveOwner } from '../settings/owner.ts';

export const bankAccountEntity = defineEntity(ZBankAccountRow, {
  name: 'bank_account',
  table: 'bank_account',
  tenancy: 'merchant',
  fields: {
    id: { type: 'id', filter: true, sort: true, search: 'exact' },
    created_at: { type: 'timestamp', filter: true, sort: true },
    holder_name: { type: 'text', filter: true, sort: true, search: 'prefix' },
    iban: { type: 'text', filter: true },
    bic: { type: 'text' },
    currency_code: { type: 'text', filter: true, sort: true },
    description: { type: 'text' },
    organisation: { type: 'id', column: 'e.organisation_id' },
  },
});

const duplicate = () =>
  new HttpError(409, 'conflict', 'This merchant already has this IBAN', [
    { path: 'body.iban', message: 'bankAccounts.duplicate' },
  ]);
const columnsOf = (body: TBankAccountUpdate) =>
  Object.fromEntries(Object.entries(body).filter(([key, value]) => value !== undefined && key !== 'organisation'));

const create = async (db: Db, actor: Actor, body: TBankAccountCreate) => {
  const id = newId('ba');
  await db
    .transaction(async (tx) => {
      const owner = await resolveOwner(tx, actor, body.organisation ?? null);
      await insertRow(tx, 'bank_account', {
        id,
        organisation_id: owner.organisationId,
        merchant_id: owner.merchantId,
        ...columnsOf(body),
      });
      await recordAudit(tx, {
        ...actor.audit,
        type: 'bank_account_created',
        responseCode: 201,
        entity: 'bank_account',
        entityId: id,
      });
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? duplicate() : error;
    });
  return getEntity(db, bankAccountEntity, actor.scope, id);
};

const update = async (db: Db, actor: Actor, id: string, body: TBankAccountUpdate) => {
  await db
    .transaction(async (tx) => {
      if (!(await lockOwnBankAccount(tx, id, actor.scope))) throw notFoundAt('params.id', 'Bank account');
      const columns = columnsOf(body);
      if (Object.keys(columns).length) await updateRow(tx, 'bank_account', id, columns);
      await recordAudit(tx, {
        ...actor.audit,
        type: 'bank_account_updated',
        responseCode: 200,
        entity: 'bank_account',
        entityId: id,
        detail: { fields: Object.keys(body) },
      });
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? duplicate() : error;
    });
  return getEntity(db, bankAccountEntity, actor.scope, id);
};

/** Payout accounts are merchant finance: like the rest of it, only for organisations with the collecting feature (payments.md §6). */
const COLLECTING = 'collecting' as const;
const ZIdParams = z.object({ id: z.string().min(1).max(64) });

/** Settings → Bank accounts: a merchant's payout accounts, IBANs checked with ibantools. */
export const bankAccountRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  registerReadRoutes(app, {
    path: 'bankaccount',
    entity: bankAccountEntity,
    roles: access.bankAccount.list,
    feature: COLLECTING,
  });
  app.post('/v1/bankaccount', {
    config: { access: { roles: access.bankAccount.edit, feature: COLLECTING } },
    schema: { tags: ['bank_account'], body: ZBankAccountCreate, response: { 201: bankAccountEntity.row } },
    handler: async (request, reply) => reply.status(201).send(await create(app.db, actorOf(request), request.body)),
  });
  app.route({
    method: ['POST', 'PUT'],
    url: '/v1/bankaccount/:id',
    config: { access: { roles: access.bankAccount.edit, feature: COLLECTING } },
    schema: {
      tags: ['bank_account'],
      params: ZIdParams,
      body: ZBankAccountUpdate,
      response: { 200: bankAccountEntity.row },
    },
    handler: (request) => update(app.db, actorOf(request), request.params.id, request.body),
  });
};
