import type { FastifyRequest } from 'fastify';
import type { AuditEntry } from './audit.ts';
import { authOf } from './auth-context.ts';
import type { Scope } from '../query/scope.ts';

/** Who is acting: what they may see, their own organisation, and the audit fields of their changes. */
export type Actor = {
  userId: string;
  scope: Scope;
  organisation: { id: string; type: string; path: string };
  audit: Omit<AuditEntry, 'type'>;
};

export const actorOf = (request: FastifyRequest): Actor => {
  const auth = authOf(request);
  return {
    userId: auth.userId,
    scope: auth.scope,
    organisation: auth.organisation,
    audit: {
      organisationId: auth.organisation.id,
      userId: auth.userId,
      userName: auth.name,
      authentication: auth.authentication,
      route: request.routeOptions.url,
      method: request.method,
      url: request.url.split('?')[0],
      origin: request.ip,
    },
  };
};
