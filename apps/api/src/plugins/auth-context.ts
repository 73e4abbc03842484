import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasAccess, isPersonOnly, STATISTICS_TIME_ZONE, type RoleList, type TMode } from '@kassa/domain';
import type { Config } from '../config.ts';
import { badRequest, forbidden, HttpError, unauthenticated } from '../lib/http-error.ts';
import { scopeOfOrganisation, type Scope } from '../query/scope.ts';
import { apiKeyHash, findLiveKey, looksLikeApiKey, touchKey } from './api-key-lookup.ts';
import { recordAudit } from './audit.ts';
import { refuseUnknownKey } from './refused-keys.ts';
import { sql, type Db } from './db/index.ts';
import { createSessionCache, type CachedSession, type SessionCache } from './session-cache.ts';

/** What a route needs: nothing (public), or any one of the roles (`[]` = signed in). */
/** `feature`: the caller's merchant (or the provider, for its staff) must have this organisation feature (finance and pricing need `collecting`). */
/** `area: 'provider'`: only provider staff (and the provider's keys), whatever roles a merchant's user or key holds; every `/v1/psp/…` route has it. */
export type RouteAccess =
  { public: true } | { roles: RoleList; allowMfaPending?: boolean; feature?: 'collecting'; area?: 'provider' };

/** The message (a translation key) of naming a merchant without the feature. */
const FEATURE_MISSING = {
  collecting: { code: 'notCollecting', message: 'This merchant does not have the collecting feature' },
} as const;

/** The provider's own API: its paths start here (risk-config.md §2.2, payments.md §6). */
const PROVIDER_API_PREFIX = '/v1/psp/';

export type AuthContext = {
  userId: string;
  email: string;
  name: string;
  language: string;
  /** IANA zone of the user's statistics days (API keys: the default zone). */
  timeZone: string;
  roles: string[];
  organisation: { id: string; name: string; type: 'provider' | 'merchant' | 'sub'; path: string };
  scope: Scope;
  sessionHash: string;
  mfaPending: boolean;
  authentication: 'jwt' | 'api';
  /** The mode the request acts in (issue 38): the API key's, or the signed-in person's choice. */
  mode: TMode;
};

// Fastify's request and instance types can only be extended by interface merging.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** The route changes nothing a session or API key lookup reads: its answer need not wait for every process to drop cached credentials. */
    changesNoCredentials?: boolean;
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
  expires_at: Date;
  user_id: string;
  email: string;
  name: string;
  language: string;
  time_zone: string;
  mode: TMode;
  roles: string[];
  org_id: string;
  org_name: string;
  org_type: 'provider' | 'merchant' | 'sub';
  org_path: string;
};

/** The tenancy scope of a user of this organisation. */
export const scopeFor = async (db: Db, org: { id: string; type: string; path: string }): Promise<Scope> => {
  const subtree =
    org.type === 'provider' || org.type === 'merchant'
      ? []
      : (await db.query<{ id: string }>(sql`select id from organisation where path like ${`${org.path}%`}`)).map(
          (row) => row.id,
        );
  return scopeOfOrganisation(org, subtree);
};

/**
 * The signed-in context of a session cookie: from this process's cache of validated sessions
 * (plugins/session-cache.ts: emptied by every auth change any process makes) or from the database.
 */
const loadSession = async (
  db: Db,
  config: Config,
  cache: SessionCache<AuthContext> | undefined,
  token: string,
): Promise<AuthContext | null> => {
  const idHash = hashToken(token);
  // Touch at most every 15 s (or a quarter of a shorter idle limit, else a short limit expires busy
  // sessions): idle expiry stays exact to the quarter minute without a write per request. A cached
  // copy lives no longer than that, so the lookup after it touches exactly as without a cache.
  const touchMs = Math.min(15_000, config.sessionIdleSeconds * 250);
  const load = async (): Promise<CachedSession<AuthContext> | null> => {
    // Every request without a cached copy runs this: prepared once per connection instead of parsed and planned each time.
    const [row] = await db.query<SessionRow>(
      sql.prepared(
        'kassa_session_lookup_4',
        sql`
      select s.id_hash, s.mfa_pending, s.last_seen_at, s.expires_at, u.id as user_id, u.email, u.name, u.language, u.time_zone, u.mode,
        array(select r.role from user_role r where r.user_id = u.id order by r.role) as roles,
        o.id as org_id, o.name as org_name, o.type as org_type, o.path as org_path
      from session s join app_user u on u.id = s.user_id join organisation o on o.id = u.organisation_id
      where s.id_hash = ${idHash} and s.revoked_at is null and s.expires_at > now()
        and s.last_seen_at > now() - make_interval(secs => ${config.sessionIdleSeconds}) and u.status = 'active'
        and not exists (select 1 from organisation m where m.id = o.merchant_id and not m.active)`,
      ),
    );
    if (!row) return null;
    let lastSeenAt = row.last_seen_at.getTime();
    if (Date.now() - lastSeenAt > touchMs) {
      await db.query(sql`update session set last_seen_at = now() where id_hash = ${idHash}`);
      lastSeenAt = Date.now();
    }
    const organisation = { id: row.org_id, name: row.org_name, type: row.org_type, path: row.org_path };
    const value: AuthContext = {
      userId: row.user_id,
      email: row.email,
      name: row.name,
      language: row.language,
      timeZone: row.time_zone,
      roles: row.roles,
      organisation,
      scope: { ...(await scopeFor(db, organisation)), mode: row.mode },
      sessionHash: idHash,
      mfaPending: row.mfa_pending,
      authentication: 'jwt',
      mode: row.mode,
    };
    // A session halfway through its second sign-in step changes soon: never kept.
    return { value, lastSeenAt: row.mfa_pending ? -Infinity : lastSeenAt, expiresAt: row.expires_at.getTime() };
  };
  const context = cache ? await cache.lookup(idHash, load, touchMs) : ((await load())?.value ?? null);
  return context && { ...context };
};

