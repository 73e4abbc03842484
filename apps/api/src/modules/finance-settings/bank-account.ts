import type { FastifyInstance } from 'fastify';
import {
  access,
  type TBankAccountCreate,
  type TBankAccountUpdate,
  ZBankAccountCreate,
  ZBankAccountRow,
  ZBankAccountUpdate,
} from '@kassa/domain';
import { HttpError } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/actor.ts';
import type { Db } from '../../plugins/db/index.ts';
import { registerCrud } from '../../query/crud.ts';
import { defineEntity } from '../../query/entity.ts';
import { createEntity, defineWrite, updateEntity } from '../../query/write.ts';

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

export const bankAccountWrite = defineWrite({
  entity: bankAccountEntity,
  path: 'bankaccount',
  idPrefix: 'ba',
  label: 'Bank account',
  audit: { entity: 'bank_account', type: 'bank_account' },
  conflict: () =>
    new HttpError(409, 'conflict', 'This merchant already has this IBAN', [
      { path: 'body.iban', message: 'bankAccounts.duplicate' },
    ]),
});

const columnsOf = (body: TBankAccountUpdate) =>
  Object.fromEntries(Object.entries(body).filter(([key, value]) => value !== undefined && key !== 'organisation'));

const create = (db: Db, actor: Actor, body: TBankAccountCreate) =>
  createEntity(db, actor, bankAccountWrite, body, async () => ({ values: columnsOf(body) }));

const update = (db: Db, actor: Actor, id: string, body: TBankAccountUpdate) =>
  updateEntity(db, actor, bankAccountWrite, id, body, async () => ({
    values: columnsOf(body),
    detail: { fields: Object.keys(body) },
  }));

/** Settings → Bank accounts: a merchant's payout accounts, IBANs checked with ibantools; like the rest of merchant finance, only for organisations with the collecting feature (payments.md §6). */
export const bankAccountRoutes = async (app: FastifyInstance) => {
  registerCrud(app, {
    write: bankAccountWrite,
    roles: { list: access.bankAccount.list, create: access.bankAccount.edit, update: access.bankAccount.edit },
    schemas: { create: ZBankAccountCreate, update: ZBankAccountUpdate },
    feature: 'collecting',
    create,
    update,
  });
};
