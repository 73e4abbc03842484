import type { FastifyRequest } from 'fastify';
import type { AuditEntry } from '../../plugins/audit.ts';
import { authOf } from '../../plugins/auth-context.ts';
import type { Scope } from '../../query/scope.ts';

/** Who is acting: what they may see, and the audit fields every change of theirs carries. */
export type Actor = {
  userId: string;
  scope: Scope;
  audit: Omit<AuditEntry, 'type'>;
};

export const actorOf = (request: FastifyRequest): Actor => {
  const auth = authOf(request);
  return {
    userId: auth.userId,
    scope: auth.scope,
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
