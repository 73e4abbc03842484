import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CHANGE_KINDS, ZChangeAccepted, type RoleList } from '@kassa/domain';
import { actorOf, type Actor, type PersonActor } from '../plugins/actor.ts';
import type { AuditEntry } from '../plugins/audit.ts';
import type { Db, Queryable } from '../plugins/db/index.ts';
import { idempotent } from '../plugins/idempotency.ts';
import type { WriteDef } from './write.ts';
import { registerReadRoutes } from './routes.ts';

const ZIdParams = z.object({ id: z.string().min(1).max(64) });

export type Crud<C, U, A extends Actor = Actor> = {
  write: WriteDef;
  roles: { list: RoleList; create: RoleList; update: RoleList; delete?: RoleList };
  schemas: { create: z.ZodType<C>; update: z.ZodType<U>; response?: z.ZodType };
  create: (db: Db, actor: A, body: C) => Promise<unknown>;
  update: (db: Db, actor: A, id: string, body: U) => Promise<unknown>;
  /** Without it there is no `DELETE`. */
  remove?: (db: Db, actor: A, id: string) => Promise<void>;
  /** The acting person or key; defaults to `actorOf`. */
  actorOf?: (request: FastifyRequest) => A;
  /** False where another module already serves the reads. */
  registerRead?: boolean;
  /** Only for organisations with this feature (bank accounts: `collecting`). */
  feature?: 'collecting';
  description?: string;
};

const FOUR_EYES =
  'Under the four-eyes policy of the owning organisation (`GET /v1/changepolicy`) nothing changes: the call answers 202 with a change request that a second person approves (`POST /v1/changerequest/{id}/approve`), and needs the header `Kassa-Change-Note` (the reason, percent-encoded UTF-8; 400 `change_note_required` without it). A person holding `CHANGE_EMERGENCY` may send `Kassa-Change-Emergency: <reason>` instead to apply at once, approved after the fact within 24 hours.';

/**
 * The calls of a write path, as an approved change request replays them (modules/changes), with
 * the approver as a person (`PersonActor`: roles, name). `schemas` say which body fields are
 * secret (sealed in the request). `settle`: a change made at once that an approval only makes
 * effective (an API key), and a rejection undoes.
 */
export type Replayable = {
  roles: { create: RoleList; update: RoleList; delete?: RoleList };
  schemas?: { create?: z.ZodType; update?: z.ZodType };
  create: (db: Db, actor: PersonActor, body: Record<string, unknown>) => Promise<unknown>;
  update: (db: Db, actor: PersonActor, id: string, body: Record<string, unknown>) => Promise<unknown>;
  remove?: (db: Db, actor: PersonActor, id: string) => Promise<void>;
  /** `by`: who decided (the audit fields of a person, or the system's for an expired request). */
  settle?: (
    tx: Queryable,
    by: Omit<AuditEntry, 'type'>,
    entityId: string,
    requestId: string,
    verdict: 'approved' | 'rejected' | 'expired',
  ) => Promise<void>;
};
const replayable = new Map<string, Replayable>();

/** The registered calls of a write path (`routing`), to apply an approved change exactly as its author sent it. */
export const replayableWrite = (path: string): Replayable | undefined => replayable.get(path);

/** Registers how an approved change of `path` is applied (routes that are not `registerCrud`'s). */
export const registerReplayable = (path: string, calls: Replayable) => {
  replayable.set(path, calls);
};

/** True when a change of this write path can be put under four eyes (issue 35). */
export const isGoverned = (path: string) => path in CHANGE_KINDS;

/** A governed route's description and its 202 answer (the OpenAPI document says both). */
export const governedSchema = (path: string, description?: string) =>
  isGoverned(path)
    ? { description: `${description ? `${description} ` : ''}${FOUR_EYES}`, accepted: { 202: ZChangeAccepted } }
    : { description, accepted: {} };

/**
 * The write calls of an entity beside its reads: `POST {path}` (201), `POST|PUT {path}/:id`
 * (the spec's client sends updates as POST) and `DELETE {path}/:id` (204), each a thin call of
 * the service, whose writes go through query/write.ts.
 */
export const registerCrud = <C, U, A extends Actor = Actor>(fastify: FastifyInstance, crud: Crud<C, U, A>) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { entity, path } = crud.write;
  const tags = [entity.name];
  const feature = crud.feature;
  const response = crud.schemas.response ?? entity.row;
  const actor = (request: FastifyRequest) => (crud.actorOf ?? (actorOf as (request: FastifyRequest) => A))(request);
  // A governed kind may answer 202: the change waits for a second person (issue 35).
  const governed = isGoverned(path);
  const { description, accepted } = governedSchema(path, crud.description);
  // An approval replays the change with the approver, a person: every `actorOf` here is satisfied by one.
  replayable.set(path, crud as unknown as Replayable);
  if (crud.registerRead !== false) registerReadRoutes(app, { path, entity, roles: crud.roles.list, feature });
  app.post(`/v1/${path}`, {
    config: { access: { roles: crud.roles.create, feature } },
    // A governed create takes an Idempotency-Key: a retry answers the same 202 and request (issue 35).
    ...(governed ? idempotent : {}),
    schema: { tags, description, body: crud.schemas.create, response: { 201: response, ...accepted } },
    handler: async (request, reply) =>
      reply.status(201).send(await crud.create(app.db, actor(request), request.body as C)),
  });
  app.route({
    method: ['POST', 'PUT'],
    url: `/v1/${path}/:id`,
    config: { access: { roles: crud.roles.update, feature } },
    schema: {
      tags,
      description,
      params: ZIdParams,
      body: crud.schemas.update,
      response: { 200: response, ...accepted },
    },
    handler: (request) => crud.update(app.db, actor(request), (request.params as { id: string }).id, request.body as U),
  });
  const { remove } = crud;
  if (!remove || !crud.roles.delete) return;
  app.delete(`/v1/${path}/:id`, {
    config: { access: { roles: crud.roles.delete, feature } },
    schema: { tags, params: ZIdParams, ...(governed ? { description, response: accepted } : {}) },
    handler: async (request, reply) => {
      await remove(app.db, actor(request), request.params.id);
      return reply.status(204).send();
    },
  });
};