/** The touch of `last_used_at` is at most once a minute per key: exact enough for "last used", without a write per request. */
const KEY_TOUCH_MS = 60_000;

/**
 * The context of a request made with an API key: the key's roles, its organisation's tenancy, no
 * session. Kept validated per process like sessions (the same cache: migration 0096 notifies every
 * change of a key, so a revoked key is refused by every process on its next request); a copy lives
 * no longer than the touch interval, so `last_used_at` is touched exactly as without a cache.
 */
const loadApiKey = async (
  db: Db,
  cache: SessionCache<AuthContext> | undefined,
  key: string,
): Promise<AuthContext | null> => {
  if (!looksLikeApiKey(key)) return null;
  const keyHash = apiKeyHash(key);
  const load = async (): Promise<CachedSession<AuthContext> | null> => {
    const row = await findLiveKey(db, keyHash);
    if (!row) return null;
    let lastUsedAt = row.last_used_at?.getTime() ?? -Infinity;
    if (Date.now() - lastUsedAt > KEY_TOUCH_MS) {
      await touchKey(db, row.id);
      lastUsedAt = Date.now();
    }
    const organisation = { id: row.org_id, name: row.org_name, type: row.org_type, path: row.org_path };
    const value: AuthContext = {
      userId: row.id,
      email: '',
      name: row.name,
      language: 'en-US',
      timeZone: STATISTICS_TIME_ZONE,
      roles: row.roles,
      organisation,
      scope: { ...(await scopeFor(db, organisation)), mode: row.mode },
      sessionHash: '',
      mfaPending: false,
      authentication: 'api',
      mode: row.mode,
    };
    return { value, lastSeenAt: lastUsedAt, expiresAt: Infinity };
  };
  // Keys and sessions share the cache: a key's entry is named apart from any session's.
  const context = cache ? await cache.lookup(`key:${keyHash}`, load, KEY_TOUCH_MS) : ((await load())?.value ?? null);
  return context && { ...context };
};

/** `Authorization: Bearer <key>`; undefined when the request carries no bearer credentials. */
const bearerOf = (request: FastifyRequest): string | undefined => {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match ? match[1] : undefined;
};

const apiKeyNotAllowed = () =>
  new HttpError(
    403,
    'api_key_not_allowed',
    'API keys cannot use this route: credentials, users and sessions are managed by signed-in people',
  );

const refuse = async (
  app: FastifyInstance,
  request: FastifyRequest,
  auth: AuthContext,
  message?: string | HttpError,
) => {
  await recordAudit(app.db, {
    type: 'authorisation_refused',
    organisationId: auth.organisation.id,
    userId: auth.userId,
    userName: auth.name,
    authentication: auth.authentication,
    route: request.routeOptions.url,
    method: request.method,
    url: request.url.split('?')[0],
    origin: request.ip,
    responseCode: 403,
  });
  return message instanceof HttpError ? message : forbidden(message);
};

/** Whether the merchant of this organisation (the provider for provider staff) has the feature; undefined for an unknown organisation. */
const featureOf = async (db: Db, organisationId: string, feature: string): Promise<boolean | undefined> => {
  const [row] = await db.query<{ on: boolean }>(sql`select ${feature} = any(m.features) as on
    from organisation o join organisation m on m.id = coalesce(o.merchant_id, o.id) where o.id = ${organisationId}`);
  return row?.on;
};

/** True when the merchant of this organisation (the provider for provider staff) has the feature. */
export const hasFeature = async (db: Db, organisationId: string, feature: string): Promise<boolean> =>
  Boolean(await featureOf(db, organisationId, feature));

/** The organisation a request acts for, as its caller names it: `organisation` in the query (a merchant context's reads) or the body. */
const namedOrganisation = (request: FastifyRequest): { path: string; id: string } | null => {
  const query = request.query as Record<string, unknown> | undefined;
  if (typeof query?.organisation === 'string' && query.organisation)
    return { path: 'querystring.organisation', id: query.organisation };
  const body = request.body as Record<string, unknown> | undefined;
  if (body && typeof body === 'object' && typeof body.organisation === 'string' && body.organisation)
    return { path: 'body.organisation', id: body.organisation };
  return null;
};
export type DeclaredRoute = { method: string; url: string; access: RouteAccess };
const routeTables = new WeakMap<FastifyInstance, DeclaredRoute[]>();

