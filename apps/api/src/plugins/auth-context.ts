import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasAccess, type RoleList } from '@kassa/domain';
import type { Config } from '../config.ts';
import { forbidden, HttpError, unauthenticated } from '../lib/http-error.ts';
import type { Scope } from '../query/scope.ts';
import { recordAudit } from './audit.ts';
import { sql, type Db } from './db/index.ts';

/** What a route needs: nothing (public), or any one of the roles (`[]` = signed in). */
export type RouteAccess = { public: true } | { roles: RoleList; allowMfaPending?: boolean };

export type AuthContext = {
  userId: string;
  email: string;
  name: string;
  language: string;
  roles: string[];
  organisation: { id: string; name: string; type: 'provider' | 'merchant' | 'sub'; path: string };
  scope: Scope;
  sessionHash: string;
  mfaPending: boolean;
  authentication: 'jwt' | 'api';
};

// Fastify's request and instance types can only be extended by interface merging.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyInstance {
    db: Db;
    config: Config;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

export const SESSION_COOKIE = 'kassa_session';
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newToken = () => randomBytes(32).toString('base64url');

type SessionRow = {
  id_hash: string;
  mfa_pending: boolean;
  last_seen_at: Date;
  user_id: string;
  email: string;
  name: string;
  language: string;
  roles: string[];
  org_id: string;
  org_name: string;
  org_type: 'provider' | 'merchant' | 'sub';
  org_path: string;
};

/** The tenancy scope of a user of this organisation. */
export const scopeFor = async (db: Db, org: { id: string; type: string; path: string }): Promise<Scope> => {
  if (org.type === 'provider') return { kind: 'all' };
  if (org.type === 'merchant') return { kind: 'merchant', merchantId: org.id, orgPath: org.path };
  const rows = await db.query<{ id: string }>(sql`select id from organisation where path like ${`${org.path}%`}`);
  return { kind: 'orgs', orgIds: rows.map((row) => row.id), orgPath: org.path };
};

const loadSession = async (db: Db, config: Config, token: string): Promise<AuthContext | null> => {
  const idHash = hashToken(token);
  // Every request runs this: prepared once per connection instead of parsed and planned each time.
  const [row] = await db.query<SessionRow>(sql.prepared('kassa_session_lookup', sql`
    select s.id_hash, s.mfa_pending, s.last_seen_at, u.id as user_id, u.email, u.name, u.language,
      array(select r.role from user_role r where r.user_id = u.id order by r.role) as roles,
      o.id as org_id, o.name as org_name, o.type as org_type, o.path as org_path
    from session s join app_user u on u.id = s.user_id join organisation o on o.id = u.organisation_id
    where s.id_hash = ${idHash} and s.revoked_at is null and s.expires_at > now()
      and s.last_seen_at > now() - make_interval(secs => ${config.sessionIdleSeconds}) and u.status = 'active'`));
  if (!row) return null;
  // Touch at most every 15 s (or a quarter of a shorter idle limit, else a short limit expires busy
  // sessions): idle expiry stays exact to the quarter minute without a write per request.
  if (Date.now() - row.last_seen_at.getTime() > Math.min(15_000, config.sessionIdleSeconds * 250)) {
    await db.query(sql`update session set last_seen_at = now() where id_hash = ${idHash}`);
  }
  const organisation = { id: row.org_id, name: row.org_name, type: row.org_type, path: row.org_path };
  return {
    userId: row.user_id,
    email: row.email,
    name: row.name,
    language: row.language,
    roles: row.roles,
    organisation,
    scope: await scopeFor(db, organisation),
    sessionHash: idHash,
    mfaPending: row.mfa_pending,
    authentication: 'jwt',
  };
};

/** Routes under /v1/ must declare their access; building the app fails otherwise. */
export const registerAuth = (app: FastifyInstance) => {
  app.decorateRequest('auth', null);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/v1/') || route.method === 'HEAD') return;
    if (!route.config?.access) throw new Error(`Route ${String(route.method)} ${route.url} declares no access (roles or public)`);
  });
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const access = request.routeOptions.config?.access;
    if (!access) return;
    const token = request.cookies?.[SESSION_COOKIE];
    request.auth = token ? await loadSession(app.db, app.config, token) : null;
    if ('public' in access) return;
    if (!request.auth) throw unauthenticated();
    if (request.auth.mfaPending && !access.allowMfaPending) {
      throw new HttpError(401, 'mfa_required', 'Finish the second sign-in step first');
    }
    if (!hasAccess(request.auth.roles, access.roles)) {
      await recordAudit(app.db, {
        type: 'authorisation_refused',
        organisationId: request.auth.organisation.id,
        userId: request.auth.userId,
        userName: request.auth.name,
        route: request.routeOptions.url,
        method: request.method,
        url: request.url.split('?')[0],
        origin: request.ip,
        responseCode: 403,
      });
      throw forbidden();
    }
  });
};

/** The signed-in context of a route that declared roles (never null there). */
export const authOf = (request: FastifyRequest): AuthContext => {
  if (!request.auth) throw unauthenticated();
  return request.auth;
};
