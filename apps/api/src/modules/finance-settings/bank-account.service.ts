import type { TBankAccountCreate, TBankAccountUpdate } from '@kassa/domain';
import { HttpError } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/actor.ts';
import type { Db } from '../../plugins/db/index.ts';
import { createEntity, defineWrite, updateEntity } from '../../query/write.ts';
import { bankAccountEntity } from './bank-account.entity.ts';

export const bankAccountWrite = defineWrite({
  entity: bankAccountEntity,
  path: 'bankaccount',
  idPrefix: 'ba',
  label: 'Bank account',
  audit: { entity: 'bank_account', type: 'bank_account' },
  // The one rule of its own: an IBAN once per merchant (the unique index's violation, named).
  conflict: () =>
    new HttpError(409, 'conflict', 'This merchant already has this IBAN', [
      { path: 'body.iban', message: 'bankAccounts.duplicate' },
    ]),
});

const columnsOf = (body: TBankAccountUpdate) =>
  Object.fromEntries(Object.entries(body).filter(([key, value]) => value !== undefined && key !== 'organisation'));

export const createBankAccount = (db: Db, actor: Actor, body: TBankAccountCreate) =>
  createEntity(db, actor, bankAccountWrite, body, async () => ({ values: columnsOf(body) }));

export const updateBankAccount = (db: Db, actor: Actor, id: string, body: TBankAccountUpdate) =>
  updateEntity(db, actor, bankAccountWrite, id, body, async () => ({
    values: columnsOf(body),
    detail: { fields: Object.keys(body) },
  }));
