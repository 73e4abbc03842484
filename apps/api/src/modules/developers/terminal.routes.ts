import type { FastifyInstance } from 'fastify';
import { access, ZTerminalCreate, ZTerminalUpdate } from '@kassa/domain';
import { registerCrud } from '../../query/crud.ts';
import { createTerminal, terminalWrite, updateTerminal } from './terminal.service.ts';

/** Developers → Terminals: a merchant's card terminals, each bound to one of its payment profiles. */
export const terminalRoutes = async (app: FastifyInstance) => {
  registerCrud(app, {
    write: terminalWrite,
    roles: access.terminal,
    schemas: { create: ZTerminalCreate, update: ZTerminalUpdate },
    create: createTerminal,
    update: updateTerminal,
  });
};