/** Every /v1/ route of the app with the access it declared: the table the tenant matrix is generated from. */
export const declaredRoutes = (app: FastifyInstance): readonly DeclaredRoute[] => routeTables.get(app) ?? [];
/** Where @fastify/swagger-ui serves the browsable API documentation. */
export const API_DOCS_PREFIX = '/v1/docs';

/** Routes under /v1/ must declare their access; building the app fails otherwise. */
export const registerAuth = (app: FastifyInstance) => {
  app.decorateRequest('auth', null);
  // Listening starts with the app (the database is decorated by then) and ends with it.
  let sessions: SessionCache<AuthContext> | undefined;
  app.addHook('onReady', async () => {
    sessions = createSessionCache<AuthContext>(app.db);
  });
  app.addHook('onClose', async () => sessions?.stop());
  // A change is answered only once every API process has been sent its auth notice (if it made one):
  // a signed-out or revoked session or API key is refused by whichever process the next request
  // reaches. Refused requests change nothing, nor do routes that declare `changesNoCredentials`
  // (creating payments): integrations' busiest calls pay nothing for this.
  app.addHook('onSend', async (request, reply) => {
    if (
      request.method !== 'GET' &&
      request.method !== 'HEAD' &&
      !request.routeOptions.config?.changesNoCredentials &&
      reply.statusCode < 400
    )
      await sessions?.sync();
  });
  const table: DeclaredRoute[] = [];
  routeTables.set(app, table);
  app.addHook('onRoute', (route) => {
    // The browsable API documentation is public like /v1/openapi.json; its plugin cannot declare access itself.
    if (route.url === API_DOCS_PREFIX || route.url.startsWith(`${API_DOCS_PREFIX}/`))
      route.config = { ...route.config, access: { public: true } };
    if (!route.url.startsWith('/v1/') || route.method === 'HEAD') return;
    let access = route.config?.access;
    if (!access) throw new Error(`Route ${String(route.method)} ${route.url} declares no access (roles or public)`);
    // The provider area follows from the path, so a new provider route cannot forget it.
    if (route.url.startsWith(PROVIDER_API_PREFIX)) {
      if ('public' in access) throw new Error(`Provider route ${route.url} cannot be public`);
      access = { ...access, area: 'provider' };
      route.config = { ...route.config, access };
    }
    for (const method of [route.method].flat()) if (method !== 'HEAD') table.push({ method, url: route.url, access });
  });
  // A feature belongs to the merchant the call is about: provider staff (whose own organisation has
  // every feature it offers) acting for a merchant without it are refused like its own users (an
  // unknown id is left to the route's 404). A merchant user's organisation was checked above.
  app.addHook('preHandler', async (request: FastifyRequest) => {
    const access = request.routeOptions.config?.access;
    if (!access || 'public' in access || !access.feature || request.auth?.scope.kind !== 'all') return;
    const named = namedOrganisation(request);
    if (named && (await featureOf(app.db, named.id, access.feature)) === false)
      throw badRequest(
        named.path,
        FEATURE_MISSING[access.feature].message,
        'validation_error',
        FEATURE_MISSING[access.feature].code,
      );
  });
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const access = request.routeOptions.config?.access;
    if (!access) return;
    // A bearer key wins over a cookie: an integration never acts as whoever is signed in in a browser.
    const bearer = bearerOf(request);
    const token = request.cookies?.[SESSION_COOKIE];
    if (bearer !== undefined) request.auth = await loadApiKey(app.db, sessions, bearer);
    else request.auth = token ? await loadSession(app.db, app.config, sessions, token) : null;
    if ('public' in access) return;
    if (!request.auth) {
      if (bearer === undefined) throw unauthenticated();
      throw await refuseUnknownKey(app.db, request, bearer);
    }
    if (request.auth.mfaPending && !access.allowMfaPending) {
      throw new HttpError(401, 'mfa_required', 'Finish the second sign-in step first');
    }
    // Credentials are a person's business (access.ts marks them `person(...)`; routes that need only
    // "signed in" are a person's own): no key acts as a person, whatever roles it holds.
    if (request.auth.authentication === 'api' && isPersonOnly(access.roles)) {
      throw await refuse(app, request, request.auth, apiKeyNotAllowed());
    }
    if (access.area === 'provider' && request.auth.organisation.type !== 'provider')
      throw await refuse(app, request, request.auth, 'This is the provider’s area');
    if (!hasAccess(request.auth.roles, access.roles)) throw await refuse(app, request, request.auth);
    if (access.feature && !(await hasFeature(app.db, request.auth.organisation.id, access.feature))) {
      throw await refuse(app, request, request.auth, `This needs the organisation feature '${access.feature}'`);
    }
  });
};

/** The signed-in context of a route that declared roles (never null there). */
export const authOf = (request: FastifyRequest): AuthContext => {
  if (!request.auth) throw unauthenticated();
  return request.auth;
};
