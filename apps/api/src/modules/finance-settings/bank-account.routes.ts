import type { FastifyInstance } from 'fastify';
import { access, ZBankAccountCreate, ZBankAccountUpdate } from '@kassa/domain';
import { registerCrud } from '../../query/crud.ts';
import { bankAccountWrite, createBankAccount, updateBankAccount } from './bank-account.service.ts';

/** Settings → Bank accounts: a merchant's payout accounts, IBANs checked with ibantools; like the rest of merchant finance, only for organisations with the collecting feature (payments.md §6). */
export const bankAccountRoutes = async (app: FastifyInstance) => {
  registerCrud(app, {
    write: bankAccountWrite,
    roles: { list: access.bankAccount.list, create: access.bankAccount.edit, update: access.bankAccount.edit },
    schemas: { create: ZBankAccountCreate, update: ZBankAccountUpdate },
    feature: 'collecting',
    create: createBankAccount,
    update: updateBankAccount,
  });
};
